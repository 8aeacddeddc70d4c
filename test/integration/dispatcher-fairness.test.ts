import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { commitChanges, createConfig, inserts } from '../dispatcher/fixtures';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';
import { INITIAL_WINDOW } from '../../src/dispatcher/window';

/**
 * Fairness between tenants: tenant A's endpoint never answers and A has 1,000 due
 * records, yet tenant B's change is delivered within 2 s. Without a per-tenant share of the
 * dispatcher's slots, A's hanging requests took every slot for A's 20 s timeout.
 */
const PREFIX = 'fair';

describe('fairness between tenants in the dispatcher', () => {
  let t: TestApp;
  let receiver: Receiver;
  let dispatcher: Dispatcher | undefined;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    receiver = await Receiver.start();
    receiver.react = (req) => (req.path.startsWith('/silent') ? { hang: true } : { status: 204 });
  });
  afterAll(async () => {
    // The receiver first: its hanging requests then fail at once instead of at their 20 s timeout.
    await receiver.close();
    await dispatcher?.stop();
    await t.close();
  });

  it("delivers tenant B's change within 2 s while tenant A's 1,000 records hang", async () => {
    const s = t.runtime.services;
    const a = uniqueTenant(PREFIX);
    const b = uniqueTenant(PREFIX);
    await createConfig(s, a, { webhookUrl: `${receiver.url}/silent`, events: 'INSERT', timeoutMs: 20_000 });
    await createConfig(s, b, { webhookUrl: `${receiver.url}/b`, events: 'INSERT' });
    await commitChanges(s, a, inserts(1000));
    // Defaults as in production, only the poll is quicker.
    dispatcher = startDispatcher(t, PREFIX);
    // A's one configuration starts with INITIAL_WINDOW requests, and an endpoint that never
    // answers never lets its window grow.
    await eventually(
      async () => (receiver.received.filter((r) => r.path === '/silent').length >= INITIAL_WINDOW ? true : undefined),
      30_000,
      "tenant A's requests to hang",
    );
    // A's window is taken and stays taken: exactly that many requests are open at its endpoint.
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.received.filter((r) => r.path === '/silent')).toHaveLength(INITIAL_WINDOW);

    const written = Date.now();
    await commitChanges(s, b, inserts(1));
    const arrived = await eventually(
      async () => receiver.received.find((r) => r.path === '/b')?.at,
      10_000,
      "tenant B's delivery",
    );
    expect(arrived - written).toBeLessThan(2000);
  });
});

/**
 * The same between the configurations of one tenant: configuration A's endpoint never answers and
 * A has 1,000 due records, yet a change for configuration B of the same tenant is delivered within
 * 2 s. Without a per-configuration share of the tenant's slots, A's requests took all 16, and the
 * drain waited for A's batches before claiming anything else.
 */
describe('fairness between the configurations of one tenant in the dispatcher', () => {
  const prefix = `${PREFIX}c`;
  let t: TestApp;
  let receiver: Receiver;
  let dispatcher: Dispatcher | undefined;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    receiver = await Receiver.start();
    receiver.react = (req) => (req.path.startsWith('/silent') ? { hang: true } : { status: 204 });
  });
  afterAll(async () => {
    await receiver.close();
    await dispatcher?.stop();
    await t.close();
  });

  it("delivers configuration B's change within 2 s while configuration A of the same tenant has 1,000 records hanging", async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant(prefix);
    await createConfig(s, tenant, {
      entityName: 'slow',
      webhookUrl: `${receiver.url}/silent`,
      events: 'INSERT',
      timeoutMs: 20_000,
    });
    await createConfig(s, tenant, { webhookUrl: `${receiver.url}/b`, events: 'INSERT' });
    await commitChanges(s, tenant, inserts(1000), { entityName: 'slow' });
    const hanging = () => receiver.received.filter((r) => r.path === '/silent').length;
    dispatcher = startDispatcher(t, prefix);
    await eventually(
      async () => (hanging() >= INITIAL_WINDOW ? true : undefined),
      30_000,
      "configuration A's requests to hang",
    );
    // A holds its window and no more: the tenant's other slots stay free for its other configurations.
    await new Promise((r) => setTimeout(r, 500));
    expect(hanging()).toBe(INITIAL_WINDOW);

    const written = Date.now();
    await commitChanges(s, tenant, inserts(1));
    const arrived = await eventually(
      async () => receiver.received.find((r) => r.path === '/b')?.at,
      10_000,
      "configuration B's delivery",
    );
    expect(arrived - written).toBeLessThan(2000);
  });
});

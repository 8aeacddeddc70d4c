import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import { INITIAL_WINDOW } from '../../src/dispatcher/window';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { commitChanges, createConfig, inserts } from '../dispatcher/fixtures';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';

/**
 * Each configuration's requests in flight adapt to its endpoint (src/dispatcher/window.ts): an
 * endpoint answering 503 gets fewer and fewer, one answering 2xx more as long as records wait,
 * and a slow configuration's requests do not hold back a fast one's.
 */
const PREFIX = 'adapt';

/** Requests open at the receiver per path, and how many were open when each arrived. */
class OpenRequests {
  private readonly open = new Map<string, number>();
  readonly seen = new Map<string, number[]>();

  /** Notes a request's arrival; its answer comes `delayMs` later. */
  arrive(path: string, delayMs: number): void {
    const n = (this.open.get(path) ?? 0) + 1;
    this.open.set(path, n);
    this.seen.set(path, [...(this.seen.get(path) ?? []), n]);
    setTimeout(() => this.open.set(path, (this.open.get(path) ?? 1) - 1), delayMs);
  }

  arrivals(path: string): number[] {
    return this.seen.get(path) ?? [];
  }
}

describe('adaptive requests in flight per configuration', () => {
  let t: TestApp;
  let receiver: Receiver;
  let dispatcher: Dispatcher | undefined;
  const open = new OpenRequests();
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    receiver = await Receiver.start();
    receiver.react = (req) => {
      const delayMs = req.path === '/busy' ? 150 : req.path === '/slow' ? 1500 : req.path === '/steady' ? 300 : 20;
      open.arrive(req.path, delayMs);
      return { status: req.path === '/busy' ? 503 : 204, delayMs };
    };
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await receiver.close();
    await t.close();
  });

  it('lowers the requests in flight of an endpoint answering 503 and raises those of one answering 204', async () => {
    const s = t.runtime.services;
    const busy = uniqueTenant(PREFIX);
    const fine = uniqueTenant(PREFIX);
    await createConfig(s, busy, { webhookUrl: `${receiver.url}/busy`, events: 'INSERT', backoffInitialSeconds: 600 });
    await createConfig(s, fine, { webhookUrl: `${receiver.url}/fine`, events: 'INSERT' });
    await commitChanges(s, busy, inserts(300));
    await commitChanges(s, fine, inserts(600));
    dispatcher = startDispatcher(t, PREFIX);
    await eventually(async () => (open.arrivals('/busy').length >= 220 ? true : undefined), 40_000, '503s');
    await eventually(async () => (open.arrivals('/fine').length >= 600 ? true : undefined), 30_000, '204s');
    const busyOpen = open.arrivals('/busy');
    // The first round trips: up to the initial window; after a round trip of 503s (64 answers at
    // least) half of it, then less.
    const early = Math.max(...busyOpen.slice(0, 2 * INITIAL_WINDOW));
    const late = Math.max(...busyOpen.slice(120, 220));
    expect(early).toBeLessThanOrEqual(INITIAL_WINDOW);
    expect(late).toBeLessThanOrEqual(INITIAL_WINDOW / 2);
    expect(late).toBeLessThan(early);
    // Answered at once, its records waiting: the window grew past where it started.
    expect(Math.max(...open.arrivals('/fine'))).toBeGreaterThan(2 * INITIAL_WINDOW);
    await dispatcher.stop();
    dispatcher = undefined;
  });

  it("delivers a fast configuration's records while a slow one of the same tenant has hundreds waiting", async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant(PREFIX);
    await createConfig(s, tenant, { entityName: 'slow', webhookUrl: `${receiver.url}/slow`, events: 'INSERT' });
    await createConfig(s, tenant, { webhookUrl: `${receiver.url}/quick`, events: 'INSERT' });
    await commitChanges(s, tenant, inserts(800), { entityName: 'slow' });
    await commitChanges(s, tenant, inserts(400));
    const started = Date.now();
    dispatcher = startDispatcher(t, PREFIX);
    await eventually(async () => (open.arrivals('/quick').length >= 400 ? true : undefined), 20_000, 'quick');
    const quickDone = Date.now() - started;
    // The slow endpoint's window grows with its answers as well (1.5 s each): more than it started with.
    await eventually(
      async () => (Math.max(...open.arrivals('/slow')) > INITIAL_WINDOW ? true : undefined),
      20_000,
      'the slow window to grow',
    );
    // 400 records at 20 ms each, with a window of 16 growing: a few seconds, not the slow one's pace.
    expect(quickDone).toBeLessThan(10_000);
    expect(open.arrivals('/slow').length).toBeLessThan(800);
  });

  it('goes on claiming a configuration whose records wait for its slots when a wake-up comes meanwhile', async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant(PREFIX);
    await createConfig(s, tenant, { webhookUrl: `${receiver.url}/steady`, events: 'INSERT' });
    await commitChanges(s, tenant, inserts(600));
    // No poll after the first: only the drain itself can claim the rest in time.
    dispatcher = startDispatcher(t, PREFIX, { pollMs: 60_000 });
    // Its first window is out and two batches are claimed: the configuration has a batch waiting.
    await eventually(
      async () => (open.arrivals('/steady').length >= INITIAL_WINDOW ? true : undefined),
      10_000,
      'first window',
    );
    // A wake-up, as a poll or another change gives: the claim for it leaves the configuration out
    // and finds nothing, which must not end the drain while 400 of its records are still due.
    dispatcher.wake(tenant);
    await eventually(async () => (open.arrivals('/steady').length >= 600 ? true : undefined), 20_000, 'every record');
    await dispatcher.stop();
    dispatcher = undefined;
  });
});

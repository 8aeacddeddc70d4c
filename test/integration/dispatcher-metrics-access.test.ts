import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { spawnDispatcher, stopChild, type DispatcherChild } from '../dispatcher/child';
import { commitChanges, createConfig, inserts } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';

/**
 * A dispatcher-only process's /metrics (DISPATCHER_METRICS_PORT) follows the API's rule: with
 * METRICS_TOKEN set it answers only a caller presenting the token; its tenant-labelled series
 * (here the open circuit of a failing endpoint) are for that caller only.
 */
const TOKEN = 'dispatcher-metrics-token-0123456789';

describe.skipIf(inject('embedded'))('dispatcher-only process: /metrics and METRICS_TOKEN', () => {
  let t: TestApp;
  let receiver: Receiver;
  let child: DispatcherChild;
  const prefix = uniqueTenant('dmetrics');
  const tenant = `${prefix}-a`;

  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    receiver = await Receiver.start();
    receiver.react = () => ({ status: 500 });
    child = spawnDispatcher(inject('databaseUrl'), prefix, {
      DISPATCHER_METRICS_PORT: '0',
      METRICS_TOKEN: TOKEN,
      WEBHOOK_CIRCUIT_FAILURES: '2',
      DISPATCHER_POLL_MS: '100',
    });
  });
  afterAll(async () => {
    await stopChild(child);
    await receiver?.close();
    await t?.close();
  });

  it('refuses a scrape without the token in the error shape and shows tenant series to the token', async () => {
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: receiver.url, events: 'INSERT', maxRetries: 5 });
    await commitChanges(s, tenant, inserts(3));
    const base = await eventually(
      async () => /listening on (http:\/\/\S+)/.exec(child.output())?.[1],
      20_000,
      'the dispatcher to serve its metrics port',
    );

    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
      const res = await fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { success: boolean; error: { code: string; requestId: string } };
      expect(body.success).toBe(false);
      expect(body.error.code).toBe('UNAUTHENTICATED');
      expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
    }

    // Two failures open the circuit; the gauge names the tenant, for the token's holder only.
    await eventually(
      async () => {
        const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.status).toBe(200);
        const text = await res.text();
        return text.includes(`hookgate_webhook_circuit_state{tenant="${tenant}"`) ? true : undefined;
      },
      30_000,
      'the open circuit in the scraped metrics',
    );
  });
});

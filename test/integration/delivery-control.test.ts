import 'reflect-metadata';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { EntityChange } from '../../src/outbox/enqueue';
import { WebhookConfigHealthDocument } from '../generated/graphql';
import { spawnDispatcher, stopChild, type DispatcherChild } from '../dispatcher/child';
import { adminOf, attemptRows, commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { DispatcherSuite } from '../dispatcher/suite';
import { gqlRequest } from '../support/graphql';

/**
 * The delivery controls with real dispatchers and a real local receiver. The
 * limits that must hold across processes are tested with two dispatcher processes on real
 * PostgreSQL (skipped on the embedded database, which one process alone can open).
 */
const PREFIX = 'dctl';

/** Most arrivals in any window of `windowMs` (arrival times sorted). */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end] - sorted[start] >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe.skipIf(inject('embedded'))('delivery controls across two dispatcher processes (real PostgreSQL)', () => {
  const suite = new DispatcherSuite(PREFIX, { dispatcher: false });
  const children: DispatcherChild[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) await stopChild(c);
  });
  const twoDispatchers = (env: Record<string, string> = {}) => {
    for (let i = 0; i < 2; i++) children.push(spawnDispatcher(inject('databaseUrl'), PREFIX, env));
  };

  it('rateLimitPerSecond 50: no 10-second window sees more than 550 arrivals, over more than 20 s', async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    const ROWS = 1100;
    await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/paced`,
      events: 'INSERT',
      rateLimitPerSecond: 50,
    });
    for (let i = 0; i < ROWS; i += 550) await commitChanges(s, tenant, inserts(550, i));
    twoDispatchers();
    const arrivals = () => suite.receiver.received.filter((r) => r.path === '/paced');
    await eventually(
      async () => ((await outboxRows(s, tenant)).every((r) => r.status === 'DELIVERED') ? true : undefined),
      // 22 s at the pace; the rest is for two cold child processes on a busy machine.
      240_000,
      'every paced record delivered',
    );
    const times = arrivals().map((r) => r.at);
    expect(new Set(arrivals().map((r) => r.requestId)).size).toBe(ROWS);
    // 1,100 records at 50/s take 22 s at the least: the window property is checked over that long.
    expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(20_000);
    expect(busiestWindow(times, 10_000)).toBeLessThanOrEqual(550);
    // No retry was spent on waiting.
    expect((await outboxRows(s, tenant)).every((r) => r.retry_count === 0 && r.attempt_count === 1)).toBe(true);
  }, 300_000);

  it('maxInFlight 3: a slow receiver never sees more than 3 open requests of the configuration', async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    const ROWS = 60;
    let open = 0;
    let mostOpen = 0;
    suite.receiver.react = (r) => {
      if (r.path !== '/capped') return { status: 204 };
      open++;
      mostOpen = Math.max(mostOpen, open);
      // Registered before the receiver's own answer timer of the same delay: runs just before it.
      setTimeout(() => open--, 150);
      return { status: 204, delayMs: 150 };
    };
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/capped`, events: 'INSERT', maxInFlight: 3 });
    await commitChanges(s, tenant, inserts(ROWS));
    twoDispatchers({ DISPATCHER_CONCURRENCY: '16' });
    await eventually(
      async () => ((await outboxRows(s, tenant)).every((r) => r.status === 'DELIVERED') ? true : undefined),
      90_000,
      'every capped record delivered',
    );
    expect(mostOpen).toBeLessThanOrEqual(3);
    // The cap was reached (so it is what held the rest back) and nothing spent a retry waiting.
    expect(mostOpen).toBe(3);
    expect((await outboxRows(s, tenant)).every((r) => r.retry_count === 0)).toBe(true);
  }, 150_000);

  it('ordering PER_KEY: 100 keys × 20 changes through 30 % failures and a kill -9: per key, first arrivals in commit order, nothing lost', async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    const KEYS = 100;
    const CHANGES = 20;
    let seed = 11_2026;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    suite.receiver.react = (r) => {
      if (r.path !== '/ordered') return { status: 204 };
      const x = random();
      if (x < 0.15) return { status: 500 };
      if (x < 0.3) return { reset: true };
      return { status: 204 };
    };
    await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/ordered`,
      events: 'INSERT,UPDATE',
      ordering: 'PER_KEY',
      maxRetries: 100,
      backoffInitialSeconds: 1,
      backoffFactor: 1,
      timeoutMs: 5000,
    });
    // One commit per round: round n of every key commits after round n - 1.
    for (let round = 0; round < CHANGES; round++) {
      const changes: EntityChange[] = Array.from({ length: KEYS }, (_, key) => ({
        operation: round === 0 ? 'INSERT' : 'UPDATE',
        data: { id: key, round },
        previous: round === 0 ? null : { id: key, round: round - 1 },
      }));
      await commitChanges(s, tenant, changes);
    }
    const env = { DISPATCHER_LEASE_SECONDS: '2', DISPATCHER_CONCURRENCY: '16' };
    twoDispatchers(env);
    const arrivals = () => suite.receiver.received.filter((r) => r.path === '/ordered');
    await eventually(async () => (arrivals().length >= 600 ? true : undefined), 90_000, '600 arrivals before the kill');
    const victim = children[0];
    victim.process.kill('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');
    const rows = await eventually(
      async () => {
        const r = await outboxRows(s, tenant);
        return r.every((x) => x.status === 'DELIVERED' && x.locked_by === null) ? r : undefined;
      },
      240_000,
      'every ordered record delivered',
    );
    expect(rows).toHaveLength(KEYS * CHANGES);
    const firstArrival = new Map<string, number>();
    arrivals().forEach((r, i) => {
      if (!firstArrival.has(r.requestId!)) firstArrival.set(r.requestId!, i);
    });
    const byKey = new Map<number, Array<{ round: number; first: number }>>();
    for (const row of rows) {
      const data = JSON.parse(row.payload_json).data as { id: number; round: number };
      expect(firstArrival.has(row.request_id), `record ${row.id} never arrived`).toBe(true);
      byKey.set(data.id, [
        ...(byKey.get(data.id) ?? []),
        { round: data.round, first: firstArrival.get(row.request_id)! },
      ]);
    }
    expect(byKey.size).toBe(KEYS);
    for (const [key, list] of byKey) {
      const inCommitOrder = [...list].sort((a, b) => a.round - b.round).map((x) => x.round);
      const inArrivalOrder = [...list].sort((a, b) => a.first - b.first).map((x) => x.round);
      expect(inArrivalOrder, `key ${key}`).toEqual(inCommitOrder);
    }
  }, 400_000);
});

describe('circuit breaker', () => {
  const OPEN_MS = 3000;
  const suite = new DispatcherSuite(`${PREFIX}c`, {
    dispatcher: { circuitFailures: 5, circuitOpenMs: OPEN_MS, batchSize: 5, concurrency: 4 },
    // Per-tenant series are shown to the holder of METRICS_TOKEN only.
    env: { METRICS_TOKEN: 'metrics-token-for-the-suite' },
  });

  async function circuitOf(tenant: string, id: string): Promise<string> {
    const res = await gqlRequest(suite.app.app, WebhookConfigHealthDocument, { id }, await suite.app.headers(tenant));
    expect(res.errors).toBeUndefined();
    return res.data!.webhookConfig.health.circuit;
  }

  it('opens after consecutive failures, probes once per open period, keeps waiting records untouched, closes once the receiver is up', async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    let up = false;
    suite.receiver.react = (r) => (r.path !== '/circuit' || up ? { status: 204 } : { status: 503 });
    const config = await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/circuit`,
      events: 'INSERT',
      maxRetries: 100,
      backoffInitialSeconds: 1,
      backoffFactor: 1,
    });
    const states: string[] = [await circuitOf(tenant, config.id)];
    const seen = async () => {
      const state = await circuitOf(tenant, config.id);
      if (states[states.length - 1] !== state) states.push(state);
      return state;
    };
    await commitChanges(s, tenant, inserts(40));
    await eventually(async () => ((await seen()) === 'OPEN' ? true : undefined), 30_000, 'the circuit OPEN');
    const openedAt = Date.now();
    const metrics = (
      await suite.app.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-for-the-suite' },
      })
    ).body;
    expect(metrics).toMatch(
      new RegExp(`^hookgate_webhook_circuit_state\\{tenant="${tenant}",config="${config.id}"\\} [12]$`, 'm'),
    );
    // A second of grace for requests already in flight when the circuit opened, then a snapshot.
    await new Promise((r) => setTimeout(r, 1000));
    const snapshotAt = Date.now();
    const waiting = new Map((await outboxRows(s, tenant)).map((r) => [r.id, r.retry_count]));
    // Down for three open periods more; meanwhile watch the state.
    while (Date.now() - openedAt < 3 * OPEN_MS + 500) {
      await seen();
      await new Promise((r) => setTimeout(r, 100));
    }
    const attempts = await attemptRows(s, tenant);
    const duringDown = attempts.filter((a) => a.started_at.getTime() > snapshotAt);
    // At most one probe per open period: probes are an open period apart.
    const starts = duringDown.map((a) => a.started_at.getTime()).sort((a, b) => a - b);
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(OPEN_MS * 0.9);
    expect(starts.length).toBeGreaterThanOrEqual(1);
    expect(starts.length).toBeLessThanOrEqual(3);
    // Waiting records keep their retryCount: only records attempted since (or just before) the
    // snapshot may have changed.
    const attempted = new Set(
      attempts.filter((a) => a.started_at.getTime() > snapshotAt - 1000).map((a) => String(a.outbox_id)),
    );
    const changed = (await outboxRows(s, tenant)).filter((r) => r.retry_count !== waiting.get(r.id));
    for (const r of changed)
      expect(attempted.has(String(r.id)), `record ${r.id} changed without an attempt`).toBe(true);
    expect(changed.length).toBeLessThan(waiting.size);
    up = true;
    await eventually(
      async () => ((await outboxRows(s, tenant)).every((r) => r.status === 'DELIVERED') ? true : undefined),
      60_000,
      'every record delivered once the receiver is up',
    );
    expect(await seen()).toBe('CLOSED');
    // CLOSED → OPEN → (HALF_OPEN → OPEN)* → (HALF_OPEN →) CLOSED; no state skipped backwards.
    expect(states[0]).toBe('CLOSED');
    expect(states[1]).toBe('OPEN');
    expect(states[states.length - 1]).toBe('CLOSED');
    for (let i = 2; i < states.length - 1; i++) expect(['OPEN', 'HALF_OPEN']).toContain(states[i]);
    const res = await gqlRequest(
      suite.app.app,
      WebhookConfigHealthDocument,
      { id: config.id },
      await suite.app.headers(tenant),
    );
    const health = res.data!.webhookConfig.health;
    expect(health.consecutiveFailures).toBe(0);
    expect(health.lastSuccessAt).not.toBeNull();
    expect(health.lastFailureAt).not.toBeNull();
    const all = await attemptRows(s, tenant);
    expect(health.attempts24h).toBe(all.length);
    expect(health.failures24h).toBe(all.filter((a) => a.status_code !== 204).length);
    expect(health.p95DurationMs24h).not.toBeNull();
  }, 120_000);

  it('answers health CLOSED with no attempts and a null p95 for a fresh configuration, and validates the fields', async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    const config = await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/fresh` });
    expect(config).toMatchObject({ rateLimitPerSecond: null, maxInFlight: null, ordering: 'NONE' });
    const res = await gqlRequest(
      suite.app.app,
      WebhookConfigHealthDocument,
      { id: config.id },
      await suite.app.headers(tenant),
    );
    expect(res.data!.webhookConfig.health).toMatchObject({
      circuit: 'CLOSED',
      consecutiveFailures: 0,
      attempts24h: 0,
      failures24h: 0,
      p95DurationMs24h: null,
    });
    const updated = await s.webhooks.update(adminOf(tenant), config.id, {
      rateLimitPerSecond: 10,
      maxInFlight: 2,
      ordering: 'per_key',
    });
    expect(updated).toMatchObject({ rateLimitPerSecond: 10, maxInFlight: 2, ordering: 'PER_KEY' });
    const cleared = await s.webhooks.update(adminOf(tenant), config.id, { rateLimitPerSecond: null, ordering: null });
    expect(cleared).toMatchObject({ rateLimitPerSecond: null, maxInFlight: 2, ordering: 'NONE' });
    for (const bad of [
      { rateLimitPerSecond: 0 },
      { rateLimitPerSecond: 10_001 },
      { rateLimitPerSecond: 1.5 },
      { maxInFlight: 1001 },
      { maxInFlight: '3' },
      { ordering: 'FIFO' },
    ]) {
      await expect(s.webhooks.update(adminOf(tenant), config.id, bad)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await s.webhooks.get(adminOf(tenant), config.id)).toMatchObject({
      rateLimitPerSecond: null,
      maxInFlight: 2,
    });
  }, 60_000);
});

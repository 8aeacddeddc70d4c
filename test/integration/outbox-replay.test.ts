import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import { ReplayOutboxRecordsDocument } from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';
import {
  commitChanges,
  createConfig,
  inserts,
  outboxOf,
  outboxRows,
  updateOutboxRows,
  type OutboxRow,
} from '../dispatcher/fixtures';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';

/** Tenants of this file, and the only ones its dispatcher touches. */
const PREFIX = 'rpl';

describe('replayOutboxRecords', () => {
  let t: TestApp;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    receiver = await Receiver.start();
    dispatcher = startDispatcher(t, PREFIX);
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
  });

  const settled = (tenant: string, n: number, done: (r: OutboxRow) => boolean, timeoutMs = 30_000) =>
    eventually(
      async () => {
        const rows = await outboxRows(t.runtime.services, tenant);
        return rows.length === n && rows.every(done) ? rows : undefined;
      },
      timeoutMs,
      'settled rows',
    );
  const arrivals = (requestId: string) => receiver.received.filter((r) => r.requestId === requestId).length;

  it('replays DEAD records: each delivered once more, same request id, retryCount 0; other tenants untouched', async () => {
    const tenant = uniqueTenant(PREFIX);
    const other = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: `${receiver.url}/dead`, maxRetries: 2, backoffInitialSeconds: 1 });
    await createConfig(s, other, { webhookUrl: `${receiver.url}/dead`, maxRetries: 1 });
    receiver.react = () => ({ status: 500 });
    await commitChanges(s, tenant, inserts(5));
    await commitChanges(s, other, inserts(2));
    const dead = await settled(tenant, 5, (r) => r.status === 'DEAD' && r.locked_by === null);
    await settled(other, 2, (r) => r.status === 'DEAD' && r.locked_by === null);
    for (const r of dead) expect(arrivals(r.request_id)).toBe(2);

    receiver.react = () => ({ status: 204 });
    const h = await t.headers(tenant);
    const replayed = await gqlRequest(t.app, ReplayOutboxRecordsDocument, { filter: {} }, h);
    expect(replayed.errors).toBeUndefined();
    expect(replayed.data!.replayOutboxRecords).toBe(5);
    const after = await settled(tenant, 5, (r) => r.status === 'DELIVERED');
    for (const r of after) {
      expect(r.retry_count).toBe(0);
      expect(r.last_error).toBeNull();
      expect(dead.find((d) => d.id === r.id)!.request_id).toBe(r.request_id);
      expect(arrivals(r.request_id)).toBe(3);
    }
    // Another tenant's DEAD records stay as they were.
    await new Promise((r) => setTimeout(r, 500));
    for (const r of await outboxRows(s, other)) expect(r).toMatchObject({ status: 'DEAD', attempt_count: 1 });
    // Nothing DEAD is left: a second call finds nothing.
    expect((await gqlRequest(t.app, ReplayOutboxRecordsDocument, { filter: {} }, h)).data!.replayOutboxRecords).toBe(0);
  });

  it('validates the filter and needs tenant:admin or admin', async () => {
    const tenant = uniqueTenant(PREFIX);
    const h = await t.headers(tenant);
    for (const status of [['PENDING'], ['RETRYING'], ['DEAD', 'PENDING'], []] as const) {
      const bad = await gqlRequest(t.app, ReplayOutboxRecordsDocument, { filter: { status: [...status] } }, h);
      expect(codes(bad), status.join()).toEqual(['VALIDATION_FAILED']);
      expect(bad.errors![0].extensions!.details![0].field).toBe('status');
    }
    const unknownStatus = await gqlRequest(
      t.app,
      ReplayOutboxRecordsDocument,
      { filter: { status: ['LOST' as 'DEAD'] } },
      h,
    );
    expect(codes(unknownStatus)).toEqual(['VALIDATION_FAILED']);
    const backwards = await gqlRequest(
      t.app,
      ReplayOutboxRecordsDocument,
      { filter: { since: '2026-11-26T10:00:00.000Z', until: '2026-11-26T09:00:00.000Z' } },
      h,
    );
    expect(codes(backwards)).toEqual(['VALIDATION_FAILED']);
    const notADate = await gqlRequest(t.app, ReplayOutboxRecordsDocument, { filter: { since: 'yesterday' } }, h);
    expect(codes(notADate)).toEqual(['VALIDATION_FAILED']);
    const noSuchConfig = await gqlRequest(t.app, ReplayOutboxRecordsDocument, { filter: { webhookConfigId: 'x' } }, h);
    expect(noSuchConfig.data!.replayOutboxRecords).toBe(0);
    const forbidden = await gqlRequest(
      t.app,
      ReplayOutboxRecordsDocument,
      { filter: {} },
      await t.headers(tenant, ['analytics:read']),
    );
    expect(codes(forbidden)).toEqual(['FORBIDDEN']);
    const anon = await gqlRequest(t.app, ReplayOutboxRecordsDocument, { filter: {} }, { 'x-tenant-id': tenant });
    expect(codes(anon)).toEqual(['UNAUTHENTICATED']);
    const asAdmin = await gqlRequest(
      t.app,
      ReplayOutboxRecordsDocument,
      { filter: {} },
      { ...(await t.headers('ops', ['admin'])), 'x-tenant-id': tenant },
    );
    expect(asAdmin.data!.replayOutboxRecords).toBe(0);
  });

  it('replays DELIVERED records on request, and narrows by configuration, entity and createdAt (bounds included)', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    receiver.react = () => ({ status: 204 });
    const a = await createConfig(s, tenant, { webhookUrl: `${receiver.url}/a` });
    const b = await createConfig(s, tenant, { webhookUrl: `${receiver.url}/b` });
    await commitChanges(s, tenant, inserts(4));
    const rows = await settled(tenant, 8, (r) => r.status === 'DELIVERED');
    // Distinct creation times: record i of each configuration at 10:0i.
    const outbox = await outboxOf(s, tenant);
    const ofA = rows.filter((r) => r.webhook_config_id === a.id);
    const ofB = rows.filter((r) => r.webhook_config_id === b.id);
    const minute = (i: number) => new Date(Date.UTC(2026, 10, 20, 10, i));
    for (const [i, r] of [...ofA.entries(), ...ofB.entries()])
      await s.db.pool.query(`UPDATE ${outbox.table} SET created_at = $2 WHERE id = $1`, [r.id, minute(i)]);
    const h = await t.headers(tenant);
    const replay = async (filter: Record<string, unknown>) => {
      const res = await gqlRequest(t.app, ReplayOutboxRecordsDocument, { filter }, h);
      expect(res.errors).toBeUndefined();
      return res.data!.replayOutboxRecords;
    };
    // Default [DEAD]: delivered records are not replayed unless asked for.
    expect(await replay({})).toBe(0);
    const before = new Map(rows.map((r) => [r.request_id, arrivals(r.request_id)]));
    expect(
      await replay({
        status: ['DELIVERED'],
        webhookConfigId: a.id,
        since: minute(1).toISOString(),
        until: minute(2).toISOString(),
      }),
    ).toBe(2);
    const replayedIds = new Set([ofA[1].id, ofA[2].id]);
    await eventually(
      async () =>
        [...replayedIds].every((id) => arrivals(rows.find((r) => r.id === id)!.request_id) === 2) ? true : undefined,
      20_000,
      'the two replayed records delivered again',
    );
    const now = await settled(tenant, 8, (r) => r.status === 'DELIVERED');
    for (const r of now) {
      const expected = before.get(r.request_id)! + (replayedIds.has(r.id) ? 1 : 0);
      expect(arrivals(r.request_id), r.id).toBe(expected);
    }
    expect(await replay({ status: ['DELIVERED', 'DEAD'], entityName: 'customers' })).toBe(0);
    expect(await replay({ status: ['DELIVERED'], entityName: 'orders', until: minute(0).toISOString() })).toBe(2);
    await settled(tenant, 8, (r) => r.status === 'DELIVERED');
  });

  it('replays 10,000 DEAD records in batches while writers run: each delivered once more', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    const total = 10_000;
    receiver.react = () => ({ status: 204 });
    const config = await createConfig(s, tenant, { webhookUrl: `${receiver.url}/bulk`, entityName: 'orders' });
    const writes = await createConfig(s, tenant, { webhookUrl: `${receiver.url}/writes`, entityName: 'payments' });
    await dispatcher.stop();
    for (let i = 0; i < total; i += 2000) await commitChanges(s, tenant, inserts(2000, i));
    await updateOutboxRows(s, tenant, { status: 'DEAD', retryCount: 2 }, { webhookConfigIds: [config.id] });
    const dead = await outboxRows(s, tenant);

    // Writers: one change per transaction, back to back, latency of each kept. The dispatcher stays
    // off while they are measured, so the numbers show what the replay itself costs them (its
    // deliveries are the dispatcher's ordinary work, measured in bench/dispatcher.ts).
    const write = async (i: number) => {
      const started = performance.now();
      await commitChanges(s, tenant, inserts(1, i), { entityName: 'payments' });
      return performance.now() - started;
    };
    const p99 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length * 0.99)];
    const baseline: number[] = [];
    for (let i = 0, end = Date.now() + 4000; Date.now() < end; i++) baseline.push(await write(100_000 + i));
    const duringReplay: number[] = [];
    let replaying = true;
    const writers = (async () => {
      for (let i = 0; replaying; i++) duringReplay.push(await write(200_000 + i));
    })();
    const started = performance.now();
    const h = await t.headers(tenant);
    const res = await gqlRequest(t.app, ReplayOutboxRecordsDocument, { filter: { webhookConfigId: config.id } }, h);
    const replayMs = performance.now() - started;
    replaying = false;
    await writers;
    expect(res.errors).toBeUndefined();
    expect(res.data!.replayOutboxRecords).toBe(total);
    console.log(
      `[replay] ${total} records replayed in ${replayMs.toFixed(0)} ms; writer p99 ${p99(baseline).toFixed(1)} ms ` +
        `before (${baseline.length} writes), ${p99(duringReplay).toFixed(1)} ms during (${duringReplay.length} writes)`,
    );
    dispatcher = startDispatcher(t, PREFIX);

    // A light poll (a count, once a second): reading 10,000 rows 20 times a second would starve
    // the event loop that the receiver and the dispatcher share with this test.
    const outbox = await outboxOf(s, tenant);
    await eventually(
      async () => {
        await new Promise((r) => setTimeout(r, 1000));
        const { rows: left } = await s.db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${outbox.table} WHERE webhook_config_id = $1 AND status <> 'DELIVERED'`,
          [config.id],
        );
        return left[0].n === 0 ? true : undefined;
      },
      300_000,
      'every replayed record delivered',
    );
    const rows = (await outboxRows(s, tenant)).filter((r) => r.webhook_config_id === config.id);
    const counts = new Map<string, number>();
    for (const r of receiver.received)
      if (r.path === '/bulk') counts.set(r.requestId!, (counts.get(r.requestId!) ?? 0) + 1);
    const deadIds = new Map(dead.filter((r) => r.webhook_config_id === config.id).map((r) => [r.id, r.request_id]));
    expect(rows).toHaveLength(total);
    for (const r of rows) {
      expect(r.request_id).toBe(deadIds.get(r.id));
      expect(r.retry_count).toBe(0);
      expect(counts.get(r.request_id)).toBe(1);
    }
    expect(writes.id).toBeDefined();
  }, 400_000);
});

import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { claimDue, outboxTable } from '../../src/dispatcher/claim';
import { settleBatch } from '../../src/dispatcher/settle';
import { writeOutboxRecords } from '../../src/outbox/enqueue';
import { dueTenants, retireTenant } from '../../src/outbox/due-tenants';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';

/** Tenants of this file, and the only ones its dispatchers touch. */
const PREFIX = 'lcy';

describe('dispatcher: leases, shutdown, wake-up hints and metrics', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', METRICS_TOKEN: 'metrics-token-for-the-suite' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const wakeAt = async (tenant: string): Promise<Date | null> =>
    (await t.runtime.services.db.pool.query('SELECT wake_at FROM dispatch_tenants WHERE tenant_id = $1', [tenant]))
      .rows[0]?.wake_at ?? null;

  it('on stop, finishes requests in flight and gives back the records it had not sent', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: `${receiver.url}/slow` });
    receiver.react = () => ({ status: 204, delayMs: 400 });
    await commitChanges(s, tenant, inserts(20));
    const before = receiver.received.length;
    const d = startDispatcher(t, PREFIX, { concurrency: 2, batchSize: 20 });
    await receiver.waitFor(before + 2);
    await d.stop();
    receiver.react = () => ({ status: 204 });
    const rows = await outboxRows(s, tenant);
    const delivered = rows.filter((r) => r.status === 'DELIVERED');
    expect(delivered.length).toBeGreaterThanOrEqual(2);
    expect(delivered.length).toBe(receiver.received.length - before);
    expect(rows.filter((r) => r.status === 'PENDING').length).toBe(20 - delivered.length);
    expect(rows.every((r) => r.locked_by === null && r.locked_until === null)).toBe(true);
    // Released records are due at once: the hint says so, and the next dispatcher takes them.
    expect((await wakeAt(tenant))!.getTime()).toBeLessThanOrEqual(Date.now());
    const next = startDispatcher(t, PREFIX);
    try {
      await eventually(async () =>
        (await outboxRows(s, tenant)).every((r) => r.status === 'DELIVERED') ? true : undefined,
      );
    } finally {
      await next.stop();
    }
    const ids = receiver.received.slice(before).map((r) => r.requestId);
    expect(new Set(ids).size).toBe(20);
    expect(ids).toHaveLength(20);
  });

  it('takes over the records of a dead worker when its lease runs out; the dead worker can no longer settle them', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: `${receiver.url}/lease` });
    await commitChanges(s, tenant, inserts(3));
    const schema = await s.tenants.ensure(tenant);
    const claimed = await claimDue(s.db.pool, {
      schema,
      tenantId: tenant,
      workerId: 'dead-worker',
      limit: 10,
      leaseMs: 1500,
    });
    expect(claimed).toHaveLength(3);
    const started = Date.now();
    const d = startDispatcher(t, PREFIX);
    try {
      const rows = await eventually(async () => {
        const r = await outboxRows(s, tenant);
        return r.every((x) => x.status === 'DELIVERED') ? r : undefined;
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      // The dead worker wakes up and tries to record a failure: nothing changes.
      const stale = await settleBatch(
        s.db.pool,
        schema,
        'dead-worker',
        claimed.map((c) => ({
          id: c.id,
          transition: {
            status: 'DEAD' as const,
            retryCount: 0,
            retryInSeconds: null,
            lastError: 'WEBHOOK_DELIVERY_NON_RETRYABLE: HTTP 400',
          },
          attempt: { startedAt: Date.now(), durationMs: 1, statusCode: 400, error: 'x' },
        })),
      );
      expect(stale.size).toBe(0);
      expect((await outboxRows(s, tenant)).map((r) => [r.status, r.attempt_count])).toEqual(
        rows.map(() => ['DELIVERED', 1]),
      );
    } finally {
      await d.stop();
    }
  });

  it('keeps a tenant out of the tick once drained, and wakes it for its next retry', async () => {
    const s = t.runtime.services;
    const idle = uniqueTenant(PREFIX);
    const retrying = uniqueTenant(PREFIX);
    await createConfig(s, idle, { webhookUrl: `${receiver.url}/idle` });
    await createConfig(s, retrying, { webhookUrl: `${receiver.url}/retry-later`, backoffInitialSeconds: 600 });
    receiver.react = (r) => (r.path === '/retry-later' ? { status: 503 } : { status: 204 });
    await commitChanges(s, idle, inserts(2));
    await commitChanges(s, retrying, inserts(1));
    expect(await dueTenants(s.db.pool, 10_000)).toEqual(expect.arrayContaining([idle, retrying]));
    const d = startDispatcher(t, PREFIX);
    try {
      await eventually(async () => ((await wakeAt(idle)) === null ? true : undefined), 20_000, 'idle tenant retired');
      const [row] = await eventually(async () => {
        const r = await outboxRows(s, retrying);
        return r[0].status === 'RETRYING' &&
          (await wakeAt(retrying)) !== null &&
          (await wakeAt(retrying))!.getTime() > Date.now()
          ? r
          : undefined;
      });
      expect((await wakeAt(retrying))!.getTime()).toBe(row.next_retry_at.getTime());
      const due = await dueTenants(s.db.pool, 10_000);
      expect(due).not.toContain(idle);
      expect(due).not.toContain(retrying);
    } finally {
      await d.stop();
      receiver.react = () => ({ status: 204 });
    }
  });

  it.skipIf(inject('embedded'))(
    'never retires a tenant while one of its writers is in flight (real PostgreSQL: needs two sessions)',
    async () => {
      const s = t.runtime.services;
      const tenant = uniqueTenant(PREFIX);
      await createConfig(s, tenant, { webhookUrl: `${receiver.url}/race` });
      const schema = await s.tenants.ensure(tenant);
      expect(await retireTenant((fn) => s.db.transaction(fn), tenant, outboxTable(schema))).toEqual({
        retired: true,
        wakeAt: null,
      });
      expect(await wakeAt(tenant)).toBeNull();
      const writer = await s.db.pool.connect();
      try {
        await writer.query('BEGIN');
        await writeOutboxRecords(writer, {
          tenantId: tenant,
          schema,
          entityName: 'orders',
          writeRequestId: 'w',
          occurredAt: new Date(),
          changes: inserts(1),
        });
        // The writer has not committed: a retire now would miss its record, so it must not happen.
        expect(await retireTenant((fn) => s.db.transaction(fn), tenant, outboxTable(schema))).toEqual({
          retired: false,
        });
        await writer.query('COMMIT');
        expect(await dueTenants(s.db.pool, 10_000)).toContain(tenant);
        const after = await retireTenant((fn) => s.db.transaction(fn), tenant, outboxTable(schema));
        expect(after.retired && after.wakeAt!.getTime()).toBeLessThanOrEqual(Date.now());
        expect(await dueTenants(s.db.pool, 10_000)).toContain(tenant);
      } finally {
        writer.release();
      }
    },
  );

  it('exports deliveries by outcome, latency, due backlog per tenant and the oldest due age', async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant(PREFIX);
    await createConfig(s, tenant, { webhookUrl: `${receiver.url}/metrics` });
    const d = startDispatcher(t, PREFIX);
    await commitChanges(s, tenant, inserts(2));
    await eventually(async () =>
      (await outboxRows(s, tenant)).every((r) => r.status === 'DELIVERED') ? true : undefined,
    );
    await d.stop();
    const backlogTenant = uniqueTenant(PREFIX);
    await createConfig(s, backlogTenant, { webhookUrl: `${receiver.url}/metrics` });
    await commitChanges(s, backlogTenant, inserts(3));
    const schema = await s.tenants.ensure(backlogTenant);
    await s.db.pool.query(
      `UPDATE "${schema}".mutation_webhook_outbox SET next_retry_at = now() - interval '42 seconds'`,
    );
    // Per-tenant series are shown to the holder of METRICS_TOKEN only (CONTRACT §9).
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-the-suite' },
    });
    expect(res.body).toMatch(/hookgate_dispatcher_deliveries_total\{outcome="delivered"\} \d+/);
    expect(res.body).toMatch(/hookgate_dispatcher_delivery_duration_seconds_count\{outcome="delivered"\} \d+/);
    expect(res.body).toContain(`hookgate_outbox_due_records{tenant="${backlogTenant}"} 3`);
    const age = Number(/hookgate_outbox_oldest_due_age_seconds ([\d.]+)/.exec(res.body)![1]);
    expect(age).toBeGreaterThanOrEqual(41);
  });
});

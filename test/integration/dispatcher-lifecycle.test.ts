import 'reflect-metadata';
import { describe, expect, inject, it } from 'vitest';
import { writeOutboxRecords } from '../../src/outbox/enqueue';
import { claimDueRecords } from '../../src/outbox/sql/claim-due-records';
import { listDueTenants } from '../../src/outbox/sql/list-due-tenants';
import { retireTenant } from '../../src/outbox/sql/retire-tenant';
import { dueBacklogSql } from '../../src/outbox/sql/count-due-backlog';
import { settleBatch } from '../../src/outbox/sql/settle-batch';
import { tenantOutbox } from '../../src/outbox/sql/tenant-outbox';
import { commitChanges, createConfig, inserts, outboxOf, outboxRows, updateOutboxRows } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { DispatcherSuite } from '../dispatcher/suite';

/** Tenants of this file, and the only ones its dispatchers touch. */
const PREFIX = 'lcy';

describe('dispatcher: leases, shutdown, wake-up hints and metrics', () => {
  const suite = new DispatcherSuite(PREFIX, {
    dispatcher: false,
    env: { METRICS_TOKEN: 'metrics-token-for-the-suite' },
  });

  const wakeAt = async (tenant: string): Promise<Date | null> =>
    (await suite.services.db.pool.query('SELECT wake_at FROM dispatch_tenants WHERE tenant_id = $1', [tenant])).rows[0]
      ?.wake_at ?? null;

  it('on stop, finishes requests in flight and gives back the records it had not sent', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/slow` });
    suite.receiver.react = () => ({ status: 204, delayMs: 400 });
    await commitChanges(s, tenant, inserts(20));
    const before = suite.receiver.received.length;
    const d = suite.startDispatcher({ concurrency: 2, batchSize: 20 });
    await suite.receiver.waitFor(before + 2);
    await d.stop();
    suite.receiver.react = () => ({ status: 204 });
    const rows = await outboxRows(s, tenant);
    const delivered = rows.filter((r) => r.status === 'DELIVERED');
    expect(delivered.length).toBeGreaterThanOrEqual(2);
    expect(delivered.length).toBe(suite.receiver.received.length - before);
    expect(rows.filter((r) => r.status === 'PENDING').length).toBe(20 - delivered.length);
    expect(rows.every((r) => r.locked_by === null && r.locked_until === null)).toBe(true);
    // Released records are due at once: the hint says so, and the next dispatcher takes them.
    expect((await wakeAt(tenant))!.getTime()).toBeLessThanOrEqual(Date.now());
    const next = suite.startDispatcher();
    try {
      await eventually(async () =>
        (await outboxRows(s, tenant)).every((r) => r.status === 'DELIVERED') ? true : undefined,
      );
    } finally {
      await next.stop();
    }
    const ids = suite.receiver.received.slice(before).map((r) => r.requestId);
    expect(new Set(ids).size).toBe(20);
    expect(ids).toHaveLength(20);
  });

  it('takes over the records of a dead worker when its lease runs out; the dead worker can no longer settle them', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/lease` });
    await commitChanges(s, tenant, inserts(3));
    const schema = await s.tenants.ensure(tenant);
    const { records: claimed } = await claimDueRecords(s.db.pool, tenantOutbox(tenant, schema), {
      workerId: 'dead-worker',
      limit: 10,
      leaseMs: 1500,
    });
    expect(claimed).toHaveLength(3);
    const started = Date.now();
    const d = suite.startDispatcher();
    try {
      const rows = await eventually(async () => {
        const r = await outboxRows(s, tenant);
        return r.every((x) => x.status === 'DELIVERED') ? r : undefined;
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      // The dead worker wakes up and tries to record a failure: nothing changes.
      const stale = await settleBatch(s.db.pool, tenantOutbox(tenant, schema), {
        workerId: 'dead-worker',
        batch: claimed.map((c) => ({
          id: c.id,
          transition: {
            status: 'DEAD' as const,
            retryCount: 0,
            retryInSeconds: null,
            lastError: 'WEBHOOK_DELIVERY_NON_RETRYABLE: HTTP 400',
          },
          attempt: { startedAt: Date.now(), durationMs: 1, statusCode: 400, error: 'x' },
        })),
      });
      expect(stale.size).toBe(0);
      expect((await outboxRows(s, tenant)).map((r) => [r.status, r.attempt_count])).toEqual(
        rows.map(() => ['DELIVERED', 1]),
      );
    } finally {
      await d.stop();
    }
  });

  it('keeps a tenant out of the tick once drained, and wakes it for its next retry', async () => {
    const s = suite.services;
    const idle = suite.tenant();
    const retrying = suite.tenant();
    await createConfig(s, idle, { webhookUrl: `${suite.receiver.url}/idle` });
    await createConfig(s, retrying, { webhookUrl: `${suite.receiver.url}/retry-later`, backoffInitialSeconds: 600 });
    suite.receiver.react = (r) => (r.path === '/retry-later' ? { status: 503 } : { status: 204 });
    await commitChanges(s, idle, inserts(2));
    await commitChanges(s, retrying, inserts(1));
    expect(await listDueTenants(s.db.pool, { limit: 10_000 })).toEqual(expect.arrayContaining([idle, retrying]));
    const d = suite.startDispatcher();
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
      const due = await listDueTenants(s.db.pool, { limit: 10_000 });
      expect(due).not.toContain(idle);
      expect(due).not.toContain(retrying);
    } finally {
      await d.stop();
      suite.receiver.react = () => ({ status: 204 });
    }
  });

  it.skipIf(inject('embedded'))(
    'never retires a tenant while one of its writers is in flight (real PostgreSQL: needs two sessions)',
    async () => {
      const s = suite.services;
      const tenant = suite.tenant();
      await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/race` });
      const schema = await s.tenants.ensure(tenant);
      expect(await s.db.transaction((c) => retireTenant(c, tenantOutbox(tenant, schema)))).toEqual({
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
        expect(await s.db.transaction((c) => retireTenant(c, tenantOutbox(tenant, schema)))).toEqual({
          retired: false,
        });
        await writer.query('COMMIT');
        expect(await listDueTenants(s.db.pool, { limit: 10_000 })).toContain(tenant);
        const after = await s.db.transaction((c) => retireTenant(c, tenantOutbox(tenant, schema)));
        expect(after.retired && after.wakeAt!.getTime()).toBeLessThanOrEqual(Date.now());
        expect(await listDueTenants(s.db.pool, { limit: 10_000 })).toContain(tenant);
      } finally {
        writer.release();
      }
    },
  );

  it('exports deliveries by outcome, latency, due backlog per tenant and the oldest due age', async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/metrics` });
    const d = suite.startDispatcher();
    await commitChanges(s, tenant, inserts(2));
    await eventually(async () =>
      (await outboxRows(s, tenant)).every((r) => r.status === 'DELIVERED') ? true : undefined,
    );
    await d.stop();
    const backlogTenant = suite.tenant();
    await createConfig(s, backlogTenant, { webhookUrl: `${suite.receiver.url}/metrics` });
    await commitChanges(s, backlogTenant, inserts(3));
    expect(await updateOutboxRows(s, backlogTenant, { dueSecondsAgo: 42 })).toBe(3);
    // Per-tenant series are shown to the holder of METRICS_TOKEN only.
    const res = await suite.app.app.inject({
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

  it('reads the due backlog for /metrics from the due index, never by scanning the outbox', async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/metrics` });
    await commitChanges(s, tenant, inserts(3000));
    const rows = await outboxRows(s, tenant);
    // Most records settled long ago, a few due: the shape of a live outbox.
    const settled = rows.slice(10).map((r) => r.id);
    expect(await updateOutboxRows(s, tenant, { status: 'DELIVERED' }, { ids: settled })).toBe(settled.length);
    const outbox = await outboxOf(s, tenant);
    await s.db.pool.query(`ANALYZE ${outbox.table}`);
    const plan = async (sql: string) => JSON.stringify((await s.db.pool.query(`EXPLAIN (FORMAT JSON) ${sql}`)).rows[0]);
    const backlogPlan = await plan(dueBacklogSql(outbox));
    // The due index, or its per-configuration twin of tenant DDL 004 (same predicate).
    expect(backlogPlan).toMatch(/mutation_webhook_outbox_(config_)?due_idx/);
    expect(backlogPlan).not.toContain('Seq Scan');
    // The table is large enough to tell: a predicate no partial index serves scans it.
    expect(
      await plan(`SELECT count(*) FROM ${outbox.table} WHERE status = 'DELIVERED' AND next_retry_at <= now()`),
    ).toContain('Seq Scan');
    // A scrape's backlog is reused for 500 ms (one read serves both gauges): wait out the last test's.
    await new Promise((r) => setTimeout(r, 600));
    const res = await suite.app.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-the-suite' },
    });
    expect(res.body).toContain(`hookgate_outbox_due_records{tenant="${tenant}"} 10`);
  });
});

import 'reflect-metadata';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualified } from '../../src/db/sql';
import { startDispatcher, type RunningDispatcher } from '../../src/dispatcher/start';
import { RetentionCleanup } from '../../src/retention/cleanup';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { adminOf, commitChanges, createConfig, inserts, outboxOf } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';

/**
 * Retention: finished outbox records (DELIVERED, DEAD) last changed longer ago than
 * OUTBOX_RETENTION go with their attempts, PENDING and RETRYING never do, trigger events older
 * than TRIGGER_EVENT_RETENTION go, in statements of at most 1,000 rows, counted in
 * hookgate_retention_deleted_total.
 */
const PREFIX = 'ret';
const HOUR = 3_600_000;

describe('retention clean-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Stages `n` records of `tenant` in `status`, last changed `ageMs` ago, each with one attempt. */
  async function stage(tenant: string, n: number, status: string, ageMs: number): Promise<void> {
    const s = t.runtime.services;
    const outbox = await outboxOf(s, tenant);
    const before = await s.db.pool.query<{ max: string | null }>(`SELECT max(id) FROM ${outbox.table}`);
    await commitChanges(s, tenant, inserts(n));
    const since = before.rows[0].max ?? '0';
    await s.db.pool.query(
      `UPDATE ${outbox.table} SET status = $1, updated_at = now() - $2 * interval '1 millisecond' WHERE id > $3`,
      [status, ageMs, since],
    );
    await s.db.pool.query(
      `INSERT INTO ${outbox.attempts} (outbox_id, attempt_number, started_at, duration_ms, status_code, error)
       SELECT id, 1, now(), 5, 204, NULL FROM ${outbox.table} WHERE id > $1`,
      [since],
    );
  }

  async function countByStatus(tenant: string): Promise<Record<string, number>> {
    const s = t.runtime.services;
    const outbox = await outboxOf(s, tenant);
    const { rows } = await s.db.pool.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM ${outbox.table} GROUP BY status`,
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  async function attemptsOf(tenant: string): Promise<number> {
    const s = t.runtime.services;
    const outbox = await outboxOf(s, tenant);
    const { rows } = await s.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${outbox.attempts}`);
    return rows[0].n;
  }

  async function deletedCount(kind: string): Promise<number> {
    const metric = await t.runtime.services.metrics.registry.getSingleMetric('hookgate_retention_deleted_total')?.get();
    return metric?.values.find((v) => v.labels.kind === kind)?.value ?? 0;
  }

  it('deletes finished records past retention with their attempts, in batches, and keeps everything else', async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant(PREFIX);
    await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/hook', events: 'INSERT' });
    await stage(tenant, 2300, 'DELIVERED', 2 * HOUR);
    await stage(tenant, 20, 'DEAD', 2 * HOUR);
    await stage(tenant, 7, 'PENDING', 2 * HOUR);
    await stage(tenant, 5, 'RETRYING', 2 * HOUR);
    await stage(tenant, 11, 'DELIVERED', 10 * 60_000);
    await stage(tenant, 3, 'DEAD', 10 * 60_000);
    const before = await deletedCount('outbox');

    const cleanup = new RetentionCleanup({
      pool: s.db.pool,
      tenants: s.tenants,
      logger: s.logger,
      registry: s.metrics.registry,
      settings: { outboxMs: HOUR, triggerEventMs: 0, intervalMs: 60_000, tenantPrefix: tenant, vacuum: false },
    });
    await cleanup.runOnce();

    expect(await countByStatus(tenant)).toEqual({ PENDING: 7, RETRYING: 5, DELIVERED: 11, DEAD: 3 });
    expect(await attemptsOf(tenant)).toBe(7 + 5 + 11 + 3);
    expect((await deletedCount('outbox')) - before).toBe(2320);
    // The deleted records are gone for operators too.
    const page = await s.outbox.list(adminOf(tenant), { first: 500 });
    expect(page.items.every((r) => r.status !== 'DELIVERED' || Date.now() - r.updatedAt.getTime() < HOUR)).toBe(true);
  });

  it('deletes trigger events received before TRIGGER_EVENT_RETENTION and keeps the recent ones', async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant(PREFIX);
    const trigger = await s.triggers.create(adminOf(tenant), { name: 'retained' });
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/linker/triggers/webhook/${trigger.id}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ i }),
      });
      expect(res.statusCode).toBe(202);
    }
    await s.db.pool.query(
      `UPDATE trigger_events SET received_at = now() - interval '2 hours'
        WHERE id IN (SELECT id FROM trigger_events WHERE trigger_id = $1 ORDER BY seq LIMIT 3)`,
      [trigger.id],
    );
    const before = await deletedCount('trigger_event');
    const cleanup = new RetentionCleanup({
      pool: s.db.pool,
      tenants: s.tenants,
      logger: s.logger,
      registry: s.metrics.registry,
      settings: { outboxMs: 0, triggerEventMs: HOUR, intervalMs: 60_000, tenantPrefix: tenant, vacuum: false },
    });
    await cleanup.runOnce();
    const { rows } = await s.db.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM trigger_events WHERE trigger_id = $1',
      [trigger.id],
    );
    expect(rows[0].n).toBe(2);
    expect((await deletedCount('trigger_event')) - before).toBe(3);
  });

  it("deletes operational notices' key rows of minutes over an hour old, in batches, and keeps the recent ones", async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant(PREFIX);
    const outbox = await outboxOf(s, tenant);
    const keys = qualified(outbox.schema, 'operational_notices');
    // 1,200 old keys (more than one batch) of one receiver and subject, minute by minute back from
    // 61 minutes ago; and keys of 50 minutes ago and of this minute, which writers may still join.
    await s.db.pool.query(
      `INSERT INTO ${keys} (receiver_config_id, kind, subject_id, minute, outbox_id)
       SELECT $1::uuid, 'DELIVERY_DEAD', $2::uuid, date_trunc('minute', now()) - (61 + i) * interval '1 minute', i
         FROM generate_series(0, 1199) i
       UNION ALL
       SELECT $1::uuid, 'DELIVERY_DEAD', $2::uuid, date_trunc('minute', now()) - m * interval '1 minute', 100000 + m
         FROM unnest(ARRAY[50, 0]) m`,
      [crypto.randomUUID(), crypto.randomUUID()],
    );
    const cleanup = new RetentionCleanup({
      pool: s.db.pool,
      tenants: s.tenants,
      logger: s.logger,
      registry: s.metrics.registry,
      settings: { outboxMs: 0, triggerEventMs: 0, intervalMs: 60_000, tenantPrefix: tenant, vacuum: false },
    });
    await cleanup.runOnce();
    const { rows } = await s.db.pool.query<{ outbox_id: number }>(`SELECT outbox_id FROM ${keys} ORDER BY outbox_id`);
    expect(rows.map((r) => r.outbox_id)).toEqual([100000, 100050]);
  });

  it('runs by itself every RETENTION_INTERVAL in a process that runs a dispatcher', async () => {
    const app = await startTestApp({ DISPATCHER: 'off', OUTBOX_RETENTION: '1h', RETENTION_INTERVAL: '1s' });
    let running: RunningDispatcher | undefined;
    try {
      const s = app.runtime.services;
      const tenant = uniqueTenant(PREFIX);
      await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/hook', events: 'INSERT' });
      running = startDispatcher(app.runtime, { DISPATCHER_TENANT_PREFIX: tenant, DISPATCHER_POLL_MS: '100' });
      // Staged after the first pass: only a later pass, on the interval, can delete them.
      await new Promise((r) => setTimeout(r, 300));
      const outbox = await outboxOf(s, tenant);
      await commitChanges(s, tenant, inserts(4));
      await s.db.pool.query(
        `UPDATE ${outbox.table} SET status = 'DEAD', locked_by = NULL, locked_until = NULL,
                updated_at = now() - interval '2 hours'`,
      );
      await eventually(
        async () => {
          const { rows } = await s.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${outbox.table}`);
          return rows[0].n === 0 ? true : undefined;
        },
        15_000,
        'the interval pass to delete the expired records',
      );
    } finally {
      await running?.stop();
      await app.close();
    }
  });

  it('vacuums the outbox it deleted from, so its dead rows do not wait for an autovacuum that may be off', async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant(PREFIX);
    await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/hook', events: 'INSERT' });
    await stage(tenant, 1500, 'DELIVERED', 2 * HOUR);
    const outbox = await outboxOf(s, tenant);
    const [schema, table] = [outbox.schema, 'mutation_webhook_outbox'];
    const stats = async () =>
      (
        await s.db.pool.query<{ dead: number; vacuumed: boolean }>(
          `SELECT n_dead_tup::int AS dead, last_vacuum IS NOT NULL AS vacuumed
             FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = $2`,
          [schema, table],
        )
      ).rows[0];
    const cleanup = new RetentionCleanup({
      pool: s.db.pool,
      tenants: s.tenants,
      logger: s.logger,
      registry: s.metrics.registry,
      settings: { outboxMs: HOUR, triggerEventMs: 0, intervalMs: 60_000, tenantPrefix: tenant, vacuum: true },
    });
    expect((await stats()).vacuumed).toBe(false);
    // The deletes' statistics reach pg_stat_user_tables within a few seconds; a later pass then vacuums.
    await eventually(
      async () => {
        await cleanup.runOnce();
        const now = await stats();
        return now.vacuumed ? now : undefined;
      },
      20_000,
      'a pass to vacuum the outbox once its dead rows are counted',
    );
    expect(await countByStatus(tenant)).toEqual({});
    const vacuumed = await s.metrics.registry.getSingleMetric('hookgate_tables_vacuumed_total')?.get();
    expect(vacuumed?.values[0]?.value).toBeGreaterThan(0);
  });
});

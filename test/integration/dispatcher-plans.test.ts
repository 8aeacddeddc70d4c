import 'reflect-metadata';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { claimDueRecords } from '../../src/outbox/sql/claim-due-records';
import { settleBatch, type Settlement } from '../../src/outbox/sql/settle-batch';
import { tenantOutbox } from '../../src/outbox/sql/tenant-outbox';
import { createDispatcherPool } from '../../src/dispatcher/start';
import { commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';

const embedded = inject('embedded');

const delivered = (id: string): Settlement => ({
  id,
  transition: { status: 'DELIVERED', retryCount: 0, retryInSeconds: null, lastError: null },
  attempt: { startedAt: Date.now(), durationMs: 1, statusCode: 204, error: null },
});

/**
 * The dispatcher's connections keep one generic plan per statement for their
 * whole life, and PostgreSQL here runs without autovacuum. A plan made while a tenant's outbox was
 * empty must not scan the whole table once it has grown.
 */
describe.skipIf(embedded)('dispatcher plans (real PostgreSQL)', () => {
  let t: TestApp;
  let pool: pg.Pool;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    // One connection: the one that prepared the statements is the one measured.
    pool = createDispatcherPool(t.config.databaseUrl, 1, t.runtime.services.logger);
  });
  afterAll(async () => {
    await pool.end();
    await t.close();
  });

  /** The plans this connection kept for the tenant's statements, as EXPLAIN of the prepared statement shows them. */
  async function keptPlans(schema: string, tenantId: string): Promise<Record<'claim' | 'settle', string>> {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ name: string; statement: string }>(
        `SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE $1`,
        [`%"${schema}"%`],
      );
      const plans = { claim: '', settle: '' };
      for (const s of rows) {
        const kind = s.statement.includes('SKIP LOCKED') ? 'claim' : s.statement.includes('unnest') ? 'settle' : null;
        if (!kind) continue;
        const params =
          kind === 'claim'
            ? [tenantId, 'plan-test', 30000, '{}']
            : ['plan-test', '{0}', '{DELIVERED}', '{0}', null, null, '{0}', '{0}', null, null, '{NULL}'];
        // EXPLAIN EXECUTE takes no bind parameters: the values go in as literals.
        const literals = params.map((v) => (v === null ? 'NULL' : client.escapeLiteral(String(v)))).join(', ');
        await client.query('BEGIN');
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (COSTS OFF) EXECUTE ${s.name}(${literals})`);
        await client.query('ROLLBACK');
        plans[kind] = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      }
      return plans;
    } finally {
      client.release();
    }
  }

  it('claims and settles through the indexes after an outbox that was empty at the first claim has grown', async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant('plan');
    await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/hook' });
    const schema = await s.tenants.ensure(tenant);
    const outbox = tenantOutbox(tenant, schema);
    const args = { workerId: 'plan-test', limit: 100, leaseMs: 30_000 };

    // A new tenant: the connection's first claim and settle find an empty outbox and plan for it.
    expect((await claimDueRecords(pool, outbox, args)).records).toEqual([]);
    expect(await settleBatch(pool, outbox, { workerId: 'plan-test', batch: [delivered('0')] })).toEqual(new Set());

    // It grows (no ANALYZE, no autovacuum), then the same connection claims and settles again.
    for (let i = 0; i < 3; i++) await commitChanges(s, tenant, inserts(1000, i * 1000));
    const { records: claimed } = await claimDueRecords(pool, outbox, args);
    expect(claimed).toHaveLength(100);
    const settled = await settleBatch(pool, outbox, {
      workerId: 'plan-test',
      batch: claimed.map((r) => delivered(r.id)),
    });
    expect(settled.size).toBe(100);
    const rows = await outboxRows(s, tenant);
    expect(rows.filter((r) => r.status === 'DELIVERED')).toHaveLength(100);

    const plans = await keptPlans(schema, tenant);
    expect(plans.claim).toMatch(/Index Scan using mutation_webhook_outbox_due_idx/);
    expect(plans.settle).toMatch(/Index Scan using mutation_webhook_outbox_pkey/);
    expect(plans.claim).not.toMatch(/Seq Scan on mutation_webhook_outbox/);
    expect(plans.settle).not.toMatch(/Seq Scan on mutation_webhook_outbox/);
  });

  it('walks the due index in order, not the whole backlog, once statistics show one configuration', async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant('plan-stats');
    await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/hook' });
    const schema = await s.tenants.ensure(tenant);
    const outbox = tenantOutbox(tenant, schema);
    for (let i = 0; i < 3; i++) await commitChanges(s, tenant, inserts(1000, i * 1000));
    // What autovacuum does on a production server: one distinct webhook_config_id in the statistics.
    await s.db.pool.query(`ANALYZE ${outbox.table}`);

    const { records } = await claimDueRecords(pool, outbox, { workerId: 'plan-test', limit: 100, leaseMs: 30_000 });
    expect(records).toHaveLength(100);
    const plans = await keptPlans(schema, tenant);
    // Before the fix: a Bitmap Heap Scan of every due record, then a sort of all of them, per claim.
    expect(plans.claim).toMatch(/Index Scan using mutation_webhook_outbox_due_idx/);
    expect(plans.claim).not.toMatch(/Bitmap Heap Scan on mutation_webhook_outbox/);
    expect(plans.claim).not.toMatch(/Sort Key: mutation_webhook_outbox\.next_retry_at/);
  });

  it('does not walk the records of a tenant whose every configuration is controlled', async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant('plan-ordered');
    await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/hook', ordering: 'PER_KEY' });
    const schema = await s.tenants.ensure(tenant);
    const outbox = tenantOutbox(tenant, schema);
    await commitChanges(s, tenant, inserts(2000, 0));
    await s.db.pool.query(`ANALYZE ${outbox.table}`);

    // The general claim takes nothing (its records are the controlled claim's) and reads none of them.
    const claim = await claimDueRecords(pool, outbox, { workerId: 'plan-test', limit: 100, leaseMs: 30_000 });
    expect(claim).toEqual({ records: [], controlled: 1 });
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        `SELECT name FROM pg_prepared_statements WHERE statement LIKE $1 AND statement LIKE '%SKIP LOCKED%'`,
        [`%"${schema}"%`],
      );
      await client.query('BEGIN');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) EXECUTE ${rows[0].name}(${client.escapeLiteral(tenant)}, 'plan-test', 30000, '{}')`,
      );
      await client.query('ROLLBACK');
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toMatch(
        /Index Scan using mutation_webhook_outbox_due_idx on mutation_webhook_outbox \(never executed\)/,
      );
    } finally {
      client.release();
    }
  });
});

import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { TenantSchemas } from '../../src/db/tenant-schema';
import { healthBucketOf } from '../../src/outbox/health-buckets';
import { allAttempts } from '../../src/outbox/sql/list-attempts';
import { settleBatch, type Settlement } from '../../src/outbox/sql/settle-batch';
import { RetentionCleanup } from '../../src/retention/cleanup';
import type { Services } from '../../src/services';
import { adminOf, commitChanges, createConfig, inserts, outboxOf, outboxRows } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { DispatcherSuite } from '../dispatcher/suite';

/**
 * `WebhookConfig.health` from the counters the settle keeps (tenant schema 7): the same numbers as
 * a count over the attempts themselves. The window is whole minutes: attempts started at or after
 * the beginning of the minute 24 hours ago; the p95 lies within one histogram bucket of the exact.
 */
const PREFIX = 'hlth';
const HOUR = 3_600_000;

/** What a direct scan of the configuration's attempts in the window says. */
async function countedDirectly(
  s: Services,
  tenant: string,
  configId: string,
): Promise<{ attempts: number; failures: number; p95: number | null }> {
  const outbox = await outboxOf(s, tenant);
  const { rows } = await s.db.pool.query<{ attempts: number; failures: number; p95: number | null }>(
    `SELECT count(*)::int AS attempts,
            (count(*) FILTER (WHERE a.status_code IS NULL OR a.status_code NOT BETWEEN 200 AND 299))::int AS failures,
            percentile_cont(0.95) WITHIN GROUP (ORDER BY a.duration_ms) AS p95
       FROM (${allAttempts(outbox)}) a JOIN ${outbox.table} o ON o.id = a.outbox_id
      WHERE o.webhook_config_id = $1 AND a.started_at >= date_trunc('minute', now() - interval '24 hours')`,
    [configId],
  );
  return { ...rows[0], p95: rows[0].p95 === null ? null : Number(rows[0].p95) };
}

function expectWithinOneBucket(estimate: number | null, exact: number | null): void {
  expect(estimate === null).toBe(exact === null);
  if (estimate === null || exact === null) return;
  expect(Math.abs(healthBucketOf(estimate) - healthBucketOf(exact))).toBeLessThanOrEqual(1);
}

/** Leases the tenant's due records to `workerId`, as a claim would, and answers their ids. */
async function leaseAll(s: Services, tenant: string, workerId: string): Promise<string[]> {
  const outbox = await outboxOf(s, tenant);
  const { rows } = await s.db.pool.query<{ id: string }>(
    `UPDATE ${outbox.table} SET locked_by = $1, locked_until = now() + interval '1 minute'
      WHERE status IN ('PENDING', 'RETRYING') RETURNING id`,
    [workerId],
  );
  return rows.map((r) => String(r.id)).sort((a, b) => Number(a) - Number(b));
}

function settlement(id: string, startedAt: number, durationMs: number, statusCode: number | null): Settlement {
  const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
  return {
    id,
    transition: ok
      ? { status: 'DELIVERED', retryCount: 0, retryInSeconds: null, lastError: null }
      : { status: 'RETRYING', retryCount: 1, retryInSeconds: 3600, lastError: 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503' },
    attempt: { startedAt, durationMs, statusCode, error: ok ? null : 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503' },
  };
}

describe('webhook health from counters', () => {
  const suite = new DispatcherSuite(PREFIX, { dispatcher: false });

  it('counts attempts settled at controlled times exactly as a scan of the attempts does, over a whole-minute 24 h window', async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    const config = await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/never`, events: 'INSERT' });
    const outbox = await outboxOf(s, tenant);
    await commitChanges(s, tenant, inserts(60));
    const ids = await leaseAll(s, tenant, 'health-test');
    const now = Date.now();
    // Far outside, just outside, just inside and well inside the window; durations across the buckets.
    const ages = [25 * HOUR, 24 * HOUR + 5 * 60_000, 24 * HOUR - 5 * 60_000, 12 * HOUR, HOUR, 0];
    const batch = ids.map((id, i) =>
      settlement(
        id,
        now - ages[i % ages.length],
        [3, 40, 180, 900, 2500, 12][i % 6] * (1 + (i % 4)),
        i % 3 ? 200 : 503,
      ),
    );
    // Two settles: the second adds to the counter rows the first wrote.
    expect((await settleBatch(s.db.pool, outbox, { workerId: 'health-test', batch: batch.slice(0, 25) })).size).toBe(
      25,
    );
    expect((await settleBatch(s.db.pool, outbox, { workerId: 'health-test', batch: batch.slice(25) })).size).toBe(35);
    // Settles by another worker (one whose lease ran out) count nothing.
    await settleBatch(s.db.pool, outbox, { workerId: 'not-the-holder', batch: batch.slice(0, 5) });

    const health = await s.webhooks.health(adminOf(tenant), config.id);
    const exact = await countedDirectly(s, tenant, config.id);
    expect(exact.attempts).toBe(40);
    expect(health.attempts24h).toBe(exact.attempts);
    expect(health.failures24h).toBe(exact.failures);
    expect(health.failures24h).toBeGreaterThan(0);
    expectWithinOneBucket(health.p95DurationMs24h, exact.p95);

    // The retention pass deletes the minutes older than 25 hours, and keeps the window's.
    const { rows: before } = await s.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${outbox.health}`);
    // With the outbox kept forever (OUTBOX_RETENTION=0) too.
    await new RetentionCleanup({
      pool: s.db.pool,
      tenants: s.tenants,
      logger: s.logger,
      registry: s.metrics.registry,
      settings: { outboxMs: 0, triggerEventMs: 0, intervalMs: 60_000, tenantPrefix: tenant, vacuum: false },
    }).runOnce();
    const { rows: kept } = await s.db.pool.query<{ oldest: Date }>(
      `SELECT min(minute) AS oldest FROM ${outbox.health}`,
    );
    expect(kept[0].oldest.getTime()).toBeGreaterThan(now - 25 * HOUR);
    const { rows: after } = await s.db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${outbox.health}`);
    expect(after[0].n).toBeLessThan(before[0].n);
    expect(await s.webhooks.health(adminOf(tenant), config.id)).toEqual(health);
  });

  it('answers the numbers of real deliveries: successes, failures and their durations', async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    suite.receiver.react = (r) => {
      const n = Number(JSON.parse(r.body).data.id);
      return n % 4 === 0 ? { status: 503, delayMs: 150 } : { status: 204, delayMs: n % 2 ? 0 : 60 };
    };
    const config = await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/health`,
      events: 'INSERT',
      maxRetries: 0,
    });
    await commitChanges(s, tenant, inserts(40));
    const dispatcher = suite.startDispatcher();
    try {
      await eventually(
        async () =>
          (await outboxRows(s, tenant)).every((r) => r.status === 'DELIVERED' || r.status === 'DEAD')
            ? true
            : undefined,
        30_000,
        'every record settled',
      );
    } finally {
      await dispatcher.stop();
    }
    const health = await s.webhooks.health(adminOf(tenant), config.id);
    expect(health).toMatchObject({ circuit: 'CLOSED', attempts24h: 40, failures24h: 10 });
    const exact = await countedDirectly(s, tenant, config.id);
    expect(exact).toMatchObject({ attempts: 40, failures: 10 });
    // The slowest twentieth are the 503s after 150 ms.
    expect(exact.p95).toBeGreaterThanOrEqual(150);
    expectWithinOneBucket(health.p95DurationMs24h, exact.p95);
  });

  it("upgrades a tenant of schema version 6 with the last day's attempts already counted", async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    const config = await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/never`, events: 'INSERT' });
    const outbox = await outboxOf(s, tenant);
    await commitChanges(s, tenant, inserts(30));
    const ids = await leaseAll(s, tenant, 'upgrade-test');
    const now = Date.now();
    await settleBatch(s.db.pool, outbox, {
      workerId: 'upgrade-test',
      batch: ids.map((id, i) => settlement(id, now - (i % 3) * 13 * HOUR, 5 + i * 37, i % 5 ? 200 : 500)),
    });
    const exact = await countedDirectly(s, tenant, config.id);
    expect(exact.attempts).toBe(20);
    // The tenant as version 6 left it: no counters, nor anything a later version added.
    await s.db.pool.query(`DROP TABLE ${outbox.health}`);
    await s.db.pool.query(`DROP TABLE ${outbox.requestIds}`);
    await s.db.pool.query('DELETE FROM tenant_schema_migrations WHERE tenant_id = $1 AND version >= 7', [tenant]);
    const schemas = new TenantSchemas(s.db.pool);
    await schemas.ensure(tenant);
    const { rows: versions } = await s.db.pool.query<{ version: number }>(
      'SELECT max(version)::int AS version FROM tenant_schema_migrations WHERE tenant_id = $1',
      [tenant],
    );
    expect(versions[0].version).toBe(schemas.latestVersion);
    const health = await s.webhooks.health(adminOf(tenant), config.id);
    expect(health.attempts24h).toBe(exact.attempts);
    expect(health.failures24h).toBe(exact.failures);
    expectWithinOneBucket(health.p95DurationMs24h, exact.p95);
  });
});

/**
 * Health read benchmark: one configuration with BENCH_HEALTH_ATTEMPTS (100000) attempts spread
 * over the last 24 hours, settled through the dispatcher's own settle statement (so the attempt
 * log and the health counters are what deliveries leave), then `WebhookConfig.health` read
 * BENCH_HEALTH_READS (50) times: the median in ms per configuration. For comparison it also times
 * the scan of the attempts that health used before the counters (tenant schema 7).
 *
 *   node -r ./scripts/register.js bench/health.ts
 *
 * Needs a real PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres):
 * it creates a throw-away database there and drops it at the end.
 */
import 'reflect-metadata';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { writeOutboxRecords } from '../src/outbox/enqueue';
import { readWebhookHealth } from '../src/outbox/sql/read-webhook-health';
import { settleBatch, type Settlement } from '../src/outbox/sql/settle-batch';
import { tenantOutbox, type TenantOutbox } from '../src/outbox/sql/tenant-outbox';
import { startRuntime } from '../src/runtime';
import { median, now, withDatabase } from './support';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ATTEMPTS = Number(process.env.BENCH_HEALTH_ATTEMPTS ?? 100_000);
const READS = Number(process.env.BENCH_HEALTH_READS ?? 50);
const BATCH = 1000;
const TENANT = 'bench-health';

/** The scan health used before the counters: every attempt of the configuration in the last 24 hours. */
function scanText(outbox: TenantOutbox): string {
  return `SELECT count(*)::int AS attempts,
                 (count(*) FILTER (WHERE d.status_code IS NULL OR d.status_code NOT BETWEEN 200 AND 299))::int AS failures,
                 percentile_cont(0.95) WITHIN GROUP (ORDER BY d.duration_ms) AS p95
            FROM (SELECT d.status_code, d.duration_ms
                    FROM ${outbox.table} o JOIN ${outbox.attempts} d ON d.outbox_id = o.id
                   WHERE o.webhook_config_id = $1 AND d.started_at > now() - interval '24 hours'
                  UNION ALL
                  SELECT o.first_attempt_status_code, o.first_attempt_duration_ms
                    FROM ${outbox.table} o
                   WHERE o.webhook_config_id = $1 AND o.first_attempt_started_at > now() - interval '24 hours') d`;
}

async function timeMs(n: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = now();
    await run();
    times.push(now() - t);
  }
  return median(times);
}

async function main() {
  const dbName = `hookgate_bench_health_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: withDatabase(SERVER_URL, dbName),
    AUTH_JWT_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'warn',
    DISPATCHER: 'off',
  });
  const rt = await startRuntime(config, createLogger(config.logLevel));
  try {
    const s = rt.services;
    const ctx = { tenantId: TENANT, actor: 'bench', permissions: new Set(['tenant:admin']) };
    const webhook = await s.webhooks.create(ctx, {
      entityName: 'orders',
      events: 'INSERT',
      webhookUrl: 'http://127.0.0.1:9/never',
    });
    const schema = await s.tenants.ensure(TENANT);
    const outbox = tenantOutbox(TENANT, schema);
    const pool = s.db.pool;
    const started = Date.now();
    let settleMs = 0;
    for (let from = 0; from < ATTEMPTS; from += BATCH) {
      const n = Math.min(BATCH, ATTEMPTS - from);
      await s.db.transaction((client) =>
        writeOutboxRecords(client, {
          tenantId: TENANT,
          schema,
          entityName: 'orders',
          primaryKey: 'id',
          writeRequestId: 'bench',
          occurredAt: new Date(),
          changes: Array.from({ length: n }, (_, i) => ({
            operation: 'INSERT' as const,
            data: { id: from + i },
            previous: null,
          })),
        }),
      );
      const { rows } = await pool.query<{ id: string }>(
        `UPDATE ${outbox.table} SET locked_by = 'bench', locked_until = now() + interval '1 hour'
          WHERE status = 'PENDING' AND locked_by IS NULL RETURNING id`,
      );
      // Spread over the last 24 hours; durations mostly short with a slow tail; 5 % failures.
      const batch: Settlement[] = rows.map((r, i) => {
        const k = from + i;
        const failed = k % 20 === 0;
        return {
          id: String(r.id),
          transition: failed
            ? { status: 'DEAD', retryCount: 0, retryInSeconds: null, lastError: 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503' }
            : { status: 'DELIVERED', retryCount: 0, retryInSeconds: null, lastError: null },
          attempt: {
            startedAt: started - (k * 86_399_000) / ATTEMPTS - 1000,
            durationMs: Math.round(5 + 40 * Math.random() ** 4 * (k % 50 === 0 ? 100 : 1)),
            statusCode: failed ? 503 : 200,
            error: failed ? 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503' : null,
          },
        };
      });
      const t = now();
      await settleBatch(pool, outbox, { workerId: 'bench', batch });
      settleMs += now() - t;
    }
    await pool.query(`ANALYZE ${outbox.table}`);
    await pool.query(`ANALYZE ${outbox.attempts}`);
    await pool.query(`ANALYZE ${outbox.health}`);
    const health = await readWebhookHealth(pool, outbox, webhook.id);
    const scanned = (await pool.query(scanText(outbox), [webhook.id])).rows[0];
    const countersMs = await timeMs(READS, () => readWebhookHealth(pool, outbox, webhook.id));
    const scanMs = await timeMs(Math.min(READS, 20), () => pool.query(scanText(outbox), [webhook.id]));
    console.log(
      `health: ${ATTEMPTS} attempts in 24 h for one configuration; settled in batches of ${BATCH}: ` +
        `${(settleMs / (ATTEMPTS / BATCH)).toFixed(1)} ms per batch`,
    );
    console.log(
      `  counters: attempts24h=${health.attempts24h} failures24h=${health.failures24h} p95=${health.p95DurationMs24h} ms`,
    );
    console.log(
      `  scan:     attempts24h=${scanned.attempts} failures24h=${scanned.failures} p95=${Math.round(Number(scanned.p95))} ms`,
    );
    console.log(
      `  health read, median of ${READS}: ${countersMs.toFixed(2)} ms per configuration from the counters; ` +
        `the scan of the attempts: ${scanMs.toFixed(2)} ms`,
    );
  } finally {
    await rt.close();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});

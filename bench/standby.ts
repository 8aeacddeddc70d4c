/**
 * Analytics on a standby: delivery throughput while 10 batch metric queries run all the time, with
 * analytics on the primary and on a hot standby (ANALYTICS_DATABASE_URL), beside a run without
 * analytics.
 *
 *   .ci/standby start
 *   node -r ./scripts/register.js bench/standby.ts
 *
 * Needs a real PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres) and
 * a streaming standby of it (BENCH_STANDBY_URL, default .ci/standby's postgresql://postgres@127.0.0.1:5433/postgres).
 * It creates a throw-away database on the primary and drops it at the end. The receiver (204 to all)
 * runs in a child process. Settings: BENCH_ROWS (20000 deliveries per run), BENCH_TENANTS (4),
 * BENCH_ANALYTICS_ROWS (300000 rows the metrics read), BENCH_ONLY (runs, comma-separated:
 * none,primary,standby).
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import pg from 'pg';
import type { TenantContext } from '../src/auth/permissions';
import { loadConfig } from '../src/config';
import { quoteIdent } from '../src/db/sql';
import { Dispatcher } from '../src/dispatcher/dispatcher';
import { loadDispatcherSettings } from '../src/dispatcher/settings';
import { createDispatcherPool } from '../src/dispatcher/start';
import { createLogger } from '../src/logger';
import { writeOutboxRecords } from '../src/outbox/enqueue';
import { startRuntime, type Runtime } from '../src/runtime';
import { ReceiverProcess } from './dispatcher/receiver-process';
import { median, now, percentile, runBenchmark, sleep, withDatabase } from './support';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const STANDBY_URL = process.env.BENCH_STANDBY_URL ?? 'postgresql://postgres@127.0.0.1:5433/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const TENANTS = Number(process.env.BENCH_TENANTS ?? 4);
const ANALYTICS_ROWS = Number(process.env.BENCH_ANALYTICS_ROWS ?? 300_000);
const QUERIES = 10;
const SECRET = crypto.randomBytes(32).toString('hex');
const JWT_SECRET = crypto.randomBytes(32).toString('hex');
const ANALYTICS_TENANT = 'bench-analytics';
const METRICS = ['n', 'total', 'mean', 'low', 'high', 'regions', 'big', 'small', 'north', 'south'];

const ctxOf = (tenantId: string): TenantContext =>
  ({ tenantId, actor: 'bench', permissions: new Set(['tenant:admin']) }) as unknown as TenantContext;

/** The entity and metrics the analytics load reads; rows straight into the table. */
async function seedAnalytics(rt: Runtime): Promise<void> {
  const ctx = ctxOf(ANALYTICS_TENANT);
  const entity = await rt.services.entities.define(ctx, {
    name: 'sales',
    fields: [
      { name: 'id', type: 'INTEGER' },
      { name: 'region', type: 'STRING' },
      { name: 'amount', type: 'FLOAT' },
      { name: 'at', type: 'TIMESTAMP' },
    ],
    primaryKey: 'id',
    timeField: 'at',
  });
  const schema = await rt.services.tenants.ensure(ANALYTICS_TENANT);
  await rt.services.db.pool.query(
    `INSERT INTO ${quoteIdent(schema)}.${quoteIdent(entity.tableName)} (id, region, amount, at)
     SELECT g, (ARRAY['north','south','east','west'])[1 + g % 4], (g % 1000) / 10.0,
            timestamptz '2026-01-01' + (g % 90) * interval '1 day' + (g % 86400) * interval '1 second'
     FROM generate_series(1, $1::int) AS g`,
    [ANALYTICS_ROWS],
  );
  await rt.services.db.pool.query(`ANALYZE ${quoteIdent(schema)}.${quoteIdent(entity.tableName)}`);
  const defs: Array<Record<string, unknown>> = [
    { name: 'n', aggregation: 'COUNT' },
    { name: 'total', aggregation: 'SUM', field: 'amount' },
    { name: 'mean', aggregation: 'AVG', field: 'amount' },
    { name: 'low', aggregation: 'MIN', field: 'amount' },
    { name: 'high', aggregation: 'MAX', field: 'amount' },
    { name: 'regions', aggregation: 'COUNT_DISTINCT', field: 'region' },
    { name: 'big', aggregation: 'COUNT', filter: { field: 'amount', op: 'GT', value: 50 } },
    { name: 'small', aggregation: 'SUM', field: 'amount', filter: { field: 'amount', op: 'LT', value: 10 } },
    { name: 'north', aggregation: 'SUM', field: 'amount', filter: { field: 'region', op: 'EQ', value: 'north' } },
    { name: 'south', aggregation: 'AVG', field: 'amount', filter: { field: 'region', op: 'EQ', value: 'south' } },
  ];
  for (const d of defs) await rt.services.metricCatalog.define(ctx, { entity: 'sales', ...d });
}

async function seedDeliveries(rt: Runtime, prefix: string, receiverUrl: string) {
  const tenants = [];
  for (let i = 0; i < TENANTS; i++) {
    const id = `${prefix}-${i}`;
    const schema = await rt.services.tenants.ensure(id);
    await rt.services.webhooks.create(ctxOf(id), {
      entityName: 'orders',
      events: 'INSERT',
      webhookUrl: receiverUrl,
      secret: SECRET,
    });
    tenants.push({ id, schema });
  }
  const per = Math.ceil(ROWS / TENANTS);
  for (const t of tenants) {
    for (let i = 0; i < per; i += 1000) {
      await rt.services.db.transaction((client) =>
        writeOutboxRecords(client, {
          tenantId: t.id,
          schema: t.schema,
          entityName: 'orders',
          primaryKey: 'seq',
          writeRequestId: 'bench',
          occurredAt: new Date(),
          changes: Array.from({ length: Math.min(1000, per - i) }, (_, k) => ({
            operation: 'INSERT' as const,
            data: { seq: i + k, total: 42.5, note: 'x'.repeat(200) },
            previous: null,
          })),
        }),
      );
    }
  }
  return tenants;
}

async function delivered(pool: pg.Pool, tenants: Array<{ schema: string }>): Promise<number> {
  let n = 0;
  for (const t of tenants) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${quoteIdent(t.schema)}.mutation_webhook_outbox WHERE status = 'DELIVERED'`,
    );
    n += rows[0].n;
  }
  return n;
}

/** Waits until the standby has replayed everything the primary has written so far. */
async function caughtUp(primary: pg.Pool, standby: pg.Pool): Promise<void> {
  const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
  for (;;) {
    // Until the standby has replayed CREATE DATABASE, connecting to the database fails.
    const ok = await standby
      .query<{ ok: boolean }>('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [rows[0].lsn])
      .then(
        (r) => r.rows[0].ok,
        () => false,
      );
    if (ok) return;
    await sleep(50);
  }
}

async function run(
  kind: 'none' | 'primary' | 'standby',
  rt: Runtime,
  analytics: Runtime,
  receiver: ReceiverProcess,
): Promise<string> {
  const tenants = await seedDeliveries(rt, `sb-${kind}`, receiver.url);
  await rt.services.db.pool.query('CHECKPOINT');
  await receiver.ask({ cmd: 'reset', track: false });
  let stop = false;
  const latencies: number[] = [];
  const loops =
    kind === 'none'
      ? []
      : Array.from({ length: QUERIES }, async () => {
          while (!stop) {
            const started = now();
            await analytics.services.analytics.batchMetricQuery(ctxOf(ANALYTICS_TENANT), METRICS, {
              dimensions: ['region'],
              time: { granularity: 'DAY' },
              limit: 10_000,
            });
            latencies.push(now() - started);
          }
        });
  // Let the analytics load settle before deliveries start.
  if (loops.length) await sleep(1_000);
  const settings = loadDispatcherSettings(process.env, false);
  const pool = createDispatcherPool(rt.config.databaseUrl, settings.poolSize, rt.services.logger);
  const d = new Dispatcher({
    pool,
    logger: rt.services.logger,
    registry: rt.services.metrics.registry,
    headerPrefix: rt.config.webhookHeaderPrefix,
    allowPrivateTargets: true,
    settings,
    listenUrl: rt.config.databaseUrl,
  });
  const started = now();
  d.start();
  for (;;) {
    const { count } = await receiver.ask<{ count: number }>({ cmd: 'count' });
    if (count >= ROWS && (await delivered(rt.services.db.pool, tenants)) >= ROWS) break;
    await sleep(50);
  }
  const seconds = (now() - started) / 1000;
  await d.stop();
  await pool.end();
  stop = true;
  await Promise.all(loops);
  const analyticsNote = latencies.length
    ? `; ${latencies.length} batches of ${METRICS.length} metrics, median ${Math.round(median(latencies))} ms, p95 ${Math.round(percentile(latencies, 0.95))} ms`
    : '';
  return `${kind.padEnd(8)} ${Math.round(ROWS / seconds)} deliveries/s (${seconds.toFixed(2)} s)${analyticsNote}`;
}

runBenchmark(async () => {
  const dbName = `hookgate_bench_standby_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${quoteIdent(dbName)}`);
  const url = withDatabase(SERVER_URL, dbName);
  const base = {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    AUTH_JWT_SECRET: JWT_SECRET,
    SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    DISPATCHER: 'off',
    DB_POOL_SIZE: '10',
  };
  const primaryPool = new pg.Pool({ connectionString: url, max: 1 });
  const standbyPool = new pg.Pool({ connectionString: withDatabase(STANDBY_URL, dbName), max: 1 });
  const receiver = await ReceiverProcess.start();
  const runtimes: Runtime[] = [];
  try {
    const rt = await startRuntime(loadConfig(base), createLogger('silent'));
    runtimes.push(rt);
    // Same database, analytics on the standby: a second process as a deployment would run it.
    const onStandby = await startRuntime(
      loadConfig({ ...base, ANALYTICS_DATABASE_URL: withDatabase(STANDBY_URL, dbName) }),
      createLogger('silent'),
    );
    runtimes.push(onStandby);
    await seedAnalytics(rt);
    await caughtUp(primaryPool, standbyPool);
    console.log(
      `analytics on a standby: ${ROWS} deliveries over ${TENANTS} tenants while ${QUERIES} batch metric queries ` +
        `(${METRICS.length} metrics by region and day over ${ANALYTICS_ROWS} rows) run without pause`,
    );
    const kinds = (process.env.BENCH_ONLY ?? 'none,primary,standby').split(',') as Array<
      'none' | 'primary' | 'standby'
    >;
    for (const kind of kinds) {
      console.log('  ' + (await run(kind, rt, kind === 'standby' ? onStandby : rt, receiver)));
    }
  } finally {
    receiver.stop();
    for (const rt of runtimes) await rt.close();
    await primaryPool.end();
    await standbyPool.end();
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(dbName)} WITH (FORCE)`);
    await admin.end();
  }
});

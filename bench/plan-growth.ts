/**
 * The plan-growth line: what the dispatcher's claim and settle cost per record
 * with a tenant's outbox at 1,000 rows and at 200,000 rows, in the same long-lived process and on
 * the same database connection (the dispatcher's session settings, its prepared statements made
 * while the tenant's outbox was empty, as for a new tenant). Goal: ratio <= 1.5x.
 *
 *   node -r ./scripts/register.js bench/plan-growth.ts
 *
 * Settings: BENCH_SMALL_ROWS (1000), BENCH_LARGE_ROWS (200000), BENCH_PASSES (10, each inserts 100
 * due records, then claims and settles them), BENCH_REPEATS (3, small and large alternate on
 * tenants of their own; the large tenant keeps its statements from when it was empty).
 * DATABASE_URL (default the local PostgreSQL): a throw-away database is created there and dropped.
 * No ANALYZE or VACUUM runs in between (the machines' PostgreSQL runs without autovacuum).
 */
import 'reflect-metadata';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { claimDueRecords } from '../src/outbox/sql/claim-due-records';
import { settleBatch, type Settlement } from '../src/outbox/sql/settle-batch';
import { tenantOutbox } from '../src/outbox/sql/tenant-outbox';
import { createDispatcherPool } from '../src/dispatcher/start';
import { createLogger } from '../src/logger';
import { writeOutboxRecords } from '../src/outbox/enqueue';
import { startRuntime, type Runtime } from '../src/runtime';
import { median, processCpuSeconds, runBenchmark, withDatabase } from './support';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const SMALL = Number(process.env.BENCH_SMALL_ROWS ?? 1000);
const LARGE = Number(process.env.BENCH_LARGE_ROWS ?? 200_000);
const PASSES = Number(process.env.BENCH_PASSES ?? 10);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const BATCH = 100;

const now = () => performance.now();

const backendCpuMs = (pid: number) => processCpuSeconds(pid) * 1000;

interface Tenant {
  id: string;
  schema: string;
}

async function makeTenant(rt: Runtime, id: string): Promise<Tenant> {
  const schema = await rt.services.tenants.ensure(id);
  await rt.services.webhooks.create(
    { tenantId: id, actor: 'bench', permissions: new Set(['tenant:admin']) },
    { entityName: 'orders', events: 'INSERT', webhookUrl: 'http://127.0.0.1:9/hook' },
  );
  return { id, schema };
}

async function writeDue(rt: Runtime, t: Tenant, n: number): Promise<void> {
  for (let i = 0; i < n; i += 1000) {
    await rt.services.db.transaction((client) =>
      writeOutboxRecords(client, {
        tenantId: t.id,
        schema: t.schema,
        entityName: 'orders',
        writeRequestId: 'plan-growth',
        occurredAt: new Date(),
        changes: Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({
          operation: 'INSERT' as const,
          data: { seq: i + k, note: 'x'.repeat(200) },
          previous: null,
        })),
      }),
    );
  }
}

/** Delivered history: what a busy tenant's outbox holds after a while (copies of a settled row). */
async function addHistory(rt: Runtime, t: Tenant, n: number): Promise<void> {
  await rt.services.db.pool.query(
    `INSERT INTO "${t.schema}".mutation_webhook_outbox
            (tenant_id, entity_name, operation, request_id, webhook_config_id, payload_json, max_retries, status,
             next_retry_at, attempt_count, delivered_at)
     SELECT tenant_id, entity_name, operation, gen_random_uuid(), webhook_config_id, payload_json, max_retries,
            'DELIVERED', next_retry_at - interval '1 day', 1, now()
       FROM "${t.schema}".mutation_webhook_outbox, generate_series(1, $1) g
      WHERE id = (SELECT min(id) FROM "${t.schema}".mutation_webhook_outbox)`,
    [n],
  );
}

interface PassCost {
  claimMs: number;
  settleMs: number;
  cpuMs: number;
  records: number;
}

/** PASSES times: 100 new due records (not timed), then claim them and settle them as delivered. */
async function measure(rt: Runtime, pool: pg.Pool, pid: number, t: Tenant): Promise<PassCost> {
  const claims: number[] = [];
  const settles: number[] = [];
  let cpu = 0;
  let records = 0;
  for (let p = 0; p < PASSES; p++) {
    await writeDue(rt, t, BATCH);
    const cpu0 = backendCpuMs(pid);
    const t0 = now();
    const { records: claimed } = await claimDueRecords(pool, tenantOutbox(t.id, t.schema), {
      workerId: 'plan-growth',
      limit: BATCH,
      leaseMs: 30_000,
    });
    const t1 = now();
    const settled: Settlement[] = claimed.map((r) => ({
      id: r.id,
      transition: { status: 'DELIVERED', retryCount: r.retryCount, retryInSeconds: null, lastError: null },
      attempt: { startedAt: Date.now(), durationMs: 1, statusCode: 204, error: null },
    }));
    await settleBatch(pool, tenantOutbox(t.id, t.schema), { workerId: 'plan-growth', batch: settled });
    const t2 = now();
    cpu += backendCpuMs(pid) - cpu0;
    records += claimed.length;
    claims.push((t1 - t0) / Math.max(1, claimed.length));
    settles.push((t2 - t1) / Math.max(1, claimed.length));
  }
  return { claimMs: median(claims), settleMs: median(settles), cpuMs: cpu / records, records };
}

async function seqScans(rt: Runtime, t: Tenant): Promise<number> {
  const { rows } = await rt.services.db.pool.query<{ n: number }>(
    `SELECT seq_scan::int AS n FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = 'mutation_webhook_outbox'`,
    [t.schema],
  );
  return rows[0]?.n ?? 0;
}

/** The plans the dispatcher's connection keeps for this tenant's claim and settle. */
async function keptPlans(pool: pg.Pool, t: Tenant): Promise<string> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ name: string; statement: string }>(
      `SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE $1`,
      [`%"${t.schema}"%`],
    );
    const out: string[] = [];
    for (const s of rows) {
      const claim = s.statement.includes('SKIP LOCKED');
      const params = claim
        ? // The claim's four parameters (claim-due-records.ts): tenant, worker, lease, configurations left out.
          `'${t.id}', 'explain', 30000, '{}'`
        : // The settle's eleven parameters (settle-batch.ts): worker, then one array per column of a settlement.
          `'explain', '{0}', '{DELIVERED}', '{0}', '{NULL}', '{NULL}', '{0}', '{0}', '{NULL}', '{NULL}', '{NULL}'`;
      await client.query('BEGIN');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) EXECUTE ${s.name}(${params})`,
      );
      await client.query('ROLLBACK');
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      const scans = lines
        .filter((l) => /Scan on mutation_webhook_outbox|Scan using \S+ on mutation_webhook_outbox/.test(l))
        .map((l) =>
          l
            .trim()
            .replace(/^->\s*/, '')
            .replace(/\s*\(actual.*$/, ''),
        );
      const buffers = lines.find((l) => /Buffers/.test(l))?.trim() ?? '';
      out.push(`${claim ? 'claim' : 'settle'}: ${scans.join(' + ')} (${buffers})`);
    }
    return out.sort().join('; ');
  } finally {
    client.release();
  }
}

async function main(): Promise<void> {
  const dbName = `hookgate_bench_plan_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: withDatabase(SERVER_URL, dbName),
    AUTH_JWT_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'warn',
  });
  const rt = await startRuntime(config, createLogger('warn'));
  // One connection, as a dispatcher's busiest connection: it keeps its statements for its life.
  const pool = createDispatcherPool(config.databaseUrl, 1, rt.services.logger);
  try {
    const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const pid = rows[0].pid;
    const ratios: number[] = [];
    for (let r = 1; r <= REPEATS; r++) {
      const results: Record<'small' | 'large', PassCost> = {} as never;
      for (const size of ['small', 'large'] as const) {
        const t = await makeTenant(rt, `plan-${r}-${size}`);
        // A new tenant: the connection's first claim and settle of it see an empty outbox.
        await measureEmpty(pool, t);
        await writeDue(rt, t, 100);
        // Sized so that the passes run around the target size: it grows by PASSES × 100 while measured.
        await addHistory(rt, t, Math.max(0, (size === 'small' ? SMALL : LARGE) - 100 - (PASSES * BATCH) / 2));
        const { rows: c } = await rt.services.db.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${t.schema}".mutation_webhook_outbox`,
        );
        const scans0 = await seqScans(rt, t);
        results[size] = await measure(rt, pool, pid, t);
        const scans = (await seqScans(rt, t)) - scans0;
        const res = results[size];
        console.log(
          `  repeat ${r} ${size.padEnd(5)} outbox ${c[0].n}→${c[0].n + PASSES * BATCH} rows: claim ${res.claimMs.toFixed(4)} ms/record, settle ${res.settleMs.toFixed(4)} ms/record, backend CPU ${res.cpuMs.toFixed(4)} ms/record, sequential scans of the outbox ${scans}`,
        );
        console.log(`      kept plans: ${await keptPlans(pool, t)}`);
      }
      const ratio = (results.large.claimMs + results.large.settleMs) / (results.small.claimMs + results.small.settleMs);
      ratios.push(ratio);
      console.log(
        `  repeat ${r}: claim + settle per record, ${LARGE} / ${SMALL} rows: ${ratio.toFixed(2)}x (claim ${(results.large.claimMs / results.small.claimMs).toFixed(2)}x, settle ${(results.large.settleMs / results.small.settleMs).toFixed(2)}x; backend CPU ${(results.large.cpuMs / results.small.cpuMs).toFixed(2)}x)`,
      );
    }
    console.log(
      `plan growth: claim + settle per record at ${LARGE} rows / at ${SMALL} rows, same connection: ${ratios.map((x) => x.toFixed(2)).join(' ')} (median ${median(ratios).toFixed(2)}x; goal <= 1.5x)`,
    );
  } finally {
    await pool.end();
    await rt.close();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

/** The first claim and settle of a tenant whose outbox is empty: they prepare the statements. */
async function measureEmpty(pool: pg.Pool, t: Tenant): Promise<void> {
  const outbox = tenantOutbox(t.id, t.schema);
  await claimDueRecords(pool, outbox, { workerId: 'plan-growth', limit: BATCH, leaseMs: 30_000 });
  await settleBatch(pool, outbox, {
    workerId: 'plan-growth',
    batch: [
      {
        id: '0',
        transition: { status: 'DELIVERED', retryCount: 0, retryInSeconds: null, lastError: null },
        attempt: { startedAt: Date.now(), durationMs: 0, statusCode: 204, error: null },
      },
    ],
  });
}

runBenchmark(main);

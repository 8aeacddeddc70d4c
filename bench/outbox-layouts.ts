/**
 * What the outbox's physical layout costs PostgreSQL per delivery: fill factor, and
 * whether the claim can be a HOT update. One connection, no HTTP, so the numbers are PostgreSQL's
 * work alone: BENCH_ROWS records of ~1 KB inserted in transactions of 100, then claimed 100 at a
 * time and settled as delivered, two claimed batches held at once (as a dispatcher holds its
 * batches in flight). The claim and settle change the columns the product's do; they leave out
 * the configuration join and the attempt log, which are the same for every layout.
 *
 *   node -r ./scripts/register.js bench/outbox-layouts.ts
 *
 * Settings: BENCH_ROWS (20000), BENCH_ROUNDS (3), BENCH_LAYOUTS (all of LAYOUTS below, comma-separated).
 * DATABASE_URL (default the local PostgreSQL) is the server; the run gets a database of its own,
 * dropped after. CPU is read from /proc of the run's backend, so the server must be on this machine.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { qualified, quoteIdent } from '../src/db/sql';
import { readTenantDdl, tenantDdlSql } from '../src/db/tenant-schema';
import { CLAIMABLE, DUE_STATUS } from '../src/outbox/sql/fragments';
import { median, processCpuSeconds, runBenchmark, withDatabase } from './support';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCH = 100;
const PAYLOAD = JSON.stringify({ entity: 'orders', data: 'x'.repeat(1000) });
/** The schema the product's tenant DDL is applied to, as if it were a tenant's. */
const SCHEMA = 'bench_outbox';
const TABLE = qualified(SCHEMA, 'mutation_webhook_outbox');

interface Layout {
  /** Table fill factor (100: PostgreSQL's default, the product's). */
  fillfactor: number;
  /**
   * false: the product's indexes (the due indexes leave leased records out, and a lease index).
   * true: the claim touches no indexed column, so it can be a HOT update when its page has room:
   * the due indexes keep leased records and no index covers the lease; the claim steps over
   * leased records and takes those whose lease ran out.
   */
  hotClaim: boolean;
}

const LAYOUTS: Record<string, Layout> = {
  product: { fillfactor: 100, hotClaim: false },
  'product-ff70': { fillfactor: 70, hotClaim: false },
  'product-ff40': { fillfactor: 40, hotClaim: false },
  'hot-claim-ff60': { fillfactor: 60, hotClaim: true },
  'hot-claim-ff40': { fillfactor: 40, hotClaim: true },
};
const CHOSEN = (process.env.BENCH_LAYOUTS ?? Object.keys(LAYOUTS).join(',')).split(',');
const unknown = CHOSEN.filter((name) => !LAYOUTS[name]);
if (unknown.length > 0) {
  console.error(`BENCH_LAYOUTS: unknown ${unknown.join(', ')}; known: ${Object.keys(LAYOUTS).join(', ')}`);
  process.exit(2);
}

/**
 * A tenant's tables as the product creates them (prisma/tenant/*.sql), then changed as the layout
 * says: its fill factor, and for a HOT-able claim, due indexes that keep leased records and no
 * lease index.
 */
async function createOutbox(db: pg.Client, layout: Layout): Promise<void> {
  await db.query(`DROP SCHEMA IF EXISTS ${quoteIdent(SCHEMA)} CASCADE`);
  await db.query(`CREATE SCHEMA ${quoteIdent(SCHEMA)}`);
  for (const step of readTenantDdl()) await db.query(tenantDdlSql(step, SCHEMA));
  await db.query(`ALTER TABLE ${TABLE} SET (fillfactor = ${layout.fillfactor})`);
  if (!layout.hotClaim) return;
  for (const index of ['lease_idx', 'due_idx', 'config_due_idx'])
    await db.query(`DROP INDEX ${qualified(SCHEMA, `mutation_webhook_outbox_${index}`)}`);
  await db.query(`CREATE INDEX ON ${TABLE} (next_retry_at, id) WHERE ${DUE_STATUS}`);
  await db.query(`CREATE INDEX ON ${TABLE} (webhook_config_id, next_retry_at, id) WHERE ${DUE_STATUS}`);
}

interface Reading {
  cpuSeconds: number;
  walBytes: number;
}

async function reading(db: pg.Client, backendPid: number): Promise<Reading> {
  const { rows } = await db.query<{ wal: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS wal`);
  return { cpuSeconds: processCpuSeconds(backendPid), walBytes: Number(rows[0].wal) };
}

interface Result {
  insertUs: number;
  insertWal: number;
  cycleUs: number;
  cycleWal: number;
  /** Share of the claims and settles that were HOT updates. */
  hotShare: number;
  /** Buffers the claim's walk of the due index read, halfway through. */
  claimBuffers: number;
  megabytes: number;
  /** Pages holding the delivered records at the end: what their history occupies until retention deletes it. */
  historyMegabytes: number;
}

/** The summary table's columns: medians of the rounds. */
const COLUMNS: Array<{ title: string; digits: number; value: (r: Result) => number }> = [
  { title: 'insert µs', digits: 1, value: (r) => r.insertUs },
  { title: 'insert WAL B', digits: 0, value: (r) => r.insertWal },
  { title: 'claim+settle µs', digits: 1, value: (r) => r.cycleUs },
  { title: 'claim+settle WAL B', digits: 0, value: (r) => r.cycleWal },
  { title: 'HOT updates %', digits: 0, value: (r) => r.hotShare * 100 },
  { title: 'claim walk buffers', digits: 0, value: (r) => r.claimBuffers },
  { title: 'table MB', digits: 0, value: (r) => r.megabytes },
  { title: 'history MB', digits: 0, value: (r) => r.historyMegabytes },
];

async function runLayout(db: pg.Client, backendPid: number, name: string): Promise<Result> {
  const layout = LAYOUTS[name];
  await createOutbox(db, layout);
  await db.query('CHECKPOINT');
  const configId = crypto.randomUUID();
  const start = await reading(db, backendPid);
  for (let i = 0; i < ROWS; i += BATCH) {
    await db.query({
      name: `insert-${name}`,
      text: `INSERT INTO ${TABLE} (tenant_id, entity_name, operation, request_id, webhook_config_id, payload_json, max_retries, record_key)
             SELECT 'bench', 'orders', 'INSERT', gen_random_uuid(), $1, $2, 5, g::text FROM generate_series(1, ${BATCH}) g`,
      values: [configId, PAYLOAD],
    });
  }
  const inserted = await reading(db, backendPid);
  const claimable = layout.hotClaim ? `${DUE_STATUS} AND (locked_by IS NULL OR locked_until < now())` : CLAIMABLE;
  const due = `SELECT id FROM ${TABLE} WHERE ${claimable} AND next_retry_at <= now()
                ORDER BY next_retry_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`;
  const held: string[][] = [];
  let settled = 0;
  let claimBuffers = NaN;
  for (;;) {
    const { rows } = await db.query<{ id: string }>({
      name: `claim-${name}`,
      text: `UPDATE ${TABLE} o SET locked_by = 'bench', locked_until = now() + interval '30 seconds'
               FROM (${due}) d WHERE o.id = d.id
             RETURNING o.id, o.request_id, o.payload_json, o.retry_count, o.max_retries, o.webhook_config_id`,
    });
    if (rows.length > 0) held.push(rows.map((r) => r.id));
    if (held.length <= 2 && rows.length > 0) continue;
    const batch = held.shift();
    if (!batch) break;
    await db.query({
      name: `settle-${name}`,
      text: `UPDATE ${TABLE} SET status = 'DELIVERED', delivered_at = now(), attempt_count = attempt_count + 1,
                    first_attempt_started_at = now(), first_attempt_duration_ms = 1, first_attempt_status_code = 204,
                    locked_by = NULL, locked_until = NULL, updated_at = now()
              WHERE id = ANY($1::bigint[]) AND locked_by = 'bench'`,
      values: [batch],
    });
    settled += batch.length;
    if (Number.isNaN(claimBuffers) && settled >= ROWS / 2) claimBuffers = await dueWalkBuffers(db, due);
  }
  const done = await reading(db, backendPid);
  await db.query('SELECT pg_stat_force_next_flush()');
  const { rows: stats } = await db.query<{ upd: string; hot: string; bytes: string }>(
    `SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot, pg_relation_size(relid) AS bytes
       FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = 'mutation_webhook_outbox'`,
    [SCHEMA],
  );
  if (settled !== ROWS) throw new Error(`${name}: settled ${settled} of ${ROWS}`);
  const { rows: pages } = await db.query<{ pages: string }>(
    `SELECT count(DISTINCT (ctid::text::point)[0]) AS pages FROM ${TABLE}`,
  );
  return {
    insertUs: ((inserted.cpuSeconds - start.cpuSeconds) * 1e6) / ROWS,
    insertWal: (inserted.walBytes - start.walBytes) / ROWS,
    cycleUs: ((done.cpuSeconds - inserted.cpuSeconds) * 1e6) / ROWS,
    cycleWal: (done.walBytes - inserted.walBytes) / ROWS,
    hotShare: Number(stats[0].hot) / Number(stats[0].upd),
    claimBuffers,
    megabytes: Number(stats[0].bytes) / 1e6,
    historyMegabytes: (Number(pages[0].pages) * 8192) / 1e6,
  };
}

/** Shared buffers one claim's walk of the due index reads (in a transaction rolled back: nothing is locked after). */
async function dueWalkBuffers(db: pg.Client, due: string): Promise<number> {
  await db.query('BEGIN');
  try {
    const { rows } = await db.query<{
      'QUERY PLAN': Array<{ Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }>;
    }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${due}`);
    const plan = rows[0]['QUERY PLAN'][0].Plan;
    return plan['Shared Hit Blocks'] + plan['Shared Read Blocks'];
  } finally {
    await db.query('ROLLBACK');
  }
}

async function main(): Promise<void> {
  const database = `hookgate_layouts_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${quoteIdent(database)}`);
  const db = new pg.Client({ connectionString: withDatabase(SERVER_URL, database) });
  try {
    await db.connect();
    const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const results = new Map<string, Result[]>(CHOSEN.map((n) => [n, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const name of CHOSEN) {
        const r = await runLayout(db, rows[0].pid, name);
        results.get(name)!.push(r);
        const values = COLUMNS.map((c) => `${c.title} ${c.value(r).toFixed(c.digits)}`);
        console.log(`  round ${round} ${name.padEnd(15)} ${values.join('; ')}`);
      }
    }
    console.log(
      `\n${ROWS} records of ${PAYLOAD.length} B, ${ROUNDS} rounds, medians; per record: backend CPU and WAL\n`,
    );
    console.log(`| ${'layout'.padEnd(15)} | ${COLUMNS.map((c) => c.title).join(' | ')} |`);
    console.log(`|-${'-'.repeat(15)}-|-${COLUMNS.map((c) => '-'.repeat(c.title.length)).join('-|-')}-|`);
    for (const [name, rs] of results) {
      const cells = COLUMNS.map((c) => median(rs.map(c.value)).toFixed(c.digits).padStart(c.title.length));
      console.log(`| ${name.padEnd(15)} | ${cells.join(' | ')} |`);
    }
  } finally {
    await db.end().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    await admin.end();
  }
}

runBenchmark(main);

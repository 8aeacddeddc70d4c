/**
 * Hookgate against its peers: the same deliveries through Hookgate's dispatcher,
 * graphile-worker and pg-boss, side by side on one PostgreSQL, in interleaved rounds.
 *
 *   node -r ./scripts/register.js bench/peers.ts [throughput] [latency] [internet] [internet-faults]
 *
 * Settings: BENCH_ROUNDS (3), BENCH_QUEUED (20000), BENCH_SECONDS (60), BENCH_RATE (500),
 * BENCH_WARMUP_SECONDS (5), BENCH_WINDOW_SECONDS (10), BENCH_TENANTS (10, Hookgate's tenants;
 * the peers use one queue), BENCH_SYSTEMS (hookgate,graphile-worker,pg-boss; also floor: the least an
 * outbox consumer does, see bench/peers/consumer.ts, and floor-minimal: the same loop on outboxes
 * stripped to the primary key and the due index (and the product indexes BENCH_MINIMAL_KEEP names);
 * floor-locked: the floor claiming with a row lock held by an open transaction instead of a lease,
 * one write per delivery; floor-streamed: the floor sending each record as a request in flight
 * ends rather than batch by batch; floor also runs the latency workload, woken by NOTIFY as
 * Hookgate is, floor-streamed the queued ones, the other two throughput only), BENCH_TRACE (1: per
 * window, Hookgate's table statistics and the plans of its claim and settle; for the queued
 * workloads the requests in flight every 250 ms and each consumer's event-loop delay). DATABASE_URL
 * (default the local PostgreSQL) is the server: every run gets a database of its own, dropped after.
 *
 * Same for all three: one receiver process answering 204 (bench/dispatcher/receiver.ts); the same
 * ~1 KB JSON body; headers with a `v1=` base64 HMAC-SHA256 over `<ts>.<body>`; a 3 s timeout; the
 * peers send with undici `request()` over as many connections as they keep requests in flight (at
 * least 64), Hookgate and the floors through Hookgate's own HTTP client; writers that insert an
 * entity row and enqueue in one transaction; a consumer in a child process of its own
 * (bench/peers/consumer.ts, run compiled: see compileConsumer). Fair terms: the peers' worker connections
 * commit with synchronous_commit=off as Hookgate's dispatcher does, graphile-worker completes in
 * batches (completeJobBatchDelay 0) from a localQueue of 128, pg-boss fetches batches of 100 with
 * localConcurrency 2; each peer's concurrency is swept (BENCH_SWEEP=1, or BENCH_SYSTEMS with
 * settings: see Variant), the order rotates per round, and each number is printed with the
 * settings the consumer reported.
 *
 * - internet, internet-faults: as throughput, to endpoints that answer after BENCH_DELAY_MS (200)
 *   ± BENCH_JITTER (0.5, uniform); -faults adds BENCH_FAIL (0.01) answered 503 and BENCH_HANG
 *   (0.005) never answered; timed until every record had its first attempt. Also requests in
 *   flight at the receiver (max, median) and the consumer's peak RSS.
 *
 * - throughput: BENCH_QUEUED deliveries queued (transactions of 100), VACUUM ANALYZE, CHECKPOINT,
 *   then the consumer starts; time until the receiver has them all.
 * - latency: the consumer runs; BENCH_WARMUP_SECONDS of writes (not judged), then BENCH_SECONDS at
 *   BENCH_RATE changes/s, each its own transaction; latency from the writer sending COMMIT to the
 *   request's arrival at the receiver, per BENCH_WINDOW_SECONDS window and for the whole run.
 *
 * CPU: of the consumer process and of the writers' process (this one), from /proc and
 * process.cpuUsage(); of PostgreSQL's backends, from /proc/<pid>/stat of every backend of the run's
 * database (found in pg_stat_activity every second), split into the writers' and the consumer's.
 */
import 'reflect-metadata';
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import ts from 'typescript';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { writeOutboxRecords, type EntityChange } from '../src/outbox/enqueue';
import { startRuntime, type Runtime } from '../src/runtime';
import { claimDueRecords } from '../src/outbox/sql/claim-due-records';
import { createDispatcherPool } from '../src/dispatcher/start';
import { settleBatch } from '../src/outbox/sql/settle-batch';
import { tenantOutbox } from '../src/outbox/sql/tenant-outbox';
import { qualified } from '../src/db/sql';
import { median, now, paced, percentile, processCpuSeconds, runBenchmark, sleep, withDatabase } from './support';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const QUEUED = Number(process.env.BENCH_QUEUED ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 10);
const TENANTS = Number(process.env.BENCH_TENANTS ?? 10);
const TRACE = process.env.BENCH_TRACE === '1';
const SWEEP = process.env.BENCH_SWEEP === '1';
/** Internet-latency endpoints: each answer after BENCH_DELAY_MS ± BENCH_JITTER (a fraction, uniform). */
const DELAY_MS = Number(process.env.BENCH_DELAY_MS ?? 200);
const JITTER = Number(process.env.BENCH_JITTER ?? 0.5);
/** internet-faults: these shares of the requests get a 503, or no answer until the sender's 3 s timeout. */
const FAIL = Number(process.env.BENCH_FAIL ?? 0.01);
const HANG = Number(process.env.BENCH_HANG ?? 0.005);
/** hookgate@slow=N: how long the slow tenant's endpoint takes to answer. */
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 10_000);
const SECRET = crypto.randomBytes(32).toString('hex');
/** Makes every body ~1 KB, Hookgate's envelope included. */
const NOTE = 'x'.repeat(600);
/** Backends of the writers' pools; every other backend of a run's database but this script's own is the consumer's. */
const WRITER_NAMES = ['hookgate', 'bench-writer'];

type System =
  'hookgate' | 'floor' | 'floor-minimal' | 'floor-locked' | 'floor-streamed' | 'graphile-worker' | 'pg-boss';

/**
 * What `floor-minimal` drops from each tenant's outbox: everything but the primary key and the due
 * index the claim walks. These serve the product (leases, listings by configuration, retention,
 * controlled claims, ordering per key), not the floor's loop.
 */
const PRODUCT_INDEXES = [
  'mutation_webhook_outbox_lease_idx',
  'mutation_webhook_outbox_config_idx',
  'mutation_webhook_outbox_finished_idx',
  'mutation_webhook_outbox_config_due_idx',
  'mutation_webhook_outbox_key_due_idx',
];

/**
 * BENCH_MINIMAL_KEEP: product indexes that `floor-minimal` keeps, comma-separated: what one index
 * costs a delivery is floor-minimal with it against without it.
 */
const MINIMAL_KEEPS = new Set((process.env.BENCH_MINIMAL_KEEP ?? '').split(',').filter((n) => n !== ''));
for (const name of MINIMAL_KEEPS)
  if (!PRODUCT_INDEXES.includes(name))
    throw new Error(`BENCH_MINIMAL_KEEP: ${name} is not one of ${PRODUCT_INDEXES.join(', ')}`);

/**
 * throughput: a loopback receiver answering at once; internet: BENCH_QUEUED queued as for
 * throughput, to endpoints answering after 200 ms ± 50 %; internet-faults: the same with 1 % 503
 * and 0.5 % never answered; latency: changes at a steady rate.
 */
type Workload = 'throughput' | 'latency' | 'internet' | 'internet-faults';
const WORKLOADS: Workload[] = ['throughput', 'latency', 'internet', 'internet-faults'];
/** Workloads that queue BENCH_QUEUED deliveries first and time how long they take. */
const isQueued = (w: Workload) => w !== 'latency';

/**
 * One system with some settings of its own: BENCH_SYSTEMS names them as `system` or
 * `system@key=value+key=value` (hookgate: concurrency, tenant, batch, pool; graphile-worker: concurrency,
 * pool, localQueue, completeDelay; pg-boss: batch, local; any: connections, the peer's HTTP
 * connections). BENCH_SWEEP=1 runs each peer named without settings at every setting of SWEEPS.
 */
interface Variant {
  system: System;
  label: string;
  env: Record<string, string>;
  /** hookgate@slow=N: N more records queued for one more tenant, whose endpoint answers after BENCH_SLOW_MS. */
  slow: number;
}

const SETTING_ENV: Record<string, string> = {
  'hookgate.concurrency': 'DISPATCHER_CONCURRENCY',
  'hookgate.tenant': 'DISPATCHER_TENANT_CONCURRENCY',
  'hookgate.batch': 'DISPATCHER_BATCH_SIZE',
  'hookgate.pool': 'DISPATCHER_DB_POOL_SIZE',
  'hookgate.heapGrowth': 'HEAP_GROWING_PERCENT',
  'floor-streamed.inflight': 'FLOOR_IN_FLIGHT',
  'floor-streamed.loops': 'FLOOR_LOOPS',
  'graphile-worker.concurrency': 'GW_CONCURRENCY',
  'graphile-worker.pool': 'GW_POOL',
  'graphile-worker.localQueue': 'GW_LOCAL_QUEUE',
  'graphile-worker.completeDelay': 'GW_COMPLETE_BATCH_DELAY',
  'pg-boss.batch': 'PGBOSS_BATCH',
  'pg-boss.local': 'PGBOSS_LOCAL_CONCURRENCY',
};

/** Each peer's concurrency sweep (BENCH_SWEEP=1): from its documented default to as wide as it goes on this machine. */
const SWEEPS: Partial<Record<System, string[]>> = {
  'graphile-worker': ['concurrency=64', 'concurrency=256', 'concurrency=1000'],
  'pg-boss': ['batch=100+local=2', 'batch=250+local=4', 'batch=500+local=4'],
};

function variant(spec: string): Variant {
  const [system, settings] = spec.split('@') as [System, string | undefined];
  const env: Record<string, string> = {};
  let slow = 0;
  for (const pair of settings?.split('+') ?? []) {
    const [key, value] = pair.split('=');
    if (system === 'hookgate' && key === 'slow') {
      slow = Number(value);
      continue;
    }
    const name = key === 'connections' ? 'PEER_CONNECTIONS' : SETTING_ENV[`${system}.${key}`];
    if (!name || value === undefined) throw new Error(`BENCH_SYSTEMS: ${system} has no setting ${key}`);
    env[name] = value;
  }
  return { system, label: spec, env, slow };
}

const VARIANTS: Variant[] = (process.env.BENCH_SYSTEMS ?? 'hookgate,graphile-worker,pg-boss')
  .split(',')
  .flatMap((spec) => {
    const sweep = SWEEPS[spec as System];
    return SWEEP && sweep ? sweep.map((s) => `${spec}@${s}`) : [spec];
  })
  .map(variant);

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const f3 = (x: number) => x.toFixed(3);

const ROOT = path.join(__dirname, '..');

/**
 * peers/consumer.ts as a deployment runs code: plain JavaScript under plain Node, with Hookgate's
 * modules from the build (`npm run build`, dist/) that `npm run dispatcher` starts. The TypeScript
 * loader the tests and scripts use holds tens of MB in every process by itself, which is no part
 * of any system measured. Made once per run, after building dist/ if it is stale.
 */
function compileConsumer(): string {
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.js')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`building dist/ failed (exit ${built.status})`);
  const source = readFileSync(path.join(__dirname, 'peers/consumer.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  const fromSources = /require\((["'])\.\.\/\.\.\/src\//g;
  const js = outputText.replace(fromSources, (_, quote: string) => `require(${quote}${path.join(ROOT, 'dist')}/`);
  if (js.includes('../src/')) throw new Error('peers/consumer.ts imports sources this bench does not map to dist/');
  const dir = path.join(ROOT, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'bench-peers-consumer.js');
  writeFileSync(file, js);
  return file;
}

/** A child process of this script, spoken to over IPC. */
class Child {
  /** The child's first message (its port, or that it is ready). */
  first: unknown;

  constructor(readonly proc: ChildProcess) {}

  /** A child from a TypeScript file here, run under the TypeScript loader the scripts use. */
  static fork(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Child> {
    return Child.start(path.join(__dirname, file), ['-r', path.join(__dirname, '../scripts/register.js')], args, env);
  }

  static async start(file: string, loader: string[], args: string[], env: NodeJS.ProcessEnv): Promise<Child> {
    const proc = fork(file, args, {
      // BENCH_CHILD_NODE_ARGS (space-separated), e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the consumers.
      execArgv: [...loader, ...(process.env.BENCH_CHILD_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
      env,
    });
    const child = new Child(proc);
    child.first = await child.next();
    return child;
  }

  next<T>(): Promise<T> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number) => reject(new Error(`child exited with ${code}`));
      this.proc.once('exit', onExit);
      this.proc.once('message', (m) => {
        this.proc.off('exit', onExit);
        resolve(m as T);
      });
    });
  }

  ask<T>(msg: object): Promise<T> {
    const answer = this.next<T>();
    this.proc.send(msg);
    return answer;
  }
}

/**
 * CPU of the run database's backends: every second the backends are listed and their CPU read;
 * a backend seen first after `start` counts from zero (it was born during the run).
 */
class BackendCpu {
  private readonly base = new Map<number, number>();
  private readonly last = new Map<number, { cpu: number; role: 'writer' | 'consumer' | 'other' }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly admin: pg.Client,
    private readonly database: string,
    private readonly writerPids: Set<number>,
  ) {}

  private async sample(): Promise<void> {
    const { rows } = await this.admin.query<{ pid: number; application_name: string }>(
      `SELECT pid, application_name FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [this.database],
    );
    for (const r of rows) {
      const cpu = processCpuSeconds(r.pid);
      if (cpu === 0 && !this.last.has(r.pid)) continue;
      const role =
        this.writerPids.has(r.pid) || WRITER_NAMES.includes(r.application_name)
          ? 'writer'
          : r.application_name === 'bench-admin'
            ? 'other'
            : 'consumer';
      this.last.set(r.pid, { cpu: Math.max(cpu, this.last.get(r.pid)?.cpu ?? 0), role });
    }
  }

  async start(): Promise<void> {
    await this.sample();
    for (const [pid, v] of this.last) this.base.set(pid, v.cpu);
    this.timer = setInterval(() => void this.sample().catch(() => undefined), 1000);
  }

  async stop(): Promise<{ writer: number; consumer: number; other: number }> {
    clearInterval(this.timer);
    await this.sample();
    const out = { writer: 0, consumer: 0, other: 0 };
    for (const [pid, v] of this.last) out[v.role] += v.cpu - (this.base.get(pid) ?? 0);
    return out;
  }
}

interface Cpu {
  consumerNode: number;
  /** The receiver's process: the same for every system, and part of what the machine spends per delivery. */
  receiverNode: number;
  writerNode: number;
  pgConsumer: number;
  pgWriter: number;
}

class CpuMeter {
  private consumerBase = 0;
  private receiverBase = 0;
  private writerBase = process.cpuUsage();
  private backends: BackendCpu;

  constructor(
    admin: pg.Client,
    database: string,
    writerPids: Set<number>,
    private readonly consumerPid: number,
    private readonly receiverPid: number,
  ) {
    this.backends = new BackendCpu(admin, database, writerPids);
  }

  async start(): Promise<void> {
    await this.backends.start();
    this.consumerBase = processCpuSeconds(this.consumerPid);
    this.receiverBase = processCpuSeconds(this.receiverPid);
    this.writerBase = process.cpuUsage();
  }

  async stop(): Promise<Cpu> {
    const consumerNode = processCpuSeconds(this.consumerPid) - this.consumerBase;
    const receiverNode = processCpuSeconds(this.receiverPid) - this.receiverBase;
    const w = process.cpuUsage(this.writerBase);
    const pgCpu = await this.backends.stop();
    return {
      consumerNode,
      receiverNode,
      writerNode: (w.user + w.system) / 1e6,
      pgConsumer: pgCpu.consumer,
      pgWriter: pgCpu.writer,
    };
  }
}

interface Change {
  seq: number;
  requestId: string;
  body: string;
  data: Record<string, unknown>;
}

function change(seq: number, tenantId: string): Change {
  const requestId = crypto.randomUUID();
  const data = { seq, total: 42.5, customer: 'c-' + (seq % 977), note: NOTE };
  // The body Hookgate sends (src/outbox/enqueue.ts), so the peers send the same bytes' worth.
  const body = JSON.stringify({
    eventId: crypto.randomUUID(),
    tenantId,
    entityName: 'orders',
    operation: 'INSERT',
    requestId,
    writeRequestId: 'peers',
    occurredAt: new Date().toISOString(),
    data,
    previous: null,
  });
  return { seq, requestId, body, data };
}

/** One system's side of a run: its database, writers and consumer. */
interface Side {
  /** Writes `changes` (one entity row each) and enqueues their deliveries in one transaction. */
  write(client: pg.PoolClient, changes: Change[], onCommit?: () => void): Promise<void>;
  writers: pg.Pool;
  /** Deliveries still owed according to the system's own tables. */
  outstanding(): Promise<number>;
  close(): Promise<void>;
}

const ENTITY_TABLE = `CREATE TABLE bench_orders (id bigserial PRIMARY KEY, seq int NOT NULL, customer text NOT NULL,
                      total numeric NOT NULL, note text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`;
const INSERT_ENTITY = {
  name: 'bench_insert_orders',
  text: `INSERT INTO bench_orders (seq, customer, total, note)
         SELECT * FROM unnest($1::int[], $2::text[], $3::numeric[], $4::text[])`,
};

async function insertEntities(client: pg.PoolClient, changes: Change[]): Promise<void> {
  await client.query({
    ...INSERT_ENTITY,
    values: [
      changes.map((c) => c.seq),
      changes.map((c) => c.data.customer),
      changes.map((c) => c.data.total),
      changes.map((c) => c.data.note),
    ],
  });
}

async function transaction(client: pg.PoolClient, fn: () => Promise<void>, onCommit?: () => void): Promise<void> {
  await client.query('BEGIN');
  try {
    await fn();
    onCommit?.();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

function trackPids(pool: pg.Pool, pids: Set<number>): void {
  pool.on('connect', (client) => {
    const pid = (client as unknown as { processID: number | null }).processID;
    if (pid) pids.add(pid);
  });
}

/** Hookgate's writers, and the tenants whose outboxes they fill. */
type HookgateSide = Side & { rt: Runtime; tenants: Array<{ id: string; schema: string }> };

async function hookgateSide(
  url: string,
  receiverUrl: string,
  writerPids: Set<number>,
  slow: number,
): Promise<HookgateSide> {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url,
    AUTH_JWT_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '20',
  });
  const rt = await startRuntime(config, createLogger(config.logLevel));
  const pool = rt.services.db.pool;
  trackPids(pool, writerPids);
  await pool.query(ENTITY_TABLE);
  const tenants: HookgateSide['tenants'] = [];
  for (let i = 0; i < TENANTS; i++) {
    const id = `peers-${i}`;
    const schema = await rt.services.tenants.ensure(id);
    await rt.services.webhooks.create(
      { tenantId: id, actor: 'bench', permissions: new Set(['tenant:admin']) },
      { entityName: 'orders', events: 'INSERT', webhookUrl: receiverUrl, secret: SECRET },
    );
    tenants.push({ id, schema });
  }
  if (slow > 0) {
    // Not among `tenants`: the writers do not fill it, and it is not waited for.
    const id = 'peers-slow';
    const schema = await rt.services.tenants.ensure(id);
    await rt.services.webhooks.create(
      { tenantId: id, actor: 'bench', permissions: new Set(['tenant:admin']) },
      { entityName: 'orders', events: 'INSERT', webhookUrl: receiverUrl.replace(/\/hook$/, '/slow'), secret: SECRET },
    );
    const client = await pool.connect();
    try {
      for (let i = 0; i < slow; i += 100)
        await transaction(client, async () => {
          await writeOutboxRecords(client, {
            tenantId: id,
            schema,
            entityName: 'orders',
            writeRequestId: 'peers-slow',
            occurredAt: new Date(),
            changes: Array.from({ length: Math.min(100, slow - i) }, (_, k): EntityChange => ({
              operation: 'INSERT',
              data: change(i + k, id).data,
              previous: null,
            })),
          });
        });
    } finally {
      client.release();
    }
  }
  let next = 0;
  return {
    rt,
    writers: pool,
    async write(client, changes, onCommit) {
      const t = tenants[next++ % tenants.length];
      await transaction(
        client,
        async () => {
          await insertEntities(client, changes);
          await writeOutboxRecords(client, {
            tenantId: t.id,
            schema: t.schema,
            entityName: 'orders',
            writeRequestId: 'peers',
            occurredAt: new Date(),
            changes: changes.map((c): EntityChange => ({
              operation: 'INSERT',
              data: { ...c.data, seq: c.seq },
              previous: null,
            })),
          });
        },
        onCommit,
      );
    },
    async outstanding() {
      let n = 0;
      for (const t of tenants) {
        const { rows } = await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${t.schema}".mutation_webhook_outbox WHERE status <> 'DELIVERED'`,
        );
        n += rows[0].n;
      }
      return n;
    },
    async close() {
      await rt.close();
    },
    tenants,
  };
}

/** What `floor-minimal` runs on: the tenants' outboxes with only the primary key and the due index. */
async function dropProductIndexes(admin: pg.Client, side: HookgateSide): Promise<void> {
  for (const { schema } of side.tenants) {
    for (const index of PRODUCT_INDEXES)
      if (!MINIMAL_KEEPS.has(index)) await admin.query(`DROP INDEX ${qualified(schema, index)}`);
  }
}

function plainWriters(url: string, writerPids: Set<number>): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 20, application_name: 'bench-writer' });
  trackPids(pool, writerPids);
  return pool;
}

async function graphileSide(url: string, writerPids: Set<number>): Promise<Side> {
  const { runMigrations } = await import('graphile-worker');
  await runMigrations({ preset: { worker: { connectionString: url } } } as Parameters<typeof runMigrations>[0]);
  const pool = plainWriters(url, writerPids);
  await pool.query(ENTITY_TABLE);
  return {
    writers: pool,
    async write(client, changes, onCommit) {
      await transaction(
        client,
        async () => {
          await insertEntities(client, changes);
          if (changes.length === 1) {
            // What graphile-worker's addJob() runs.
            await client.query({
              name: 'bench_gw_add',
              text: `SELECT graphile_worker.add_job('deliver', $1::json)`,
              values: [JSON.stringify({ body: changes[0].body, requestId: changes[0].requestId })],
            });
          } else {
            // What addJobs() runs: one bulk call.
            await client.query({
              name: 'bench_gw_add_many',
              text: `SELECT count(*) FROM graphile_worker.add_jobs(ARRAY(
                       SELECT ('deliver', j, NULL, NULL, NULL, NULL, NULL, NULL)::graphile_worker.job_spec
                         FROM json_array_elements($1::json) j))`,
              values: [JSON.stringify(changes.map((c) => ({ body: c.body, requestId: c.requestId })))],
            });
          }
        },
        onCommit,
      );
    },
    async outstanding() {
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs`);
      return rows[0].n;
    },
    async close() {
      await pool.end();
    },
  };
}

async function pgBossSide(url: string, writerPids: Set<number>): Promise<Side> {
  const { PgBoss } = (await import('pg-boss')) as unknown as { PgBoss: typeof import('pg-boss').PgBoss };
  const boss = new PgBoss({ connectionString: url, schedule: false, supervise: false, max: 2 });
  boss.on('error', (err) => console.error('pg-boss (writers) error', err.message));
  await boss.start();
  await boss.createQueue('deliver', { notify: true });
  const pool = plainWriters(url, writerPids);
  await pool.query(ENTITY_TABLE);
  return {
    writers: pool,
    async write(client, changes, onCommit) {
      const db = { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
      await transaction(
        client,
        async () => {
          await insertEntities(client, changes);
          if (changes.length === 1) {
            await boss.send('deliver', { body: changes[0].body, requestId: changes[0].requestId }, { db });
          } else {
            await boss.insert(
              'deliver',
              changes.map((c) => ({ data: { body: c.body, requestId: c.requestId } })),
              { db },
            );
          }
        },
        onCommit,
      );
    },
    async outstanding() {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'deliver' AND state <> 'completed'`,
      );
      return rows[0].n;
    },
    async close() {
      await boss.stop({ graceful: false });
      await pool.end();
    },
  };
}

/** A process's peak resident memory so far (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  try {
    const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function waitForArrivals(receiver: Child, total: number, timeoutMs: number): Promise<void> {
  const deadline = now() + timeoutMs;
  for (;;) {
    const { count } = await receiver.ask<{ count: number }>({ cmd: 'count' });
    if (count >= total) return;
    if (now() > deadline) throw new Error(`only ${count} of ${total} deliveries arrived in time`);
    await sleep(count > total * 0.95 ? 5 : 50);
  }
}

interface RunResult {
  system: System;
  label: string;
  /** The settings the consumer reported. */
  settings: string;
  round: number;
  workload: Workload;
  /** Requests open at the receiver, sampled every 50 ms while any was (queued workloads). */
  inFlight?: { max: number; median: number };
  /** The consumer process's peak resident memory. */
  rssMb: number;
  /** Deliveries per second (throughput). */
  rate?: number;
  p50?: number;
  p99?: number;
  windows?: Array<{ p50: number; p99: number }>;
  deliveries: number;
  cpu: Cpu;
}

/** Per window: Hookgate's table statistics and the plans its dispatcher would keep (BENCH_TRACE). */
class PlanTrace {
  private client: pg.PoolClient | undefined;
  private pool: pg.Pool | undefined;
  constructor(
    private readonly url: string,
    private readonly admin: pg.Client,
    private readonly tenant: { id: string; schema: string },
  ) {}

  /** Prepares claim and settle now, on a dispatcher-like session, while the tenant's outbox is small. */
  async prepare(): Promise<void> {
    this.pool = createDispatcherPool(this.url, 1, createLogger('warn'));
    this.client = await this.pool.connect();
    await this.client.query('BEGIN');
    const outbox = tenantOutbox(this.tenant.id, this.tenant.schema);
    await claimDueRecords(this.client, outbox, {
      workerId: 'trace',
      limit: 100,
      leaseMs: 30_000,
    });
    await settleBatch(this.client, outbox, {
      workerId: 'trace',
      batch: [
        {
          id: '0',
          transition: { status: 'DELIVERED', retryCount: 0, retryInSeconds: null, lastError: null },
          attempt: { startedAt: Date.now(), durationMs: 0, statusCode: 204, error: null },
        },
      ],
    });
    await this.client.query('ROLLBACK');
  }

  async sample(window: number): Promise<void> {
    const { rows: tables } = await this.admin.query(
      `SELECT relname, sum(n_live_tup)::int AS live, sum(n_dead_tup)::int AS dead, sum(seq_scan)::int AS seq,
              sum(idx_scan)::int AS idx, sum(n_tup_upd)::int AS upd, sum(n_tup_hot_upd)::int AS hot
         FROM pg_stat_user_tables
        WHERE relname IN ('mutation_webhook_outbox', 'delivery_attempts', 'dispatch_tenants')
        GROUP BY relname ORDER BY relname`,
    );
    const { rows: idx } = await this.admin.query(
      `SELECT indexrelname AS name, pg_relation_size(indexrelid)::int / 8192 AS pages
         FROM pg_stat_user_indexes WHERE schemaname = $1 OR relname = 'dispatch_tenants' ORDER BY 1`,
      [this.tenant.schema],
    );
    const plans: string[] = [];
    const client = this.client!;
    const { rows: stmts } = await client.query<{ name: string; statement: string; generic_plans: number }>(
      `SELECT name, statement, generic_plans FROM pg_prepared_statements`,
    );
    for (const s of stmts) {
      const isClaim = s.statement.includes('SKIP LOCKED');
      const params = isClaim
        ? `'${this.tenant.id}', 'trace', 30000`
        : // settleBatch's parameters: worker, then one array per column of src/outbox/sql/settle-batch.ts.
          `'trace', '{0}', '{DELIVERED}', '{0}', '{NULL}', '{NULL}', '{0}', '{0}', '{NULL}', '{NULL}', '{NULL}'`;
      await client.query('BEGIN');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) EXECUTE ${s.name}(${params})`,
      );
      await client.query('ROLLBACK');
      const lines = rows.map((r) => r['QUERY PLAN']);
      const scans = lines
        .filter((l) => /Scan/.test(l))
        .map((l) =>
          l
            .trim()
            .replace(/\(actual.*$/, '')
            .trim(),
        );
      const buffers = lines.find((l) => /Buffers/.test(l))?.trim() ?? '';
      const time = lines.find((l) => /Execution Time/.test(l))?.trim() ?? '';
      plans.push(`${isClaim ? 'claim' : 'settle'}: ${scans.join(' | ')}; ${buffers}; ${time}`);
    }
    console.log(
      `    trace window ${window}: ` +
        tables
          .map(
            (t) =>
              `${t.relname} live ${t.live} dead ${t.dead} seq_scan ${t.seq} idx_scan ${t.idx} upd ${t.upd} hot ${t.hot}`,
          )
          .join('; '),
    );
    console.log(`      index pages: ${idx.map((i) => `${i.name} ${i.pages}`).join(', ')}`);
    for (const p of plans) console.log(`      ${p}`);
  }

  async close(): Promise<void> {
    this.client?.release();
    await this.pool?.end();
  }
}

async function runOne(
  { system, label, env, slow }: Variant,
  round: number,
  workload: Workload,
  receiver: Child,
  receiverUrl: string,
  consumerFile: string,
  n: number,
): Promise<RunResult> {
  const database = `hookgate_bench_peers_${process.pid}_${n}`;
  const admin = new pg.Client({ connectionString: SERVER_URL, application_name: 'bench-admin' });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  const url = withDatabase(SERVER_URL, database);
  const dbAdmin = new pg.Client({ connectionString: url, application_name: 'bench-admin' });
  await dbAdmin.connect();
  const writerPids = new Set<number>();
  let side: Side | undefined;
  let consumer: Child | undefined;
  try {
    const hookgate =
      system === 'hookgate' || system.startsWith('floor')
        ? await hookgateSide(url, receiverUrl, writerPids, slow)
        : undefined;
    side =
      hookgate ??
      (system === 'graphile-worker' ? await graphileSide(url, writerPids) : await pgBossSide(url, writerPids));
    if (system === 'floor-minimal') await dropProductIndexes(dbAdmin, hookgate!);
    consumer = await Child.start(
      consumerFile,
      [],
      [system === 'floor-minimal' ? 'floor' : system, url, receiverUrl, SECRET, workload],
      { ...process.env, ...env, PGAPPNAME: 'bench-consumer' },
    );
    const settings = (consumer.first as { settings: string }).settings;
    const base = { system, label, settings, round, workload };
    const meter = new CpuMeter(dbAdmin, database, writerPids, consumer.proc.pid!, receiver.proc.pid!);
    const s = side;
    let seq = 0;
    if (isQueued(workload)) {
      for (let i = 0; i < QUEUED; i += 100) {
        const client = await s.writers.connect();
        try {
          await s.write(
            client,
            Array.from({ length: Math.min(100, QUEUED - i) }, () => change(seq++, 'peers')),
          );
        } finally {
          client.release();
        }
      }
      await dbAdmin.query('VACUUM ANALYZE');
      await dbAdmin.query('CHECKPOINT');
      await receiver.ask({
        cmd: 'reset',
        track: false,
        ...(workload === 'throughput' ? {} : { delayMs: DELAY_MS, jitter: JITTER }),
        ...(workload === 'internet-faults' ? { fail: FAIL, hang: HANG } : {}),
        slowMs: SLOW_MS,
      });
      await meter.start();
      const started = now();
      await consumer.ask({ cmd: 'start' });
      // internet-faults: until every record had its first attempt (answered, refused or left
      // hanging); when each system retries is its own policy.
      await waitForArrivals(receiver, QUEUED, 600_000);
      const seconds = (now() - started) / 1000;
      const cpu = await meter.stop();
      const { series, ...inFlight } = await receiver.ask<{ max: number; median: number; series: number[] }>({
        cmd: 'inflight',
      });
      if (TRACE) console.log(`    (${label}: requests in flight every 250 ms: ${series.join(' ')})`);
      if (slow > 0) {
        const { slow: slowArrived } = await receiver.ask<{ slow: number }>({ cmd: 'count' });
        console.log(`    (${label}: ${slowArrived} requests reached the slow tenant's endpoint meanwhile)`);
      }
      return {
        ...base,
        rate: QUEUED / seconds,
        deliveries: QUEUED,
        cpu,
        inFlight,
        rssMb: peakRssMb(consumer.proc.pid!),
      };
    }
    const writeOne = async (i: number, base: number, committedAt: number[]) => {
      const client = await s.writers.connect();
      try {
        await s.write(client, [change(base + i, 'peers')], () => (committedAt[i] = now()));
      } finally {
        client.release();
      }
    };
    // The trace prepares its statements as the dispatcher will: before the tenants' first records.
    const trace = TRACE && system === 'hookgate' ? new PlanTrace(url, dbAdmin, hookgate!.tenants[0]) : undefined;
    await trace?.prepare();
    await consumer.ask({ cmd: 'start' });
    await sleep(500);
    if (WARMUP_SECONDS > 0) {
      await receiver.ask({ cmd: 'reset', track: false });
      const warm: number[] = [];
      await paced(RATE * WARMUP_SECONDS, RATE, (i) => writeOne(i, 1_000_000, warm));
      await waitForArrivals(receiver, RATE * WARMUP_SECONDS, 120_000);
      await sleep(500);
    }
    await receiver.ask({ cmd: 'reset', track: true });
    const total = RATE * SECONDS;
    const committedAt = new Array<number>(total);
    await meter.start();
    let traced = 0;
    const traceTimer = trace
      ? setInterval(
          () => void trace.sample(++traced).catch((e) => console.error('trace failed', e)),
          WINDOW_SECONDS * 1000,
        )
      : undefined;
    await paced(total, RATE, (i) => writeOne(i, 0, committedAt));
    await waitForArrivals(receiver, total, 120_000);
    clearInterval(traceTimer);
    const cpu = await meter.stop();
    await trace?.sample(++traced);
    await trace?.close();
    const { arrivals } = await receiver.ask<{ arrivals: Array<[number, number]> }>({ cmd: 'arrivals' });
    const windows: number[][] = Array.from({ length: Math.ceil(SECONDS / WINDOW_SECONDS) }, () => []);
    const all: number[] = [];
    const seen = new Set<number>();
    for (const [i, at] of arrivals) {
      if (!(i >= 0 && i < total) || seen.has(i)) continue;
      seen.add(i);
      const ms = at - committedAt[i];
      all.push(ms);
      windows[Math.min(windows.length - 1, Math.floor(i / (RATE * WINDOW_SECONDS)))].push(ms);
    }
    return {
      ...base,
      rssMb: peakRssMb(consumer.proc.pid!),
      p50: percentile(all, 0.5),
      p99: percentile(all, 0.99),
      windows: windows.map((w) => ({ p50: percentile(w, 0.5), p99: percentile(w, 0.99) })),
      deliveries: total,
      cpu,
    };
  } finally {
    if (consumer) {
      await Promise.race([consumer.ask({ cmd: 'stop' }), sleep(15_000)]);
      // It exits by itself once stopped (a --cpu-prof profile is written then); killed if it does not.
      const proc = consumer.proc;
      if (proc.exitCode === null) await Promise.race([new Promise((r) => proc.once('exit', r)), sleep(5_000)]);
      proc.kill();
    }
    if (side) {
      const left = await side.outstanding().catch(() => -1);
      if (left !== 0) console.log(`    (${label}: ${left} deliveries still owed in its tables after the run)`);
      await side.close();
    }
    await dbAdmin.end();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

const perDelivery = (seconds: number, n: number) => (1000 * seconds) / n;

function describe(r: RunResult): string {
  const c = r.cpu;
  const cpu =
    `CPU ms/delivery: consumer node ${f3(perDelivery(c.consumerNode, r.deliveries))}, ` +
    `writers node ${f3(perDelivery(c.writerNode, r.deliveries))}, ` +
    `PostgreSQL consumer ${f3(perDelivery(c.pgConsumer, r.deliveries))} + writers ${f3(perDelivery(c.pgWriter, r.deliveries))} = ${f3(perDelivery(c.pgConsumer + c.pgWriter, r.deliveries))}, ` +
    `receiver node ${f3(perDelivery(c.receiverNode, r.deliveries))}; ` +
    `all ${f3(perDelivery(c.consumerNode + c.writerNode + c.pgConsumer + c.pgWriter + c.receiverNode, r.deliveries))}`;
  if (isQueued(r.workload)) {
    const flight = r.inFlight ? `; in flight max ${r.inFlight.max} median ${r.inFlight.median}` : '';
    return `${Math.round(r.rate!)} deliveries/s${flight}; RSS ${Math.round(r.rssMb)} MB; ${cpu}`;
  }
  const w = r.windows!;
  return (
    `p50 ${f2(r.p50!)} p99 ${f1(r.p99!)} ms; per ${WINDOW_SECONDS} s p50 ${w.map((x) => f1(x.p50)).join(' ')}, ` +
    `p99 ${w.map((x) => f1(x.p99)).join(' ')}; last/first p50 ${f2(w[w.length - 1].p50 / w[0].p50)}; RSS ${Math.round(r.rssMb)} MB; ${cpu}`
  );
}

async function main(): Promise<void> {
  const which = process.argv.slice(2) as Workload[];
  for (const w of which) if (!WORKLOADS.includes(w)) throw new Error(`unknown workload ${w}: ${WORKLOADS.join(', ')}`);
  const workloads: Workload[] = which.length > 0 ? which : ['throughput', 'latency'];
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const settings = await admin.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM pg_settings
      WHERE name IN ('server_version', 'shared_buffers', 'max_wal_size', 'synchronous_commit', 'autovacuum') ORDER BY name`,
  );
  await admin.end();
  console.log('PostgreSQL:', settings.rows.map((r) => `${r.name}=${r.setting}`).join(', '));
  const consumerFile = compileConsumer();
  const receiver = await Child.fork('dispatcher/receiver.ts', []);
  const receiverUrl = `http://127.0.0.1:${(receiver.first as { port: number }).port}/hook`;
  const results: RunResult[] = [];
  let n = 0;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      // Each round starts with the next system: no system always runs first (against a receiver
      // whose code is not yet compiled in round 1, after the same neighbour in every round).
      const order = VARIANTS.map((_, i) => VARIANTS[(i + round - 1) % VARIANTS.length]);
      for (const workload of workloads) {
        for (const v of order) {
          // Only the leased floor has a wake-up path (consumer.ts): the other floors' latency means
          // nothing; floor-minimal and floor-locked run the loopback workload only.
          const floorSkips =
            v.system === 'floor-streamed' ? workload === 'latency' : v.system !== 'floor' && workload !== 'throughput';
          if (v.system.startsWith('floor') && floorSkips) continue;
          const r = await runOne(v, round, workload, receiver, receiverUrl, consumerFile, n++);
          results.push(r);
          console.log(`  round ${round} ${workload} ${v.label} [${r.settings}]: ${describe(r)}`);
        }
      }
    }
  } finally {
    receiver.proc.disconnect();
  }
  summarise(results, workloads);
}

function summarise(results: RunResult[], workloads: Workload[]): void {
  const of = (label: string, workload: Workload) => results.filter((r) => r.label === label && r.workload === workload);
  const pgPer = (r: RunResult) => perDelivery(r.cpu.pgConsumer + r.cpu.pgWriter, r.deliveries);
  const nodePer = (r: RunResult) => perDelivery(r.cpu.consumerNode, r.deliveries);
  /** Every process of the run (consumer, writers, receiver, PostgreSQL): what the machine spends per delivery. */
  const allPer = (r: RunResult) =>
    perDelivery(
      r.cpu.consumerNode + r.cpu.writerNode + r.cpu.receiverNode + r.cpu.pgConsumer + r.cpu.pgWriter,
      r.deliveries,
    );
  /** Throughput (higher is better) or p99 latency (lower is better). */
  const score = (r: RunResult) => (isQueued(r.workload) ? r.rate! : -r.p99!);
  console.log('\nsummary (medians of rounds; ratios per round)');
  for (const workload of workloads) {
    for (const v of VARIANTS) {
      const rs = of(v.label, workload);
      if (rs.length === 0) continue;
      const main = isQueued(workload)
        ? `${Math.round(median(rs.map((r) => r.rate!)))} deliveries/s, in flight max ${median(rs.map((r) => r.inFlight?.max ?? 0))} median ${median(rs.map((r) => r.inFlight?.median ?? 0))}`
        : `p50 ${f2(median(rs.map((r) => r.p50!)))} p99 ${f1(median(rs.map((r) => r.p99!)))} ms, last/first p50 ${f2(median(rs.map((r) => r.windows![r.windows!.length - 1].p50 / r.windows![0].p50)))}`;
      console.log(
        `  ${workload.padEnd(15)} ${v.label} [${rs[0].settings}]: ${main}; PostgreSQL CPU ${f3(median(rs.map(pgPer)))} ms/delivery, consumer node ${f3(median(rs.map(nodePer)))} ms/delivery, all processes ${f3(median(rs.map(allPer)))} ms/delivery, RSS ${Math.round(median(rs.map((r) => r.rssMb)))} MB`,
      );
    }
    // Each Hookgate or floor variant against each peer's best setting of the same round.
    const peers = [...new Set(VARIANTS.map((v) => v.system))].filter(
      (sys) => sys === 'graphile-worker' || sys === 'pg-boss',
    );
    for (const h of VARIANTS.filter((v) => v.system === 'hookgate' || v.system.startsWith('floor'))) {
      for (const peer of peers) {
        const ratios: number[] = [];
        const cpu: number[] = [];
        const all: number[] = [];
        const bests: string[] = [];
        for (const r of of(h.label, workload)) {
          const rivals = results.filter((x) => x.system === peer && x.workload === workload && x.round === r.round);
          if (rivals.length === 0) continue;
          const best = rivals.reduce((a, b) => (score(b) > score(a) ? b : a));
          ratios.push(isQueued(workload) ? r.rate! / best.rate! : r.p99! / best.p99!);
          cpu.push(pgPer(r) / pgPer(best));
          all.push(allPer(r) / allPer(best));
          bests.push(best.label);
        }
        if (ratios.length === 0) continue;
        console.log(
          `  ${workload.padEnd(15)} ${h.label} / best ${peer} (${bests.join(', ')}): ${isQueued(workload) ? 'throughput' : 'p99'} ${ratios.map(f2).join(' ')} (median ${f2(median(ratios))}); PostgreSQL CPU per delivery ${cpu.map(f2).join(' ')} (median ${f2(median(cpu))}); all processes' CPU per delivery ${all.map(f2).join(' ')} (median ${f2(median(all))})`,
        );
      }
    }
    // The floors' own comparisons (bench/README.md), round by round.
    const pairs: Array<[string, string]> = [
      ['hookgate', 'floor'],
      ['hookgate', 'floor-streamed'],
      ['floor', 'floor-minimal'],
      ['floor', 'floor-locked'],
    ];
    for (const [a, b] of pairs) {
      const x = of(a, workload);
      const y = of(b, workload);
      if (x.length === 0 || y.length !== x.length) continue;
      const ratios = x.map((r, k) => (isQueued(workload) ? r.rate! / y[k].rate! : r.p99! / y[k].p99!));
      const cpu = x.map((r, k) => pgPer(r) / pgPer(y[k]));
      const all = x.map((r, k) => allPer(r) / allPer(y[k]));
      console.log(
        `  ${workload.padEnd(15)} ${a} / ${b}: ${isQueued(workload) ? 'throughput' : 'p99'} ${ratios.map(f2).join(' ')} (median ${f2(median(ratios))}); PostgreSQL CPU per delivery ${cpu.map(f2).join(' ')} (median ${f2(median(cpu))}); all processes' CPU per delivery ${all.map(f2).join(' ')} (median ${f2(median(all))})`,
      );
    }
  }
}

runBenchmark(main);

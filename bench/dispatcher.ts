/**
 * Dispatcher benchmark: throughput against a bare loop in the same run, latency from
 * commit to arrival at 500 changes/s, and the cost of a tick with 1,000 tenants of which 10 have
 * due work against 10 tenants.
 *
 *   node -r ./scripts/register.js bench/dispatcher.ts
 *
 * Needs a real PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres):
 * it creates a throw-away database there and drops it at the end. The receiver (204 to all) runs
 * in a child process. Settings: BENCH_ROWS (100000), BENCH_TENANTS (10), BENCH_ROUNDS (2),
 * BENCH_LATENCY_SECONDS (60), BENCH_WARMUP_SECONDS (5), BENCH_RATE (500), BENCH_IDLE_TENANTS (1000),
 * BENCH_ONLY (throughput's kinds, comma-separated: bare,hookgate,perkey), BENCH_TRACING (`on`:
 * tracing on, every span exported to an OTLP/HTTP JSON collector in a child process; the records
 * are then written with a trace context, and each attempt is a span).
 *
 * Delivery control: `throughput` also runs `perkey` (ordering PER_KEY over
 * BENCH_KEYS (1000) keys per tenant) beside the bare loop and Hookgate with every control off;
 * `pace` runs two dispatchers on one configuration with rateLimitPerSecond BENCH_PACE (50) and
 * measures the arrivals over BENCH_PACE_SECONDS (30) after a 5 s start.
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { Dispatcher } from '../src/dispatcher/dispatcher';
import { loadDispatcherSettings } from '../src/dispatcher/settings';
import { createDispatcherPool } from '../src/dispatcher/start';
import { createLogger } from '../src/logger';
import { writeOutboxRecords, type EntityChange } from '../src/outbox/enqueue';
import { listDueTenants } from '../src/outbox/sql/list-due-tenants';
import { claimDueRecords } from '../src/outbox/sql/claim-due-records';
import { tenantOutbox } from '../src/outbox/sql/tenant-outbox';
import { startRuntime, type Runtime } from '../src/runtime';
import { loadTracingSettings } from '../src/tracing/settings';
import { startTracing, stopTracing } from '../src/tracing/tracer';
import { OtlpSinkProcess } from './dispatcher/otlp-sink';
import { ReceiverProcess } from './dispatcher/receiver-process';
import { runBareLoop } from './dispatcher/bare-loop';
import { median, postgresCpuSeconds, now, paced, percentile, sleep, withDatabase } from './support';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const TENANTS = Number(process.env.BENCH_TENANTS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const IDLE_TENANTS = Number(process.env.BENCH_IDLE_TENANTS ?? 1000);
/** Seconds of changes at RATE before the measured latency run, reported apart (see latency()). */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const SECRET = crypto.randomBytes(32).toString('hex');
const KEYS = Number(process.env.BENCH_KEYS ?? 1000);
const PACE = Number(process.env.BENCH_PACE ?? 50);
const PACE_SECONDS = Number(process.env.BENCH_PACE_SECONDS ?? 30);

async function createTenants(
  rt: Runtime,
  prefix: string,
  n: number,
  receiverUrl: string,
  fields: Record<string, unknown> = {},
): Promise<Array<{ id: string; schema: string }>> {
  const out = [];
  for (let i = 0; i < n; i++) {
    const id = `${prefix}-${i}`;
    const schema = await rt.services.tenants.ensure(id);
    await rt.services.webhooks.create(
      { tenantId: id, actor: 'bench', permissions: new Set(['tenant:admin']) },
      { entityName: 'orders', events: 'INSERT', webhookUrl: receiverUrl, secret: SECRET, ...fields },
    );
    out.push({ id, schema });
  }
  return out;
}

const changes = (n: number, from: number): EntityChange[] =>
  Array.from({ length: n }, (_, i) => ({
    operation: 'INSERT' as const,
    data: {
      seq: from + i,
      key: (from + i) % KEYS,
      total: 42.5,
      customer: 'c-' + ((from + i) % 977),
      note: 'x'.repeat(200),
    },
    previous: null,
  }));

async function seed(rt: Runtime, tenants: Array<{ id: string; schema: string }>, rows: number): Promise<void> {
  const per = Math.ceil(rows / tenants.length);
  for (const t of tenants) {
    for (let i = 0; i < per; i += 1000) {
      await rt.services.db.transaction((client) =>
        writeOutboxRecords(client, {
          tenantId: t.id,
          schema: t.schema,
          entityName: 'orders',
          // Records carry their key whatever the configuration does with it, as the record writer's do.
          primaryKey: 'key',
          writeRequestId: 'bench',
          occurredAt: new Date(),
          changes: changes(Math.min(1000, per - i), i),
        }),
      );
    }
  }
  await rt.services.db.pool.query('VACUUM ANALYZE');
  await rt.services.db.pool.query('CHECKPOINT');
}

async function countDelivered(pool: pg.Pool, tenants: Array<{ schema: string }>): Promise<number> {
  let n = 0;
  for (const t of tenants) {
    const { rows } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${t.schema}".mutation_webhook_outbox WHERE status = 'DELIVERED'`,
    );
    n += rows[0].n;
  }
  return n;
}

const dispatcherPools: pg.Pool[] = [];

/** A dispatcher as start.ts builds it: its own pool, separate from the writers'. */
function newDispatcher(rt: Runtime, listen: boolean, overrides: object = {}): Dispatcher {
  const settings = { ...loadDispatcherSettings(process.env, false), ...overrides };
  const pool = createDispatcherPool(rt.config.databaseUrl, settings.poolSize, rt.services.logger);
  dispatcherPools.push(pool);
  return new Dispatcher({
    pool,
    logger: rt.services.logger,
    registry: rt.services.metrics.registry,
    headerPrefix: rt.config.webhookHeaderPrefix,
    allowPrivateTargets: true,
    settings,
    listenUrl: listen ? rt.config.databaseUrl : undefined,
  });
}

async function throughput(rt: Runtime, receiver: ReceiverProcess): Promise<void> {
  const results: { bare: number[]; hookgate: number[]; perkey: number[] } = { bare: [], hookgate: [], perkey: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const kind of (process.env.BENCH_ONLY
      ? process.env.BENCH_ONLY.split(',')
      : ['bare', 'hookgate', 'perkey']) as Array<'bare' | 'hookgate' | 'perkey'>) {
      const fields = kind === 'perkey' ? { ordering: 'PER_KEY' } : {};
      const tenants = await createTenants(rt, `tp${round}-${kind}`, TENANTS, receiver.url, fields);
      await seed(rt, tenants, ROWS);
      await receiver.ask({ cmd: 'reset', track: false });
      const cpuBefore = { own: process.cpuUsage(), pg: postgresCpuSeconds(), receiver: receiver.cpuSeconds() };
      const started = now();
      if (kind === 'bare') {
        await runBareLoop(
          rt.services.db.pool,
          tenants.map((t) => t.schema),
          receiver.url,
          SECRET,
          ROWS,
        );
      } else {
        const d = newDispatcher(rt, true);
        d.start();
        for (;;) {
          const { count } = await receiver.ask<{ count: number }>({ cmd: 'count' });
          if (count >= ROWS && (await countDelivered(rt.services.db.pool, tenants)) >= ROWS) break;
          await sleep(count >= ROWS ? 5 : 50);
        }
        await d.stop();
      }
      const seconds = (now() - started) / 1000;
      const own = process.cpuUsage(cpuBefore.own);
      const perRecordUs = (cpuSeconds: number) => Math.round((cpuSeconds * 1e6) / ROWS);
      const cpu =
        `CPU per record: this process ${perRecordUs((own.user + own.system) / 1e6)} µs, ` +
        `PostgreSQL ${perRecordUs(postgresCpuSeconds() - cpuBefore.pg)} µs, receiver ${perRecordUs(receiver.cpuSeconds() - cpuBefore.receiver)} µs`;
      const delivered = await countDelivered(rt.services.db.pool, tenants);
      if (delivered !== ROWS) throw new Error(`${kind}: ${delivered} of ${ROWS} delivered`);
      results[kind].push(ROWS / seconds);
      console.log(
        `  round ${round + 1} ${kind.padEnd(8)} ${Math.round(ROWS / seconds)} rows/s (${seconds.toFixed(2)} s); ${cpu}`,
      );
    }
  }
  const bare = median(results.bare);
  const hookgate = median(results.hookgate);
  // Per round, bare and Hookgate ran back to back: their ratio is steadier than the medians'.
  const paired = median(results.hookgate.map((h, i) => h / results.bare[i]));
  console.log(
    `throughput: bare loop ${Math.round(bare)} rows/s, Hookgate ${Math.round(hookgate)} rows/s (medians); ` +
      `Hookgate / bare per round ${results.hookgate.map((h, i) => (h / results.bare[i]).toFixed(2)).join(' ')}, median ${(100 * paired).toFixed(0)} % (goal >= 60 %)`,
  );
  if (results.perkey.length > 0) {
    const perKey = median(results.perkey.map((h, i) => h / results.bare[i]));
    console.log(
      `throughput, ordering PER_KEY over ${KEYS} keys per tenant: ${Math.round(median(results.perkey))} rows/s (median); ` +
        `PER_KEY / bare per round ${results.perkey.map((h, i) => (h / results.bare[i]).toFixed(2)).join(' ')}, median ${(100 * perKey).toFixed(0)} % (goal >= 50 %)`,
    );
  }
}

/** Two dispatchers on one configuration with rateLimitPerSecond PACE: the pace the receiver sees. */
async function pace(rt: Runtime, receiver: ReceiverProcess): Promise<void> {
  const tenants = await createTenants(rt, 'pace', 1, receiver.url, { rateLimitPerSecond: PACE });
  // More than the run can deliver, so the pace, not the backlog, decides.
  await seed(rt, tenants, PACE * (PACE_SECONDS + 15));
  await receiver.ask({ cmd: 'reset', track: true });
  const dispatchers = [newDispatcher(rt, true), newDispatcher(rt, true)];
  for (const d of dispatchers) d.start();
  const started = now();
  await sleep((PACE_SECONDS + 6) * 1000);
  for (const d of dispatchers) await d.stop();
  const { arrivals } = await receiver.ask<{ arrivals: Array<[number, number]> }>({ cmd: 'arrivals' });
  const from = started + 5000;
  const until = from + PACE_SECONDS * 1000;
  const counted = arrivals.filter(([, at]) => at >= from && at < until).length;
  const measured = counted / PACE_SECONDS;
  console.log(
    `pace: rateLimitPerSecond ${PACE}, two dispatchers, ${counted} arrivals in ${PACE_SECONDS} s = ${measured.toFixed(1)}/s, ` +
      `${((100 * (measured - PACE)) / PACE).toFixed(1)} % off the setting (goal within ±10 %)`,
  );
}

/** The floor under any NOTIFY-driven dispatcher here: commit of a row + NOTIFY → a listener. */
async function notifyFloor(rt: Runtime): Promise<number[]> {
  const pool = rt.services.db.pool;
  await pool.query('CREATE TABLE IF NOT EXISTS bench_notify (seq int, payload text)');
  const listener = new pg.Client({ connectionString: rt.config.databaseUrl });
  await listener.connect();
  await listener.query('LISTEN bench_floor');
  const total = RATE * Math.min(LATENCY_SECONDS, 10);
  const sentAt = new Array<number>(total);
  const lat: number[] = [];
  listener.on('notification', (m) => lat.push(now() - sentAt[Number(m.payload)]));
  await paced(total, RATE, (i) =>
    rt.services.db.transaction(async (client) => {
      await client.query('INSERT INTO bench_notify (seq, payload) VALUES ($1, $2)', [i, 'x'.repeat(300)]);
      await client.query('SELECT pg_notify($1, $2)', ['bench_floor', String(i)]);
      sentAt[i] = now();
    }),
  );
  await sleep(200);
  await listener.end();
  return lat;
}

interface PacedRun {
  /** Commit sent → request at the receiver, per change, in ms. */
  latencies: number[];
  /** The COMMIT's own round trip, per change, in ms. */
  commits: number[];
  /** Per second of the run: the p99 of the changes committed in it. */
  secondP99s: number[];
  achieved: number;
}

/**
 * `seconds` of changes at RATE/s, each its own transaction through `writeOutboxRecords`,
 * round-robin over `tenants`, numbered from `firstSeq`; waits until every one has arrived.
 */
async function pacedChanges(
  rt: Runtime,
  receiver: ReceiverProcess,
  tenants: Array<{ id: string; schema: string }>,
  seconds: number,
  firstSeq: number,
): Promise<PacedRun> {
  await receiver.ask({ cmd: 'reset', track: true });
  const total = RATE * seconds;
  const committedAt = new Array<number>(total);
  const commits = new Array<number>(total);
  const achieved = await paced(total, RATE, async (i) => {
    const t = tenants[i % tenants.length];
    await rt.services.db.transaction(async (client) => {
      await writeOutboxRecords(client, {
        tenantId: t.id,
        schema: t.schema,
        entityName: 'orders',
        writeRequestId: 'lat',
        occurredAt: new Date(),
        changes: changes(1, firstSeq + i),
      });
      // Measured from the moment the COMMIT is sent: the commit's own time counts as latency.
      committedAt[i] = now();
    });
    commits[i] = now() - committedAt[i];
  });
  for (;;) {
    const { count } = await receiver.ask<{ count: number }>({ cmd: 'count' });
    if (count >= total) break;
    await sleep(50);
  }
  const { arrivals } = await receiver.ask<{ arrivals: Array<[number, number]> }>({ cmd: 'arrivals' });
  const latencies: number[] = [];
  const perSecond: number[][] = Array.from({ length: seconds }, () => []);
  for (const [seq, at] of arrivals) {
    const i = seq - firstSeq;
    // A late copy of an earlier run's change (delivery is at least once) is not this run's.
    if (!(i >= 0 && i < total)) continue;
    const ms = at - committedAt[i];
    latencies.push(ms);
    perSecond[Math.min(seconds - 1, Math.floor(i / RATE))].push(ms);
  }
  return { latencies, commits, secondP99s: perSecond.map((xs) => percentile(xs, 0.99)), achieved };
}

const describe = (run: PacedRun) =>
  `p50 ${percentile(run.latencies, 0.5).toFixed(2)} ms, p99 ${percentile(run.latencies, 0.99).toFixed(2)} ms, max ${Math.max(...run.latencies).toFixed(1)} ms ` +
  `(COMMIT alone p50 ${percentile(run.commits, 0.5).toFixed(2)} ms; seconds whose p99 > 25 ms: ${run.secondP99s.filter((p) => p > 25).length} of ${run.secondP99s.length})`;

/**
 * Commit → arrival at 500 changes/s. The dispatcher starts with the process's code still cold;
 * the first seconds of a fresh process are measured and shown on their own (the warm-up run, on
 * tenants of its own), then the measured run starts on new tenants, as a long-running service
 * sees its changes. Both runs use the same writers, dispatcher and receiver.
 */
async function latency(rt: Runtime, receiver: ReceiverProcess): Promise<void> {
  const floor = await notifyFloor(rt);
  console.log(
    `latency floor: commit + NOTIFY -> listener p50 ${percentile(floor, 0.5).toFixed(2)} ms, p99 ${percentile(floor, 0.99).toFixed(2)} ms (same pacing, no dispatcher)`,
  );
  const warmTenants = await createTenants(rt, 'warm', TENANTS, receiver.url);
  const tenants = await createTenants(rt, 'lat', TENANTS, receiver.url);
  const d = newDispatcher(rt, true);
  d.start();
  await sleep(500);
  const warm = await pacedChanges(rt, receiver, warmTenants, WARMUP_SECONDS, 1_000_000);
  console.log(`latency, first ${WARMUP_SECONDS} s of a fresh dispatcher process (not judged): ${describe(warm)}`);
  await sleep(500);
  const run = await pacedChanges(rt, receiver, tenants, LATENCY_SECONDS, 0);
  await d.stop();
  console.log(
    `latency: ${run.latencies.length} changes at ${Math.round(run.achieved)}/s for ${LATENCY_SECONDS} s, commit -> arrival ${describe(run)}; goal p50 <= 5 ms, p99 <= 25 ms`,
  );
  const both = [...warm.latencies, ...run.latencies];
  console.log(
    `latency of both runs together, cold start included: p50 ${percentile(both, 0.5).toFixed(2)} ms, p99 ${percentile(both, 0.99).toFixed(2)} ms`,
  );
}

/** One tick that finds and drains `due` tenants with one record each; the median over rounds. */
async function tickCost(
  rt: Runtime,
  receiver: ReceiverProcess,
  all: Array<{ id: string; schema: string }>,
  dueCount: number,
  rounds = 30,
): Promise<{ tick: number; naive: number }> {
  const d = newDispatcher(rt, false, { pollMs: 3_600_000 });
  d.start();
  await d.tickNow();
  const due = all.slice(0, dueCount);
  const ticks: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const t of due) {
      await rt.services.db.transaction((client) =>
        writeOutboxRecords(client, {
          tenantId: t.id,
          schema: t.schema,
          entityName: 'orders',
          writeRequestId: 'idle',
          occurredAt: new Date(),
          changes: changes(1, r),
        }),
      );
    }
    // Writes in this process also wake the dispatcher directly; wait for that and count only the tick.
    await sleep(20);
    await d.tickNow();
    for (const t of due) {
      await rt.services.db.transaction((client) =>
        writeOutboxRecords(client, {
          tenantId: t.id,
          schema: t.schema,
          entityName: 'orders',
          writeRequestId: 'idle',
          occurredAt: new Date(),
          changes: changes(1, r),
        }),
      );
    }
    await sleep(0);
    const started = now();
    await d.tickNow();
    ticks.push(now() - started);
  }
  await d.stop();
  // For scale: what a tick costs when it claims from every tenant instead of reading the hints.
  const naive: number[] = [];
  for (let r = 0; r < 5; r++) {
    const started = now();
    await listDueTenants(rt.services.db.pool, { limit: 10_000 });
    for (const t of all)
      await claimDueRecords(rt.services.db.pool, tenantOutbox(t.id, t.schema), {
        workerId: 'naive',
        limit: 100,
        leaseMs: 1,
      });
    naive.push(now() - started);
  }
  return { tick: median(ticks), naive: median(naive) };
}

async function idleScale(rt: Runtime, receiver: ReceiverProcess): Promise<void> {
  await receiver.ask({ cmd: 'reset', track: false });
  const small = await createTenants(rt, 'idle10', 10, receiver.url);
  const large = await createTenants(rt, 'idle1000', IDLE_TENANTS, receiver.url);
  // Every large tenant has had work before: its hint row exists, retired (wake_at NULL).
  for (const t of large) {
    await rt.services.db.transaction((client) =>
      writeOutboxRecords(client, {
        tenantId: t.id,
        schema: t.schema,
        entityName: 'orders',
        writeRequestId: 'old',
        occurredAt: new Date(),
        changes: changes(1, 0),
      }),
    );
  }
  const drain = newDispatcher(rt, false, { pollMs: 3_600_000 });
  drain.start();
  await drain.tickNow();
  await drain.tickNow();
  await drain.stop();
  await rt.services.db.pool.query('VACUUM ANALYZE');
  const a = await tickCost(rt, receiver, small, 10);
  const b = await tickCost(rt, receiver, large, 10);
  console.log(
    `idle scale: tick with 10 due tenants: ${a.tick.toFixed(2)} ms among 10 tenants, ${b.tick.toFixed(2)} ms among ${IDLE_TENANTS}, ratio ${(b.tick / a.tick).toFixed(2)}x (goal <= 2x); ` +
      `a tick that claimed from every tenant would take ${a.naive.toFixed(1)} ms vs ${b.naive.toFixed(1)} ms`,
  );
}

async function main() {
  const dbName = `hookgate_bench_dispatch_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  // current_setting() prints each value with its unit (shared_buffers=128MB); `setting` || `unit`
  // printed 16384 blocks of 8 kB as "163848kB".
  const settings = await admin.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM pg_settings
      WHERE name IN ('max_wal_size', 'shared_buffers', 'synchronous_commit', 'server_version', 'autovacuum') ORDER BY name`,
  );
  console.log('PostgreSQL:', settings.rows.map((r) => `${r.name}=${r.setting}`).join(', '));
  const receiver = await ReceiverProcess.start();
  const sink = process.env.BENCH_TRACING === 'on' ? await OtlpSinkProcess.start() : undefined;
  if (sink) await startTracing(loadTracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: sink.endpoint }, 'hookgate-bench'));
  console.log(`tracing: ${sink ? 'on' : 'off'}`);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: withDatabase(SERVER_URL, dbName),
    AUTH_JWT_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? '20',
  });
  const rt = await startRuntime(config, createLogger(config.logLevel));
  try {
    const which = process.argv.slice(2);
    const run = (name: string) => which.length === 0 || which.includes(name);
    if (run('throughput')) await throughput(rt, receiver);
    if (run('latency')) await latency(rt, receiver);
    if (run('idle')) await idleScale(rt, receiver);
    if (run('pace')) await pace(rt, receiver);
  } finally {
    if (sink) {
      await stopTracing();
      console.log(`tracing: ${await sink.spans()} spans exported`);
      sink.stop();
    }
    for (const p of dispatcherPools) await p.end();
    await rt.close();
    receiver.stop();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

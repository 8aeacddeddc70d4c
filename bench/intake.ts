/**
 * Intake benchmark: signed trigger intake requests per second, as a ratio to a
 * bare Fastify route that reads the body and answers 202 with no other work, and to the floor of
 * durable intake (that route committing the body first, bench/intake/floor.ts); a RECORD trigger
 * (one record and one outbox record per event, committed with it) as a ratio to the signed STORE
 * trigger, and a GITHUB-scheme trigger as a ratio to HMAC_HEX, both from the same round.
 *
 *   node -r ./scripts/register.js bench/intake.ts
 *
 * The servers run in a child process (bench/intake/server.ts); autocannon runs here, on the same
 * machine. Needs a real PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres):
 * it creates a throw-away database there and drops it at the end.
 * Settings: BENCH_SECONDS (default 10 per scenario and round), BENCH_ROUNDS (default 3),
 * BENCH_CONNECTIONS (default 32), BENCH_BODY_BYTES (default 1024), BENCH_RECORD_TENANTS (default 1:
 * the RECORD scenario's events go round the RECORD triggers of that many tenants), and for the
 * server DB_POOL_SIZE, DB_PREPARED_STATEMENTS and DB_PREPARED_STATEMENTS_PER_CONNECTION.
 *
 * Every signed request is new (its own body, timestamp of now and signature), so each one is
 * verified and inserted: the replay path is measured separately. After the run the number of
 * stored events must equal the number of 202 answers, or the benchmark fails.
 */
import crypto from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { postgresCpuSeconds, processCpuSeconds } from './support';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BODY_BYTES = Number(process.env.BENCH_BODY_BYTES ?? 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP_SECONDS = Math.min(3, Math.max(1, Math.round(SECONDS / 4)));
const SECRET = crypto.randomBytes(24).toString('hex');

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + database;
  return u.toString();
}

interface Started {
  child: ChildProcess;
  info: {
    port: number;
    signedId?: string;
    unsignedId?: string;
    githubId?: string;
    /** The RECORD trigger of each tenant (BENCH_RECORD_TENANTS, default 1). */
    recordIds?: string[];
    poolSize?: number;
  };
}

function startServer(mode: 'bare' | 'floor' | 'hookgate', env: Record<string, string> = {}): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'intake', 'server.ts'), [mode], {
      // BENCH_SERVER_NODE_ARGS (space-separated), e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the servers.
      execArgv: [
        '-r',
        path.join(__dirname, '..', 'scripts', 'register.js'),
        ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (info) => resolve({ child, info: info as Started['info'] }));
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

function stopServer(s: Started): Promise<void> {
  return new Promise((resolve) => {
    s.child.removeAllListeners('exit');
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });
}

/** A JSON body of about BODY_BYTES with a unique id, so no two requests are alike. */
function makeBody(seq: number): string {
  const head = `{"id":"${crypto.randomUUID()}","seq":${seq},"pad":"`;
  return head + 'x'.repeat(Math.max(0, BODY_BYTES - head.length - 2)) + '"}';
}

let sequence = 0;

type Shape = 'bare' | 'floor' | 'signed' | 'record' | 'github' | 'unsigned' | 'replay';
// BENCH_SCENARIOS (comma-separated) runs a subset; bare and signed always run (the ratios' bases).
const SHAPES: Shape[] = (['bare', 'floor', 'signed', 'record', 'github', 'unsigned', 'replay'] as Shape[]).filter(
  (s) => !process.env.BENCH_SCENARIOS || ['bare', 'signed', ...process.env.BENCH_SCENARIOS.split(',')].includes(s),
);

// The one request the replay scenario repeats, made anew each round: a run lasts longer than the
// 300 s timestamp window.
let replay = { body: '', ts: '', sig: '' };
function newReplayRequest(): void {
  const body = makeBody(-1);
  const ts = String(Math.floor(Date.now() / 1000));
  replay = { body, ts, sig: crypto.createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex') };
}

/** `pathName`, or with several paths one after the other (the RECORD scenario over many tenants). */
function requestFor(shape: Shape, pathName: string | string[]): autocannon.Request {
  const paths = Array.isArray(pathName) ? pathName : [pathName];
  let nextPath = 0;
  return {
    method: 'POST',
    path: paths[0],
    setupRequest: (req) => {
      req = { ...req, path: paths[nextPath++ % paths.length] };
      if (shape === 'replay') {
        return {
          ...req,
          body: replay.body,
          headers: {
            'content-type': 'application/json',
            'x-timestamp': replay.ts,
            'x-signature': `sha256=${replay.sig}`,
          },
        };
      }
      const body = makeBody(sequence++);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (shape === 'github') {
        headers['x-hub-signature-256'] = `sha256=${crypto.createHmac('sha256', SECRET).update(body).digest('hex')}`;
        headers['x-github-delivery'] = crypto.randomUUID();
      } else if (shape === 'signed' || shape === 'record') {
        const ts = String(Math.floor(Date.now() / 1000));
        headers['x-timestamp'] = ts;
        headers['x-signature'] = `sha256=${crypto.createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex')}`;
      }
      return { ...req, body, headers };
    },
  };
}

interface Measured {
  rps: number;
  /** Per request answered in the measured run: the server's CPU, PostgreSQL's CPU (µs), its transactions. */
  serverUs: number;
  postgresUs: number;
  xacts: number;
  p50: number;
  p99: number;
  ok: number;
  non2xx: number;
  errors: number;
}

/** Transactions PostgreSQL committed in the bench database (every autocommit statement is one). */
let committedTransactions: () => Promise<number> = async () => 0;

async function load(server: Started, shape: Shape, pathName: string | string[], seconds: number): Promise<Measured> {
  const port = server.info.port;
  const cpu0 = processCpuSeconds(server.child.pid!);
  const pg0 = postgresCpuSeconds();
  const xact0 = await committedTransactions();
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [requestFor(shape, pathName)],
  });
  const answered = Math.max(1, result['2xx']);
  // pg_stat_database is updated by each backend at most every 500 ms (PGSTAT_MIN_INTERVAL) when idle.
  await new Promise((r) => setTimeout(r, 1100));
  return {
    serverUs: ((processCpuSeconds(server.child.pid!) - cpu0) / answered) * 1e6,
    postgresUs: ((postgresCpuSeconds() - pg0) / answered) * 1e6,
    xacts: ((await committedTransactions()) - xact0) / answered,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Warm-up, then the measured run; both runs' 2xx counts are returned for the storage check. */
async function scenario(
  server: Started,
  shape: Shape,
  pathName: string | string[],
): Promise<{ m: Measured; accepted: number }> {
  const warm = await load(server, shape, pathName, WARMUP_SECONDS);
  const m = await load(server, shape, pathName, SECONDS);
  if (m.non2xx || m.errors || warm.non2xx || warm.errors) {
    throw new Error(`${shape}: ${m.non2xx + warm.non2xx} non-2xx answers and ${m.errors + warm.errors} errors`);
  }
  return { m, accepted: warm.ok + m.ok };
}

/**
 * Every 202 counted must be a stored event. A few more may be stored: autocannon stops at its
 * deadline without counting the answers still in flight, at most one per connection and run.
 */
function checkStored(shape: string, accepted: number, stored: number): void {
  if (stored < accepted || stored > accepted + 2 * CONNECTIONS) {
    throw new Error(`${shape}: ${accepted} requests answered 202 but ${stored} events stored`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const dbName = `hookgate_bench_intake_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = withDatabase(SERVER_URL, dbName);
  const settings = (
    await admin.query(
      `SELECT current_setting('server_version') AS v, current_setting('synchronous_commit') AS sc, current_setting('max_wal_size') AS wal`,
    )
  ).rows[0];
  const results = new Map<Shape, Measured[]>();
  let poolSize: number;
  let recordTenants: number;
  try {
    const bare = await startServer('bare');
    const floor = SHAPES.includes('floor') ? await startServer('floor', { BENCH_DATABASE_URL: url }) : null;
    const hg = await startServer('hookgate', { BENCH_DATABASE_URL: url, BENCH_SECRET: SECRET });
    poolSize = hg.info.poolSize ?? 0;
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    committedTransactions = async () =>
      Number(
        (await db.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()`)).rows[0]
          .xact_commit,
      );
    const count = async (sql: string, values: unknown[]) => (await db.query(sql, values)).rows[0].n as number;
    const recordIds = hg.info.recordIds!;
    recordTenants = recordIds.length;
    const stored = async (id: string) => {
      // Requests cut off at autocannon's deadline may still be committing.
      await new Promise((r) => setTimeout(r, 1000));
      if (id === 'floor') return count('SELECT count(*)::int AS n FROM bench_floor_events', []);
      if (id === 'record')
        return count('SELECT count(*)::int AS n FROM trigger_events WHERE trigger_id = ANY($1)', [recordIds]);
      return count('SELECT count(*)::int AS n FROM trigger_events WHERE trigger_id = $1', [id]);
    };
    const idOf: Record<Exclude<Shape, 'bare'>, string> = {
      floor: 'floor',
      signed: hg.info.signedId!,
      record: 'record',
      github: hg.info.githubId!,
      unsigned: hg.info.unsignedId!,
      replay: hg.info.signedId!,
    };
    // The RECORD triggers' records and outbox records: one each per APPLIED event, none FAILED.
    const recordCheck = async () => {
      // After the settling pause of stored(), then one snapshot of all counts.
      await stored('record');
      const tables = (
        await db.query(
          `SELECT t.schema_name, e.table_name FROM tenants t
             JOIN entity_definitions e ON e.tenant_id = t.id AND e.name = 'bench_orders'`,
        )
      ).rows.map((r) => ({ schema: r.schema_name as string, table: r.table_name as string }));
      const sum = (select: (t: { schema: string; table: string }) => string) => tables.map(select).join(' + ');
      const { events, applied, records, outbox } = (
        await db.query(
          `SELECT (SELECT count(*)::int FROM trigger_events WHERE trigger_id = ANY($1)) AS events,
                  (SELECT count(*)::int FROM trigger_events WHERE trigger_id = ANY($1) AND action_status = 'APPLIED') AS applied,
                  ${sum((t) => `(SELECT count(*)::int FROM "${t.schema}"."${t.table}")`)} AS records,
                  ${sum((t) => `(SELECT count(*)::int FROM "${t.schema}".mutation_webhook_outbox)`)} AS outbox`,
          [recordIds],
        )
      ).rows[0];
      if (applied !== events || records !== events || outbox !== events) {
        throw new Error(`record: ${events} events, ${applied} applied, ${records} records, ${outbox} outbox records`);
      }
    };
    try {
      // Rounds alternate the scenarios, so a machine that gets busier or quieter during the run
      // shifts all of them alike; each round's ratio compares neighbours in time.
      for (let round = 0; round < ROUNDS; round++) {
        newReplayRequest();
        const before = new Map<Shape, number>();
        for (const shape of SHAPES) if (shape !== 'bare') before.set(shape, await stored(idOf[shape]));
        let signedAccepted = 0;
        for (const shape of SHAPES) {
          const server = shape === 'bare' ? bare : shape === 'floor' ? floor! : hg;
          const pathName =
            shape === 'bare' || shape === 'floor'
              ? `/${shape}/${crypto.randomUUID()}`
              : shape === 'record'
                ? recordIds.map((id) => `/linker/triggers/webhook/${id}`)
                : `/linker/triggers/webhook/${idOf[shape]}`;
          const { m, accepted } = await scenario(server, shape, pathName);
          results.set(shape, [...(results.get(shape) ?? []), m]);
          if (shape === 'signed') signedAccepted = accepted;
          if (shape !== 'bare' && shape !== 'replay') {
            checkStored(shape, accepted, (await stored(idOf[shape])) - before.get(shape)!);
          }
          if (shape === 'record') await recordCheck();
        }
        // Each round's replayed request is stored once.
        if (!SHAPES.includes('replay')) continue;
        const replayAdded = (await stored(hg.info.signedId!)) - before.get('signed')!;
        const expected = 1;
        if (replayAdded < signedAccepted + expected || replayAdded > signedAccepted + expected + 2 * CONNECTIONS) {
          throw new Error(
            `replay: stored events do not add up (${replayAdded} new, ${signedAccepted} signed requests accepted)`,
          );
        }
      }
    } finally {
      await db.end();
      await stopServer(hg);
      if (floor) await stopServer(floor);
      await stopServer(bare);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }

  const names: Record<Shape, string> = {
    bare: 'bare Fastify route, 202',
    floor: 'floor: bare route + batched insert, commit',
    signed: 'signed intake, every request a new event',
    record: 'RECORD: + 1 record, 1 outbox record',
    github: 'GITHUB scheme, every request a new event',
    unsigned: 'unsigned trigger, every request a new event',
    replay: 'signed intake, one request replayed',
  };
  const bareRuns = results.get('bare')!;
  const pad = (v: string | number, n: number) => String(v).padStart(n);
  const lines = [
    `PostgreSQL ${settings.v} (synchronous_commit=${settings.sc}, max_wal_size=${settings.wal}), Hookgate pool ${poolSize}, ` +
      `prepared statements ${process.env.DB_PREPARED_STATEMENTS ?? 'on'}, RECORD over ${recordTenants} tenant(s); ` +
      `${CONNECTIONS} connections, ${BODY_BYTES}-byte JSON bodies; ${ROUNDS} rounds of ${SECONDS} s per scenario (after ${WARMUP_SECONDS} s warm-up), medians`,
    '',
    `| ${'scenario'.padEnd(44)} | req/s  | ratio to bare (per round) | p50 ms | p99 ms |`,
    `|${'-'.repeat(46)}|--------|---------------------------|--------|--------|`,
    ...SHAPES.map((shape) => {
      const runs = results.get(shape)!;
      const ratios = runs.map((m, i) => m.rps / bareRuns[i].rps);
      return `| ${names[shape].padEnd(44)} | ${pad(Math.round(median(runs.map((m) => m.rps))), 6)} | ${pad(`${median(ratios).toFixed(3)} (${ratios.map((r) => r.toFixed(2)).join(' ')})`, 25)} | ${pad(median(runs.map((m) => m.p50)), 6)} | ${pad(median(runs.map((m) => m.p99)), 6)} |`;
    }),
  ];
  lines.push(
    '',
    'Per request answered (medians of the rounds): CPU of the server process, CPU of all of PostgreSQL, transactions committed',
    '',
    `| ${'scenario'.padEnd(44)} | server µs | PostgreSQL µs | transactions |`,
    `|${'-'.repeat(46)}|-----------|---------------|--------------|`,
    ...SHAPES.map((shape) => {
      const runs = results.get(shape)!;
      return `| ${names[shape].padEnd(44)} | ${pad(Math.round(median(runs.map((m) => m.serverUs))), 9)} | ${pad(Math.round(median(runs.map((m) => m.postgresUs))), 13)} | ${pad(median(runs.map((m) => m.xacts)).toFixed(3), 12)} |`;
    }),
  );
  // Same-round ratios with goals of their own: RECORD to STORE (≥ 0.5), GITHUB to HMAC_HEX (≥ 0.9).
  const versus = (a: Shape, b: Shape) => {
    const ratios = results.get(a)!.map((m, i) => m.rps / results.get(b)![i].rps);
    return `${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(' ')})`;
  };
  lines.push('');
  if (SHAPES.includes('floor')) lines.push(`signed intake / floor, per round: ${versus('signed', 'floor')}`);
  if (SHAPES.includes('record')) lines.push(`RECORD / signed STORE, per round: ${versus('record', 'signed')}`);
  if (SHAPES.includes('github')) lines.push(`GITHUB / HMAC_HEX, per round: ${versus('github', 'signed')}`);
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err) => {
  process.stderr.write(`bench/intake: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

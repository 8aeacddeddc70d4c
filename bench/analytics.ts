/**
 * Analytics benchmark: Hookgate end to end over HTTP against the same query written by
 * hand and run with `pg` directly, on BENCH_ROWS (default 1,000,000) generated rows.
 *
 *   node -r ./scripts/register.js bench/analytics.ts
 *
 * Needs a real PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres):
 * it creates a throw-away database there and drops it at the end. Prints one line per query with
 * medians, p95 and the ratios Hookgate / hand-written SQL and Hookgate / the same SQL behind a bare
 * Fastify route (what any HTTP service around the statement pays), then the round trips of HTTP
 * requests that do no database work: the part of a short query's ratio no change to analytics
 * can remove.
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { Pool as HttpPool } from 'undici';
import { mintToken } from '../src/auth/tokens';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { createHttpServer, startRuntime } from '../src/runtime';
import { handQueries, hookgateQueries } from './analytics/queries';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 25);
const WARMUP = 3;
const SECRET = crypto.randomBytes(32).toString('hex');
const TENANT = 'bench';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + database;
  return u.toString();
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};

async function main() {
  const dbName = `hookgate_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = withDatabase(SERVER_URL, dbName);
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    AUTH_JWT_SECRET: SECRET,
    SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    DISPATCHER: 'off',
    DB_POOL_SIZE: '10',
  });
  const runtime = await startRuntime(config, createLogger('silent'));
  const app = await createHttpServer(runtime);
  const hand = new pg.Pool({ connectionString: url, max: 10 });
  // The same statements written by hand, served over HTTP with nothing else: a route that runs the
  // SQL on its own pool and answers the rows in Hookgate's JSON shape. Same Fastify, same process.
  const bare = Fastify({ logger: false });
  const barePool = new pg.Pool({ connectionString: url, max: 10 });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address() as { port: number };
    const http = new HttpPool(`http://127.0.0.1:${address.port}`, { connections: 4 });
    const token = await mintToken(SECRET, { sub: 'bench', tenantId: TENANT, permissions: ['tenant:admin'] });
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': TENANT, 'content-type': 'application/json' };
    // One JSON caller per server: a failed request says which server and path refused it.
    const callerOf = (pool: HttpPool, label: string) => async (method: string, path: string, body?: unknown) => {
      const res = await pool.request({
        method: method as 'POST',
        path,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.body.text();
      if (res.statusCode >= 300) throw new Error(`${label}${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`);
      return text ? JSON.parse(text) : undefined;
    };
    const call = callerOf(http, '');

    const bareStatements: string[] = [];
    bare.post<{ Params: { n: string }; Body: { values: unknown[] } }>('/raw/:n', async (req) => {
      const r = await barePool.query<unknown[]>({
        text: bareStatements[Number(req.params.n)],
        values: req.body.values,
        rowMode: 'array',
      });
      return { success: true, data: { columns: r.fields.map((f) => f.name), rows: r.rows } };
    });
    bare.get('/healthz', async () => ({ status: 'ok' }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareHttp = new HttpPool(`http://127.0.0.1:${(bare.server.address() as { port: number }).port}`, {
      connections: 4,
    });
    const callBare = callerOf(bareHttp, 'bare ');

    // The catalogue through the service, the rows straight into the table (the record API is not under test here).
    await call('POST', '/metadata/entities', {
      name: 'events',
      fields: [
        { name: 'id', type: 'INTEGER' },
        { name: 'region', type: 'STRING' },
        { name: 'channel', type: 'STRING' },
        { name: 'status', type: 'STRING' },
        { name: 'amount', type: 'DECIMAL' },
        { name: 'qty', type: 'INTEGER' },
        { name: 'created_at', type: 'TIMESTAMP' },
      ],
      primaryKey: 'id',
      timeField: 'created_at',
    });
    const schema = await runtime.services.tenants.ensure(TENANT);
    const table = `"${schema}"."events"`;
    let t0 = Date.now();
    await hand.query(
      `
      INSERT INTO ${table} (id, region, channel, status, amount, qty, created_at)
      SELECT g,
             (ARRAY['north','south','east','west','central'])[1 + ((g * 7919) % 5)::int],
             (ARRAY['web','store','phone','partner','app','mail'])[1 + ((g * 104729) % 6)::int],
             (ARRAY['paid','paid','open','refunded'])[1 + ((g * 31) % 4)::int],
             ((g * 7877) % 100000) / 100.0,
             (g * 13) % 10,
             timestamptz '2026-01-01 00:00:00+00' + ((g * 48271) % (365 * 86400)) * interval '1 second'
        FROM generate_series(1::bigint, $1::bigint) g`,
      [ROWS],
    );
    const loadMs = Date.now() - t0;
    t0 = Date.now();
    await call('POST', '/metadata/metrics', {
      name: 'revenue',
      entity: 'events',
      aggregation: 'SUM',
      field: 'amount',
      filter: { field: 'status', op: 'EQ', value: 'paid' },
    });
    await call('POST', '/metadata/views', {
      name: 'channel_totals',
      entity: 'events',
      select: [
        { field: 'channel' },
        { field: 'amount', agg: 'SUM', alias: 'total' },
        { agg: 'COUNT', alias: 'orders' },
      ],
      filter: {
        op: 'AND',
        conditions: [
          { field: 'region', op: 'EQ', value: { $param: 'region' } },
          { field: 'created_at', op: 'GTE', value: { $param: 'since' } },
        ],
      },
      parameters: [
        { name: 'region', type: 'STRING', required: true },
        { name: 'since', type: 'TIMESTAMP', default: '2026-12-01T00:00:00Z' },
      ],
    });
    const catalogueMs = Date.now() - t0;
    await hand.query(`ANALYZE ${table}`);

    const ours = hookgateQueries();
    const theirs = handQueries(table);
    const results: Array<{ name: string; hookgate: number[]; handSql: number[]; bareHttp: number[]; rows: number }> =
      [];
    for (const q of ours) {
      const h = theirs.find((x) => x.name === q.name)!;
      const n = bareStatements.push(h.sql) - 1;
      const runOurs = async () =>
        (await call('POST', q.path, q.body)).data as { rows: unknown[][] } | Record<string, unknown>;
      const runHand = async () => (await hand.query(h.sql, h.values)).rows;
      const runBare = async () => (await callBare('POST', `/raw/${n}`, { values: h.values })).data.rows as unknown[];
      // Same answer first: the benchmark compares equal work.
      const a = await runOurs();
      const b = await runHand();
      const c = await runBare();
      const rowsOurs = 'rows' in a ? (a.rows as unknown[]).length : 0;
      if (rowsOurs !== b.length || c.length !== b.length)
        throw new Error(`${q.name}: Hookgate answered ${rowsOurs} rows, hand SQL ${b.length}, bare HTTP ${c.length}`);
      for (let i = 0; i < WARMUP; i++) {
        await runOurs();
        await runHand();
        await runBare();
      }
      const timesOurs: number[] = [];
      const timesHand: number[] = [];
      const timesBare: number[] = [];
      const sides: Array<[() => Promise<unknown>, number[]]> = [
        [runOurs, timesOurs],
        [runHand, timesHand],
        [runBare, timesBare],
      ];
      for (let i = 0; i < ITERATIONS; i++) {
        // Rotate which goes first, so caches and noise fall on all alike.
        for (let k = 0; k < sides.length; k++) {
          const [fn, times] = sides[(i + k) % sides.length];
          const start = process.hrtime.bigint();
          await fn();
          times.push(Number(process.hrtime.bigint() - start) / 1e6);
        }
      }
      results.push({ name: q.name, hookgate: timesOurs, handSql: timesHand, bareHttp: timesBare, rows: b.length });
    }
    // What HTTP alone costs here (routes without database work), the floor under every ratio above;
    // the gap between the two is what Hookgate's request hooks add to any route.
    const timesHttp: number[] = [];
    const timesBareHttp: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      for (const [fn, times] of i % 2
        ? ([
            [() => call('GET', '/healthz'), timesHttp],
            [() => callBare('GET', '/healthz'), timesBareHttp],
          ] as const)
        : ([
            [() => callBare('GET', '/healthz'), timesBareHttp],
            [() => call('GET', '/healthz'), timesHttp],
          ] as const)) {
        const start = process.hrtime.bigint();
        await fn();
        times.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }

    const pgVersion = (await hand.query('SHOW server_version')).rows[0].server_version;
    process.stdout.write(
      `\nrows: ${ROWS.toLocaleString('en')}  load: ${loadMs} ms  catalogue (metric + view, with indexes): ${catalogueMs} ms  PostgreSQL ${pgVersion}  iterations: ${ITERATIONS}\n\n`,
    );
    process.stdout.write(
      '| query | result rows | Hookgate HTTP median (p95) ms | hand SQL via pg median (p95) ms | ratio of medians | median of paired ratios | hand SQL behind bare HTTP median (p95) ms | ratio of medians to bare HTTP | median of paired ratios to bare HTTP |\n|---|---|---|---|---|---|---|---|---|\n',
    );
    const ms = (xs: number[]) => `${percentile(xs, 0.5).toFixed(1)} (${percentile(xs, 0.95).toFixed(1)})`;
    for (const r of results) {
      const mo = percentile(r.hookgate, 0.5);
      const mh = percentile(r.handSql, 0.5);
      const mb = percentile(r.bareHttp, 0.5);
      // Each round's runs are back to back: their ratio cancels the machine's slower drifts.
      const paired = (base: number[]) =>
        percentile(
          r.hookgate.map((x, i) => x / base[i]),
          0.5,
        );
      process.stdout.write(
        `| ${r.name} | ${r.rows} | ${ms(r.hookgate)} | ${ms(r.handSql)} | ${(mo / mh).toFixed(2)}× | ${paired(r.handSql).toFixed(2)}× | ${ms(r.bareHttp)} | ${(mo / mb).toFixed(2)}× | ${paired(r.bareHttp).toFixed(2)}× |\n`,
      );
    }
    process.stdout.write(
      `\nHTTP round trip without database work (GET /healthz): median ${percentile(timesHttp, 0.5).toFixed(2)} ms` +
        ` (bare Fastify: ${percentile(timesBareHttp, 0.5).toFixed(2)} ms)\n`,
    );
    await http.close();
    await bareHttp.close();
  } finally {
    await hand.end().catch(() => undefined);
    await bare.close().catch(() => undefined);
    await barePool.end().catch(() => undefined);
    await app.close().catch(() => undefined);
    await runtime.close().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
}

main().catch((err) => {
  process.stderr.write(`bench/analytics: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

/**
 * What the shared rate limit costs per request.
 *
 * 1. The limiter alone, in this process, against a real PostgreSQL: CPU µs of Node per request
 *    and statements (database round trips) per request, for requests that are served (a limit far
 *    above the load) and for a flood that is refused (60 a minute, burst 10). Compared with the
 *    in-process bucket, and with a shared limiter that asks the database on every request
 *    (slices of 1 token), the design a lease avoids.
 * 2. A trivial tenant GraphQL query (`{ entities { name } }`, one catalogue read) over HTTP, one at
 *    a time: p50 and p99 latency with the limit off, leased (the default), and one statement per
 *    request; rounds alternate.
 *
 *   node -r ./scripts/register.js bench/rate-limit.ts
 *   # BENCH_TAKES (50000), BENCH_QUERIES (2000 per round and mode), BENCH_ROUNDS (3)
 *
 * Needs a real PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres):
 * it creates a throw-away database there and drops it at the end.
 */
import 'reflect-metadata';
import pg from 'pg';
import { mintToken } from '../src/auth/tokens';
import { loadConfig } from '../src/config';
import type { RequestLimiter } from '../src/limits/limiter';
import { PgLeaseStore } from '../src/limits/pg-lease-store';
import { SharedRateLimiter } from '../src/limits/shared-rate-limit';
import { RateLimiter } from '../src/limits/token-bucket';
import { createLogger } from '../src/logger';
import { createHttpServer, startRuntime } from '../src/runtime';
import { median, now, percentile, postgresCpuSeconds, runBenchmark, withDatabase } from './support';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const TAKES = Number(process.env.BENCH_TAKES ?? 50_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';
const HIGH = 6_000_000;

/** `TAKES` takes over 16 tenants, 16 at a time: CPU µs per take, statements per take, the share served. */
async function takes(limiter: RequestLimiter, statements: () => number) {
  const before = statements();
  const pgBefore = postgresCpuSeconds();
  const cpu = process.cpuUsage();
  let served = 0;
  let i = 0;
  await Promise.all(
    Array.from({ length: 16 }, async (_, worker) => {
      while (i++ < TAKES) if ((await limiter.take(`bench-${worker}`)) === 0) served++;
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    nodeCpuMicrosPerRequest: +((used.user + used.system) / TAKES).toFixed(2),
    statementsPerRequest: +((statements() - before) / TAKES).toFixed(4),
    postgresCpuMicrosPerRequest: +(((postgresCpuSeconds() - pgBefore) * 1e6) / TAKES).toFixed(1),
    served: +(served / TAKES).toFixed(4),
  };
}

async function main() {
  const dbName = `hookgate_bench_rate_limit_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = withDatabase(SERVER_URL, dbName);
  const base = { ...process.env, NODE_ENV: 'test', DATABASE_URL: url, AUTH_JWT_SECRET: SECRET, LOG_LEVEL: 'warn' };
  const runtimes: Array<{ close(): Promise<void> }> = [];
  try {
    const rt = await startRuntime(loadConfig({ ...base, DISPATCHER: 'off' }), createLogger('warn'));
    runtimes.push(rt);
    const store = new PgLeaseStore(rt.db.pool);
    const shared = (perMinute: number, burst: number, slice?: number) =>
      new SharedRateLimiter({ perMinute, burst, store, prefix: `bench${Math.random()}:`, slice });
    const count = (l: SharedRateLimiter) => () => l.statements.leases + l.statements.giveBacks;

    const limiterRows: Record<string, unknown> = {};
    for (const [name, make] of [
      ['in-process bucket, served', () => new RateLimiter(HIGH, HIGH)],
      ['shared, leased slices, served', () => shared(HIGH, HIGH)],
      ['shared, one statement per request, served', () => shared(HIGH, HIGH, 1)],
      ['in-process bucket, flood refused (60/min)', () => new RateLimiter(60, 10)],
      ['shared, leased slices, flood refused (60/min)', () => shared(60, 10)],
    ] as const) {
      const limiter = make();
      await takes(limiter, () => 0); // warm
      limiterRows[name] = await takes(limiter, limiter instanceof SharedRateLimiter ? count(limiter) : () => 0);
      if (limiter instanceof SharedRateLimiter) await limiter.close();
    }
    console.log('Limiter alone (16 tenants, 16 requests at a time):');
    console.table(limiterRows);

    // Three servers on the one database: the limit off, leased, and one statement per request.
    const servers: Record<string, string> = {};
    for (const [mode, perMinute] of [
      ['off', '0'],
      ['leased', String(HIGH)],
      ['one statement per request', String(HIGH)],
    ] as const) {
      const config = loadConfig({ ...base, DISPATCHER: 'off', RATE_LIMIT_PER_MINUTE: perMinute });
      const r = await startRuntime(config, createLogger('warn'));
      runtimes.push(r);
      const app = await createHttpServer(r);
      if (mode === 'one statement per request') {
        (app as unknown as { tenantRateLimiter: RequestLimiter }).tenantRateLimiter = new SharedRateLimiter({
          perMinute: HIGH,
          burst: HIGH,
          store: new PgLeaseStore(r.db.pool),
          prefix: 'api:',
          slice: 1,
        });
      }
      servers[mode] = await app.listen({ port: 0, host: '127.0.0.1' });
      runtimes.push({ close: () => app.close() });
    }
    const token = await mintToken(SECRET, { sub: 'bench', tenantId: 'bench', permissions: ['tenant:admin'] });
    const query = async (server: string) => {
      const res = await fetch(`${server}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-tenant-id': 'bench', 'content-type': 'application/json' },
        body: '{"query":"{ entities { name } }"}',
      });
      if (res.status !== 200) throw new Error(`GraphQL answered ${res.status}`);
      await res.arrayBuffer();
    };
    const latencies: Record<string, number[]> = {};
    const cpuPerQuery: Record<string, number[]> = {};
    for (const mode of Object.keys(servers)) for (let i = 0; i < 200; i++) await query(servers[mode]);
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of Object.keys(servers)) {
        const cpu = process.cpuUsage();
        for (let i = 0; i < QUERIES; i++) {
          const t = now();
          await query(servers[mode]);
          (latencies[mode] ??= []).push(now() - t);
        }
        const used = process.cpuUsage(cpu);
        (cpuPerQuery[mode] ??= []).push((used.user + used.system) / QUERIES);
      }
    }
    const rows: Record<string, unknown> = {};
    for (const mode of Object.keys(servers)) {
      rows[mode] = {
        p50Ms: +percentile(latencies[mode], 0.5).toFixed(3),
        p99Ms: +percentile(latencies[mode], 0.99).toFixed(3),
        // Client and server share this process: the difference between modes is the server's.
        nodeCpuMicrosPerQuery: +median(cpuPerQuery[mode]).toFixed(1),
      };
    }
    console.log(`\n{ entities { name } } over HTTP, one at a time (${ROUNDS} rounds × ${QUERIES} per mode):`);
    console.table(rows);
  } finally {
    for (const r of runtimes.reverse()) await r.close().catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }
}

runBenchmark(main);

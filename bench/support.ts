/** Helpers shared by the benchmark scripts of this folder. */
import fs from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { quoteIdent } from '../src/db/sql';
import { createLogger } from '../src/logger';
import { startRuntime, type Runtime } from '../src/runtime';

export const withDatabase = (url: string, database: string) =>
  Object.assign(new URL(url), { pathname: '/' + database }).toString();
/** Epoch milliseconds, sub-millisecond, on the clock every process of the machine shares. */
export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
/** The middle value; with an even count, the mean of the two middle ones (not the upper one). */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

/**
 * Runs `body` on the product's runtime (dispatcher off) over a database of its own, `<name>_<pid>`
 * on DATABASE_URL's server (default the local PostgreSQL), created first and dropped after.
 */
export async function withBenchRuntime(name: string, body: (rt: Runtime) => Promise<void>): Promise<void> {
  const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const database = `${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${quoteIdent(database)}`);
  try {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: withDatabase(serverUrl, database),
      AUTH_JWT_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
      LOG_LEVEL: 'warn',
      DISPATCHER: 'off',
    });
    const rt = await startRuntime(config, createLogger(config.logLevel));
    try {
      await body(rt);
    } finally {
      await rt.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    await admin.end();
  }
}

/** Paces `total` calls of `write(i)` at `rate` per second with at most 64 in flight; returns the achieved rate. */
export async function paced(total: number, rate: number, write: (i: number) => Promise<void>): Promise<number> {
  const started = now();
  const inFlight = new Set<Promise<void>>();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - now();
    if (wait > 1) await sleep(wait);
    const p: Promise<void> = write(i).finally(() => inFlight.delete(p));
    inFlight.add(p);
    if (inFlight.size >= 64) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return total / ((now() - started) / 1000);
}

/** A process's name and the fields of /proc/<pid>/stat after it (state first); null once it is gone. */
function procStat(pid: number | string): { name: string; fields: string[] } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    return { name: stat.slice(stat.indexOf('(') + 1, close), fields: stat.slice(close + 2).split(' ') };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used, from /proc (ticks of 10 ms); 0 once it is gone. */
export function processCpuSeconds(pid: number): number {
  const stat = procStat(pid);
  return stat ? (Number(stat.fields[11]) + Number(stat.fields[12])) / 100 : 0;
}

/**
 * CPU seconds all of the machine's PostgreSQL processes have used: the live ones, plus the
 * postmaster's reaped children (a backend that ended between two readings still counts). Only
 * meaningful on a machine where this benchmark is PostgreSQL's one client.
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat?.name !== 'postgres') continue;
    total += Number(stat.fields[11]) + Number(stat.fields[12]);
    // The postmaster (its parent is not a postgres process): add its children that ended.
    if (procStat(stat.fields[1])?.name !== 'postgres') total += Number(stat.fields[13]) + Number(stat.fields[14]);
  }
  return total / 100;
}

/**
 * Runs a benchmark's main and exits with its outcome. A run's database is dropped WITH (FORCE)
 * after it: a pool of a library that outlives the run (Prisma's, a peer's) then sees its idle
 * connections terminated (57P01), which is expected, not a failure.
 */
export function runBenchmark(main: () => Promise<void>): void {
  process.on('uncaughtException', (err) => {
    if ((err as { code?: string }).code === '57P01') return;
    console.error(err);
    process.exit(1);
  });
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/** Helpers shared by the benchmark scripts of this folder. */
import fs from 'node:fs';

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

/** CPU seconds (user + system) a process has used, from /proc (ticks of 10 ms); 0 once it is gone. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
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
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]);
      // The postmaster (its parent is not a postgres process): add its children that ended.
      const parent = fs.readFileSync(`/proc/${fields[1]}/stat`, 'utf8');
      if (!parent.includes('(postgres)')) total += Number(fields[13]) + Number(fields[14]);
    } catch {
      // Ended while being read.
    }
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

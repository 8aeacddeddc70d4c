import pRetry from 'p-retry';
import { isConnectionError } from '../errors';
import type { Logger } from '../logger';

/**
 * The one retry helper for database work: what may run again, how often and how long to wait
 * between tries are its arguments, so every caller follows the same rules.
 */
interface RetryPolicy {
  /** True for an error after which running `fn` again is safe and may succeed. */
  retryable: (err: unknown) => boolean;
  /** Tries in all, the first included. */
  attempts: number;
  /** Waits between tries, doubling from `minMs` up to `maxMs`; 0 retries at once. */
  minMs: number;
  maxMs: number;
  logger?: Logger;
  /** Names the work in the log line of each failed try. */
  what?: string;
  /** The log line of each failed try. */
  message?: string;
}

/**
 * Runs `fn`, and again while it fails with an error `policy.retryable` accepts; any other error,
 * or the last try's, is thrown as it is.
 *
 * The first try runs outside p-retry, which then takes over with that failure as its own first
 * attempt: almost every call succeeds at once, and p-retry's set-up is a measurable cost on the
 * dispatcher's path (docs/benchmarks.md, "Dispatcher").
 */
async function retryWhen<T>(fn: () => Promise<T>, policy: RetryPolicy): Promise<T> {
  let firstFailure: unknown;
  try {
    return await fn();
  } catch (err) {
    if (policy.attempts <= 1 || !policy.retryable(err)) throw err;
    firstFailure = err;
  }
  let replayed = false;
  const attempt = (): Promise<T> => {
    if (replayed) return fn();
    replayed = true;
    return Promise.reject(firstFailure);
  };
  return pRetry(attempt, {
    retries: policy.attempts - 1,
    minTimeout: policy.minMs,
    maxTimeout: policy.maxMs,
    factor: 2,
    shouldRetry: ({ error }) => policy.retryable(error),
    onFailedAttempt: ({ error, attemptNumber }) => {
      if (policy.retryable(error))
        policy.logger?.warn({ attempt: attemptNumber, what: policy.what }, policy.message ?? 'retrying');
    },
  });
}

/** SQLSTATEs of a transaction that lost a deadlock (40P01) or a serialisation race (40001). */
const LOST_RACE = new Set(['40P01', '40001']);

/** True when a transaction lost a deadlock or a serialisation race: it did nothing, so it may run again. */
export function isLostRace(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && LOST_RACE.has(code);
}

/** Runs a transaction again, at once, when it lost a deadlock or a serialisation race (3 tries in all). */
export function retryOnLostRace<T>(fn: () => Promise<T>): Promise<T> {
  return retryWhen(fn, { retryable: isLostRace, attempts: 3, minMs: 0, maxMs: 0 });
}

/**
 * Retries `fn` while the database is unreachable (a restart, a dropped connection), with
 * exponential backoff from 100 ms to 5 s; any other error is final at once.
 */
export function retryOnConnectionLoss<T>(
  fn: () => Promise<T>,
  opts: { retries?: number; logger?: Logger; what?: string } = {},
): Promise<T> {
  return retryWhen(fn, {
    retryable: isConnectionError,
    attempts: (opts.retries ?? 8) + 1,
    minMs: 100,
    maxMs: 5_000,
    logger: opts.logger,
    what: opts.what,
    message: 'database unreachable, retrying',
  });
}

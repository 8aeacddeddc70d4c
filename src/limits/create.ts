import type pg from 'pg';
import type { Logger } from '../logger';
import type { RequestLimiter } from './limiter';
import { PgLeaseStore } from './pg-lease-store';
import { SharedRateLimiter } from './shared-rate-limit';
import { RateLimiter } from './token-bucket';

export type { RequestLimiter } from './limiter';

/**
 * A limit of `perMinute` requests per key (burst `burst`), or null when `perMinute` is 0. Shared
 * by every process of the database through `pool`; on the embedded database (one process) it is
 * counted in the process.
 */
export function createRequestLimiter(opts: {
  perMinute: number;
  burst: number;
  pool: pg.Pool;
  embedded: boolean;
  prefix: string;
  logger?: Logger;
  now?: () => number;
}): (RequestLimiter & { close?(): Promise<void> }) | null {
  if (opts.perMinute <= 0) return null;
  if (opts.embedded) return new RateLimiter(opts.perMinute, opts.burst, opts.now);
  return new SharedRateLimiter({ ...opts, store: new PgLeaseStore(opts.pool) });
}

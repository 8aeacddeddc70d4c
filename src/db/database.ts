import pg from 'pg';
import pRetry from 'p-retry';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { isConnectionError } from '../errors';
import { allowPreparedStatements } from './prepared';
import type { Logger } from '../logger';

// PostgreSQL returns int8 (COUNT, BIGINT) as text by default; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));
// NUMERIC as a JS number: the contract answers numbers as JSON numbers.
pg.types.setTypeParser(1700, (v) => Number(v));
// DATE stays the 'YYYY-MM-DD' text the contract answers; the default would shift it to local midnight.
pg.types.setTypeParser(1082, (v) => v);

/**
 * PGlite (PostgreSQL compiled to WebAssembly) serves every connection from one backend session:
 * transactions, SET and prepared statements are shared, and NOTIFY does not cross connections.
 */
export async function isPglite(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('SELECT version() AS version');
    return rows[0].version.includes('PGlite');
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type Queryable = Pick<pg.PoolClient, 'query'>;

export interface Database {
  pool: pg.Pool;
  prisma: PrismaClient;
  /** True on PGlite (embedded or served elsewhere): one session, no LISTEN/NOTIFY across connections. */
  embedded: boolean;
  /**
   * A second pool, for statements that only read (analytics), made on first use: its sessions get
   * settings (read-only, a timeout) that must never reach the pool writers use. Undefined on PGlite,
   * where every connection is the one session.
   */
  readOnlyPool(): pg.Pool | undefined;
  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createDatabase(url: string, opts: { poolSize: number; embedded: boolean; logger: Logger }): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    application_name: 'hookgate',
  });
  pool.setMaxListeners(0);
  if (!opts.embedded) allowPreparedStatements(pool);
  // An idle client that loses its connection emits here; without a listener the process would die.
  pool.on('error', (err) => opts.logger.warn({ err: { message: err.message } }, 'idle database connection lost'));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  let readOnly: pg.Pool | undefined;
  let closed = false;
  return {
    pool,
    prisma,
    embedded: opts.embedded,
    readOnlyPool() {
      if (opts.embedded) return undefined;
      // Like the main pool after end(): a late caller fails instead of opening a pool nobody closes.
      if (closed) throw new Error('The database is closed');
      if (!readOnly) {
        readOnly = new pg.Pool({
          connectionString: url,
          max: opts.poolSize,
          idleTimeoutMillis: 30_000,
          connectionTimeoutMillis: 10_000,
          application_name: 'hookgate-readonly',
        });
        readOnly.setMaxListeners(0);
        readOnly.on('error', (err) =>
          opts.logger.warn({ err: { message: err.message } }, 'idle read-only database connection lost'),
        );
      }
      return readOnly;
    },
    transaction: (fn) => inTransaction(pool, fn),
    async close() {
      closed = true;
      await prisma.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await readOnly?.end().catch(() => undefined);
    },
  };
}

/** Runs `fn` in one transaction on one connection of `pool`; rolls back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/**
 * Retries `fn` while the database is unreachable (a restart, a dropped connection), with
 * exponential backoff; any other error is final at once.
 */
export function retryOnConnectionLoss<T>(
  fn: () => Promise<T>,
  opts: { retries?: number; logger?: Logger; what?: string } = {},
): Promise<T> {
  return pRetry(fn, {
    retries: opts.retries ?? 8,
    minTimeout: 100,
    maxTimeout: 5_000,
    factor: 2,
    shouldRetry: ({ error }) => isConnectionError(error),
    onFailedAttempt: ({ error, attemptNumber }) => {
      if (isConnectionError(error)) {
        opts.logger?.warn({ attempt: attemptNumber, what: opts.what }, 'database unreachable, retrying');
      }
    },
  });
}

import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { allowPreparedStatements } from './prepared';
import { createPool } from './pool';
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
  // Lost between connect and end, it must not end the process (see createPool).
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string }>('SELECT version() AS version');
    return rows[0].version.includes('PGlite');
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type { Queryable } from './queryable';
export { retryOnConnectionLoss } from './retry';

export interface Database {
  pool: pg.Pool;
  prisma: PrismaClient;
  /** True on PGlite (embedded or served elsewhere): one session, no LISTEN/NOTIFY across connections. */
  embedded: boolean;
  /**
   * Where statements that need one session for longer than a transaction go (migrations under a
   * session lock, LISTEN): DATABASE_DIRECT_URL behind a transaction-mode pooler, else DATABASE_URL.
   */
  sessionUrl: string;
  /** True when DATABASE_URL is a transaction-mode pooler: no session state outlives a transaction. */
  pooled: boolean;
  /**
   * A second pool, for statements that only read (analytics), made on first use: its sessions get
   * settings (read-only, a timeout) that must never reach the pool writers use. Undefined on PGlite,
   * where every connection is the one session, and behind a transaction-mode pooler, where session
   * settings would land on whichever server connection the pooler hands out next.
   */
  readOnlyPool(): pg.Pool | undefined;
  /**
   * A pool on a hot standby of this database (ANALYTICS_DATABASE_URL), made on first use and closed
   * with the database; its sessions get the same read-only settings as readOnlyPool's.
   */
  standbyPool(url: string): pg.Pool;
  /** Runs `fn` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  poolSize: number;
  embedded: boolean;
  logger: Logger;
  /** DATABASE_DIRECT_URL: set when `url` is a transaction-mode pooler. */
  directUrl?: string;
  /** Named prepared statements on the pool's connections (never on PGlite). Default on. */
  preparedStatements?: boolean;
  /** Most prepared statements a connection keeps (DEFAULT_STATEMENTS_PER_CONNECTION). */
  preparedPerConnection?: number;
  /** Wait for a pooled connection before giving up (503). Default 10 s. */
  connectionTimeoutMs?: number;
}

export function createDatabase(url: string, opts: DatabaseOptions): Database {
  const connectionTimeoutMs = opts.connectionTimeoutMs ?? 10_000;
  const pool = createPool({ url, max: opts.poolSize, connectionTimeoutMs, applicationName: 'hookgate' }, opts.logger);
  if (!opts.embedded && opts.preparedStatements !== false) allowPreparedStatements(pool, opts.preparedPerConnection);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  let readOnly: pg.Pool | undefined;
  let standby: pg.Pool | undefined;
  let closed = false;
  const pooled = opts.directUrl !== undefined;
  return {
    pool,
    prisma,
    embedded: opts.embedded,
    sessionUrl: opts.directUrl ?? url,
    pooled,
    readOnlyPool() {
      if (opts.embedded || pooled) return undefined;
      // Like the main pool after end(): a late caller fails instead of opening a pool nobody closes.
      if (closed) throw new Error('The database is closed');
      readOnly ??= createPool(
        { url, max: opts.poolSize, connectionTimeoutMs, applicationName: 'hookgate-readonly' },
        opts.logger,
      );
      return readOnly;
    },
    standbyPool(standbyUrl) {
      if (closed) throw new Error('The database is closed');
      standby ??= createPool(
        { url: standbyUrl, max: opts.poolSize, connectionTimeoutMs, applicationName: 'hookgate-analytics' },
        opts.logger,
      );
      return standby;
    },
    transaction: (fn) => inTransaction(pool, fn),
    async close() {
      closed = true;
      await prisma.$disconnect().catch(() => undefined);
      await pool.end().catch(() => undefined);
      await readOnly?.end().catch(() => undefined);
      await standby?.end().catch(() => undefined);
    },
  };
}

/**
 * A pool of one connection to the session URL, for work that holds session state (migrations
 * under Prisma's session advisory lock). The caller ends it.
 */
export function createSessionPool(db: Database, logger: Logger): pg.Pool {
  if (!db.pooled) return db.pool;
  return createPool(
    { url: db.sessionUrl, max: 1, connectionTimeoutMs: 10_000, applicationName: 'hookgate-session' },
    logger,
  );
}

/**
 * Runs `fn` in one transaction on one connection of `pool`; rolls back when it throws. A connection
 * lost on the way (even between two statements) fails `fn` or the COMMIT with a connection error,
 * never the process: pools of createPool give every client a listener, and one taken from any other
 * pool gets one here for the checkout.
 */
export async function inTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const ignore = () => undefined;
  const guarded = client.listenerCount('error') === 0;
  if (guarded) client.on('error', ignore);
  let broken = false;
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    // A client that cannot even roll back is broken: it leaves the pool instead of going back.
    broken = await client.query('ROLLBACK').then(
      () => false,
      () => true,
    );
    throw err;
  } finally {
    if (guarded) client.off('error', ignore);
    client.release(broken);
  }
}

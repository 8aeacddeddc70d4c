import pg from 'pg';
import type { Logger } from '../logger';

export interface PoolOptions {
  url: string | undefined;
  max: number;
  /** How long a caller waits for a connection (a free slot, then the connection itself). */
  connectionTimeoutMs: number;
  applicationName: string;
  /** Startup options (`-c name=value …`); not sent through a pooler, which refuses them. */
  options?: string;
}

/**
 * A pg pool whose connections can never end the process. node-postgres emits 'error' on a client
 * whose backend went away (pg_terminate_backend, a restart, a failover); the pool listens only
 * while the client is idle, so a backend lost while the client is checked out (say between two
 * statements of a transaction) would be an unhandled 'error' event. Every client gets a listener
 * of its own for its whole life instead: the statement in flight (or the next one) fails with a
 * connection error, which the surfaces answer 503, and the pool drops the broken client on release.
 */
export function createPool(opts: PoolOptions, logger: Logger): pg.Pool {
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: opts.max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: opts.connectionTimeoutMs,
    application_name: opts.applicationName,
    ...(opts.options ? { options: opts.options } : {}),
  });
  pool.setMaxListeners(0);
  pool.on('connect', (client) => watchConnection(client, logger, opts.applicationName));
  // An idle client's loss reaches the pool too; the client's own listener has logged it already.
  pool.on('error', () => undefined);
  return pool;
}

/** Gives `client` an 'error' listener for its whole life (see createPool). */
function watchConnection(client: pg.ClientBase, logger: Logger, what: string): void {
  client.on('error', (err: Error & { code?: string }) =>
    logger.warn({ pool: what, error: err.code ?? err.name }, 'database connection lost'),
  );
}

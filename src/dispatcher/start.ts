import pg from 'pg';
import { allowPreparedStatements } from '../db/prepared';
import { createPool } from '../db/pool';
import type { Logger } from '../logger';
import { RetentionCleanup } from '../retention/cleanup';
import type { Runtime } from '../runtime';
import { Dispatcher } from './dispatcher';
import { loadDispatcherSettings } from './settings';

export interface RunningDispatcher {
  dispatcher: Dispatcher;
  /** Stops the dispatcher (see Dispatcher.stop) and closes its connections. */
  stop(): Promise<void>;
}

/**
 * The dispatcher's own commits (claims, settles, hints) do not wait for the WAL flush: a crash
 * can only lose the last few of them, which leaves records claimable again or not yet settled,
 * and so at worst delivered once more (the guarantee is at least once). The writers' commits,
 * which carry the changes and their outbox records, stay fully synchronous.
 *
 * Its prepared statements keep one generic plan instead of planning each run: the settle's
 * custom plan (an exact row count for its arrays) always looks cheaper, so PostgreSQL's default
 * would plan it every time, which costs a large share of the claim-and-settle CPU.
 *
 * A generic plan is made once, from the statistics of that moment, and kept for the connection's
 * life; without autovacuum nothing ever replaces it. Made while a new tenant's outbox was empty,
 * the settle's plan was a sequential scan, and stayed one as the table grew: its cost grew with
 * every record ever written (docs/benchmarks.md, "Plan growth"). Every statement of this pool has an index path
 * (claim: the due index; settle, release, leases: the primary key; hints: their own), so its
 * sessions turn sequential scans off: the planner then takes the index path whatever the
 * statistics say, and a plan cannot regress as a table grows.
 */
const DISPATCHER_SESSION_OPTIONS =
  '-c synchronous_commit=off -c plan_cache_mode=force_generic_plan -c enable_seqscan=off';

/** The dispatcher's own pool on PostgreSQL (see startDispatcher). */
export function createDispatcherPool(
  url: string | undefined,
  size: number,
  logger: Logger,
  opts: { pooled?: boolean; preparedStatements?: boolean; preparedPerConnection?: number } = {},
): pg.Pool {
  // A transaction-mode pooler refuses startup options (PgBouncer 1.18: "unsupported startup parameter").
  const pool = createPool(
    {
      url,
      max: size,
      connectionTimeoutMs: 10_000,
      applicationName: 'hookgate-dispatcher',
      options: opts.pooled ? undefined : DISPATCHER_SESSION_OPTIONS,
    },
    logger,
  );
  if (opts.preparedStatements !== false) allowPreparedStatements(pool, opts.preparedPerConnection);
  return pool;
}

/**
 * Builds and starts the dispatcher of a runtime (in the API process or on its own). On
 * PostgreSQL it gets a pool of its own, so a burst of API requests never queues its claims and
 * settles; the embedded database has one connection, which everything shares.
 */
export function startDispatcher(
  runtime: Runtime,
  env: Record<string, string | undefined> = process.env,
): RunningDispatcher {
  const { config, services } = runtime;
  const embedded = services.db.embedded;
  const settings = loadDispatcherSettings(env, embedded);
  const ownPool = embedded
    ? undefined
    : createDispatcherPool(config.databaseUrl, settings.poolSize, services.logger, {
        pooled: services.db.pooled,
        preparedStatements: config.dbPreparedStatements,
        preparedPerConnection: config.dbPreparedPerConnection,
      });
  const dispatcher = new Dispatcher({
    pool: ownPool ?? services.db.pool,
    logger: services.logger,
    registry: services.metrics.registry,
    headerPrefix: config.webhookHeaderPrefix,
    allowPrivateTargets: config.webhookAllowPrivateTargets,
    settings,
    // LISTEN needs a session: DATABASE_DIRECT_URL when DATABASE_URL is a pooler.
    listenUrl: embedded ? undefined : services.db.sessionUrl,
  });
  dispatcher.start();
  // Retention runs wherever a dispatcher runs (docs/api.md#retention), on the dispatcher's connections.
  const retention = new RetentionCleanup({
    pool: ownPool ?? services.db.pool,
    tenants: services.tenants,
    logger: services.logger,
    registry: services.metrics.registry,
    settings: { ...config.retention, tenantPrefix: settings.tenantPrefix },
  });
  retention.start();
  return {
    dispatcher,
    async stop() {
      await retention.stop();
      await dispatcher.stop();
      await ownPool?.end().catch(() => undefined);
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { loadOrCreateDevSecret, mintToken, TokenVerifier } from './auth/tokens';
import { createDatabase, createSessionPool, isPglite, retryOnConnectionLoss, type Database } from './db/database';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { applyMigrations } from './db/migrate';
import { buildApp } from './http/app';
import type { Logger } from './logger';
import { createMetrics } from './metrics';
import { createServices, type Services } from './services';
import { installKeyring, loadOrCreateSecretsKey, SecretKeyring } from './secrets';
import { resealStoredSecrets } from './secrets/reseal';
import { loadOrCreatePortalSecret } from './portal/tokens';

/** Settings no AUTH_* variable covers: then the development secret in DATA_DIR signs tokens. */
function usesDevAuth(config: Config): boolean {
  return !config.auth.jwtSecret && !config.auth.jwksUrl && !config.auth.publicKey;
}

export interface Runtime {
  config: Config;
  db: Database;
  services: Services;
  verifier: TokenVerifier;
  embedded?: EmbeddedDatabase;
  devSecret?: string;
  /** Closes the pool and the embedded database (after the HTTP server and dispatcher stopped). */
  close(): Promise<void>;
}

/** Database (embedded or external), migrations and services: everything but the listeners. */
export async function startRuntime(
  config: Config,
  logger: Logger,
  opts: { defaultMetrics?: boolean } = {},
): Promise<Runtime> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedDatabase(config.dataDir);
    url = embedded.url;
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL (PGlite) started');
  }
  // A DATABASE_URL may point at a PGlite served elsewhere (the test suite does): it has the same
  // single-session limits as our own embedded one, so it gets the same treatment.
  const singleSession =
    !!embedded || (await retryOnConnectionLoss(() => isPglite(url), { logger, what: 'server check' }));
  const db = createDatabase(url, {
    poolSize: singleSession ? 1 : config.dbPoolSize,
    embedded: singleSession,
    logger,
    directUrl: embedded ? undefined : config.databaseDirectUrl,
    preparedStatements: config.dbPreparedStatements,
    preparedPerConnection: config.dbPreparedPerConnection,
    connectionTimeoutMs: config.dbConnectionTimeoutMs,
  });
  try {
    // Migrations hold a session advisory lock: behind a transaction-mode pooler they take the direct URL.
    const sessionPool = createSessionPool(db, logger);
    try {
      await retryOnConnectionLoss(() => applyMigrations(sessionPool, logger), { logger, what: 'migrations' });
    } finally {
      if (sessionPool !== db.pool) await sessionPool.end().catch(() => undefined);
    }
    await startSecrets(config, db, logger, !!embedded);
    const devSecret = usesDevAuth(config) ? loadOrCreateDevSecret(config.dataDir) : undefined;
    const verifier = await TokenVerifier.fromConfig(config, devSecret);
    // The embedded database's development setup keeps a generated portal secret in DATA_DIR.
    const portalSecret =
      config.portal.tokenSecret ??
      (embedded && !config.production ? loadOrCreatePortalSecret(config.dataDir) : undefined);
    const services = createServices(
      { ...config, portal: { ...config.portal, tokenSecret: portalSecret } },
      db,
      logger,
      createMetrics({ defaultMetrics: opts.defaultMetrics }),
    );
    return {
      config,
      db,
      services,
      verifier,
      embedded,
      devSecret,
      async close() {
        await db.close();
        await embedded?.close();
      },
    };
  } catch (err) {
    await db.close();
    await embedded?.close();
    throw err;
  }
}

/**
 * Installs the process's secrets key ring (SECRETS_KEY; on the embedded database a key generated
 * in DATA_DIR) and seals the secrets still stored in clear. A server database in development
 * without a key keeps secrets in clear, and says so.
 */
async function startSecrets(config: Config, db: Database, logger: Logger, embedded: boolean): Promise<void> {
  const key = config.secrets.key ?? (embedded ? loadOrCreateSecretsKey(config.dataDir) : undefined);
  const ring = new SecretKeyring(key, [config.secrets.previousKey]);
  installKeyring(ring);
  if (!ring.encrypting) {
    logger.warn('SECRETS_KEY is not set: webhook and trigger secrets are stored in clear (set it before production)');
    return;
  }
  const { sealed } = await retryOnConnectionLoss(() => resealStoredSecrets(db.pool, ring, 'clear'), {
    logger,
    what: 'sealing stored secrets',
  });
  if (sealed > 0) logger.info({ sealed, keyId: ring.currentKeyId }, 'stored secrets sealed under SECRETS_KEY');
}

export async function createHttpServer(runtime: Runtime): Promise<FastifyInstance> {
  const devSession = runtime.devSecret
    ? async () => ({ token: await devToken(runtime)!, tenantId: 'demo' })
    : undefined;
  return buildApp(runtime.services, runtime.verifier, { devSession });
}

/** How long a development token lives: a leaked one stops working the same day. */
const DEV_TOKEN_LIFETIME = '12h';

export function devToken(runtime: Runtime, tenantId = 'demo'): Promise<string> | undefined {
  if (!runtime.devSecret) return undefined;
  return mintToken(runtime.devSecret, {
    sub: 'dev-admin',
    tenantId,
    permissions: ['tenant:admin'],
    expiresIn: DEV_TOKEN_LIFETIME,
  });
}

import path from 'node:path';
import { ConfigError } from './config-error';
import { loadDispatcherSettings } from './dispatcher/settings';

/** Every setting of the service, parsed and validated once at start. See README "Settings". */
export interface Config {
  nodeEnv: string;
  production: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  port: number;
  host: string;
  logLevel: string;
  auth: {
    jwtSecret: string | undefined;
    jwksUrl: string | undefined;
    publicKey: string | undefined;
    issuer: string | undefined;
    audience: string | undefined;
  };
  graphqlIntrospection: boolean;
  bodyLimitBytes: number;
  webhookHeaderPrefix: string;
  webhookAllowPrivateTargets: boolean;
  dispatcher: boolean;
  dbPoolSize: number;
  analyticsStatementTimeoutMs: number;
  shutdownTimeoutMs: number;
  /** Requests per tenant and minute on the REST and GraphQL API; 0: no limit. */
  rateLimitPerMinute: number;
  /** Requests a tenant may make at once before the per-minute pace applies. */
  rateLimitBurst: number;
  /** Browser origins allowed to call the API cross-origin (CONTRACT §12). */
  corsOrigins: string[];
}

export { ConfigError };

type Env = Record<string, string | undefined>;

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(v)) return true;
  if (['0', 'false', 'off', 'no'].includes(v)) return false;
  throw new ConfigError(`${name} must be one of true/false/on/off/1/0, got "${raw}"`);
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be an integer in ${min}..${max}, got "${raw}"`);
  }
  return n;
}

function str(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';
  const auth = {
    jwtSecret: str(env, 'AUTH_JWT_SECRET'),
    jwksUrl: str(env, 'AUTH_JWKS_URL'),
    publicKey: str(env, 'AUTH_PUBLIC_KEY'),
    issuer: str(env, 'AUTH_ISSUER'),
    audience: str(env, 'AUTH_AUDIENCE'),
  };
  if (production && !auth.jwtSecret && !auth.jwksUrl && !auth.publicKey) {
    throw new ConfigError(
      'NODE_ENV=production needs AUTH_JWT_SECRET, AUTH_JWKS_URL or AUTH_PUBLIC_KEY: refusing to start without authentication keys',
    );
  }
  if (auth.jwtSecret && auth.jwtSecret.length < 32) {
    throw new ConfigError('AUTH_JWT_SECRET must be at least 32 characters');
  }
  const prefix = str(env, 'WEBHOOK_HEADER_PREFIX') ?? 'Hookgate';
  if (!/^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/.test(prefix)) {
    throw new ConfigError('WEBHOOK_HEADER_PREFIX must be letters, digits and dashes (at most 32)');
  }
  const dispatcherRaw = (env.DISPATCHER ?? 'on').trim().toLowerCase();
  if (!['on', 'off'].includes(dispatcherRaw)) throw new ConfigError('DISPATCHER must be "on" or "off"');
  const logLevel = str(env, 'LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  }
  const databaseUrl = str(env, 'DATABASE_URL');
  // The dispatcher reads its tuning when it starts; checking it here too makes a bad value stop
  // every process at start, also an API-only one (DISPATCHER=off).
  loadDispatcherSettings(env, !databaseUrl);
  const rateLimitPerMinute = int(env, 'RATE_LIMIT_PER_MINUTE', 0, 0, 10_000_000);
  return {
    nodeEnv,
    production,
    databaseUrl,
    dataDir: path.resolve(str(env, 'DATA_DIR') ?? './.data'),
    port: int(env, 'PORT', 4000, 0, 65535),
    host: str(env, 'HOST') ?? '127.0.0.1',
    logLevel,
    auth,
    graphqlIntrospection: bool(env, 'GRAPHQL_INTROSPECTION', true),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    webhookHeaderPrefix: prefix,
    webhookAllowPrivateTargets: bool(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', !production),
    dispatcher: dispatcherRaw === 'on',
    // PGlite serves every connection from one backend session: one connection avoids interleaving.
    dbPoolSize: int(env, 'DB_POOL_SIZE', databaseUrl ? 10 : 1, 1, 200),
    analyticsStatementTimeoutMs: int(env, 'ANALYTICS_STATEMENT_TIMEOUT_MS', 10_000, 100, 600_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    rateLimitPerMinute,
    rateLimitBurst: int(env, 'RATE_LIMIT_BURST', Math.max(1, rateLimitPerMinute), 1, 10_000_000),
    corsOrigins: corsOrigins(env),
  };
}

/** CORS_ORIGINS: comma-separated exact origins (`scheme://host[:port]`); `*` is refused (credentials). */
function corsOrigins(env: Env): string[] {
  const raw = env.CORS_ORIGINS ?? 'https://studio.apollographql.com';
  const origins = raw
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(`CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com`);
    }
  }
  return origins.map((o) => o.replace(/\/$/, ''));
}

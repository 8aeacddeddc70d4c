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
  /** CONTRACT §9 "Quotas": the most outbox records one write request may make. */
  outboxMaxRowsPerWrite: number;
  /** CONTRACT §9 "Retention": run by every process that runs a dispatcher; 0 ms keeps forever. */
  retention: { outboxMs: number; triggerEventMs: number; intervalMs: number };
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

const DURATION_UNITS_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** A duration `<n>s|m|h|d` (or `0`) in milliseconds; `allowZero`: whether `0` (never) is allowed. */
function duration(env: Env, name: string, fallback: string, allowZero: boolean): number {
  const raw = (env[name] ?? '').trim() || fallback;
  if (allowZero && raw === '0') return 0;
  const m = /^([1-9][0-9]{0,6})([smhd])$/.exec(raw);
  if (!m) {
    throw new ConfigError(
      `${name} must be a duration such as 30s, 5m, 12h or 30d${allowZero ? ' (or 0 for never)' : ''}, got "${raw}"`,
    );
  }
  return Number(m[1]) * DURATION_UNITS_MS[m[2]];
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
    outboxMaxRowsPerWrite: int(env, 'OUTBOX_MAX_ROWS_PER_WRITE', 50_000, 1, 10_000_000),
    retention: {
      outboxMs: duration(env, 'OUTBOX_RETENTION', '30d', true),
      triggerEventMs: duration(env, 'TRIGGER_EVENT_RETENTION', '30d', true),
      intervalMs: duration(env, 'RETENTION_INTERVAL', '5m', false),
    },
  };
}

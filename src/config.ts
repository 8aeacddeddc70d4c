import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { ConfigError } from './config-error';
import { envInt as int, type Env } from './env';
import { loadDispatcherSettings } from './dispatcher/settings';
import { heapGrowingPercent } from './heap-growth';
import { DEFAULT_STATEMENTS_PER_CONNECTION } from './db/prepared';
import { parseSecretsKey } from './secrets';

/** Every setting of the service, parsed and validated once at start. See README "Settings". */
export interface Config {
  nodeEnv: string;
  production: boolean;
  databaseUrl: string | undefined;
  /** A direct (session) connection for migrations and LISTEN when DATABASE_URL is a transaction-mode pooler. */
  databaseDirectUrl: string | undefined;
  /** Named prepared statements on PostgreSQL connections (off behind poolers that cannot keep them). */
  dbPreparedStatements: boolean;
  /** DB_PREPARED_STATEMENTS_PER_CONNECTION: most prepared statements a connection keeps (src/db/prepared.ts). */
  dbPreparedPerConnection: number;
  /** How long a request waits for a pooled connection before it answers 503. */
  dbConnectionTimeoutMs: number;
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
  /** Analytics statements one tenant may run at once in this process. */
  analyticsTenantConcurrency: number;
  /**
   * On the embedded database, which cannot cancel a statement: the planner's cost estimate above
   * which an analytics statement is refused instead of run.
   */
  analyticsEmbeddedMaxCost: number;
  /** A hot standby of DATABASE_URL's database where analytics statements run; unset: the primary. */
  analyticsDatabaseUrl: string | undefined;
  /** How long an analytics query waits for the standby to replay the definitions it names. */
  analyticsStandbyWaitMs: number;
  shutdownTimeoutMs: number;
  /** HEAP_GROWING_PERCENT (src/heap-growth.ts); 0: V8's own. */
  heapGrowingPercent: number;
  /** Requests per tenant and minute on the REST and GraphQL API; 0: no limit. */
  rateLimitPerMinute: number;
  /** Requests a tenant may make at once before the per-minute pace applies. */
  rateLimitBurst: number;
  /** Intake requests per trigger and minute (429 RATE_LIMITED beyond); 0: no limit. */
  intakeRateLimitPerMinute: number;
  /** The most outbox records one write request may make. */
  outboxMaxRowsPerWrite: number;
  /** Retention (docs/api.md#retention): run by every process that runs a dispatcher; 0 ms keeps forever. */
  retention: { outboxMs: number; triggerEventMs: number; intervalMs: number; vacuum: boolean };
  /** Longest time for a request's headers and body to arrive (408 REQUEST_TIMEOUT beyond). */
  requestTimeoutMs: number;
  /** GraphQL cost limits, checked before a request runs. */
  graphql: {
    maxAliases: number;
    maxRootFields: number;
    maxDepth: number;
    /** One budget per response across every list field and alias. */
    maxListItems: number;
    maxTextBytes: number;
  };
  /** Not-deleted webhook configurations per tenant and entity. */
  webhookMaxConfigsPerEntity: number;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** True when the development signing secret is in use (embedded database, no AUTH_*, development). */
  devAuth: boolean;
  /** Browser origins allowed to call the API cross-origin. */
  corsOrigins: string[];
  /** Origins whose pages may frame the portal pages (/console/portal); empty: none. */
  portalFrameAncestors: string[];
  /**
   * SECRETS_KEY seals webhook and trigger secrets at rest; SECRETS_KEY_PREVIOUS only opens values
   * sealed before a key change. Unset key: generated in DATA_DIR on the embedded database.
   */
  secrets: { key: Buffer | undefined; previousKey: Buffer | undefined };
  /**
   * Portal sessions: PORTAL_TOKEN_SECRET signs their tokens (unset: generated in DATA_DIR on the
   * embedded database, else sessions answer 503); PUBLIC_BASE_URL starts their links.
   */
  portal: { tokenSecret: string | undefined; publicBaseUrl: string | undefined };
}

export { ConfigError };

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** A listen address only this machine can reach: 127.0.0.0/8, ::1 or `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === 'localhost') return true;
  const family = isIP(bare);
  return family !== 0 && LOOPBACK.check(bare, family === 6 ? 'ipv6' : 'ipv4');
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(v)) return true;
  if (['0', 'false', 'off', 'no'].includes(v)) return false;
  throw new ConfigError(`${name} must be one of true/false/on/off/1/0, got "${raw}"`);
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

function metricsToken(env: Env): string | undefined {
  const token = str(env, 'METRICS_TOKEN');
  if (token !== undefined && !/^[\x21-\x7e]{16,512}$/.test(token)) {
    throw new ConfigError('METRICS_TOKEN must be 16 to 512 printable characters without spaces');
  }
  return token;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  // `Production`, ` production ` and the like mean production too: a typo must fail closed.
  const production = nodeEnv.trim().toLowerCase() === 'production';
  const auth = {
    jwtSecret: str(env, 'AUTH_JWT_SECRET'),
    jwksUrl: str(env, 'AUTH_JWKS_URL'),
    publicKey: str(env, 'AUTH_PUBLIC_KEY'),
    issuer: str(env, 'AUTH_ISSUER'),
    audience: str(env, 'AUTH_AUDIENCE'),
  };
  const databaseUrl = str(env, 'DATABASE_URL');
  const devAuth = !auth.jwtSecret && !auth.jwksUrl && !auth.publicKey;
  // An empty NODE_ENV counts as unset.
  const givenNodeEnv = env.NODE_ENV === '' ? undefined : env.NODE_ENV;
  const host = str(env, 'HOST') ?? '127.0.0.1';
  if (devAuth) {
    // Development authentication (a secret in DATA_DIR, a printed admin token) is for a laptop
    // only: the embedded database, NODE_ENV unset or exactly `development`, and a loopback listen
    // address. Anything else without keys fails closed.
    const printable = (v: string) => v.replace(/[^\x20-\x7e]/g, '?').slice(0, 60);
    const why =
      givenNodeEnv !== undefined && givenNodeEnv !== 'development'
        ? `NODE_ENV=${printable(givenNodeEnv)}`
        : databaseUrl
          ? 'DATABASE_URL is set'
          : !isLoopbackHost(host)
            ? `HOST=${printable(host)} is not a loopback address`
            : undefined;
    if (why) {
      throw new ConfigError(
        `${why} and no AUTH_JWT_SECRET, AUTH_JWKS_URL or AUTH_PUBLIC_KEY is set: refusing to start without authentication keys ` +
          '(development authentication runs only with the embedded database, NODE_ENV unset or "development" ' +
          'and HOST a loopback address such as 127.0.0.1, ::1 or localhost)',
      );
    }
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
  const databaseDirectUrl = str(env, 'DATABASE_DIRECT_URL');
  if (databaseDirectUrl && !databaseUrl) throw new ConfigError('DATABASE_DIRECT_URL needs DATABASE_URL');
  const analyticsDatabaseUrl = str(env, 'ANALYTICS_DATABASE_URL');
  if (analyticsDatabaseUrl && !databaseUrl) throw new ConfigError('ANALYTICS_DATABASE_URL needs DATABASE_URL');
  for (const [name, value] of [
    ['DATABASE_URL', databaseUrl],
    ['DATABASE_DIRECT_URL', databaseDirectUrl],
    ['ANALYTICS_DATABASE_URL', analyticsDatabaseUrl],
  ] as const) {
    if (value && !/^postgres(ql)?:\/\//.test(value))
      throw new ConfigError(`${name} must be a postgresql:// connection URL`);
  }
  // The dispatcher reads its tuning when it starts; checking it here too makes a bad value stop
  // every process at start, also an API-only one (DISPATCHER=off).
  loadDispatcherSettings(env, !databaseUrl);
  const rateLimitPerMinute = int(env, 'RATE_LIMIT_PER_MINUTE', 0, 0, 10_000_000);
  const secrets = {
    key: parseSecretsKey('SECRETS_KEY', env.SECRETS_KEY),
    previousKey: parseSecretsKey('SECRETS_KEY_PREVIOUS', env.SECRETS_KEY_PREVIOUS),
  };
  // Production keeps secrets sealed under a key the operator holds (and backs up), never in clear.
  if (production && !secrets.key) {
    throw new ConfigError(
      'NODE_ENV=production and SECRETS_KEY is not set: refusing to start without a key for secrets at rest ' +
        '(SECRETS_KEY must be base64 of 32 random bytes, for example: openssl rand -base64 32)',
    );
  }
  const analyticsStatementTimeoutMs = int(env, 'ANALYTICS_STATEMENT_TIMEOUT_MS', 10_000, 100, 600_000);
  return {
    nodeEnv,
    production,
    databaseUrl,
    databaseDirectUrl,
    dbPreparedStatements: bool(env, 'DB_PREPARED_STATEMENTS', true),
    dbPreparedPerConnection: int(
      env,
      'DB_PREPARED_STATEMENTS_PER_CONNECTION',
      DEFAULT_STATEMENTS_PER_CONNECTION,
      10,
      100_000,
    ),
    dbConnectionTimeoutMs: int(env, 'DB_CONNECTION_TIMEOUT_MS', 10_000, 100, 600_000),
    dataDir: path.resolve(str(env, 'DATA_DIR') ?? './.data'),
    port: int(env, 'PORT', 4000, 0, 65535),
    host,
    logLevel,
    auth,
    graphqlIntrospection: bool(env, 'GRAPHQL_INTROSPECTION', true),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 64 * 1024 * 1024),
    webhookHeaderPrefix: prefix,
    webhookAllowPrivateTargets: bool(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', !production),
    dispatcher: dispatcherRaw === 'on',
    // PGlite serves every connection from one backend session: one connection avoids interleaving.
    dbPoolSize: int(env, 'DB_POOL_SIZE', databaseUrl ? 10 : 1, 1, 200),
    analyticsStatementTimeoutMs,
    analyticsTenantConcurrency: int(env, 'ANALYTICS_TENANT_CONCURRENCY', 4, 1, 1000),
    // 10 plan cost units per millisecond of the timeout: the slowest rate PGlite ran here (runner.ts).
    analyticsEmbeddedMaxCost: int(env, 'ANALYTICS_EMBEDDED_MAX_COST', analyticsStatementTimeoutMs * 10, 1, 1e12),
    analyticsDatabaseUrl,
    analyticsStandbyWaitMs: int(env, 'ANALYTICS_STANDBY_WAIT_MS', 2_000, 0, 600_000),
    shutdownTimeoutMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    heapGrowingPercent: heapGrowingPercent(env),
    rateLimitPerMinute,
    rateLimitBurst: int(env, 'RATE_LIMIT_BURST', Math.max(1, rateLimitPerMinute), 1, 10_000_000),
    intakeRateLimitPerMinute: int(env, 'INTAKE_RATE_LIMIT_PER_MINUTE', 0, 0, 10_000_000),
    outboxMaxRowsPerWrite: int(env, 'OUTBOX_MAX_ROWS_PER_WRITE', 50_000, 1, 10_000_000),
    retention: {
      outboxMs: duration(env, 'OUTBOX_RETENTION', '30d', true),
      triggerEventMs: duration(env, 'TRIGGER_EVENT_RETENTION', '30d', true),
      intervalMs: duration(env, 'RETENTION_INTERVAL', '5m', false),
      vacuum: bool(env, 'RETENTION_VACUUM', true),
    },
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000),
    graphql: {
      maxAliases: int(env, 'GRAPHQL_MAX_ALIASES', 30, 0, 10_000),
      maxRootFields: int(env, 'GRAPHQL_MAX_ROOT_FIELDS', 10, 1, 10_000),
      maxDepth: int(env, 'GRAPHQL_MAX_DEPTH', 12, 2, 1_000),
      maxListItems: int(env, 'GRAPHQL_MAX_LIST_ITEMS', 5_000, 1, 10_000_000),
      maxTextBytes: int(env, 'GRAPHQL_MAX_TEXT_BYTES', 16 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    },
    webhookMaxConfigsPerEntity: int(env, 'WEBHOOK_MAX_CONFIGS_PER_ENTITY', 50, 1, 100_000),
    metricsToken: metricsToken(env),
    devAuth,
    corsOrigins: corsOrigins(env),
    portalFrameAncestors: portalFrameAncestors(env),
    secrets,
    portal: portalSettings(env),
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
    if (!isWebOrigin(origin.replace(/\/$/, ''))) {
      throw new ConfigError(`CORS_ORIGINS: "${origin}" is not an origin like https://app.example.com`);
    }
  }
  return origins.map((o) => o.replace(/\/$/, ''));
}

/** `http(s)://host[:port]` exactly as a browser writes an origin: no path, user, query or wildcard. */
function isWebOrigin(origin: string): boolean {
  try {
    const parsed = new URL(origin);
    // URL lets `*` and `;` through in a host name: neither names one host, and `;` would end a CSP directive.
    const host = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/.test(parsed.hostname);
    return /^https?:$/.test(parsed.protocol) && host && parsed.origin === origin;
  } catch {
    return false;
  }
}

/**
 * PORTAL_FRAME_ANCESTORS: space-separated origins, each written into a CSP `frame-ancestors`
 * list as it is, so anything but a plain origin (a keyword, a wildcard, a `;`) is refused here.
 */
function portalFrameAncestors(env: Env): string[] {
  const origins = (env.PORTAL_FRAME_ANCESTORS ?? '').split(/\s+/).filter(Boolean);
  for (const origin of origins) {
    if (!isWebOrigin(origin)) {
      throw new ConfigError(
        `PORTAL_FRAME_ANCESTORS: "${origin.slice(0, 100)}" is not an origin like https://app.example.com (space-separated, no path)`,
      );
    }
  }
  return origins;
}

/** PORTAL_TOKEN_SECRET (at least 32 bytes) and PUBLIC_BASE_URL (an http(s) URL, no query or fragment). */
function portalSettings(env: Env): Config['portal'] {
  const tokenSecret = env.PORTAL_TOKEN_SECRET || undefined;
  if (tokenSecret !== undefined && Buffer.byteLength(tokenSecret, 'utf8') < 32) {
    throw new ConfigError('PORTAL_TOKEN_SECRET must be at least 32 bytes (for example: openssl rand -base64 32)');
  }
  const raw = env.PUBLIC_BASE_URL?.trim() || undefined;
  let publicBaseUrl: string | undefined;
  if (raw !== undefined) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(raw);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.search || parsed.hash || parsed.username) {
      throw new ConfigError(`PUBLIC_BASE_URL: "${raw}" is not a URL like https://hooks.example.com`);
    }
    publicBaseUrl = parsed.href.replace(/\/+$/, '');
  }
  return { tokenSecret, publicBaseUrl };
}

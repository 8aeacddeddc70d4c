/**
 * Every environment variable the service reads, with its default and meaning: the source of the
 * settings table in docs/operations.md (`npm run generate:docs`). test/unit/settings-catalog.test.ts
 * fails when code reads a variable missing here, or when one listed here is read nowhere.
 */
interface SettingEntry {
  name: string;
  /** As a reader sees it: a value, `unset`, or how it is derived. */
  default: string;
  meaning: string;
}

export const SETTINGS: readonly SettingEntry[] = [
  // Database and process
  {
    name: 'DATABASE_URL',
    default: 'unset',
    meaning: 'PostgreSQL connection URL (`postgresql://…`). Unset: the embedded database (PGlite) in `DATA_DIR`.',
  },
  {
    name: 'DATABASE_DIRECT_URL',
    default: 'unset',
    meaning:
      'A direct connection to the same server, for what needs one session (migrations under their lock, the dispatcher’s LISTEN) when `DATABASE_URL` is a transaction-mode pooler. Needs `DATABASE_URL`.',
  },
  {
    name: 'DB_PREPARED_STATEMENTS',
    default: '`on`',
    meaning: '`off`: no named prepared statements (behind a transaction-mode pooler that cannot keep them).',
  },
  {
    name: 'DB_PREPARED_STATEMENTS_PER_CONNECTION',
    default: '`500`',
    meaning:
      'Most prepared statements a connection keeps before it deallocates them all (10..100000; about 40 KB of backend memory each). Raise it when writes or RECORD events spread over more than about 200 tenants at once.',
  },
  {
    name: 'DB_CONNECTION_TIMEOUT_MS',
    default: '`10000`',
    meaning: 'Longest wait for a pooled connection; past it the request answers 503 `UNAVAILABLE`.',
  },
  {
    name: 'DB_POOL_SIZE',
    default: '`10` (server), `1` (embedded)',
    meaning: 'Connections per process (1..200). The embedded database serves one session, so it uses one.',
  },
  {
    name: 'DATA_DIR',
    default: '`./.data`',
    meaning:
      'The embedded database, its lock file, the development signing secret, the generated secrets key and portal token secret; readable by the server’s user only.',
  },
  { name: 'PORT', default: '`4000`', meaning: 'HTTP port (`0` picks a free one; the start-up banner prints it).' },
  {
    name: 'HOST',
    default: '`127.0.0.1`',
    meaning: 'Listen address (`0.0.0.0` accepts other hosts; development authentication needs a loopback address).',
  },
  {
    name: 'NODE_ENV',
    default: 'unset',
    meaning:
      'Unset or exactly `development` allows development authentication (embedded database only). `production` (any case) makes private delivery targets refused by default.',
  },
  {
    name: 'LOG_LEVEL',
    default: '`info`',
    meaning: '`fatal`, `error`, `warn`, `info`, `debug` (one access-log line per request), `trace` or `silent`.',
  },
  {
    name: 'SHUTDOWN_TIMEOUT_MS',
    default: '`10000`',
    meaning: 'Longest graceful shutdown before the process exits anyway.',
  },
  {
    name: 'HEAP_GROWING_PERCENT',
    default: '`100`',
    meaning:
      'While the process is busy, how far V8’s old space may grow past what its last full collection kept before the next one (0..300). Lower holds less memory for more collection CPU; when quieter, and with `0`, V8 chooses ([Memory](#memory)).',
  },
  // Authentication and access
  {
    name: 'AUTH_JWT_SECRET',
    default: 'unset',
    meaning: 'HS256 secret for bearer tokens (at least 32 characters).',
  },
  { name: 'AUTH_JWKS_URL', default: 'unset', meaning: 'JWKS endpoint for asymmetric tokens (RS, ES, EdDSA).' },
  {
    name: 'AUTH_PUBLIC_KEY',
    default: 'unset',
    meaning: 'PEM public key for asymmetric tokens (`\\n` escapes allowed).',
  },
  { name: 'AUTH_ISSUER', default: 'unset', meaning: 'When set, tokens must carry this `iss`.' },
  { name: 'AUTH_AUDIENCE', default: 'unset', meaning: 'When set, tokens must carry this `aud`.' },
  {
    name: 'SECRETS_KEY',
    default: 'unset (embedded database: generated in `DATA_DIR/secrets-key`)',
    meaning:
      'Base64 of exactly 32 random bytes (`openssl rand -base64 32`): webhook and trigger secrets are stored encrypted with it (AES-256-GCM). Required with `NODE_ENV=production`. Unset with a `DATABASE_URL` in development: secrets stay in clear (a warning at start-up).',
  },
  {
    name: 'SECRETS_KEY_PREVIOUS',
    default: 'unset',
    meaning:
      'The key `SECRETS_KEY` replaces: still read (never written) during a key change, until `npm run secrets:rotate` has sealed every secret under `SECRETS_KEY`.',
  },
  {
    name: 'METRICS_TOKEN',
    default: 'unset',
    meaning:
      'When set (16..512 printable characters), `GET /metrics` needs `Authorization: Bearer <METRICS_TOKEN>`; unset, `/metrics` leaves out every per-tenant series.',
  },
  {
    name: 'CORS_ORIGINS',
    default: '`https://studio.apollographql.com`',
    meaning:
      'Comma-separated browser origins allowed to call the API from another origin; empty: none; `*` is refused.',
  },
  {
    name: 'PORTAL_FRAME_ANCESTORS',
    default: 'empty',
    meaning:
      'Space-separated origins (`https://app.example.com`, `http://host:8080`) whose pages may show the portal pages (`/console/portal`) in a frame; empty: no page may. Anything else refuses to start.',
  },
  {
    name: 'PORTAL_TOKEN_SECRET',
    default: 'unset (embedded database: generated in `DATA_DIR/portal-token-secret`)',
    meaning:
      'At least 32 bytes: signs portal tokens (docs/api.md#portal). Unset with a `DATABASE_URL`: creating a portal session answers 503 `UNAVAILABLE`. Changing it ends every portal session.',
  },
  {
    name: 'PUBLIC_BASE_URL',
    default: 'the origin the request came to',
    meaning:
      'The address clients reach this server at (`https://hooks.example.com`, a path allowed): portal session links start with it.',
  },
  {
    name: 'GRAPHQL_INTROSPECTION',
    default: '`true`',
    meaning: '`false` turns GraphQL introspection off (Apollo Sandbox needs it).',
  },
  // Request limits
  {
    name: 'BODY_LIMIT_BYTES',
    default: '`1048576`',
    meaning: 'Largest request body, intake included (413 `PAYLOAD_TOO_LARGE` beyond).',
  },
  {
    name: 'REQUEST_TIMEOUT_MS',
    default: '`30000`',
    meaning:
      'Longest time for a request’s headers and body to arrive; then 408 `REQUEST_TIMEOUT` and the connection is closed.',
  },
  {
    name: 'RATE_LIMIT_PER_MINUTE',
    default: '`0` (no limit)',
    meaning:
      'Requests per tenant and minute on the REST and GraphQL API, across every API process of the database, after authorisation, once per REST request and once per GraphQL root field; over it 429 `RATE_LIMITED` with `Retry-After`. While the database is unreachable each process counts alone.',
  },
  {
    name: 'INTAKE_RATE_LIMIT_PER_MINUTE',
    default: '`0` (no limit)',
    meaning:
      'Intake requests per trigger and minute, across every API process of the database, before the body is read; over it 429 `RATE_LIMITED` with `Retry-After`, and nothing is stored.',
  },
  {
    name: 'RATE_LIMIT_BURST',
    default: '`RATE_LIMIT_PER_MINUTE`',
    meaning: 'Requests a tenant may make at once; the bucket refills at the per-minute pace.',
  },
  {
    name: 'GRAPHQL_MAX_ALIASES',
    default: '`30`',
    meaning: 'Aliased fields per GraphQL request (fragments included); over it 400 `QUERY_TOO_COMPLEX`.',
  },
  {
    name: 'GRAPHQL_MAX_ROOT_FIELDS',
    default: '`10`',
    meaning: 'Root fields per GraphQL operation; over it 400 `QUERY_TOO_COMPLEX`.',
  },
  {
    name: 'GRAPHQL_MAX_DEPTH',
    default: '`12`',
    meaning: 'Selection depth, introspection’s own not counted; over it 400 `QUERY_TOO_COMPLEX`.',
  },
  {
    name: 'GRAPHQL_MAX_LIST_ITEMS',
    default: '`5000`',
    meaning: 'List items in one GraphQL response, across every list field and alias.',
  },
  {
    name: 'GRAPHQL_MAX_TEXT_BYTES',
    default: '`16777216`',
    meaning: 'Bytes of `body`, `bodyBase64` and `payloadJson` text in one GraphQL response.',
  },
  // Webhooks and delivery
  {
    name: 'WEBHOOK_HEADER_PREFIX',
    default: '`Hookgate`',
    meaning: '`<P>` in the delivery headers `X-<P>-Request-Id`, `X-<P>-Timestamp` and `X-<P>-Signature`.',
  },
  {
    name: 'WEBHOOK_ALLOW_PRIVATE_TARGETS',
    default: '`false` in production, else `true`',
    meaning: '`false`: deliveries reach public unicast addresses only.',
  },
  {
    name: 'WEBHOOK_MAX_CONFIGS_PER_ENTITY',
    default: '`50`',
    meaning: 'Not-deleted webhook configurations per tenant and entity; over it 422 `LIMIT_EXCEEDED`.',
  },
  {
    name: 'OUTBOX_MAX_ROWS_PER_WRITE',
    default: '`50000`',
    meaning: 'Most outbox records one write request may make; over it 422 `LIMIT_EXCEEDED` and nothing is written.',
  },
  {
    name: 'WEBHOOK_CIRCUIT_FAILURES',
    default: '`20`',
    meaning: 'Consecutive failed attempts of a configuration that open its circuit; `0`: no circuit breaker.',
  },
  {
    name: 'WEBHOOK_CIRCUIT_OPEN_SECONDS',
    default: '`60`',
    meaning: 'How long an open circuit waits before its one probe attempt (1..86400).',
  },
  // Dispatcher
  {
    name: 'DISPATCHER',
    default: '`on`',
    meaning: '`off` makes an API-only process (run `npm run dispatcher` elsewhere).',
  },
  {
    name: 'DISPATCHER_CONCURRENCY',
    default: '`4096`',
    meaning:
      'Most deliveries in flight at once per dispatcher (1..65536); each configuration has a window of its own within it that adapts to its endpoint (docs/operations.md#adaptive-concurrency).',
  },
  {
    name: 'DISPATCHER_TENANT_CONCURRENCY',
    default: '`1024`',
    meaning:
      "Most deliveries in flight at once per tenant and dispatcher (fairness between tenants, 1..65536); one configuration's window grows to at most this less a quarter of it (at least 1).",
  },
  { name: 'DISPATCHER_BATCH_SIZE', default: '`100`', meaning: 'Records claimed per statement (1..1000).' },
  {
    name: 'DISPATCHER_LEASE_SECONDS',
    default: '`30`',
    meaning: 'How long a claim holds a record before another dispatcher may take it; renewed while in flight.',
  },
  {
    name: 'DISPATCHER_POLL_MS',
    default: '`500` (`200` embedded)',
    meaning: 'Safety-net poll of the due-tenant hints (the only wake-up on the embedded database).',
  },
  {
    name: 'DISPATCHER_TENANTS_IN_PARALLEL',
    default: '`32`',
    meaning: 'Tenants drained at the same time by one dispatcher.',
  },
  {
    name: 'DISPATCHER_DB_POOL_SIZE',
    default: '`6`',
    meaning: 'The dispatcher’s own connections (PostgreSQL only; 2..100).',
  },
  {
    name: 'DISPATCHER_TENANT_PREFIX',
    default: 'empty',
    meaning: 'Only tenants whose id starts with this are dispatched (splits tenants between dispatcher fleets).',
  },
  {
    name: 'DISPATCHER_METRICS_PORT',
    default: 'unset',
    meaning:
      '`npm run dispatcher` only: serves `/healthz` and `/metrics` on this port (`0`: any free port, printed at start).',
  },
  // Retention
  {
    name: 'OUTBOX_RETENTION',
    default: '`30d`',
    meaning:
      '`DELIVERED` and `DEAD` outbox records last changed longer ago are deleted with their attempts (`<n>s|m|h|d`; `0` keeps them).',
  },
  {
    name: 'TRIGGER_EVENT_RETENTION',
    default: '`30d`',
    meaning: 'Trigger events received longer ago are deleted; `0` keeps them.',
  },
  {
    name: 'RETENTION_INTERVAL',
    default: '`5m`',
    meaning: 'How often each process that runs a dispatcher cleans up.',
  },
  {
    name: 'RETENTION_VACUUM',
    default: '`on`',
    meaning:
      'After each clean-up pass, `VACUUM` the service’s tables whose dead rows pass autovacuum’s default threshold; `off` leaves it to autovacuum.',
  },
  // Analytics
  {
    name: 'ANALYTICS_STATEMENT_TIMEOUT_MS',
    default: '`10000`',
    meaning: '`statement_timeout` of analytics statements (100..600000); a timeout is 400 `INVALID_QUERY`.',
  },
  {
    name: 'ANALYTICS_TENANT_CONCURRENCY',
    default: '`4`',
    meaning: 'Analytics statements one tenant runs at once per process; the rest wait in order.',
  },
  {
    name: 'ANALYTICS_EMBEDDED_MAX_COST',
    default: '10 × `ANALYTICS_STATEMENT_TIMEOUT_MS`',
    meaning:
      'Embedded database only: planner cost above which an analytics statement is refused with 400 `INVALID_QUERY` (the embedded database cannot time a statement out).',
  },
  {
    name: 'ANALYTICS_DATABASE_URL',
    default: 'unset',
    meaning:
      'A hot standby (streaming replica) of `DATABASE_URL`’s database: analytics queries, plans, metrics and views run there, everything else on the primary. While it is unreachable analytics answer 503 `UNAVAILABLE`. Needs `DATABASE_URL`.',
  },
  {
    name: 'ANALYTICS_STANDBY_WAIT_MS',
    default: '`2000`',
    meaning:
      'How long an analytics query waits for the standby to replay the entity, metric or view it names (0..600000); past it the query runs on the primary.',
  },
  // Tracing (docs/operations.md#tracing)
  {
    name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
    default: 'unset',
    meaning:
      'An OTLP/HTTP collector (`http://collector:4318`): spans go to its `/v1/traces`. Unset: nothing is traced and the OpenTelemetry SDK is not loaded.',
  },
  {
    name: 'OTEL_EXPORTER_OTLP_PROTOCOL',
    default: '`http/json`',
    meaning: 'Only `http/json` (OTLP over HTTP as JSON) is sent; any other value refuses to start.',
  },
  {
    name: 'OTEL_SERVICE_NAME',
    default: '`hookgate` (`hookgate-dispatcher` for `npm run dispatcher`)',
    meaning: 'The `service.name` of every span of the process.',
  },
  {
    name: 'OTEL_TRACES_SAMPLER',
    default: '`parentbased_always_on`',
    meaning:
      '`always_on`, `always_off`, `traceidratio`, or `parentbased_` before any of them (a span with a parent follows its parent’s decision). Anything else refuses to start.',
  },
  {
    name: 'OTEL_TRACES_SAMPLER_ARG',
    default: '`1`',
    meaning: 'The share of traces kept by `traceidratio` (0..1).',
  },
];

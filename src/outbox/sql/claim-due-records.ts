import type { Queryable } from '../../db/database';
import { queryPrepared, statementText } from '../../db/prepared';
import { sqlInteger } from '../../db/sql';
import { WEBHOOK_DEFAULTS } from '../../webhooks/defaults';
import type { DeliveryConfig } from '../model';
import { claimableNow, CONTROLLED_CONFIGS } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

/** The signing columns of a claimed record's configuration (every claim statement selects them). */
export const SIGNING_COLUMNS = `w.signature_scheme,
                  CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_secret END AS previous_secret`;

/** A record this worker holds a lease on, with its configuration as of the claim. */
export interface ClaimedRecord {
  id: string;
  requestId: string;
  payloadJson: string;
  retryCount: number;
  maxRetries: number;
  /** The W3C trace context of the write that made it (../../tracing); null: written untraced. */
  traceContext: string | null;
  /** null: the configuration was deleted or never existed. */
  config: DeliveryConfig | null;
  /**
   * A paced configuration's record: the start time its claim reserved (epoch ms, the database's
   * clock) and the pace's emission interval. It must not start earlier.
   */
  pace?: { notBefore: number; intervalMs: number };
}

/** A claimed record and its configuration's columns (all null from the LEFT JOIN when it has none). */
export interface ClaimRow {
  id: string;
  /** Set on every row; the one row of a claim that took nothing has only this. */
  controlled: number;
  request_id: string;
  payload_json: string;
  retry_count: number;
  max_retries: number;
  trace_context: string | null;
  config_id: string | null;
  enabled: boolean | null;
  webhook_url: string | null;
  http_method: string | null;
  headers_json: string | null;
  timeout_ms: number | null;
  backoff_initial_seconds: number | null;
  backoff_factor: number | null;
  secret: string | null;
  signature_scheme: string | null;
  /** Only while its rotation grace runs (the statement leaves out an expired one). */
  previous_secret: string | null;
  /** A paced record's reserved start, epoch ms (claimControlledRecords only). */
  start_at_ms?: number | null;
  pace_interval_ms?: number | null;
}

/** What one claim took, and whether `claimControlledRecords` has configurations to look at. */
export interface ClaimResult {
  records: ClaimedRecord[];
  /** How many of the tenant's configurations are controlled (left to `claimControlledRecords`). */
  controlled: number;
}

/**
 * Claims up to `limit` due records of one tenant, oldest due first: PENDING or RETRYING,
 * `next_retry_at` passed, not held by a dispatcher. SKIP LOCKED lets concurrent dispatchers take
 * disjoint batches; the lease (`locked_by`, `locked_until`) ends with `rescueExpiredLeases`, which
 * makes a dead dispatcher's records claimable again. One statement, which also reads each
 * record's configuration. Records of controlled configurations (CONTROLLED_CONFIGS: a pace, an
 * in-flight cap, ordering or an open circuit) are left to `claimControlledRecords`; the claim says
 * how many there are, so the common case (none) costs no second statement.
 */
export async function claimDueRecords(
  db: Queryable,
  outbox: TenantOutbox,
  args: { workerId: string; limit: number; leaseMs: number; excludeConfigIds?: string[] },
): Promise<ClaimResult> {
  const table = outbox.table;
  // Prepared where the pool allows it (src/db/prepared.ts): parsing and planning this statement
  // costs about as much as running it for a batch of one. The limit is written into the text (an
  // integer from the settings, one text per dispatcher): the generic plan of a parameter limit
  // guesses a tenth of the table and joins back with a sequential scan.
  const limit = sqlInteger(args.limit, 1);
  // The exclusion compares text, not uuid, on purpose: a tenant with one configuration has one
  // distinct webhook_config_id in its statistics, so the planner rates "<> ALL (any list)" as
  // keeping no row, drops the ordered walk of the due index for a bitmap scan that sorts every due
  // record, and each claim then costs the whole backlog. An expression without statistics gets the default estimate.
  // The EXISTS skips the walk when every configuration of the tenant is controlled: it would
  // only step over their records, all of them, at every claim. Deleted configurations count as
  // not controlled, so their records still reach the claim (and go DEAD there). `$4`: the
  // configurations this dispatcher already holds a full batch of, waiting for their share of slots.
  const text = statementText(
    `claim ${table} ${limit}`,
    () => `WITH controlled AS MATERIALIZED (${CONTROLLED_CONFIGS}
           ), due AS (
             SELECT id FROM ${table}
              WHERE ${claimableNow()}
                AND webhook_config_id::text <> ALL (ARRAY(SELECT id::text FROM controlled) || $4::text[])
                AND EXISTS (SELECT 1 FROM webhook_configs u
                             WHERE u.tenant_id = $1 AND u.id::text <> ALL (ARRAY(SELECT id::text FROM controlled) || $4::text[]))
              ORDER BY next_retry_at, id
              LIMIT ${limit}
              FOR UPDATE SKIP LOCKED
           ), claimed AS (
             UPDATE ${table} o SET locked_by = $2, locked_until = now() + $3 * interval '1 millisecond'
               FROM due WHERE o.id = due.id
             RETURNING o.id, o.request_id, o.payload_json, o.retry_count, o.max_retries, o.webhook_config_id, o.next_retry_at, o.trace_context
           )
           SELECT k.controlled, c.id, c.request_id, c.payload_json, c.retry_count, c.max_retries, c.trace_context,
                  w.id AS config_id, w.enabled, w.webhook_url, w.http_method, w.headers_json, w.timeout_ms,
                  w.backoff_initial_seconds, w.backoff_factor, w.secret,
                  ${SIGNING_COLUMNS}
             FROM (SELECT count(*)::int AS controlled FROM controlled) k
             LEFT JOIN claimed c ON true
             LEFT JOIN webhook_configs w ON w.id = c.webhook_config_id AND w.tenant_id = $1 AND NOT w.deleted
            ORDER BY c.next_retry_at, c.id`,
  );
  const { rows } = await queryPrepared<ClaimRow>(db, {
    text,
    values: [outbox.tenantId, args.workerId, args.leaseMs, args.excludeConfigIds ?? []],
  });
  return { records: toClaimedRecords(rows), controlled: rows[0]?.controlled ?? 0 };
}

/**
 * The claimed rows as records (a row without id only carries a claim's summary). Records of one
 * configuration share one config object: one statement reads one snapshot of it, and the
 * deliverer works out each configuration's request once per object (batch-deliverer.ts).
 */
export function toClaimedRecords(rows: ClaimRow[]): ClaimedRecord[] {
  const configs = new Map<string, DeliveryConfig>();
  const records: ClaimedRecord[] = [];
  for (const r of rows) {
    if (r.id === null) continue;
    let config: DeliveryConfig | null = null;
    if (r.config_id !== null) {
      config = configs.get(r.config_id) ?? null;
      if (!config) {
        config = {
          id: r.config_id,
          enabled: r.enabled === true,
          webhookUrl: r.webhook_url,
          httpMethod: r.http_method,
          headersJson: r.headers_json,
          timeoutMs: r.timeout_ms ?? WEBHOOK_DEFAULTS.timeoutMs,
          backoffInitialSeconds: r.backoff_initial_seconds ?? WEBHOOK_DEFAULTS.backoffInitialSeconds,
          backoffFactor: r.backoff_factor ?? WEBHOOK_DEFAULTS.backoffFactor,
          secret: r.secret,
          signatureScheme: r.signature_scheme === 'STANDARD_WEBHOOKS' ? 'STANDARD_WEBHOOKS' : 'HOOKGATE_V1',
          previousSecret: r.previous_secret,
        };
        configs.set(r.config_id, config);
      }
    }
    const record: ClaimedRecord = {
      id: String(r.id),
      requestId: r.request_id,
      payloadJson: r.payload_json,
      retryCount: r.retry_count,
      maxRetries: r.max_retries,
      traceContext: r.trace_context,
      config,
    };
    // On the database's clock, which every dispatcher's reservations share (hosts kept in time by NTP):
    // measured from the claim's arrival instead, a slower claim would push its start nearer the next one.
    if (r.pace_interval_ms != null) record.pace = { notBefore: r.start_at_ms ?? 0, intervalMs: r.pace_interval_ms };
    records.push(record);
  }
  return records;
}

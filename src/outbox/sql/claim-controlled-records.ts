import type { Queryable } from '../../db/database';
import { sqlInteger } from '../../db/sql';
import { SIGNING_COLUMNS, toClaimedRecords, type ClaimedRecord, type ClaimRow } from './claim-due-records';
import { claimableNow, CONTROL_LOCK_CLASS, CONTROLLED_CONFIGS, dueStatus } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

/** What a claim of controlled configurations took, and when it is worth claiming again. */
export interface ControlledClaim {
  records: ClaimedRecord[];
  /**
   * Milliseconds until records held back by a limit may be claimed (the next token of a pace, the
   * end of an open circuit, or `recheckMs` for an in-flight cap or a probe in flight); null when
   * nothing due is held back by a limit (ordering alone waits for the older record's settle).
   */
  waitMs: number | null;
}

/**
 * A pace reserves each claimed record a start time of its own, one emission interval (1/rate)
 * after the previous one, and there is no burst: an idle configuration's next start is now, not
 * earlier. A claim takes the records whose reserved start falls within this many seconds, so the
 * claim's own round trip does not slow the pace; the deliverer holds each until its start.
 */
const PACE_AHEAD_SECONDS = 0.2;
/** A paced configuration is claimed again this long after its reservations ran out, at the soonest. */
const PACE_RECHECK_MS = 50;

const DUE_O = dueStatus('o');
const CLAIMABLE_NOW_O = claimableNow('o');

/**
 * Claims the due records of one tenant's controlled configurations (CONTROLLED_CONFIGS), as the
 * limits allow, in one decision taken in PostgreSQL and serialised per tenant, so the limits hold
 * across every dispatcher process:
 * - `rateLimitPerSecond`: a pace per configuration: `webhook_delivery_state.pace_at` is the next
 *   free start time; each record claimed reserves the next one (its `startInMs`), so starts are
 *   1/rate apart across every process, and any second sees at most rate + 1 of them;
 * - `maxInFlight`: the configuration's leased records are its requests in flight (a dead
 *   dispatcher's slots come back with its leases);
 * - `ordering PER_KEY`: a record waits while an older record of the same key is PENDING or RETRYING;
 * - the circuit: none while open; once it is due for a probe, one record, and only when none of
 *   the configuration's records is in flight.
 * Records held back are not touched: no retry is counted. `client` must be inside a transaction:
 * the tenant's control lock taken first makes this statement see every earlier claim committed.
 */
export async function claimControlledRecords(
  client: Queryable,
  outbox: TenantOutbox,
  args: { workerId: string; limit: number; leaseMs: number; recheckMs: number; excludeConfigIds?: string[] },
): Promise<ControlledClaim> {
  const table = outbox.table;
  const limit = sqlInteger(args.limit, 1);
  await client.query({
    text: `SELECT pg_advisory_xact_lock(${CONTROL_LOCK_CLASS}, hashtext($1))`,
    values: [outbox.tenantId],
  });
  const { rows } = await client.query<ClaimRow & { wait_ms: number | null }>({
    // Pace times are read from the clock when the statement runs, not now() (the transaction's
    // start, before the wait for the control lock): a reservation made from a stale now() would
    // start earlier than one interval after the previous one.
    text: `WITH cfg AS MATERIALIZED (
             SELECT w.id, w.rate_limit_per_second AS rate, w.max_in_flight, w.ordering = 'PER_KEY' AS per_key,
                    GREATEST(COALESCE(s.pace_at, k.at), k.at) AS pace_from, k.at AS clock, s.circuit_open_until AS open_until
               FROM webhook_configs w LEFT JOIN webhook_delivery_state s ON s.config_id = w.id
                    CROSS JOIN (SELECT clock_timestamp() AS at) k
              WHERE w.id IN (${CONTROLLED_CONFIGS}) AND w.tenant_id = $1 AND NOT w.deleted
                AND w.id::text <> ALL ($5::text[])
           ), room AS MATERIALIZED (
             SELECT c.*, f.in_flight,
                    LEAST(${limit},
                          CASE WHEN c.open_until IS NULL THEN ${limit}
                               WHEN c.open_until > now() OR f.in_flight > 0 THEN 0 ELSE 1 END,
                          CASE WHEN c.max_in_flight IS NULL THEN ${limit}
                               ELSE GREATEST(0, c.max_in_flight - f.in_flight) END,
                          CASE WHEN c.rate IS NULL THEN ${limit}
                               ELSE GREATEST(0, ceil(c.rate * (${PACE_AHEAD_SECONDS} - extract(epoch FROM c.pace_from - c.clock))))::int END
                    ) AS allowed
               FROM cfg c CROSS JOIN LATERAL (
                 SELECT count(*)::int AS in_flight FROM ${table} o
                  WHERE o.locked_until IS NOT NULL AND o.webhook_config_id = c.id AND ${DUE_O}
               ) f
           ), due AS (
             -- rn: the record's place in its configuration's reserved start times.
             SELECT d.id, r.id AS config_id, row_number() OVER (PARTITION BY r.id ORDER BY d.next_retry_at, d.id) AS rn
               FROM room r CROSS JOIN LATERAL (
               SELECT o.id, o.next_retry_at FROM ${table} o
                WHERE o.webhook_config_id = r.id AND ${CLAIMABLE_NOW_O}
                  AND (NOT r.per_key OR NOT EXISTS (
                        SELECT 1 FROM ${table} p
                         WHERE p.webhook_config_id = r.id AND p.record_key = o.record_key AND p.id < o.id
                           AND ${dueStatus('p')}))
                ORDER BY o.next_retry_at, o.id
                LIMIT r.allowed
                FOR UPDATE OF o SKIP LOCKED
             ) d
             WHERE r.allowed > 0
           ), taken AS (
             SELECT config_id, count(*)::int AS n FROM due GROUP BY config_id
           ), claimed AS (
             UPDATE ${table} o SET locked_by = $2, locked_until = now() + $3 * interval '1 millisecond'
               FROM due WHERE o.id = due.id
             RETURNING o.id, o.request_id, o.payload_json, o.retry_count, o.max_retries, o.webhook_config_id, o.next_retry_at, o.trace_context
           ), paced AS (
             INSERT INTO webhook_delivery_state (config_id, tenant_id, pace_at)
             SELECT r.id, $1, r.pace_from + t.n / r.rate::float8 * interval '1 second'
               FROM room r JOIN taken t ON t.config_id = r.id
              WHERE r.rate IS NOT NULL
             ON CONFLICT (config_id) DO UPDATE SET pace_at = EXCLUDED.pace_at
           ), held AS (
             -- Configurations a limit held back (it, not ordering or a lack of due records, ended
             -- what was taken) while more of their records are due.
             SELECT CASE
                      WHEN r.open_until > now() THEN extract(epoch FROM r.open_until - now()) * 1000
                      WHEN r.open_until IS NOT NULL OR (r.max_in_flight IS NOT NULL
                           AND r.in_flight + COALESCE(t.n, 0) >= r.max_in_flight) THEN $4
                      ELSE 0 END AS circuit_or_slots_ms,
                    CASE WHEN r.rate IS NULL THEN 0
                         -- Not sooner: tokens keep adding up meanwhile, so claims stay few.
                         ELSE GREATEST(${PACE_RECHECK_MS}, extract(epoch FROM r.pace_from + COALESCE(t.n, 0) / r.rate::float8 * interval '1 second'
                                                 - ${PACE_AHEAD_SECONDS} * interval '1 second' - r.clock) * 1000) END AS pace_ms
               FROM room r LEFT JOIN taken t ON t.config_id = r.id
              WHERE r.allowed < ${limit} AND COALESCE(t.n, 0) >= r.allowed
                AND (SELECT count(*) FROM (
                       SELECT 1 FROM ${table} o
                        WHERE o.webhook_config_id = r.id AND ${CLAIMABLE_NOW_O}
                        LIMIT r.allowed + 1) x) > r.allowed
           )
           SELECT (SELECT min(GREATEST(1, h.circuit_or_slots_ms, h.pace_ms)) FROM held h)::float8 AS wait_ms,
                  CASE WHEN pr.rate IS NOT NULL
                       THEN extract(epoch FROM pr.pace_from + (pd.rn - 1) / pr.rate::float8 * interval '1 second') * 1000
                  END::float8 AS start_at_ms,
                  CASE WHEN pr.rate IS NOT NULL THEN 1000.0 / pr.rate END::float8 AS pace_interval_ms,
                  0 AS controlled, c.id, c.request_id, c.payload_json, c.retry_count, c.max_retries, c.trace_context,
                  w.id AS config_id, w.enabled, w.webhook_url, w.http_method, w.headers_json, w.timeout_ms,
                  w.backoff_initial_seconds, w.backoff_factor, w.secret,
                  ${SIGNING_COLUMNS}
             FROM (SELECT 1) one
             LEFT JOIN claimed c ON true
             LEFT JOIN webhook_configs w ON w.id = c.webhook_config_id AND w.tenant_id = $1 AND NOT w.deleted
             LEFT JOIN due pd ON pd.id = c.id
             LEFT JOIN room pr ON pr.id = pd.config_id
            ORDER BY c.next_retry_at, c.id`,
    values: [outbox.tenantId, args.workerId, args.leaseMs, args.recheckMs, args.excludeConfigIds ?? []],
  });
  const waitMs = rows[0]?.wait_ms;
  return { records: toClaimedRecords(rows), waitMs: waitMs === null || waitMs === undefined ? null : Number(waitMs) };
}

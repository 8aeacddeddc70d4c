import { SUCCESS_STATUS_MAX, SUCCESS_STATUS_MIN } from '../model';

/**
 * SQL fragments shared by the statements of this folder, so each rule is written once.
 */

/** `column` of the outbox row `alias`, or unqualified without one. */
const col = (alias: string | undefined, column: string) => (alias ? `${alias}.${column}` : column);

/** A record that may still be delivered: PENDING or RETRYING. `alias` names the outbox row. */
export function dueStatus(alias?: string): string {
  return `${col(alias, 'status')} IN ('PENDING', 'RETRYING')`;
}

/**
 * A record the claim may take: due and not leased. The same predicate as the partial index
 * `mutation_webhook_outbox_due_idx` (prisma/tenant/001_outbox.sql): a query that repeats it (and
 * filters on `next_retry_at`) is answered from that index instead of scanning the table.
 */
export function claimable(alias?: string): string {
  return `${dueStatus(alias)} AND ${col(alias, 'locked_by')} IS NULL`;
}

/** A record the claim may take now: claimable, and its `next_retry_at` has passed. */
export function claimableNow(alias?: string): string {
  return `${claimable(alias)} AND ${col(alias, 'next_retry_at')} <= now()`;
}

/** isSuccessStatus (../model.ts) of a status code column; NULL (no response) for a NULL code. */
export function successStatusSql(column: string): string {
  return `${column} BETWEEN ${SUCCESS_STATUS_MIN} AND ${SUCCESS_STATUS_MAX}`;
}

/** dueStatus() and claimable() of an unaliased outbox row. */
export const DUE_STATUS = dueStatus();
export const CLAIMABLE = claimable();

/**
 * What puts a finished record back for delivery (redelivery and bulk replay): PENDING, retry_count
 * 0, due now, no lease (a delivery still in flight then cannot settle it), same request id.
 */
export const PUT_BACK_FOR_DELIVERY = `status = 'PENDING', retry_count = 0, next_retry_at = date_trunc('milliseconds', now()),
            last_error = NULL, delivered_at = NULL, locked_by = NULL, locked_until = NULL, updated_at = now()`;

/**
 * The upsert of a tenant's hint in `dispatch_tenants`; `source` yields (tenant_id, wake_at) rows
 * (a VALUES list or a SELECT). `pull`: only moves a hint earlier (a missing or later one becomes
 * `wake_at`), so a writer never pushes a due tenant later; `set`: replaces it (a retire, which
 * holds the hint lock exclusively).
 */
export function upsertHintSql(source: string, mode: 'pull' | 'set'): string {
  const upsert = `INSERT INTO dispatch_tenants (tenant_id, wake_at) ${source}
         ON CONFLICT (tenant_id) DO UPDATE SET wake_at = EXCLUDED.wake_at`;
  return mode === 'set'
    ? upsert
    : `${upsert}
         WHERE dispatch_tenants.wake_at IS NULL OR dispatch_tenants.wake_at > EXCLUDED.wake_at`;
}

/** Class (first key) of the per-tenant hint locks: pg_advisory_xact_lock*(HINT_LOCK_CLASS, hashtext(tenant id)). */
export const HINT_LOCK_CLASS = 0x486b6764;

/** SQL that takes the tenant's hint lock shared, `tenantParam` being the bound tenant id ($n). */
export function hintLockSharedSql(tenantParam: string): string {
  return `pg_advisory_xact_lock_shared(${HINT_LOCK_CLASS}, hashtext(${tenantParam}))`;
}

/** Class of the per-tenant lock that serialises the claims of controlled configurations (claim-controlled-records.ts). */
export const CONTROL_LOCK_CLASS = 0x486b6743;

/**
 * The tenant's configurations whose records only `claimControlledRecords` may claim: a rate, an
 * in-flight cap or ordering set, or a circuit not closed. `$1` is the tenant id. Answered from
 * the tenant's few configuration rows (and state rows), so it stays cheap when nothing is set.
 */
export const CONTROLLED_CONFIGS = `SELECT w.id FROM webhook_configs w
   WHERE w.tenant_id = $1 AND NOT w.deleted
     AND (w.rate_limit_per_second IS NOT NULL OR w.max_in_flight IS NOT NULL OR w.ordering = 'PER_KEY')
  UNION
  SELECT s.config_id FROM webhook_delivery_state s
   WHERE s.tenant_id = $1 AND s.circuit_open_until IS NOT NULL
     AND EXISTS (SELECT 1 FROM webhook_configs d WHERE d.id = s.config_id AND NOT d.deleted)`;

/** The NOTIFY channel of the wake-up hints: the payload is the tenant id. */
export const OUTBOX_CHANNEL = 'hookgate_outbox';

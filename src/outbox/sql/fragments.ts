/**
 * SQL fragments shared by the statements of this folder, so each rule is written once.
 */

/** A record that may still be delivered (service-spec "States and transitions"). */
export const DUE_STATUS = `status IN ('PENDING', 'RETRYING')`;

/**
 * A record the claim may take: due and not leased. The same predicate as the partial index
 * `mutation_webhook_outbox_due_idx` (prisma/tenant/001_outbox.sql): a query that repeats it (and
 * filters on `next_retry_at`) is answered from that index instead of scanning the table.
 */
export const CLAIMABLE = `${DUE_STATUS} AND locked_by IS NULL`;

/**
 * What puts a finished record back for delivery (redelivery and bulk replay): PENDING, retry_count
 * 0, due now, no lease (a delivery still in flight then cannot settle it), same request id.
 */
export const PUT_BACK_FOR_DELIVERY = `status = 'PENDING', retry_count = 0, next_retry_at = date_trunc('milliseconds', now()),
            last_error = NULL, delivered_at = NULL, locked_by = NULL, locked_until = NULL, updated_at = now()`;

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

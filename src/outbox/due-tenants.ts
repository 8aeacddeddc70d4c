import { EventEmitter } from 'node:events';
import type { Queryable } from '../db/database';
import { queryPrepared } from '../db/prepared';
import { sqlInteger } from '../db/sql';

/**
 * The due-tenant hint: table `dispatch_tenants` (shared schema) holds, per tenant, `wake_at`, the
 * earliest time that tenant may have a claimable outbox record (NULL: none). A dispatcher tick
 * reads only the rows with `wake_at <= now()`, so its cost follows the tenants with due work,
 * not all tenants.
 *
 * Why no wake-up is lost: the hint is only ever pushed later by `retireTenant`, and only while
 * it holds the tenant's hint lock (a transaction-level advisory lock) exclusively; it then looks
 * for the tenant's next due record in a new statement (a new snapshot). Every writer holds the
 * same lock shared from before it reads the hint until it commits, so a retire can only run when
 * no writer that already saw the hint is in flight, and then sees all their records; a writer
 * that comes after the retire commits sees the later `wake_at` and pulls it back to now. The
 * retire only tries the lock: while writers are in flight it gives up (the tenant is busy and
 * stays due) instead of queueing in front of the next writers. Shared advisory locks cost writers
 * nothing against each other (no row lock, no WAL). Retries, releases and expired leases are
 * covered because a dispatcher only retires a tenant from a drain that found nothing to claim (a
 * drain that claimed something leaves the tenant due, so a later tick looks again), records given
 * back at shutdown pull the hint to now, and the computed `wake_at` includes the end of every live
 * lease. A crashed dispatcher therefore delays its records by at most its lease, never forever.
 */

export const OUTBOX_CHANNEL = 'hookgate_outbox';

// The writers' statements here run prepared where the pool allows it (src/db/prepared.ts: never on
// the embedded database, whose connections share one session).

/**
 * In-process hint, emitted before the writer's commit: a dispatcher in this process looks at the
 * tenant as soon as it can get a connection. On the embedded database (one connection) that is
 * right after the commit, where NOTIFY does not work; elsewhere NOTIFY does the job.
 */
export const localWakeups = new EventEmitter();
localWakeups.setMaxListeners(0);

/** Class (first key) of the per-tenant hint locks: pg_advisory_xact_lock*(HINT_LOCK_CLASS, hashtext(tenant id)). */
export const HINT_LOCK_CLASS = 0x486b6764;

/** SQL that takes the tenant's hint lock shared, `tenantParam` being the bound tenant id ($n). */
export function hintLockSharedSql(tenantParam: string): string {
  return `pg_advisory_xact_lock_shared(${HINT_LOCK_CLASS}, hashtext(${tenantParam}))`;
}

// The fast path, with the NOTIFY in the same round trip: no row lock, the advisory lock protects it.
const HINT_CHECK_NOTIFY = {
  text: `SELECT EXISTS (SELECT 1 FROM dispatch_tenants WHERE tenant_id = $1 AND wake_at <= now()) AS due,
                pg_notify($2, $1) IS NULL AS notified`,
};
// Only when the hint is missing or later than now: this row write serialises concurrent writers
// of the tenant until they commit, so the fast path above avoids it whenever the tenant is due.
const HINT_PULL = {
  text: `INSERT INTO dispatch_tenants (tenant_id, wake_at) VALUES ($1, date_trunc('milliseconds', now()))
         ON CONFLICT (tenant_id) DO UPDATE SET wake_at = EXCLUDED.wake_at
         WHERE dispatch_tenants.wake_at IS NULL OR dispatch_tenants.wake_at > EXCLUDED.wake_at`,
};

/**
 * Inside the caller's transaction, after it wrote due records for `tenantId`: makes the tenant
 * due for every dispatcher and sends one NOTIFY hint (delivered at commit, dropped on rollback).
 * The transaction must hold the tenant's hint lock shared (`hintLockSharedSql`) from a statement
 * before this one; `lockHeld: false` takes it here.
 */
export async function markTenantDue(client: Queryable, tenantId: string, opts: { lockHeld: boolean }): Promise<void> {
  if (!opts.lockHeld) await client.query({ text: `SELECT ${hintLockSharedSql('$1')}`, values: [tenantId] });
  const check = await queryPrepared<{ due: boolean }>(client, {
    ...HINT_CHECK_NOTIFY,
    values: [tenantId, OUTBOX_CHANNEL],
  });
  if (!check.rows[0].due) await queryPrepared(client, { ...HINT_PULL, values: [tenantId] });
  localWakeups.emit('due', tenantId);
}

/** Makes a tenant due now, outside a writer's transaction (records given back by a dispatcher). */
export async function pullTenantHint(db: Queryable, tenantId: string): Promise<void> {
  // One statement: the lock (shared, so a retire cannot overwrite this pull with an older view)
  // is taken in the CTE and held until this statement commits.
  await db.query({
    text: `WITH hint_lock AS MATERIALIZED (SELECT ${hintLockSharedSql('$1')} AS locked)
           INSERT INTO dispatch_tenants (tenant_id, wake_at) SELECT $1, date_trunc('milliseconds', now()) FROM hint_lock
           ON CONFLICT (tenant_id) DO UPDATE SET wake_at = EXCLUDED.wake_at
           WHERE dispatch_tenants.wake_at IS NULL OR dispatch_tenants.wake_at > EXCLUDED.wake_at`,
    values: [tenantId],
  });
}

/**
 * Tenants that may have claimable records now, earliest first (the dispatcher tick's one query);
 * only those whose id starts with `prefix` when one is given.
 */
export async function dueTenants(db: Queryable, limit: number, prefix = ''): Promise<string[]> {
  // The limit is part of the text (a constant of the caller): the dispatcher's sessions plan
  // generically (start.ts), and a generic plan of a parameter limit guesses a tenth of the table.
  const { rows } = await db.query<{ tenant_id: string }>({
    text: `SELECT tenant_id FROM dispatch_tenants WHERE wake_at <= now() AND starts_with(tenant_id, $1) ORDER BY wake_at LIMIT ${sqlInteger(limit, 1)}`,
    values: [prefix],
  });
  return rows.map((r) => r.tenant_id);
}

/**
 * After a dispatcher found nothing to claim for a tenant: sets the tenant's `wake_at` to the next
 * time it may have a claimable record, the earliest of its next unleased due time and its
 * earliest lease end, or NULL. Gives up (`retired: false`, the tenant stays due) while a writer
 * of the tenant is in flight. `transaction` must run its function in one transaction on one
 * connection.
 */
export async function retireTenant(
  transaction: <T>(fn: (client: Queryable) => Promise<T>) => Promise<T>,
  tenantId: string,
  outboxTable: string,
): Promise<{ retired: false } | { retired: true; wakeAt: Date | null }> {
  return transaction(async (client) => {
    // No writer of this tenant may be in flight (see above); the next statement then sees them all.
    const lock = await client.query<{ locked: boolean }>({
      text: `SELECT pg_try_advisory_xact_lock(${HINT_LOCK_CLASS}, hashtext($1)) AS locked`,
      values: [tenantId],
    });
    if (!lock.rows[0].locked) return { retired: false as const };
    const { rows } = await client.query<{ wake_at: Date | null }>({
      text: `SELECT LEAST(
               (SELECT min(next_retry_at) FROM ${outboxTable}
                 WHERE status IN ('PENDING', 'RETRYING') AND locked_by IS NULL),
               (SELECT min(locked_until) FROM ${outboxTable}
                 WHERE locked_until IS NOT NULL AND status IN ('PENDING', 'RETRYING'))
             ) AS wake_at`,
    });
    const wakeAt = rows[0]?.wake_at ?? null;
    await client.query({
      text: `INSERT INTO dispatch_tenants (tenant_id, wake_at) VALUES ($1, $2)
             ON CONFLICT (tenant_id) DO UPDATE SET wake_at = EXCLUDED.wake_at`,
      values: [tenantId, wakeAt],
    });
    return { retired: true as const, wakeAt };
  });
}

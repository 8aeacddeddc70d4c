import { EventEmitter } from 'node:events';
import type { Queryable } from '../db/database';
import { markTenantDueSql } from './sql/mark-tenant-due';
import type { TenantOutbox } from './sql/tenant-outbox';

/**
 * The due-tenant hint: table `dispatch_tenants` (shared schema) holds, per tenant, `wake_at`, the
 * earliest time that tenant may have a claimable outbox record (NULL: none). A dispatcher tick
 * reads only the rows with `wake_at <= now()` (sql/list-due-tenants.ts), so its cost follows the tenants with due work,
 * not all tenants.
 *
 * Why no wake-up is lost: the hint is only ever pushed later by `retireTenant` (sql/retire-tenant.ts), and only while
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

// The writers' statements run prepared where the pool allows it (src/db/prepared.ts), never on
// the embedded database, whose connections share one session.

/**
 * In-process hint, emitted before the writer's commit: a dispatcher in this process looks at the
 * tenant as soon as it can get a connection. On the embedded database (one connection) that is
 * right after the commit, where NOTIFY does not work; elsewhere NOTIFY does the job.
 */
export const localWakeups = new EventEmitter();
localWakeups.setMaxListeners(0);

/**
 * Inside the caller's transaction, after it wrote due records for the tenant: makes the tenant
 * due for every dispatcher and sends one NOTIFY hint (delivered at commit, dropped on rollback),
 * and wakes a dispatcher of this process. The transaction must hold the tenant's hint lock shared
 * (`hintLockSharedSql`) from a statement before this one; `lockHeld: false` takes it here.
 */
export async function markTenantDue(
  client: Queryable,
  outbox: TenantOutbox,
  args: { lockHeld: boolean; hintDue?: boolean },
): Promise<void> {
  await markTenantDueSql(client, outbox, args);
  localWakeups.emit('due', outbox.tenantId);
}

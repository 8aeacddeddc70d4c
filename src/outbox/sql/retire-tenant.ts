import type { Queryable } from '../../db/database';
import { claimable, dueStatus, HINT_LOCK_CLASS, upsertHintSql } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

export type RetireResult = { retired: false } | { retired: true; wakeAt: Date | null };

/**
 * After a dispatcher found nothing to claim for a tenant: sets the tenant's `wake_at` to the next
 * time it may have a claimable record, the earliest of its next unleased due time and its
 * earliest lease end, or NULL. Gives up (`retired: false`, the tenant stays due) while a writer
 * of the tenant is in flight (see ../due-tenants.ts). `client` must be inside a transaction.
 */
export async function retireTenant(client: Queryable, outbox: TenantOutbox): Promise<RetireResult> {
  // No writer of this tenant may be in flight; the next statement then sees them all.
  const lock = await client.query<{ locked: boolean }>({
    text: `SELECT pg_try_advisory_xact_lock(${HINT_LOCK_CLASS}, hashtext($1)) AS locked`,
    values: [outbox.tenantId],
  });
  if (!lock.rows[0].locked) return { retired: false };
  const { rows } = await client.query<{ wake_at: Date | null }>({
    text: `SELECT LEAST(
             (SELECT min(next_retry_at) FROM ${outbox.table} WHERE ${claimable()}),
             (SELECT min(locked_until) FROM ${outbox.table} WHERE locked_until IS NOT NULL AND ${dueStatus()})
           ) AS wake_at`,
  });
  const wakeAt = rows[0]?.wake_at ?? null;
  await client.query({
    text: upsertHintSql('VALUES ($1, $2)', 'set'),
    values: [outbox.tenantId, wakeAt],
  });
  return { retired: true, wakeAt };
}

import type { Queryable } from '../../db/database';
import { hintLockSharedSql } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

/** Makes a tenant due now, outside a writer's transaction (records given back by a dispatcher). */
export async function pullTenantHint(db: Queryable, outbox: TenantOutbox): Promise<void> {
  // One statement: the lock (shared, so a retire cannot overwrite this pull with an older view)
  // is taken in the CTE and held until this statement commits.
  await db.query({
    text: `WITH hint_lock AS MATERIALIZED (SELECT ${hintLockSharedSql('$1')} AS locked)
           INSERT INTO dispatch_tenants (tenant_id, wake_at) SELECT $1, date_trunc('milliseconds', now()) FROM hint_lock
           ON CONFLICT (tenant_id) DO UPDATE SET wake_at = EXCLUDED.wake_at
           WHERE dispatch_tenants.wake_at IS NULL OR dispatch_tenants.wake_at > EXCLUDED.wake_at`,
    values: [outbox.tenantId],
  });
}

import type { Queryable } from '../../db/database';
import { hintLockSharedSql, upsertHintSql } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

/** Makes a tenant due now, outside a writer's transaction (records given back by a dispatcher). */
export async function pullTenantHint(db: Queryable, outbox: TenantOutbox): Promise<void> {
  // One statement: the lock (shared, so a retire cannot overwrite this pull with an older view)
  // is taken in the CTE and held until this statement commits.
  await db.query({
    text: `WITH hint_lock AS MATERIALIZED (SELECT ${hintLockSharedSql('$1')} AS locked)
           ${upsertHintSql(`SELECT $1, date_trunc('milliseconds', now()) FROM hint_lock`, 'pull')}`,
    values: [outbox.tenantId],
  });
}

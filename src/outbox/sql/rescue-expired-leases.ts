import type { Queryable } from '../../db/database';
import { dueStatus } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

/**
 * Gives back the records whose lease ran out (their dispatcher died or lost its connection): they
 * become claimable at once. A dispatcher still working on one can then no longer settle it, since
 * settling needs `locked_by` to be its own. Uses the lease index: cheap when nothing expired.
 */
export async function rescueExpiredLeases(db: Queryable, outbox: TenantOutbox): Promise<number> {
  const res = await db.query({
    text: `UPDATE ${outbox.table} SET locked_by = NULL, locked_until = NULL
            WHERE locked_until < now() AND ${dueStatus()}`,
  });
  return res.rowCount ?? 0;
}

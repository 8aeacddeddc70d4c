import type { Queryable } from '../../db/database';
import type { TenantOutbox } from './tenant-outbox';

/** Pushes the lease end of records still in flight, so a slow batch is not claimed twice. */
export async function extendLeases(
  db: Queryable,
  outbox: TenantOutbox,
  args: { workerId: string; ids: string[]; leaseMs: number },
): Promise<void> {
  if (args.ids.length === 0) return;
  await db.query({
    text: `UPDATE ${outbox.table} SET locked_until = now() + $3 * interval '1 millisecond'
            WHERE id = ANY($2::bigint[]) AND locked_by = $1`,
    values: [args.workerId, args.ids, args.leaseMs],
  });
}

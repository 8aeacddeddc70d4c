import type { Queryable } from '../../db/database';
import type { TenantOutbox } from './tenant-outbox';

/** Gives back records this worker claimed but did not send (shutdown): claimable again at once. */
export async function releaseClaims(
  db: Queryable,
  outbox: TenantOutbox,
  args: { workerId: string; ids: string[] },
): Promise<number> {
  if (args.ids.length === 0) return 0;
  const res = await db.query({
    text: `UPDATE ${outbox.table} SET locked_by = NULL, locked_until = NULL WHERE id = ANY($2::bigint[]) AND locked_by = $1`,
    values: [args.workerId, args.ids],
  });
  return res.rowCount ?? 0;
}

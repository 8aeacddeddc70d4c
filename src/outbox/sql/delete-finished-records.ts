import type { Queryable } from '../../db/database';
import { sqlInteger } from '../../db/sql';
import type { TenantOutbox } from './tenant-outbox';

/** A record whose delivery is over: the only ones retention may delete. */
const FINISHED_STATUS = `status IN ('DELIVERED', 'DEAD')`;

/**
 * Deletes at most `limit` finished records (DELIVERED, DEAD) last changed more than `olderThanMs`
 * ago, oldest first, with their attempts and their request-id entries (reached by that table's
 * key, so no index on record_id is needed); returns how many records it deleted. Records locked by
 * another transaction (a redelivery in progress) are skipped and left for the next run, and a
 * row is re-checked once locked, so a record just put back to PENDING is never deleted. Uses the
 * partial index of prisma/tenant/002_retention.sql.
 */
export async function deleteFinishedRecords(
  db: Queryable,
  outbox: TenantOutbox,
  args: { olderThanMs: number; limit: number },
): Promise<number> {
  const res = await db.query({
    text: `WITH doomed AS (
             SELECT id, request_id FROM ${outbox.table}
              WHERE ${FINISHED_STATUS} AND updated_at < now() - $1 * interval '1 millisecond'
              ORDER BY updated_at
              LIMIT ${sqlInteger(args.limit, 1)}
              FOR UPDATE SKIP LOCKED
           ), attempts AS (
             DELETE FROM ${outbox.attempts} a USING doomed d WHERE a.outbox_id = d.id
           ), request_ids AS (
             DELETE FROM ${outbox.requestIds} r USING doomed d WHERE r.request_id = d.request_id
           )
           DELETE FROM ${outbox.table} o USING doomed d WHERE o.id = d.id`,
    values: [args.olderThanMs],
  });
  return res.rowCount ?? 0;
}

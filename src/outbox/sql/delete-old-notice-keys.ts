import type { Queryable } from '../../db/database';
import { qualified, sqlInteger } from '../../db/sql';
import type { TenantOutbox } from './tenant-outbox';

/**
 * Deletes at most `limit` key rows of `operational_notices` (tenant schema 9) whose minute ended
 * more than an hour ago, the bound the writers' own pruning uses: a writer only joins the notice
 * of its transaction's minute, and only until that minute's notice is due a minute later. A key a
 * writer holds is skipped (SKIP LOCKED); should a writer of a long-finished minute come after its
 * key is gone, it opens a notice of its own, so its events are still counted once. Returns how
 * many rows it deleted.
 */
export async function deleteOldNoticeKeys(db: Queryable, outbox: TenantOutbox, limit: number): Promise<number> {
  const notices = qualified(outbox.schema, 'operational_notices');
  const res = await db.query(
    `WITH doomed AS (
       SELECT ctid FROM ${notices}
        WHERE minute < now() - interval '1 hour'
        LIMIT ${sqlInteger(limit, 1)}
        FOR UPDATE SKIP LOCKED
     )
     DELETE FROM ${notices} n USING doomed d WHERE n.ctid = d.ctid`,
  );
  return res.rowCount ?? 0;
}

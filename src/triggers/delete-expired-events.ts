import type { Queryable } from '../db/database';
import { sqlInteger } from '../db/sql';

/**
 * Deletes at most `limit` trigger events received more than `olderThanMs` ago, oldest first, of
 * the tenants whose id starts with `tenantPrefix` ('' = all); returns how many. Uses the index on
 * `received_at`.
 */
export async function deleteExpiredTriggerEvents(
  db: Queryable,
  args: { olderThanMs: number; limit: number; tenantPrefix: string },
): Promise<number> {
  const res = await db.query({
    text: `WITH doomed AS (
             SELECT id FROM "public"."trigger_events"
              WHERE received_at < now() - $1 * interval '1 millisecond' AND starts_with(tenant_id, $2)
              ORDER BY received_at
              LIMIT ${sqlInteger(args.limit, 1)}
              FOR UPDATE SKIP LOCKED
           )
           DELETE FROM "public"."trigger_events" e USING doomed d WHERE e.id = d.id`,
    values: [args.olderThanMs, args.tenantPrefix],
  });
  return res.rowCount ?? 0;
}

import type { Queryable } from '../../db/database';
import { claimableNow } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

/**
 * The due backlog of a tenant for /metrics: records waiting to be claimed (due and not leased;
 * records in flight are not backlog) and the oldest due time. Its predicate is the due index's, so
 * a scrape reads that partial index and never scans the table.
 */
export async function countDueBacklog(
  db: Queryable,
  outbox: TenantOutbox,
): Promise<{ due: number; oldest: Date | null }> {
  const { rows } = await db.query<{ due: number; oldest: Date | null }>(dueBacklogSql(outbox));
  return rows[0];
}

/** The statement's text, for the test that checks its plan. */
export function dueBacklogSql(outbox: TenantOutbox): string {
  return `SELECT count(*)::int AS due, min(next_retry_at) AS oldest FROM ${outbox.table}
           WHERE ${claimableNow()}`;
}

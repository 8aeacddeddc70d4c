import type { Queryable } from '../../db/database';
import { OUTBOX_ROW_COLUMNS, type OutboxRow } from './record-columns';
import type { TenantOutbox } from './tenant-outbox';

/**
 * Puts a record back to PENDING with retry_count 0, due now, and drops any lease (a delivery still
 * in flight for it then cannot settle it). Returns the record, or undefined when there is none.
 */
export async function redeliverOutboxRecord(
  db: Queryable,
  outbox: TenantOutbox,
  args: { id: string },
): Promise<OutboxRow | undefined> {
  const { rows } = await db.query<OutboxRow>(
    `UPDATE ${outbox.table}
        SET status = 'PENDING', retry_count = 0, next_retry_at = date_trunc('milliseconds', now()), last_error = NULL,
            delivered_at = NULL, locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = $1 AND tenant_id = $2
      RETURNING ${OUTBOX_ROW_COLUMNS}`,
    [args.id, outbox.tenantId],
  );
  return rows[0];
}

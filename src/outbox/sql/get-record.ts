import type { Queryable } from '../../db/database';
import { OUTBOX_ROW_COLUMNS, type OutboxRow } from './record-columns';
import type { TenantOutbox } from './tenant-outbox';

/** One record of the tenant, or undefined. */
export async function getOutboxRecord(
  db: Queryable,
  outbox: TenantOutbox,
  args: { id: string },
): Promise<OutboxRow | undefined> {
  const { rows } = await db.query<OutboxRow>(
    `SELECT ${OUTBOX_ROW_COLUMNS} FROM ${outbox.table} WHERE id = $1 AND tenant_id = $2`,
    [args.id, outbox.tenantId],
  );
  return rows[0];
}

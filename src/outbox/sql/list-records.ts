import type { Queryable } from '../../db/database';
import { Params } from '../../db/sql';
import type { OutboxStatus } from '../model';
import { OUTBOX_ROW_COLUMNS, type OutboxRow } from './record-columns';
import type { TenantOutbox } from './tenant-outbox';

/** Newest first: up to `limit` records older than `beforeId`, matching every filter given. */
export async function listOutboxRecords(
  db: Queryable,
  outbox: TenantOutbox,
  args: {
    status?: OutboxStatus | null;
    entityName?: string | null;
    /** Only records of these entities (a portal caller's scope). */
    entityNames?: readonly string[];
    webhookConfigId?: string | null;
    requestId?: string | null;
    createdAfter?: Date | null;
    createdBefore?: Date | null;
    beforeId?: string;
    limit: number;
  },
): Promise<OutboxRow[]> {
  const params = new Params();
  const where = ['tenant_id = ' + params.add(outbox.tenantId)];
  if (args.status != null) where.push('status = ' + params.add(args.status));
  if (args.entityName != null) where.push('entity_name = ' + params.add(args.entityName));
  if (args.entityNames !== undefined) where.push(`entity_name = ANY(${params.add(args.entityNames)}::text[])`);
  if (args.webhookConfigId != null) where.push('webhook_config_id = ' + params.add(args.webhookConfigId) + '::uuid');
  if (args.requestId != null) {
    // Through the look-up table's key (tenant schema 8): the outbox has no index on request_id.
    const requestId = params.add(args.requestId) + '::uuid';
    where.push(`id IN (SELECT record_id FROM ${outbox.requestIds} WHERE request_id = ${requestId})`);
    where.push('request_id = ' + requestId);
  }
  if (args.createdAfter != null) where.push('created_at >= ' + params.add(args.createdAfter));
  if (args.createdBefore != null) where.push('created_at <= ' + params.add(args.createdBefore));
  if (args.beforeId !== undefined) where.push('id < ' + params.add(args.beforeId) + '::bigint');
  const { rows } = await db.query<OutboxRow>(
    `SELECT ${OUTBOX_ROW_COLUMNS} FROM ${outbox.table}
      WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${params.add(args.limit)}`,
    params.values,
  );
  return rows;
}

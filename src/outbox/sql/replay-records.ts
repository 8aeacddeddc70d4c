import type { Queryable } from '../../db/database';
import { Params } from '../../db/sql';
import type { OutboxStatus } from '../model';
import { PUT_BACK_FOR_DELIVERY } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

/** The records a bulk replay matches (docs/api.md#replay); `since` and `until` bound createdAt, both included. */
export interface ReplayMatch {
  statuses: OutboxStatus[];
  webhookConfigId?: string;
  entityName?: string;
  /** Only records of these entities (a portal caller's scope). */
  entityNames?: readonly string[];
  since?: Date;
  until?: Date;
}

/**
 * One batch of a bulk replay: takes the first `limit` matching records with an id above
 * `afterId` (oldest first) and puts each back as redeliverOutboxRecord does. A record that
 * changed status since it was picked (say, redelivered on its own) is left as it is. Returns how
 * many were put back, how many were picked and the highest id picked: the next batch starts
 * after it, so a replayed record that settles again quickly is not picked a second time.
 */
export async function replayOutboxBatch(
  db: Queryable,
  outbox: TenantOutbox,
  args: { match: ReplayMatch; afterId: string; limit: number },
): Promise<{ replayed: number; picked: number; lastId: string | null }> {
  const { match } = args;
  const params = new Params();
  const statuses = params.add(match.statuses);
  const where = [
    'tenant_id = ' + params.add(outbox.tenantId),
    `status = ANY(${statuses}::text[])`,
    'id > ' + params.add(args.afterId) + '::bigint',
  ];
  if (match.webhookConfigId !== undefined)
    where.push('webhook_config_id = ' + params.add(match.webhookConfigId) + '::uuid');
  if (match.entityName !== undefined) where.push('entity_name = ' + params.add(match.entityName));
  if (match.entityNames !== undefined) where.push(`entity_name = ANY(${params.add(match.entityNames)}::text[])`);
  if (match.since !== undefined) where.push('created_at >= ' + params.add(match.since) + '::timestamptz');
  if (match.until !== undefined) where.push('created_at <= ' + params.add(match.until) + '::timestamptz');
  const { rows } = await db.query<{ replayed: number; picked: number; last_id: string | null }>(
    `WITH picked AS (
       SELECT id FROM ${outbox.table} WHERE ${where.join(' AND ')} ORDER BY id LIMIT ${params.add(args.limit)}
     ), replayed AS (
       UPDATE ${outbox.table} o SET ${PUT_BACK_FOR_DELIVERY}
         FROM picked WHERE o.id = picked.id AND o.status = ANY(${statuses}::text[])
       RETURNING o.id
     )
     SELECT (SELECT count(*) FROM replayed)::int AS replayed, (SELECT count(*) FROM picked)::int AS picked,
            (SELECT max(id) FROM picked)::text AS last_id`,
    params.values,
  );
  return { replayed: rows[0].replayed, picked: rows[0].picked, lastId: rows[0].last_id };
}

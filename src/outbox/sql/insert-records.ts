import type { Queryable } from '../../db/database';
import { queryPrepared } from '../../db/prepared';
import { hintLockSharedSql } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

/** Column arrays of the records to write, one element per record. */
export interface NewOutboxRecords {
  entityName: string;
  operations: string[];
  requestIds: string[];
  configIds: string[];
  payloads: string[];
  maxRetries: number[];
  /** The entity's primary-key value per record (null: unknown, never held back by ordering). */
  recordKeys: Array<string | null>;
}

/**
 * Inserts records due now, inside the caller's transaction, taking the tenant's hint lock shared
 * in the same statement (held to commit; see ../due-tenants.ts). Prepared where the pool allows it.
 */
export async function insertOutboxRecords(db: Queryable, outbox: TenantOutbox, rows: NewOutboxRecords): Promise<void> {
  await queryPrepared(db, {
    // date_trunc: next_retry_at keeps milliseconds; rounding up could make a fresh record not yet due.
    text: `WITH hint_lock AS MATERIALIZED (SELECT ${hintLockSharedSql('$1')} AS locked)
           INSERT INTO ${outbox.table} (tenant_id, entity_name, operation, request_id, webhook_config_id, payload_json, max_retries, record_key, next_retry_at)
           SELECT $1, $2, u.operation, u.request_id, u.webhook_config_id, u.payload_json, u.max_retries, u.record_key, date_trunc('milliseconds', now())
             FROM hint_lock, unnest($3::text[], $4::uuid[], $5::uuid[], $6::text[], $7::int[], $8::text[])
                  AS u(operation, request_id, webhook_config_id, payload_json, max_retries, record_key)`,
    values: [
      outbox.tenantId,
      rows.entityName,
      rows.operations,
      rows.requestIds,
      rows.configIds,
      rows.payloads,
      rows.maxRetries,
      rows.recordKeys,
    ],
  });
}

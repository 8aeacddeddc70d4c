import type { Queryable } from '../../db/database';
import { queryPrepared, statementText } from '../../db/prepared';
import { tracer } from '../../tracing/tracer';
import { OUTBOX_CHANNEL } from './fragments';
import { HINT_CHECK_NOTIFY_COLUMNS } from './mark-tenant-due';
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
 * Inserts records due now, inside the caller's transaction, and in the same statement reads the
 * tenant's hint and sends the NOTIFY (delivered at commit, once per transaction): one round trip
 * for what took two. The transaction must hold the tenant's hint lock shared from an earlier
 * statement (the configuration read of ../enqueue.ts takes it): this statement's snapshot then
 * comes after the lock, as ../due-tenants.ts requires. Returns whether the hint was due; when it
 * was not, the caller pulls it (markTenantDue with `hintDue: false`). Prepared where the pool allows it.
 */
export async function insertOutboxRecords(
  db: Queryable,
  outbox: TenantOutbox,
  rows: NewOutboxRecords,
): Promise<{ hintDue: boolean }> {
  // date_trunc: next_retry_at keeps milliseconds; rounding up could make a fresh record not yet due.
  // A data-modifying WITH runs to completion whether or not the outer SELECT reads it. Each record's
  // request id also goes to the look-up table (tenant schema 8) here, so no record ever lacks it.
  const text = statementText(
    `outbox insert ${outbox.table}`,
    () => `WITH written AS (
             INSERT INTO ${outbox.table} (tenant_id, entity_name, operation, request_id, webhook_config_id, payload_json, max_retries, record_key, next_retry_at, trace_context)
             SELECT $1, $2, u.operation, u.request_id, u.webhook_config_id, u.payload_json, u.max_retries, u.record_key, date_trunc('milliseconds', now()), $10::text
               FROM unnest($3::text[], $4::uuid[], $5::uuid[], $6::text[], $7::int[], $9::text[])
                    AS u(operation, request_id, webhook_config_id, payload_json, max_retries, record_key)
             RETURNING id, request_id
           ), indexed AS (
             INSERT INTO ${outbox.requestIds} (request_id, record_id) SELECT request_id, id FROM written
           )
           SELECT ${HINT_CHECK_NOTIFY_COLUMNS('$1', '$8')}`,
  );
  // $10: the trace context every record of the statement keeps (docs/operations.md#tracing); null
  // while tracing is off.
  const insert = (traceContext: string | null) =>
    queryPrepared<{ due: boolean }>(db, {
      text,
      values: [
        outbox.tenantId,
        rows.entityName,
        rows.operations,
        rows.requestIds,
        rows.configIds,
        rows.payloads,
        rows.maxRetries,
        OUTBOX_CHANNEL,
        rows.recordKeys,
        traceContext,
      ],
    });
  const tracing = tracer.active;
  const { rows: result } = await (tracing === null
    ? insert(null)
    : tracing.outboxInsert(
        {
          'hookgate.tenant_id': outbox.tenantId,
          'hookgate.entity_name': rows.entityName,
          'hookgate.outbox.records': rows.requestIds.length,
        },
        insert,
      ));
  return { hintDue: result[0].due };
}

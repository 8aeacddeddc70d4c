import crypto from 'node:crypto';
import type { Queryable } from '../db/database';
import { queryPrepared } from '../db/prepared';
import type { ChangeOperation } from '../webhooks/model';
import { markTenantDue } from './due-tenants';
import { insertOutboxRecords } from './sql/insert-records';
import { tenantOutbox } from './sql/tenant-outbox';

/** One change of one entity record, as the record writer made it. */
export interface EntityChange {
  operation: 'INSERT' | 'UPDATE' | 'UPSERT' | 'DELETE';
  /** The record after the change; null on DELETE. */
  data: Record<string, unknown> | null;
  /** The record before the change; null on INSERT and on an UPSERT that inserted. */
  previous: Record<string, unknown> | null;
}

export interface OutboxWrite {
  tenantId: string;
  /** The tenant's schema, from `services.tenants.ensure(tenantId)`. */
  schema: string;
  entityName: string;
  /** The entity's primary-key field: its value in a change is the records' key (ordering PER_KEY). */
  primaryKey?: string;
  /** The id of the API request that made the changes (shared by the whole batch). */
  writeRequestId: string;
  occurredAt: Date;
  changes: EntityChange[];
}

/** The body of every delivery (CONTRACT §5); `payload_json` holds it as text. */
export interface OutboxPayload {
  eventId: string;
  tenantId: string;
  entityName: string;
  operation: ChangeOperation;
  requestId: string;
  writeRequestId: string;
  occurredAt: string;
  data: Record<string, unknown> | null;
  previous: Record<string, unknown> | null;
}

interface TargetConfig {
  id: string;
  events: string[];
  max_retries: number;
}

const MATCHING_CONFIGS = {
  text: `SELECT id, events, max_retries FROM webhook_configs
          WHERE tenant_id = $1 AND entity_name = $2 AND enabled AND NOT deleted
          ORDER BY created_at, id`,
};

// Bound per statement so a batch of 1000 changes × many configurations stays a few statements.
const ROWS_PER_STATEMENT = 5000;

/**
 * Writes the outbox records of `changes` inside the caller's transaction (`client` must be the
 * transaction's connection): one record per change and per enabled, not deleted configuration of
 * the entity whose events include the change's operation. Then marks the tenant due and sends
 * the wake-up NOTIFY, both of which take effect at commit. Returns the number of records written.
 */
export async function writeOutboxRecords(client: Queryable, args: OutboxWrite): Promise<number> {
  if (args.changes.length === 0) return 0;
  const { rows: configs } = await queryPrepared<TargetConfig>(client, {
    ...MATCHING_CONFIGS,
    values: [args.tenantId, args.entityName],
  });
  if (configs.length === 0) return 0;

  const operations: string[] = [];
  const requestIds: string[] = [];
  const configIds: string[] = [];
  const payloads: string[] = [];
  const maxRetries: number[] = [];
  const recordKeys: Array<string | null> = [];
  const occurredAt = args.occurredAt.toISOString();
  for (const change of args.changes) {
    const targets = configs.filter((c) => c.events.includes(change.operation));
    if (targets.length === 0) continue;
    const eventId = crypto.randomUUID();
    const recordKey = recordKeyOf(change, args.primaryKey);
    for (const config of targets) {
      const requestId = crypto.randomUUID();
      const payload: OutboxPayload = {
        eventId,
        tenantId: args.tenantId,
        entityName: args.entityName,
        operation: change.operation,
        requestId,
        writeRequestId: args.writeRequestId,
        occurredAt,
        data: change.data,
        previous: change.previous,
      };
      operations.push(change.operation);
      requestIds.push(requestId);
      configIds.push(config.id);
      payloads.push(JSON.stringify(payload));
      maxRetries.push(config.max_retries);
      recordKeys.push(recordKey);
    }
  }
  if (operations.length === 0) return 0;

  const outbox = tenantOutbox(args.tenantId, args.schema);
  for (let start = 0; start < operations.length; start += ROWS_PER_STATEMENT) {
    const end = start + ROWS_PER_STATEMENT;
    await insertOutboxRecords(client, outbox, {
      entityName: args.entityName,
      operations: operations.slice(start, end),
      requestIds: requestIds.slice(start, end),
      configIds: configIds.slice(start, end),
      payloads: payloads.slice(start, end),
      maxRetries: maxRetries.slice(start, end),
      recordKeys: recordKeys.slice(start, end),
    });
  }
  await markTenantDue(client, outbox, { lockHeld: true });
  return operations.length;
}

/**
 * The primary-key value of the changed record as text (a string as it is, anything else as JSON,
 * so 1 and "1" stay apart only where the types differ); null without a known primary key.
 */
function recordKeyOf(change: EntityChange, primaryKey: string | undefined): string | null {
  if (!primaryKey) return null;
  const value = (change.data ?? change.previous)?.[primaryKey];
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

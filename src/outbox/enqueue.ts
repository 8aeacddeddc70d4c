import crypto from 'node:crypto';
import type { Queryable } from '../db/database';
import { queryPrepared } from '../db/prepared';
import { markTenantDue } from './due-tenants';
import { entityKey } from '../catalog/entity-service';
import { AppError } from '../errors';
import { changeMatcher, hasChangeFilter, type FilterEntity } from '../webhooks/change-filter';
import { hintLockSharedSql } from './sql/fragments';
import { insertOutboxRecords, type NewOutboxRecords } from './sql/insert-records';
import { tenantOutbox } from './sql/tenant-outbox';

/** One change of one entity record, as the record writer made it. */
export interface EntityChange {
  operation: 'INSERT' | 'UPDATE' | 'UPSERT' | 'DELETE';
  /** The record after the change; null on DELETE. */
  data: Record<string, unknown> | null;
  /** The record before the change; null on INSERT and on an UPSERT that inserted. */
  previous: Record<string, unknown> | null;
  /** The write request that made this change, when one call writes several (RECORD triggers). */
  writeRequestId?: string;
}

export interface OutboxWrite {
  tenantId: string;
  /** The tenant's schema, from `services.tenants.ensure(tenantId)`. */
  schema: string;
  entityName: string;
  /** The entity's primary-key field: its value in a change is the records' key (ordering PER_KEY). */
  primaryKey?: string;
  /** The id of the API request that made the changes (unless a change names its own). */
  writeRequestId: string;
  occurredAt: Date;
  changes: EntityChange[];
  /** OUTBOX_MAX_ROWS_PER_WRITE; default DEFAULT_OUTBOX_MAX_ROWS_PER_WRITE. */
  maxRows?: number;
  /**
   * The entity's configurations, read earlier in the same transaction by `readMatchingConfigs`
   * (which took the tenant's hint lock); unset, they are read here.
   */
  configs?: readonly TargetConfig[];
  /** The written entity's fields, which configurations' change filters name; without it a filtered configuration gets nothing. */
  entity?: FilterEntity;
}

/** An enabled configuration of the written entity, as the outbox insert needs it. */
export interface TargetConfig {
  id: string;
  events: string[];
  max_retries: number;
  /** Change filters (../webhooks/change-filter.ts); null = every change. */
  filter: unknown;
  changed_fields: unknown;
}

// Also takes the tenant's hint lock shared, held to commit (../outbox/due-tenants.ts): the insert,
// a later statement, can then read the hint itself (one round trip less per write).
const MATCHING_CONFIGS = {
  text: `WITH hint_lock AS MATERIALIZED (SELECT ${hintLockSharedSql('$1')} AS locked)
         SELECT id, events, max_retries, filter, changed_fields FROM webhook_configs, hint_lock
          WHERE tenant_id = $1 AND entity_name = $2 AND enabled AND NOT deleted
          ORDER BY created_at, id`,
};

// $1, $2: tenant ids and entity names, pairwise. Built once, as MATCHING_CONFIGS: the same string
// finds its prepared name without being hashed again (src/db/prepared.ts, statementText).
const MATCHING_CONFIGS_OF_TENANTS = {
  text: `WITH hint_locks AS MATERIALIZED (
           SELECT ${hintLockSharedSql('t.tenant_id')} AS locked
             FROM (SELECT DISTINCT unnest($1::text[]) AS tenant_id) t
         )
         SELECT w.tenant_id, w.entity_name, w.id, w.events, w.max_retries, w.filter, w.changed_fields
           FROM (SELECT count(*) FROM hint_locks) l
          CROSS JOIN unnest($1::text[], $2::text[]) AS k(tenant_id, entity_name)
           JOIN webhook_configs w ON w.tenant_id = k.tenant_id AND w.entity_name = k.entity_name
          WHERE w.enabled AND NOT w.deleted
          ORDER BY w.created_at, w.id`,
};

/**
 * MATCHING_CONFIGS for several tenants' entities in one statement, inside the caller's
 * transaction: takes each tenant's hint lock shared (held to commit, as MATCHING_CONFIGS does;
 * the aggregate reads every lock before any row comes out) and answers each pair's enabled
 * configurations, oldest first (none for a pair not asked about). For a writer that writes many
 * tenants' changes in one transaction (a batch of RECORD trigger events): one statement for the
 * batch instead of one per tenant.
 */
export async function readMatchingConfigs(
  client: Queryable,
  pairs: ReadonlyArray<{ tenantId: string; entityName: string }>,
): Promise<(tenantId: string, entityName: string) => TargetConfig[]> {
  const unique = [...new Map(pairs.map((p) => [entityKey(p.tenantId, p.entityName), p])).values()];
  const found = new Map<string, TargetConfig[]>();
  const configsOf = (tenantId: string, entityName: string) => found.get(entityKey(tenantId, entityName)) ?? [];
  if (unique.length === 0) return configsOf;
  const { rows } = await queryPrepared<TargetConfig & { tenant_id: string; entity_name: string }>(client, {
    ...MATCHING_CONFIGS_OF_TENANTS,
    values: [unique.map((p) => p.tenantId), unique.map((p) => p.entityName)],
  });
  for (const { tenant_id, entity_name, ...config } of rows) {
    const k = entityKey(tenant_id, entity_name);
    const list = found.get(k);
    if (list) list.push(config);
    else found.set(k, [config]);
  }
  return configsOf;
}

// Bound per statement so a batch of 1000 changes × many configurations stays a few statements.
const ROWS_PER_STATEMENT = 5000;

/** The most outbox records one write request may make (OUTBOX_MAX_ROWS_PER_WRITE, docs/api.md#limits). */
const DEFAULT_OUTBOX_MAX_ROWS_PER_WRITE = 50_000;

/**
 * The payload text of one record, the body of every delivery (docs/api.md#payload): `{ eventId, tenantId,
 * entityName, operation, requestId, writeRequestId, occurredAt, data, previous }`, written out by
 * hand in that order (the same text JSON.stringify makes of such an object; test/e2e/outbox-quota) so that a change fanned out to many configurations serialises
 * its `data` and `previous` once, not once per configuration.
 */
function payloadText(head: string, requestId: string, tail: string): string {
  return `${head},"requestId":${JSON.stringify(requestId)}${tail}`;
}

/**
 * Writes the outbox records of `changes` inside the caller's transaction (`client` must be the
 * transaction's connection): one record per change and per enabled, not deleted configuration of
 * the entity whose events include the change's operation. Then marks the tenant due and sends
 * the wake-up NOTIFY, both of which take effect at commit. Returns the number of records written.
 *
 * More than `maxRows` records (default 50,000) is 422 LIMIT_EXCEEDED before any is built, and the
 * caller's transaction rolls back with it. Records are built and inserted a statement's worth at a
 * time, so memory stays bounded whatever the fan-out.
 */
export async function writeOutboxRecords(client: Queryable, args: OutboxWrite): Promise<number> {
  if (args.changes.length === 0) return 0;
  const configs =
    args.configs ??
    (await queryPrepared<TargetConfig>(client, { ...MATCHING_CONFIGS, values: [args.tenantId, args.entityName] })).rows;
  if (configs.length === 0) return 0;
  const targetsOf = new Map<string, TargetConfig[]>();
  for (const op of new Set(args.changes.map((c) => c.operation)))
    targetsOf.set(
      op,
      configs.filter((c) => c.events.includes(op)),
    );
  // Each configuration's change filter, on the values as the write stored them.
  const matcherOf = new Map(configs.map((c) => [c, changeMatcher(c, args.entity)]));
  const anyFilter = configs.some(hasChangeFilter);
  const targetsOfChange = args.changes.map((change) => {
    const targets = targetsOf.get(change.operation)!;
    return anyFilter ? targets.filter((c) => matcherOf.get(c)!(change)) : targets;
  });
  const total = targetsOfChange.reduce((n, targets) => n + targets.length, 0);
  if (total === 0) return 0;
  const maxRows = args.maxRows ?? DEFAULT_OUTBOX_MAX_ROWS_PER_WRITE;
  if (total > maxRows) {
    throw new AppError(
      'LIMIT_EXCEEDED',
      `This write would make ${total} outbox records; the limit is OUTBOX_MAX_ROWS_PER_WRITE (${maxRows}). Nothing was written.`,
    );
  }

  const outbox = tenantOutbox(args.tenantId, args.schema);
  const occurredAt = JSON.stringify(args.occurredAt.toISOString());
  const common = `,"tenantId":${JSON.stringify(args.tenantId)},"entityName":${JSON.stringify(args.entityName)}`;
  const writeRequestId = JSON.stringify(args.writeRequestId);
  let batch = emptyBatch(args.entityName);
  let hintDue = false;
  for (const [i, change] of args.changes.entries()) {
    const targets = targetsOfChange[i];
    if (targets.length === 0) continue;
    const recordKey = recordKeyOf(change, args.primaryKey);
    const head = `{"eventId":${JSON.stringify(crypto.randomUUID())}${common},"operation":${JSON.stringify(change.operation)}`;
    const madeBy = change.writeRequestId === undefined ? writeRequestId : JSON.stringify(change.writeRequestId);
    const tail = `,"writeRequestId":${madeBy},"occurredAt":${occurredAt},"data":${JSON.stringify(change.data)},"previous":${JSON.stringify(change.previous)}}`;
    for (const config of targets) {
      const requestId = crypto.randomUUID();
      batch.operations.push(change.operation);
      batch.requestIds.push(requestId);
      batch.configIds.push(config.id);
      batch.payloads.push(payloadText(head, requestId, tail));
      batch.maxRetries.push(config.max_retries);
      batch.recordKeys.push(recordKey);
      if (batch.operations.length === ROWS_PER_STATEMENT) {
        ({ hintDue } = await insertOutboxRecords(client, outbox, batch));
        batch = emptyBatch(args.entityName);
      }
    }
  }
  if (batch.operations.length > 0) ({ hintDue } = await insertOutboxRecords(client, outbox, batch));
  await markTenantDue(client, outbox, { lockHeld: true, hintDue });
  return total;
}

function emptyBatch(entityName: string): NewOutboxRecords {
  return { entityName, operations: [], requestIds: [], configIds: [], payloads: [], maxRetries: [], recordKeys: [] };
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

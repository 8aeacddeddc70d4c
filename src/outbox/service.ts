import type { TenantContext } from '../auth/permissions';
import { assertEntityInScope, entityNamesInScope } from '../auth/portal-scope';
import type { Database, Queryable } from '../db/database';
import type { TenantSchemas } from '../db/tenant-schema';
import { AppError, validationError } from '../errors';
import { UUID_PATTERN } from '../validation';
import { decodeRecordId, encodeRecordId } from './record-id';
import { markTenantDue } from './due-tenants';
import { OUTBOX_STATUSES, type OutboxListQuery, type OutboxPage, type OutboxRecord } from './model';
import { getOutboxRecord } from './sql/get-record';
import { listDeliveryAttempts } from './sql/list-attempts';
import { listOutboxRecords } from './sql/list-records';
import type { OutboxRow } from './sql/record-columns';
import { dateRangeErrors, readReplayFilter, type OutboxReplayQuery } from './replay-filter';
import { redeliverOutboxRecord } from './sql/redeliver-record';
import { replayOutboxBatch } from './sql/replay-records';
import { tenantOutbox, type TenantOutbox } from './sql/tenant-outbox';

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 500;
const ID_PATTERN = /^[1-9][0-9]{0,18}$/;
/** Records one replayOutboxRecords call puts back at most (docs/api.md#replay). */
export const MAX_REPLAY = 100_000;
/**
 * Records per replay statement. Small on purpose: a write that lands during a statement waits for
 * it (CPU and WAL), so the statement's length is what writers' tail latency grows by while a replay
 * runs (docs/benchmarks.md, "Measured by tests": bulk replay while writers run).
 */
export const REPLAY_BATCH = 100;

const notFound = () => new AppError('OUTBOX_RECORD_NOT_FOUND', 'Outbox record not found');

/** Cursors are opaque to clients; inside, the id of the last record of the page. */
function encodeCursor(id: string): string {
  return Buffer.from(`outbox:${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = text.startsWith('outbox:') ? text.slice(7) : '';
  if (!ID_PATTERN.test(id))
    throw validationError([{ field: 'after', message: 'is not a cursor returned by outboxRecords' }]);
  return id;
}

/** Operators' view of a tenant's outbox (docs/api.md#outbox-records): list, inspect with attempts, redeliver. */
export class OutboxService {
  constructor(
    private readonly db: Database,
    private readonly tenants: TenantSchemas,
  ) {}

  /** Newest first, `first` (default 50, at most 500) per page. */
  async list(ctx: TenantContext, query: OutboxListQuery): Promise<OutboxPage> {
    const first = query.first ?? DEFAULT_PAGE;
    const errors = [];
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE)
      errors.push({ field: 'first', message: `must be an integer from 1 to ${MAX_PAGE}` });
    if (query.status != null && !OUTBOX_STATUSES.includes(query.status))
      errors.push({ field: 'status', message: `must be one of ${OUTBOX_STATUSES.join(', ')}` });
    errors.push(...dateRangeErrors('createdAfter', query.createdAfter, 'createdBefore', query.createdBefore));
    if (errors.length) throw validationError(errors);
    const after = query.after != null && query.after !== '' ? decodeCursor(query.after) : undefined;
    // No configuration has an id that is not a UUID: such a filter matches nothing.
    if (query.webhookConfigId != null && !UUID_PATTERN.test(query.webhookConfigId))
      return { items: [], nextCursor: null };
    // Every request id is a UUID: anything else (a receiver's quote cut short, say) names no record.
    if (query.requestId != null && !UUID_PATTERN.test(query.requestId)) return { items: [], nextCursor: null };
    const entityNames = entityNamesInScope(ctx, query.entityName);
    await this.assertConfigInScope(ctx, query.webhookConfigId);

    const outbox = tenantOutbox(ctx.tenantId, await this.tenants.ensure(ctx.tenantId));
    const rows = await listOutboxRecords(this.db.pool, outbox, {
      status: query.status,
      entityName: query.entityName,
      entityNames: ctx.portal ? entityNames : undefined,
      webhookConfigId: query.webhookConfigId,
      requestId: query.requestId,
      createdAfter: query.createdAfter,
      createdBefore: query.createdBefore,
      beforeId: after,
      limit: first + 1,
    });
    const page = rows.slice(0, first);
    const items = await this.withAttempts(this.db.pool, outbox, page);
    return { items, nextCursor: rows.length > first ? encodeCursor(String(page[page.length - 1].id)) : null };
  }

  async get(ctx: TenantContext, id: string): Promise<OutboxRecord> {
    const tableId = decodeRecordId(ctx.tenantId, id);
    if (tableId === null) throw notFound();
    const outbox = tenantOutbox(ctx.tenantId, await this.tenants.ensure(ctx.tenantId));
    const row = await getOutboxRecord(this.db.pool, outbox, { id: tableId });
    if (!row) throw notFound();
    assertEntityInScope(ctx, row.entity_name);
    return (await this.withAttempts(this.db.pool, outbox, [row]))[0];
  }

  /**
   * A portal caller naming a configuration of an entity outside its scope (deleted ones too: their
   * records stay listable) is refused; an unknown id matches nothing anyway.
   */
  private async assertConfigInScope(ctx: TenantContext, webhookConfigId: string | null | undefined): Promise<void> {
    if (!ctx.portal || webhookConfigId == null || !UUID_PATTERN.test(webhookConfigId)) return;
    const config = await this.db.prisma.webhookConfig.findFirst({
      where: { id: webhookConfigId, tenantId: ctx.tenantId },
      select: { entityName: true },
    });
    if (config) assertEntityInScope(ctx, config.entityName);
  }

  /**
   * Puts a record back to PENDING with retry_count 0, due now: a DEAD record gets another life,
   * a DELIVERED one is deliberately sent again (same request id, so receivers can tell). Any
   * lease is dropped; a delivery still in flight for it then cannot settle it.
   */
  async redeliver(ctx: TenantContext, id: string): Promise<OutboxRecord> {
    const tableId = decodeRecordId(ctx.tenantId, id);
    if (tableId === null) throw notFound();
    // A portal caller redelivers only records of its entities (get answers 404 or 403 first).
    if (ctx.portal) await this.get(ctx, id);
    const outbox = tenantOutbox(ctx.tenantId, await this.tenants.ensure(ctx.tenantId));
    return this.db.transaction(async (client) => {
      const row = await redeliverOutboxRecord(client, outbox, { id: tableId });
      if (!row) throw notFound();
      await markTenantDue(client, outbox, { lockHeld: false });
      return (await this.withAttempts(client, outbox, [row]))[0];
    });
  }

  /**
   * Bulk replay (docs/api.md#replay): puts every record matching the filter back as `redeliver` does,
   * oldest first, and answers how many (at most MAX_REPLAY per call). Each batch of REPLAY_BATCH
   * rows is one short statement of its own, followed by the dispatcher's wake-up, so delivery starts with
   * the first batch, and neither writers (who only insert) nor the dispatcher (whose claim skips
   * locked rows) wait for a large replay.
   */
  async replay(ctx: TenantContext, filter: OutboxReplayQuery): Promise<number> {
    const match = readReplayFilter(filter);
    if (ctx.portal) {
      const entityNames = entityNamesInScope(ctx, filter.entityName);
      await this.assertConfigInScope(ctx, filter.webhookConfigId);
      if (match !== null) match.entityNames = entityNames;
    }
    if (match === null) return 0;
    const outbox = tenantOutbox(ctx.tenantId, await this.tenants.ensure(ctx.tenantId));
    let total = 0;
    let afterId = '0';
    while (total < MAX_REPLAY) {
      const limit = Math.min(REPLAY_BATCH, MAX_REPLAY - total);
      const batch = await replayOutboxBatch(this.db.pool, outbox, { match, afterId, limit });
      // After the batch committed, in a transaction of its own: the hint row is one that writers
      // update too, and holding its lock for a whole batch would make them wait.
      if (batch.replayed > 0) await this.db.transaction((client) => markTenantDue(client, outbox, { lockHeld: false }));
      total += batch.replayed;
      if (batch.picked < limit || batch.lastId === null) break;
      afterId = batch.lastId;
    }
    return total;
  }

  private async withAttempts(db: Queryable, outbox: TenantOutbox, rows: OutboxRow[]): Promise<OutboxRecord[]> {
    if (rows.length === 0) return [];
    const byRecord = await listDeliveryAttempts(db, outbox, { outboxIds: rows.map((r) => r.id) });
    return rows.map((r) => ({
      id: encodeRecordId(outbox.tenantId, String(r.id)),
      entityName: r.entity_name,
      operation: r.operation,
      requestId: r.request_id,
      webhookConfigId: r.webhook_config_id,
      payloadJson: r.payload_json,
      status: r.status,
      retryCount: r.retry_count,
      maxRetries: r.max_retries,
      nextRetryAt: r.next_retry_at,
      lastError: r.last_error,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      deliveredAt: r.delivered_at,
      attempts: byRecord.get(String(r.id)) ?? [],
    }));
  }
}

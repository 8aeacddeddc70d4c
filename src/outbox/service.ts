import type { TenantContext } from '../auth/permissions';
import type { Database, Queryable } from '../db/database';
import { Params, qualified } from '../db/sql';
import type { TenantSchemas } from '../db/tenant-schema';
import { AppError, validationError } from '../errors';
import { UUID_PATTERN } from '../validation';
import type { ChangeOperation } from '../webhooks/model';
import { markTenantDue } from './due-tenants';
import {
  OUTBOX_STATUSES,
  type DeliveryAttempt,
  type OutboxListQuery,
  type OutboxPage,
  type OutboxRecord,
  type OutboxStatus,
} from './model';

const DEFAULT_PAGE = 50;
const MAX_PAGE = 500;
const ID_PATTERN = /^[1-9][0-9]{0,18}$/;

interface OutboxRow {
  id: string;
  entity_name: string;
  operation: ChangeOperation;
  request_id: string;
  webhook_config_id: string;
  payload_json: string;
  status: OutboxStatus;
  retry_count: number;
  max_retries: number;
  next_retry_at: Date;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
}

interface AttemptRow {
  outbox_id: string;
  attempt_number: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

const COLUMNS = `id, entity_name, operation, request_id, webhook_config_id, payload_json, status, retry_count, max_retries,
                 next_retry_at, last_error, created_at, updated_at, delivered_at`;

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

/** Operators' view of a tenant's outbox (CONTRACT §5): list, inspect with attempts, redeliver. */
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
    if (errors.length) throw validationError(errors);
    const after = query.after != null && query.after !== '' ? decodeCursor(query.after) : undefined;
    // No configuration has an id that is not a UUID: such a filter matches nothing.
    if (query.webhookConfigId != null && !UUID_PATTERN.test(query.webhookConfigId))
      return { items: [], nextCursor: null };

    const schema = await this.tenants.ensure(ctx.tenantId);
    const params = new Params();
    const where = ['tenant_id = ' + params.add(ctx.tenantId)];
    if (query.status != null) where.push('status = ' + params.add(query.status));
    if (query.entityName != null) where.push('entity_name = ' + params.add(query.entityName));
    if (query.webhookConfigId != null)
      where.push('webhook_config_id = ' + params.add(query.webhookConfigId) + '::uuid');
    if (after !== undefined) where.push('id < ' + params.add(after) + '::bigint');
    const { rows } = await this.db.pool.query<OutboxRow>(
      `SELECT ${COLUMNS} FROM ${qualified(schema, 'mutation_webhook_outbox')}
        WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${params.add(first + 1)}`,
      params.values,
    );
    const page = rows.slice(0, first);
    const items = await this.withAttempts(this.db.pool, schema, page);
    return { items, nextCursor: rows.length > first ? encodeCursor(String(page[page.length - 1].id)) : null };
  }

  async get(ctx: TenantContext, id: string): Promise<OutboxRecord> {
    if (!ID_PATTERN.test(id)) throw notFound();
    const schema = await this.tenants.ensure(ctx.tenantId);
    const { rows } = await this.db.pool.query<OutboxRow>(
      `SELECT ${COLUMNS} FROM ${qualified(schema, 'mutation_webhook_outbox')} WHERE id = $1 AND tenant_id = $2`,
      [id, ctx.tenantId],
    );
    if (rows.length === 0) throw notFound();
    return (await this.withAttempts(this.db.pool, schema, rows))[0];
  }

  /**
   * Puts a record back to PENDING with retry_count 0, due now: a DEAD record gets another life,
   * a DELIVERED one is deliberately sent again (same request id, so receivers can tell). Any
   * lease is dropped; a delivery still in flight for it then cannot settle it.
   */
  async redeliver(ctx: TenantContext, id: string): Promise<OutboxRecord> {
    if (!ID_PATTERN.test(id)) throw notFound();
    const schema = await this.tenants.ensure(ctx.tenantId);
    return this.db.transaction(async (client) => {
      const { rows } = await client.query<OutboxRow>(
        `UPDATE ${qualified(schema, 'mutation_webhook_outbox')}
            SET status = 'PENDING', retry_count = 0, next_retry_at = date_trunc('milliseconds', now()), last_error = NULL,
                delivered_at = NULL, locked_by = NULL, locked_until = NULL, updated_at = now()
          WHERE id = $1 AND tenant_id = $2
          RETURNING ${COLUMNS}`,
        [id, ctx.tenantId],
      );
      if (rows.length === 0) throw notFound();
      await markTenantDue(client, ctx.tenantId, { lockHeld: false });
      return (await this.withAttempts(client, schema, rows))[0];
    });
  }

  private async withAttempts(db: Queryable, schema: string, rows: OutboxRow[]): Promise<OutboxRecord[]> {
    if (rows.length === 0) return [];
    const { rows: attempts } = await db.query<AttemptRow>(
      `SELECT outbox_id, attempt_number, started_at, duration_ms, status_code, error
         FROM ${qualified(schema, 'delivery_attempts')} WHERE outbox_id = ANY($1::bigint[])
        ORDER BY outbox_id, attempt_number`,
      [rows.map((r) => r.id)],
    );
    const byRecord = new Map<string, DeliveryAttempt[]>();
    for (const a of attempts) {
      const list = byRecord.get(String(a.outbox_id)) ?? [];
      list.push({
        attemptNumber: a.attempt_number,
        startedAt: a.started_at,
        durationMs: a.duration_ms,
        statusCode: a.status_code,
        error: a.error,
      });
      byRecord.set(String(a.outbox_id), list);
    }
    return rows.map((r) => ({
      id: String(r.id),
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

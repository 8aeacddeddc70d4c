import type { TenantContext } from '../../src/auth/permissions';
import { writeOutboxRecords, type EntityChange } from '../../src/outbox/enqueue';
import { allAttempts } from '../../src/outbox/sql/list-attempts';
import { pullTenantHint } from '../../src/outbox/sql/pull-tenant-hint';
import { tenantOutbox, type TenantOutbox } from '../../src/outbox/sql/tenant-outbox';
import type { Services } from '../../src/services';
import type { WebhookConfig } from '../../src/webhooks/model';

/** Shared set-up of the dispatcher and outbox tests: configurations and committed changes. */

export function adminOf(tenantId: string): TenantContext {
  return { tenantId, actor: 'test-admin', permissions: new Set(['tenant:admin']) };
}

export async function createConfig(
  services: Services,
  tenantId: string,
  fields: Record<string, unknown>,
): Promise<WebhookConfig> {
  return services.webhooks.create(adminOf(tenantId), {
    entityName: 'orders',
    events: 'INSERT,UPDATE,UPSERT,DELETE',
    ...fields,
  });
}

/** Commits `changes` the way the record writer does: outbox rows in one transaction. */
export async function commitChanges(
  services: Services,
  tenantId: string,
  changes: EntityChange[],
  opts: { entityName?: string; writeRequestId?: string; primaryKey?: string } = {},
): Promise<number> {
  const schema = await services.tenants.ensure(tenantId);
  return services.db.transaction((client) =>
    writeOutboxRecords(client, {
      tenantId,
      schema,
      entityName: opts.entityName ?? 'orders',
      primaryKey: opts.primaryKey ?? 'id',
      writeRequestId: opts.writeRequestId ?? 'write-1',
      occurredAt: new Date(),
      changes,
    }),
  );
}

export function inserts(n: number, from = 0): EntityChange[] {
  return Array.from({ length: n }, (_, i) => ({
    operation: 'INSERT' as const,
    data: { id: from + i, total: (from + i) * 10 },
    previous: null,
  }));
}

export interface OutboxRow {
  id: string;
  tenant_id: string;
  entity_name: string;
  operation: string;
  request_id: string;
  webhook_config_id: string;
  payload_json: string;
  status: string;
  retry_count: number;
  max_retries: number;
  next_retry_at: Date;
  last_error: string | null;
  locked_by: string | null;
  locked_until: Date | null;
  attempt_count: number;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
}

/** The tenant's outbox tables, quoted, as the dispatcher's statements name them. */
export async function outboxOf(services: Services, tenantId: string): Promise<TenantOutbox> {
  return tenantOutbox(tenantId, await services.tenants.ensure(tenantId));
}

export async function outboxRows(services: Services, tenantId: string): Promise<OutboxRow[]> {
  const outbox = await outboxOf(services, tenantId);
  const { rows } = await services.db.pool.query<OutboxRow>(`SELECT * FROM ${outbox.table} ORDER BY id`);
  return rows;
}

/**
 * Rewrites outbox records behind the dispatcher's back, to stage a state: the records of the
 * given configurations or ids (all of the tenant's when neither is given).
 */
export async function updateOutboxRows(
  services: Services,
  tenantId: string,
  set: { status?: string; retryCount?: number; dueSecondsAgo?: number },
  only: { webhookConfigIds?: string[]; ids?: string[] } = {},
): Promise<number> {
  const outbox = await outboxOf(services, tenantId);
  const values: unknown[] = [];
  const bind = (v: unknown) => `$${values.push(v)}`;
  const assignments = [];
  if (set.status !== undefined) assignments.push(`status = ${bind(set.status)}`);
  if (set.retryCount !== undefined) assignments.push(`retry_count = ${bind(set.retryCount)}::int`);
  if (set.dueSecondsAgo !== undefined)
    assignments.push(`next_retry_at = now() - ${bind(set.dueSecondsAgo)} * interval '1 second'`);
  const where = ['true'];
  if (only.webhookConfigIds) where.push(`webhook_config_id = ANY(${bind(only.webhookConfigIds)}::uuid[])`);
  if (only.ids) where.push(`id = ANY(${bind(only.ids)}::bigint[])`);
  const res = await services.db.pool.query(
    `UPDATE ${outbox.table} SET ${assignments.join(', ')} WHERE ${where.join(' AND ')}`,
    values,
  );
  return res.rowCount ?? 0;
}

/**
 * Makes records due now behind a running dispatcher's back, and the tenant with them: a tenant
 * retired until its next due record would otherwise not be looked at before then.
 */
export async function makeDueNow(services: Services, tenantId: string, ids: string[]): Promise<void> {
  await updateOutboxRows(services, tenantId, { dueSecondsAgo: 0 }, { ids });
  await pullTenantHint(services.db.pool, await outboxOf(services, tenantId));
}

export interface AttemptRow {
  outbox_id: string;
  attempt_number: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
}

/**
 * Every attempt in the database, where it is kept: a first attempt that delivered on its record
 * (tenant schema 5), every other one in delivery_attempts.
 */
export async function attemptRows(services: Services, tenantId: string): Promise<AttemptRow[]> {
  const outbox = await outboxOf(services, tenantId);
  const { rows } = await services.db.pool.query<AttemptRow>(
    `SELECT * FROM (${allAttempts(outbox)}) a ORDER BY outbox_id, attempt_number`,
  );
  return rows;
}

/** The rows of delivery_attempts alone. */
export async function loggedAttemptRows(services: Services, tenantId: string): Promise<AttemptRow[]> {
  const outbox = await outboxOf(services, tenantId);
  const { rows } = await services.db.pool.query<AttemptRow>(
    `SELECT outbox_id, attempt_number, started_at, duration_ms, status_code, error, response_body
       FROM ${outbox.attempts} ORDER BY outbox_id, attempt_number`,
  );
  return rows;
}

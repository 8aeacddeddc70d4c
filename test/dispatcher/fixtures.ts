import type { TenantContext } from '../../src/auth/permissions';
import { writeOutboxRecords, type EntityChange } from '../../src/outbox/enqueue';
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
  opts: { entityName?: string; writeRequestId?: string } = {},
): Promise<number> {
  const schema = await services.tenants.ensure(tenantId);
  return services.db.transaction((client) =>
    writeOutboxRecords(client, {
      tenantId,
      schema,
      entityName: opts.entityName ?? 'orders',
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

export async function outboxRows(services: Services, tenantId: string): Promise<OutboxRow[]> {
  const schema = await services.tenants.ensure(tenantId);
  const { rows } = await services.db.pool.query<OutboxRow>(
    `SELECT * FROM "${schema}".mutation_webhook_outbox ORDER BY id`,
  );
  return rows;
}

export interface AttemptRow {
  outbox_id: string;
  attempt_number: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
}

export async function attemptRows(services: Services, tenantId: string): Promise<AttemptRow[]> {
  const schema = await services.tenants.ensure(tenantId);
  const { rows } = await services.db.pool.query<AttemptRow>(
    `SELECT * FROM "${schema}".delivery_attempts ORDER BY outbox_id, attempt_number`,
  );
  return rows;
}

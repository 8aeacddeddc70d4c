import type { Queryable } from '../db/database';
import { readWebhookHealth, type WebhookHealthRow } from './sql/read-webhook-health';
import { tenantOutbox } from './sql/tenant-outbox';

export type { WebhookHealthRow };

/**
 * One configuration's delivery health: its circuit and the last 24 hours' attempts. `schema` is
 * the tenant's schema as `TenantSchemas.ensure` returned it.
 */
export function webhookHealth(
  db: Queryable,
  tenant: { tenantId: string; schema: string },
  configId: string,
): Promise<WebhookHealthRow> {
  return readWebhookHealth(db, tenantOutbox(tenant.tenantId, tenant.schema), configId);
}

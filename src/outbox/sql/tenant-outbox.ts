import { qualified } from '../../db/sql';
import { tenantSchemaName } from '../../db/tenant-schema';

/**
 * The first argument after the connection of every tenant-scoped outbox statement in this folder
 * (as graphile-worker's `src/sql/` escapes its schema once): the tenant, its schema, and the quoted
 * names of its outbox and attempt-log tables, computed once.
 */
export interface TenantOutbox {
  readonly tenantId: string;
  readonly schema: string;
  /** `"schema"."mutation_webhook_outbox"`, quoted. */
  readonly table: string;
  /** `"schema"."delivery_attempts"`, quoted. */
  readonly attempts: string;
  /** `"schema"."webhook_health_minutes"`, quoted (tenant schema 7). */
  readonly health: string;
  /** `"schema"."outbox_request_ids"`, quoted (tenant schema 8): request id to record id. */
  readonly requestIds: string;
}

/** `schema` defaults to the tenant's schema name; pass the one `TenantSchemas.ensure` returned where it ran. */
export function tenantOutbox(tenantId: string, schema = tenantSchemaName(tenantId)): TenantOutbox {
  return {
    tenantId,
    schema,
    table: qualified(schema, 'mutation_webhook_outbox'),
    attempts: qualified(schema, 'delivery_attempts'),
    health: qualified(schema, 'webhook_health_minutes'),
    requestIds: qualified(schema, 'outbox_request_ids'),
  };
}

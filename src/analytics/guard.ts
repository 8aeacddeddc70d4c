/**
 * A statement's guard: a boolean column that is true only while the catalogue, in the statement's
 * own snapshot, holds exactly the entity definition the statement was compiled from. With it, a
 * query compiled from the definition this process last saw needs no separate read of the
 * catalogue: a true guard proves the answer is what reading the definition first would give.
 */
import type { EntityDefinition } from '../catalog/model';
import type { Params } from '../db/sql';

/**
 * `catalogue` is the quoted, qualified table of entity definitions. Every column an entity's
 * definition is read from is compared (the content LastSeenDefinitions compares), each value
 * bound. The subquery reads no row of the query, so PostgreSQL evaluates it once per statement.
 */
export function entityGuard(catalogue: string, tenantId: string, entity: EntityDefinition, params: Params): string {
  const conditions = [
    `g.tenant_id = ${params.add(tenantId)}::text`,
    `g.name = ${params.add(entity.name)}::text`,
    `g.table_name = ${params.add(entity.tableName)}::text`,
    `g.primary_key = ${params.add(entity.primaryKey)}::text`,
    `g.time_field IS NOT DISTINCT FROM ${params.add(entity.timeField)}::text`,
    `g.fields = ${params.add(JSON.stringify(entity.fields))}::jsonb`,
    `g.created_at = ${params.add(entity.createdAt)}::timestamptz`,
    `g.updated_at = ${params.add(entity.updatedAt)}::timestamptz`,
  ];
  return `(SELECT true FROM ${catalogue} g WHERE ${conditions.join(' AND ')})`;
}

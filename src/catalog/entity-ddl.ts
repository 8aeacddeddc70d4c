import { qualified, quoteIdent } from '../db/sql';
import type { EntityDraft } from './entity-definition';
import { SQL_TYPES } from './model';

/**
 * The statements that create an entity's table in a tenant schema. Constraint and index names
 * are left to PostgreSQL, which keeps them unique within the schema whatever the entity names.
 */
export function createEntityTableSql(schema: string, entity: EntityDraft): string[] {
  const table = qualified(schema, entity.name);
  const columns = entity.fields.map((f) => `${quoteIdent(f.name)} ${SQL_TYPES[f.type]}`);
  const statements = [`CREATE TABLE ${table} (${columns.join(', ')}, PRIMARY KEY (${quoteIdent(entity.primaryKey)}))`];
  if (entity.timeField && entity.timeField !== entity.primaryKey) {
    statements.push(`CREATE INDEX ON ${table} (${quoteIdent(entity.timeField)})`);
  }
  return statements;
}

export function dropEntityTableSql(schema: string, tableName: string): string {
  return `DROP TABLE IF EXISTS ${qualified(schema, tableName)}`;
}

import type { TenantContext } from '../auth/permissions';
import type { Database } from '../db/database';
import { queryPrepared } from '../db/prepared';
import type { TenantSchemas } from '../db/tenant-schema';
import { AppError } from '../errors';
import { readEntityDraft } from './entity-definition';
import { createEntityTableSql, dropEntityTableSql } from './entity-ddl';
import { CATALOG_NAME, type EntityDefinition, type FieldDefinition } from './model';

/** An entity definition row as `entityColumns` selects it. */
export interface EntityRow {
  name: string;
  fields: unknown;
  primaryKey: string;
  timeField: string | null;
  tableName: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The columns of `entity_definitions` (aliased `alias`) an entity needs, under the names
 * `entityFromRow` reads with `prefix` before each: plain SQL, because every analytics and record
 * request reads a definition and the ORM's per-query work was a measurable part of it.
 */
export function entityColumns(alias: string, prefix = ''): string {
  const col = (column: string, as: string) => `${alias}.${column} AS "${prefix}${as}"`;
  return [
    col('name', 'name'),
    col('fields', 'fields'),
    col('primary_key', 'primaryKey'),
    col('time_field', 'timeField'),
    col('table_name', 'tableName'),
    col('created_at', 'createdAt'),
    col('updated_at', 'updatedAt'),
  ].join(', ');
}

// Built once: a prepared statement's text is looked up by its string, and the same string is
// found without hashing a new one on every run (src/db/prepared.ts, statementText).
const ENTITY_BY_NAME = `SELECT ${entityColumns('e')} FROM entity_definitions e WHERE e.tenant_id = $1 AND e.name = $2`;
const ENTITIES_BY_TENANT_AND_NAME = `SELECT e.tenant_id AS "tenantId", ${entityColumns('e')}
               FROM unnest($1::text[], $2::text[]) AS k(tenant_id, name)
               JOIN entity_definitions e ON e.tenant_id = k.tenant_id AND e.name = k.name`;

/** The prefix `entityColumns` puts before an entity's columns when they share a row with another definition's. */
export const ENTITY_PREFIX = 'entity.';

export type Prefixed<T> = { [K in keyof T & string as `entity.${K}`]: T[K] };

/** The entity's part of a row selected with `entityColumns(alias, ENTITY_PREFIX)`. */
export function unprefixed(row: Prefixed<EntityRow>): EntityRow {
  return {
    name: row['entity.name'],
    fields: row['entity.fields'],
    primaryKey: row['entity.primaryKey'],
    timeField: row['entity.timeField'],
    tableName: row['entity.tableName'],
    createdAt: row['entity.createdAt'],
    updatedAt: row['entity.updatedAt'],
  };
}

export function entityFromRow(row: EntityRow): EntityDefinition {
  return {
    name: row.name,
    fields: row.fields as FieldDefinition[],
    primaryKey: row.primaryKey,
    timeField: row.timeField,
    tableName: row.tableName,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The key of a tenant's entity in the map `getMany` answers. */
export function entityKey(tenantId: string, name: string): string {
  return `${tenantId}\u0000${name}`;
}

export const entityNotFound = (name: string) =>
  new AppError('ENTITY_NOT_FOUND', `Entity '${name.slice(0, 63)}' not found`);

/** PostgreSQL refusing a relation (or its row type) because the name is taken in the schema. */
function isNameTaken(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return code === '42P07' || code === '42710';
}

/**
 * The tenant's entity catalogue (docs/api.md#catalog). A definition row in the shared schema and a real
 * table in the tenant's schema; both are created and dropped in one transaction.
 */
export class EntityService {
  constructor(
    private readonly db: Database,
    private readonly tenants: TenantSchemas,
  ) {}

  async define(ctx: TenantContext, body: unknown): Promise<EntityDefinition> {
    const draft = readEntityDraft(body);
    // Before the transaction: provisioning uses its own connection, and the embedded database
    // serves every connection from one session.
    const schema = await this.tenants.ensure(ctx.tenantId);
    const conflict = () => new AppError('CONFLICT', `An entity or table named '${draft.name}' already exists`);
    try {
      return await this.db.transaction(async (client) => {
        const { rows } = await client.query<{ created_at: Date; updated_at: Date }>(
          `INSERT INTO entity_definitions (tenant_id, name, fields, primary_key, time_field, table_name, created_by, updated_by)
           VALUES ($1, $2, $3::jsonb, $4, $5, $2, $6, $6)
           ON CONFLICT (tenant_id, name) DO NOTHING
           RETURNING created_at, updated_at`,
          [ctx.tenantId, draft.name, JSON.stringify(draft.fields), draft.primaryKey, draft.timeField, ctx.actor],
        );
        if (rows.length === 0) throw conflict();
        for (const statement of createEntityTableSql(schema, draft)) await client.query(statement);
        return { ...draft, tableName: draft.name, createdAt: rows[0].created_at, updatedAt: rows[0].updated_at };
      });
    } catch (err) {
      throw isNameTaken(err) ? conflict() : err;
    }
  }

  /** The tenant's entities by name. */
  async list(ctx: TenantContext): Promise<EntityDefinition[]> {
    const { rows } = await this.db.pool.query<EntityRow>(
      `SELECT ${entityColumns('e')} FROM entity_definitions e WHERE e.tenant_id = $1 ORDER BY e.name`,
      [ctx.tenantId],
    );
    return rows.map(entityFromRow);
  }

  /** One entity of the tenant; ENTITY_NOT_FOUND when the tenant has none of that name. */
  async get(ctx: TenantContext, name: string): Promise<EntityDefinition> {
    if (typeof name !== 'string' || !CATALOG_NAME.test(name)) throw entityNotFound(String(name));
    // Prepared: every entity query (A1) reads this.
    const { rows } = await queryPrepared<EntityRow>(this.db.pool, {
      text: ENTITY_BY_NAME,
      values: [ctx.tenantId, name],
    });
    if (!rows.length) throw entityNotFound(name);
    return entityFromRow(rows[0]);
  }

  /**
   * The definitions of several tenants' entities in one statement, keyed by `entityKey`; a pair
   * without a definition is absent. For a writer that serves many tenants at once (a batch of
   * RECORD trigger events): one look-up per batch instead of one per tenant.
   */
  async getMany(pairs: ReadonlyArray<{ tenantId: string; name: string }>): Promise<Map<string, EntityDefinition>> {
    const found = new Map<string, EntityDefinition>();
    const wanted = pairs.filter((p) => typeof p.name === 'string' && CATALOG_NAME.test(p.name));
    if (wanted.length === 0) return found;
    const { rows } = await queryPrepared<EntityRow & { tenantId: string }>(this.db.pool, {
      text: ENTITIES_BY_TENANT_AND_NAME,
      values: [wanted.map((p) => p.tenantId), wanted.map((p) => p.name)],
    });
    for (const row of rows) found.set(entityKey(row.tenantId, row.name), entityFromRow(row));
    return found;
  }

  /** Drops the definition and its table with every record in it. */
  async drop(ctx: TenantContext, name: string): Promise<void> {
    if (typeof name !== 'string' || !CATALOG_NAME.test(name)) throw entityNotFound(String(name));
    const schema = await this.tenants.ensure(ctx.tenantId);
    await this.db.transaction(async (client) => {
      const { rows } = await client.query<{ table_name: string }>(
        'DELETE FROM entity_definitions WHERE tenant_id = $1 AND name = $2 RETURNING table_name',
        [ctx.tenantId, name],
      );
      if (rows.length === 0) throw entityNotFound(name);
      await client.query(dropEntityTableSql(schema, rows[0].table_name));
    });
  }
}

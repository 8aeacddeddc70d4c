import type { TenantContext } from '../auth/permissions';
import { invalidQuery } from '../query/parse';
import type { Database } from '../db/database';
import { queryPrepared } from '../db/prepared';
import { AppError } from '../errors';
import { FieldReader } from '../validation';
import {
  ENTITY_PREFIX,
  entityColumns,
  entityFromRow,
  unprefixed,
  type EntityRow,
  type Prefixed,
} from './entity-service';
import { CATALOG_NAME, type EntityDefinition } from './model';

/** What metric and view definitions need of the entity catalogue. */
export interface EntityLookup {
  get(ctx: TenantContext, name: string): Promise<EntityDefinition>;
}

/**
 * A definition's filter as plain JSON for its jsonb column, or undefined when there is none. A
 * GraphQL input arrives as class instances (which the ORM does not serialise) with absent members
 * undefined; those are left out, as JSON text would leave them out.
 */
export function storedFilter(filter: unknown): object | undefined {
  return filter === undefined || filter === null ? undefined : (plainJson(filter) as object);
}

function plainJson(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plainJson);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => [k, plainJson(x)]),
  );
}

/** The name of a metric or view body: a malformed one is a VALIDATION_FAILED, like any field rule. */
export function readDefinitionName(body: unknown): string {
  const r = FieldReader.of(body);
  const name = r.string('name', {
    required: true,
    pattern: CATALOG_NAME,
    patternText: 'must match ^[a-z][a-z0-9_]{0,62}$',
  });
  r.done();
  return name!;
}

/**
 * The entity a definition is over. An unknown one is a fault of the definition's query, so it is
 * 400 INVALID_QUERY here, not the 404 a query naming an unknown entity gets.
 */
export async function resolveDefinitionEntity(
  ctx: TenantContext,
  entities: EntityLookup,
  raw: unknown,
): Promise<EntityDefinition> {
  if (typeof raw !== 'string' || raw === '') throw invalidQuery([{ field: 'entity', message: 'is required' }]);
  try {
    return await entities.get(ctx, raw);
  } catch (err) {
    if (err instanceof AppError && err.code === 'ENTITY_NOT_FOUND') {
      throw invalidQuery([{ field: 'entity', message: 'is not an entity of the tenant' }]);
    }
    throw err;
  }
}

/**
 * A metric or view row and, in the same statement, the entity it is over (null when that entity is
 * gone); undefined when the tenant has no definition of that name. Every metric and view query
 * starts here: one round trip, a prepared statement, no ORM, and read fresh each time, so a
 * definition or entity another process dropped or redefined is seen at once. `columns` select from
 * the definition table under the alias `d`.
 */
export async function readDefinitionWithEntity<Row extends object>(
  db: Database,
  table: 'metric_definitions' | 'view_definitions',
  columns: string,
  ctx: TenantContext,
  name: string,
): Promise<{ row: Row; entity: EntityDefinition | null } | undefined> {
  const { rows } = await queryPrepared<Row & Prefixed<EntityRow> & { entityFound: boolean }>(db.pool, {
    text: `SELECT ${columns}, e.name IS NOT NULL AS "entityFound", ${entityColumns('e', ENTITY_PREFIX)}
             FROM ${table} d
             LEFT JOIN entity_definitions e ON e.tenant_id = d.tenant_id AND e.name = d.entity_name
            WHERE d.tenant_id = $1 AND d.name = $2`,
    values: [ctx.tenantId, name],
  });
  if (!rows.length) return undefined;
  return { row: rows[0], entity: rows[0].entityFound ? entityFromRow(unprefixed(rows[0])) : null };
}

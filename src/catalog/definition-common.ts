import type { TenantContext } from '../auth/permissions';
import { invalidQuery } from '../analytics/parse';
import { AppError } from '../errors';
import { FieldReader } from '../validation';
import { CATALOG_NAME, type EntityDefinition } from './model';

/** What metric and view definitions need of the entity catalogue. */
export interface EntityLookup {
  get(ctx: TenantContext, name: string): Promise<EntityDefinition>;
}

/** The name of a metric or view body: a malformed one is a VALIDATION_FAILED, like any field rule. */
export function readDefinitionName(body: unknown): string {
  const r = FieldReader.of(body);
  const name = r.string('name', { required: true, pattern: CATALOG_NAME, patternText: 'must match ^[a-z][a-z0-9_]{0,62}$' });
  r.done();
  return name!;
}

/**
 * The entity a definition is over. An unknown one is a fault of the definition's query, so it is
 * 400 INVALID_QUERY here, not the 404 a query naming an unknown entity gets.
 */
export async function resolveDefinitionEntity(ctx: TenantContext, entities: EntityLookup, raw: unknown): Promise<EntityDefinition> {
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

import { AppError } from '../errors';
import type { TenantContext } from './permissions';

/** What a portal token reaches (docs/api.md#portal): its session and the entities it names. */
export interface PortalScope {
  sessionId: string;
  entityNames: readonly string[];
}

const outOfScope = () => new AppError('FORBIDDEN', 'This portal session does not cover that entity');

/** 403 when a portal caller names an entity outside its scope; nothing for everyone else. */
export function assertEntityInScope(ctx: TenantContext, entityName: string): void {
  if (ctx.portal && !ctx.portal.entityNames.includes(entityName)) throw outOfScope();
}

/**
 * The same for the `entityName` of a request body, before the body is validated: naming another
 * entity is refused as such, whatever else the body gets wrong.
 */
export function assertBodyEntityInScope(ctx: TenantContext, body: unknown): void {
  const name = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).entityName : undefined;
  if (typeof name === 'string') assertEntityInScope(ctx, name.trim());
}

/**
 * The entity names a list or a replay may touch: the filter itself when given (403 outside a
 * portal scope), else the whole scope for a portal caller, else no restriction (undefined).
 */
export function entityNamesInScope(
  ctx: TenantContext,
  filter: string | null | undefined,
): readonly string[] | undefined {
  if (filter != null && filter !== '') {
    assertEntityInScope(ctx, filter);
    return [filter];
  }
  return ctx.portal?.entityNames;
}

/** The same as a Prisma `where` fragment on a model with `entityName`. */
export function entityNameWhere(
  ctx: TenantContext,
  filter: string | null | undefined,
): { entityName?: string | { in: string[] } } {
  const names = entityNamesInScope(ctx, filter);
  if (names === undefined) return {};
  return names.length === 1 ? { entityName: names[0] } : { entityName: { in: [...names] } };
}

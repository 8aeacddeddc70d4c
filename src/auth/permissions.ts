import { AppError } from '../errors';
import type { PortalScope } from './portal-scope';

/**
 * `portal` is no token permission: listed among `allowed`, it lets a portal token through, and the
 * services then keep it to its scope (portal-scope.ts). A JWT claiming it gains nothing.
 */
export type Permission = 'admin' | 'tenant:admin' | 'internal' | 'analytics:read' | 'data:write' | 'portal';

/** Who is calling, from a verified token. */
export interface Principal {
  subject: string;
  tenantId: string | undefined;
  permissions: ReadonlySet<string>;
  /** Set for a portal token (then `permissions` is empty and `tenantId` set). */
  portal?: PortalScope;
}

/** Built once per request by the auth layer and passed to every service call. */
export interface TenantContext {
  tenantId: string;
  actor: string;
  permissions: ReadonlySet<string>;
  /** Set when a portal token calls: every service keeps it to this scope. */
  portal?: PortalScope;
}

export const TENANT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

/** Permissions that work for any tenant; every other permission is bound to the token's tenant_id. */
const CROSS_TENANT: ReadonlySet<Permission> = new Set(['admin', 'internal']);

export const CONFIG_ADMIN: Permission[] = ['tenant:admin', 'admin'];
export const ANALYTICS_READ: Permission[] = ['analytics:read', 'tenant:admin', 'admin'];
export const RECORD_WRITE: Permission[] = ['data:write', 'tenant:admin', 'admin'];
/** Configurations, outbox records and the event catalog: also a portal token, within its scope. */
export const CONFIG_ADMIN_OR_PORTAL: Permission[] = ['tenant:admin', 'admin', 'portal'];
export const CONFIG_READ_INTERNAL_OR_PORTAL: Permission[] = ['tenant:admin', 'admin', 'internal', 'portal'];

function parseTenantHeader(value: unknown): string {
  if (value === undefined || value === null || value === '') {
    throw new AppError('TENANT_REQUIRED', 'The X-Tenant-Id header is required');
  }
  if (typeof value !== 'string' || !TENANT_ID_PATTERN.test(value)) {
    throw new AppError('VALIDATION_FAILED', 'X-Tenant-Id is malformed', [
      { field: 'X-Tenant-Id', message: 'must match ^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$' },
    ]);
  }
  return value;
}

/**
 * Decides whether `principal` may act on `tenantHeader` with one of `allowed`.
 * Order: 401 (no principal), 400 (tenant header), 403 (permission or tenant).
 */
export function authorizeTenant(
  principal: Principal | undefined,
  tenantHeader: unknown,
  allowed: Permission[],
): TenantContext {
  if (!principal) throw new AppError('UNAUTHENTICATED', 'A valid bearer token is required');
  if (principal.portal) return authorizePortal(principal, principal.portal, tenantHeader, allowed);
  const tenantId = parseTenantHeader(tenantHeader);
  const granted = allowed.some(
    (p) => p !== 'portal' && principal.permissions.has(p) && (CROSS_TENANT.has(p) || principal.tenantId === tenantId),
  );
  if (!granted) {
    throw new AppError('FORBIDDEN', 'The token does not grant this operation for this tenant');
  }
  return { tenantId, actor: principal.subject, permissions: principal.permissions };
}

/** A portal token names its tenant itself: X-Tenant-Id may be left out, and another one is 403. */
function authorizePortal(
  principal: Principal,
  portal: PortalScope,
  tenantHeader: unknown,
  allowed: Permission[],
): TenantContext {
  const tenantId =
    tenantHeader === undefined || tenantHeader === '' ? principal.tenantId : parseTenantHeader(tenantHeader);
  if (tenantId === undefined || tenantId !== principal.tenantId || !allowed.includes('portal')) {
    throw new AppError('FORBIDDEN', 'A portal token does not grant this operation');
  }
  return { tenantId, actor: principal.subject, permissions: principal.permissions, portal };
}

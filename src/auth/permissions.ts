import { AppError } from '../errors';

export type Permission = 'admin' | 'tenant:admin' | 'internal' | 'analytics:read' | 'data:write';

/** Who is calling, from a verified token. */
export interface Principal {
  subject: string;
  tenantId: string | undefined;
  permissions: ReadonlySet<string>;
}

/** Built once per request by the auth layer and passed to every service call. */
export interface TenantContext {
  tenantId: string;
  actor: string;
  permissions: ReadonlySet<string>;
}

export const TENANT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

/** Permissions that work for any tenant; every other permission is bound to the token's tenant_id. */
const CROSS_TENANT: ReadonlySet<Permission> = new Set(['admin', 'internal']);

export const CONFIG_ADMIN: Permission[] = ['tenant:admin', 'admin'];
export const CONFIG_READ_INTERNAL: Permission[] = ['tenant:admin', 'admin', 'internal'];
export const ANALYTICS_READ: Permission[] = ['analytics:read', 'tenant:admin', 'admin'];
export const RECORD_WRITE: Permission[] = ['data:write', 'tenant:admin', 'admin'];

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
  const tenantId = parseTenantHeader(tenantHeader);
  const granted = allowed.some(
    (p) => principal.permissions.has(p) && (CROSS_TENANT.has(p) || principal.tenantId === tenantId),
  );
  if (!granted) {
    throw new AppError('FORBIDDEN', 'The token does not grant this operation for this tenant');
  }
  return { tenantId, actor: principal.subject, permissions: principal.permissions };
}

import type { Permission, TenantContext } from '../auth/permissions';
import type { Services } from '../services';

/** Per-request GraphQL context: resolvers authorise through it, exactly as REST routes do. */
export interface GraphQLContext {
  requestId: string;
  services: Services;
  /** Authenticates the caller and authorises X-Tenant-Id with one of `allowed` (throws AppError). */
  authorize(allowed: Permission[]): Promise<TenantContext>;
}

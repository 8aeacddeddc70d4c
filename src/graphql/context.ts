import type { Permission, TenantContext } from '../auth/permissions';
import type { Services } from '../services';
import type { ListBudget } from './list-budget';

/** Per-request GraphQL context: resolvers authorise through it, exactly as REST routes do. */
export interface GraphQLContext {
  requestId: string;
  /** `<scheme>://<host>` the request came to: a portal link's default start (PUBLIC_BASE_URL). */
  requestOrigin: string;
  services: Services;
  /** Authenticates the caller and authorises X-Tenant-Id with one of `allowed` (throws AppError). */
  authorize(allowed: Permission[]): Promise<TenantContext>;
  /**
   * The request's root fields (added once each operation is known): its cost against the rate
   * limit. An object, because Apollo hands resolvers a shallow copy of the context.
   */
  cost?: { rootFields: number };
  /** The request's one list budget (list-budget.ts). */
  listBudget?: ListBudget;
}

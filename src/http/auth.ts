import type { FastifyRequest } from 'fastify';
import { authorizeTenant, type Permission, type Principal, type TenantContext } from '../auth/permissions';
import type { TokenVerifier } from '../auth/tokens';
import { AppError } from '../errors';

const principals = new WeakMap<FastifyRequest, Promise<Principal>>();

/** The verified caller of a request (verified once per request, whatever asks). */
function principalOf(request: FastifyRequest, verifier: TokenVerifier): Promise<Principal> {
  let p = principals.get(request);
  if (!p) {
    p = verifier.verify(request.headers.authorization);
    principals.set(request, p);
  }
  return p;
}

/** Authenticates the request and authorises it for its X-Tenant-Id with one of `allowed`. */
export async function tenantContextOf(
  request: FastifyRequest,
  verifier: TokenVerifier,
  allowed: Permission[],
): Promise<TenantContext> {
  let principal: Principal;
  try {
    principal = await principalOf(request, verifier);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('UNAUTHENTICATED', 'The token could not be verified');
  }
  return authorizeTenant(principal, request.headers['x-tenant-id'], allowed);
}

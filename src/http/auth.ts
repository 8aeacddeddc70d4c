import type { FastifyRequest } from 'fastify';
import { authorizeTenant, type Permission, type Principal, type TenantContext } from '../auth/permissions';
import type { TokenVerifier } from '../auth/tokens';
import { AppError } from '../errors';
import type { RateLimiter } from './rate-limit';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-tenant request limit (app.ts); null when RATE_LIMIT_PER_MINUTE is 0. */
    tenantRateLimiter: RateLimiter | null;
  }
}

const principals = new WeakMap<FastifyRequest, Promise<Principal>>();
/**
 * Each request's rate-limit verdict (seconds to wait, 0: allowed), decided at its first
 * authorisation: GraphQL authorises once per field, and every field gets the same answer.
 */
const verdicts = new WeakMap<FastifyRequest, number>();

/** The verified caller of a request (verified once per request, whatever asks). */
function principalOf(request: FastifyRequest, verifier: TokenVerifier): Promise<Principal> {
  let p = principals.get(request);
  if (!p) {
    p = verifier.verify(request.headers.authorization);
    principals.set(request, p);
  }
  return p;
}

/**
 * Authenticates the request and authorises it for its X-Tenant-Id with one of `allowed`; then
 * counts it against that tenant's rate limit, once per request. Counting after authorisation
 * means nobody can use up another tenant's requests by sending its X-Tenant-Id.
 */
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
  const ctx = authorizeTenant(principal, request.headers['x-tenant-id'], allowed);
  const limiter = request.server.tenantRateLimiter;
  if (limiter) {
    let wait = verdicts.get(request);
    if (wait === undefined) {
      wait = limiter.take(ctx.tenantId);
      verdicts.set(request, wait);
    }
    if (wait > 0) {
      throw new AppError(
        'RATE_LIMITED',
        `This tenant is over its limit of ${limiter.perMinute} requests per minute; retry in ${wait} s`,
        undefined,
        wait,
      );
    }
  }
  return ctx;
}

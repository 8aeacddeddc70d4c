import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorizeTenant, type Permission, type Principal, type TenantContext } from '../auth/permissions';
import type { TokenVerifier } from '../auth/tokens';
import { AppError } from '../errors';
import type { RequestLimiter } from '../limits/limiter';
import type { PortalSessionService } from '../portal/service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-tenant request limit (app.ts); null when RATE_LIMIT_PER_MINUTE is 0. */
    tenantRateLimiter: RequestLimiter | null;
    /** Verifies portal tokens (app.ts): Hookgate's own, signed with PORTAL_TOKEN_SECRET. */
    portalSessions: Pick<PortalSessionService, 'handles' | 'authenticate'>;
  }
}

const principals = new WeakMap<FastifyRequest, Promise<Principal>>();
/**
 * Each request's rate-limit verdict (seconds to wait, 0: allowed), decided at its first
 * authorisation: GraphQL authorises once per field, and every field gets the same answer.
 */
const verdicts = new WeakMap<FastifyRequest, number | Promise<number>>();

/** The verified caller of a request (verified once per request, whatever asks). */
function principalOf(request: FastifyRequest, verifier: TokenVerifier): Promise<Principal> {
  let p = principals.get(request);
  if (!p) {
    const authorization = request.headers.authorization;
    const portal = request.server.portalSessions;
    p = portal.handles(authorization) ? portal.authenticate(authorization!) : verifier.verify(authorization);
    principals.set(request, p);
  }
  return p;
}

/** The request's verified caller; any failure is 401 UNAUTHENTICATED. */
async function authenticate(request: FastifyRequest, verifier: TokenVerifier): Promise<Principal> {
  try {
    return await principalOf(request, verifier);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('UNAUTHENTICATED', 'The token could not be verified');
  }
}

/**
 * An onRequest hook for token-protected routes: the token is checked before a byte of the body
 * is read, so a caller without a valid token cannot make the server buffer (or wait for) a body.
 * The 401 closes the connection: the rest of that body is never read.
 */
export function tokenBeforeBody(verifier: TokenVerifier) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      await authenticate(request, verifier);
    } catch (err) {
      reply.header('Connection', 'close');
      throw err;
    }
  };
}

/**
 * Authenticates the request and authorises it for its X-Tenant-Id with one of `allowed`; then
 * counts it against that tenant's rate limit, once per request, as `cost` requests (GraphQL: its
 * number of root fields). Counting after authorisation means nobody can use up another tenant's
 * requests by sending its X-Tenant-Id.
 */
export async function tenantContextOf(
  request: FastifyRequest,
  verifier: TokenVerifier,
  allowed: Permission[],
  cost = 1,
): Promise<TenantContext> {
  const principal = await authenticate(request, verifier);
  const ctx = authorizeTenant(principal, request.headers['x-tenant-id'], allowed);
  const limiter = request.server.tenantRateLimiter;
  if (limiter) {
    let verdict = verdicts.get(request);
    if (verdict === undefined) {
      verdict = limiter.take(ctx.tenantId, cost);
      verdicts.set(request, verdict);
    }
    const wait = await verdict;
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

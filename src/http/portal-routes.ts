import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CONFIG_ADMIN_OR_PORTAL, CONFIG_ADMIN } from '../auth/permissions';
import type { CreatedPortalSession, PortalSessionInfo } from '../portal/service';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';
import { BODY_ERRORS, errorResponses, NO_CONTENT, TENANT_ERRORS, TENANT_SECURITY } from './openapi-schemas';

const TAGS = ['Portal'];
const SESSION_FIELDS = {
  id: { type: 'string', format: 'uuid' },
  entityNames: { type: 'array', items: { type: 'string' } },
  title: { type: ['string', 'null'], description: 'Shown as plain text' },
  accentColor: { type: ['string', 'null'], description: '#rrggbb' },
  expiresAt: { type: 'string', format: 'date-time' },
};

/** OpenAPI descriptions of the routes below (documentation only: openapi.ts). */
const schemas = {
  create: {
    summary: "Create a portal session: a link to a customer's own webhooks",
    description:
      'The token (in `url` after `#token=`) reaches configurations, outbox records and event types of ' +
      '`entityNames` only, until `expiresAt` or until the session is revoked.',
    operationId: 'createPortalSession',
    tags: TAGS,
    security: TENANT_SECURITY,
    body: {
      type: 'object',
      required: ['entityNames'],
      properties: {
        entityNames: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 50 },
        ttlSeconds: { type: 'integer', minimum: 60, maximum: 86400, default: 3600 },
        title: { type: 'string', minLength: 1, maxLength: 80 },
        accentColor: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
      },
    },
    response: {
      201: {
        description: 'Created',
        type: 'object',
        required: ['id', 'url', 'token', 'expiresAt', 'entityNames'],
        properties: { ...SESSION_FIELDS, url: { type: 'string' }, token: { type: 'string' } },
      },
      ...errorResponses(...TENANT_ERRORS, ...BODY_ERRORS, 'UNAVAILABLE'),
    },
  },
  revoke: {
    summary: 'End a portal session at once',
    operationId: 'revokePortalSession',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
    response: { 204: NO_CONTENT, ...errorResponses(...TENANT_ERRORS, 'PORTAL_SESSION_NOT_FOUND') },
  },
  current: {
    summary: "A portal token's own session",
    description: 'Only with a portal token (`X-Tenant-Id` may be left out); other tokens are 403.',
    operationId: 'currentPortalSession',
    tags: TAGS,
    security: TENANT_SECURITY,
    response: {
      200: {
        description: 'The session',
        type: 'object',
        required: ['id', 'tenantId', 'entityNames', 'title', 'accentColor', 'expiresAt'],
        properties: { ...SESSION_FIELDS, tenantId: { type: 'string' } },
      },
      ...errorResponses(...TENANT_ERRORS),
    },
  },
};

function toRest(s: CreatedPortalSession | PortalSessionInfo) {
  return { ...s, expiresAt: s.expiresAt.toISOString() };
}

/** Where the request came: the default start of a portal link (PUBLIC_BASE_URL replaces it). */
function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

/** Portal sessions over REST; mounted at the gateway and the backend prefix. */
export const portalSessionRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  const service = deps.services.portal;
  app.post('/', { schema: schemas.create }, async (req, reply) => {
    const ctx = await tenantContextOf(req, deps.verifier, CONFIG_ADMIN);
    reply.code(201);
    return toRest(await service.create(ctx, req.body, requestOrigin(req)));
  });

  app.delete<{ Params: { id: string } }>('/:id', { schema: schemas.revoke }, async (req, reply) => {
    await service.revoke(await tenantContextOf(req, deps.verifier, CONFIG_ADMIN), req.params.id);
    return reply.code(204).send();
  });
};

/** The calling portal token's session (what the portal pages show: title, colour, entities). */
export const portalSelfRoutes: FastifyPluginAsync<RouteDeps> = async (app, deps) => {
  app.get('/', { schema: schemas.current }, async (req) =>
    toRest(await deps.services.portal.current(await tenantContextOf(req, deps.verifier, CONFIG_ADMIN_OR_PORTAL))),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_ADMIN_OR_PORTAL, CONFIG_READ_INTERNAL_OR_PORTAL } from '../auth/permissions';
import type { WebhookConfig } from '../webhooks/model';
import { readTestBody } from '../webhooks/test-send';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';
import {
  BODY_ERRORS,
  errorResponses,
  NO_CONTENT,
  OPTIONAL_BODY,
  ref,
  TENANT_ERRORS,
  TENANT_SECURITY,
  WEBHOOK_LIST_QUERY,
} from './openapi-schemas';

/** The REST shape of a configuration: events as one comma-separated string (docs/api.md#webhook-configurations). */
function toRestDto(c: WebhookConfig) {
  return {
    id: c.id,
    tenantId: c.tenantId,
    entityName: c.entityName,
    // An $operations configuration's operational kinds are its events here (docs/api.md#operational-events).
    events: (c.operationalEvents ?? c.events).join(','),
    webhookUrl: c.webhookUrl,
    httpMethod: c.httpMethod,
    headersJson: c.headersJson,
    timeoutMs: c.timeoutMs,
    maxRetries: c.maxRetries,
    backoffInitialSeconds: c.backoffInitialSeconds,
    backoffFactor: c.backoffFactor,
    enabled: c.enabled,
    hasSecret: c.hasSecret,
    signatureScheme: c.signatureScheme,
    rateLimitPerSecond: c.rateLimitPerSecond,
    maxInFlight: c.maxInFlight,
    ordering: c.ordering,
    filter: c.filter,
    changedFields: c.changedFields,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    createdBy: c.createdBy,
    updatedBy: c.updatedBy,
  };
}

type IdParams = { Params: { id: string } };

const TAGS = ['Webhook configurations'];
const ID_PARAMS = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', format: 'uuid', description: "The configuration's id" } },
};

/** OpenAPI descriptions of the routes below (documentation only: openapi.ts). */
const schemas = {
  create: {
    summary: 'Create a webhook configuration',
    description: "A tenant's first configuration also creates its schema and outbox.",
    operationId: 'createWebhookConfig',
    tags: TAGS,
    security: TENANT_SECURITY,
    body: ref('CreateWebhookConfig'),
    response: {
      201: { description: 'Created; `Location` names it', ...ref('WebhookConfig') },
      ...errorResponses(...TENANT_ERRORS, ...BODY_ERRORS, 'WEBHOOK_HEADERS_INVALID', 'LIMIT_EXCEEDED'),
    },
  },
  list: {
    summary: 'List webhook configurations (paged)',
    description: 'Deleted configurations are left out; ties are broken by id ascending.',
    operationId: 'listWebhookConfigs',
    tags: TAGS,
    security: TENANT_SECURITY,
    querystring: WEBHOOK_LIST_QUERY,
    response: { 200: { description: 'A page', ...ref('WebhookConfigPage') }, ...errorResponses(...TENANT_ERRORS) },
  },
  byEntity: {
    summary: "An entity's configurations (enabled and disabled, not deleted)",
    description: 'Also allowed with the `internal` permission, for any tenant.',
    operationId: 'listWebhookConfigsByEntity',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: {
      type: 'object',
      required: ['entityName'],
      properties: { entityName: { type: 'string', minLength: 1, maxLength: 128 } },
    },
    response: {
      200: { description: 'The configurations', type: 'array', items: ref('WebhookConfig') },
      ...errorResponses(...TENANT_ERRORS),
    },
  },
  get: {
    summary: 'Get a webhook configuration',
    operationId: 'getWebhookConfig',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: ID_PARAMS,
    response: {
      200: { description: 'The configuration', ...ref('WebhookConfig') },
      ...errorResponses(...TENANT_ERRORS, 'WEBHOOK_CONFIG_NOT_FOUND'),
    },
  },
  update: {
    summary: 'Update a webhook configuration',
    description: 'Omitted fields stay unchanged; `"secret": null` removes the secret.',
    operationId: 'updateWebhookConfig',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: ID_PARAMS,
    body: ref('UpdateWebhookConfig'),
    response: {
      200: { description: 'The updated configuration', ...ref('WebhookConfig') },
      ...errorResponses(
        ...TENANT_ERRORS,
        ...BODY_ERRORS,
        'WEBHOOK_HEADERS_INVALID',
        'WEBHOOK_CONFIG_NOT_FOUND',
        'LIMIT_EXCEEDED',
      ),
    },
  },
  delete: {
    summary: 'Delete a webhook configuration',
    description: 'Its outbox records stay listable; deleting again is 404.',
    operationId: 'deleteWebhookConfig',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: ID_PARAMS,
    response: { 204: NO_CONTENT, ...errorResponses(...TENANT_ERRORS, 'WEBHOOK_CONFIG_NOT_FOUND') },
  },
  test: {
    summary: 'Send one example delivery now',
    description:
      "One request to the configuration's endpoint, made and signed as a delivery is, with `operation` `TEST` " +
      'and `data` as given (without it, an example record of the entity). Disabled configurations can be ' +
      'tested; nothing is written to the outbox. The answer is the attempt, whatever the endpoint answered.',
    operationId: 'sendTestDelivery',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: ID_PARAMS,
    [OPTIONAL_BODY]: true,
    body: {
      type: 'object',
      properties: { data: { type: 'object', description: "The payload's `data`; omitted: an example record" } },
    },
    response: {
      200: {
        description: 'The attempt',
        type: 'object',
        required: ['attemptNumber', 'startedAt', 'durationMs', 'statusCode', 'error', 'responseBody'],
        properties: {
          attemptNumber: { const: 1 },
          startedAt: { type: 'string', format: 'date-time' },
          durationMs: { type: 'integer' },
          statusCode: {
            type: ['integer', 'null'],
            description: 'null on a network error, a timeout or a refused target',
          },
          error: {
            type: ['string', 'null'],
            description: "The error code first, as an outbox record's lastError; null on a 2xx",
          },
          responseBody: { type: ['string', 'null'], description: 'The first 4,096 bytes of the response body as text' },
        },
      },
      ...errorResponses(...TENANT_ERRORS, ...BODY_ERRORS, 'WEBHOOK_CONFIG_NOT_FOUND'),
    },
  },
};

/** Webhook configuration management over REST; mounted at the gateway and the backend prefix. */
export const webhookRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (app, deps) => {
  const service = deps.services.webhooks;
  const ctx = (req: Parameters<typeof tenantContextOf>[0], allowed = CONFIG_ADMIN_OR_PORTAL) =>
    tenantContextOf(req, deps.verifier, allowed);

  app.post('/', { schema: schemas.create }, async (req, reply) => {
    const config = await service.create(await ctx(req), req.body);
    reply.code(201).header('Location', `${deps.publicPrefix}/${config.id}`);
    return toRestDto(config);
  });

  app.get('/', { schema: schemas.list }, async (req) => {
    const page = await service.list(await ctx(req), req.query as Record<string, unknown>);
    return { ...page, items: page.items.map(toRestDto) };
  });

  app.get<{ Params: { entityName: string } }>(
    '/internal/by-entity/:entityName',
    { schema: schemas.byEntity },
    async (req) => {
      const configs = await service.byEntity(await ctx(req, CONFIG_READ_INTERNAL_OR_PORTAL), req.params.entityName);
      return configs.map(toRestDto);
    },
  );

  app.get<IdParams>('/:id', { schema: schemas.get }, async (req) =>
    toRestDto(await service.get(await ctx(req), req.params.id)),
  );

  app.put<IdParams>('/:id', { schema: schemas.update }, async (req) =>
    toRestDto(await service.update(await ctx(req), req.params.id, req.body)),
  );

  app.delete<IdParams>('/:id', { schema: schemas.delete }, async (req, reply) => {
    await service.delete(await ctx(req), req.params.id);
    return reply.code(204).send();
  });

  app.post<IdParams & { Body: unknown }>('/:id/test', { schema: schemas.test }, async (req) => {
    const c = await ctx(req);
    const attempt = await service.sendTest(c, req.params.id, readTestBody(req.body), req.id);
    return { ...attempt, startedAt: attempt.startedAt.toISOString() };
  });
};

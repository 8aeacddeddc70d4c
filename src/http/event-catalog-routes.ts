import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_ADMIN_OR_PORTAL } from '../auth/permissions';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';
import { envelope, errorResponses, TENANT_ERRORS, TENANT_SECURITY } from './openapi-schemas';

const TAGS = ['Webhook configurations'];

const EVENT_TYPE = {
  type: 'object',
  required: ['entityName', 'operation', 'schema', 'example'],
  additionalProperties: false,
  properties: {
    entityName: { type: 'string' },
    operation: { type: 'string', examples: ['INSERT'] },
    schema: { type: 'object', description: 'The JSON Schema (draft 2020-12) of the payload as delivered' },
    example: { type: 'object', description: 'A payload that validates against `schema`' },
  },
};

/** OpenAPI descriptions of the routes below (documentation only: openapi.ts). */
const schemas = {
  catalog: {
    summary: 'The event catalog: the JSON Schema of every payload',
    description:
      'For each entity of the tenant and each of INSERT, UPDATE, UPSERT, DELETE: the JSON Schema (draft ' +
      '2020-12) of the delivered payload, `data` and `previous` typed from the entity’s fields, and an ' +
      'example payload that validates against it.',
    operationId: 'getEventCatalog',
    tags: TAGS,
    security: TENANT_SECURITY,
    response: {
      200: envelope({ type: 'array', items: EVENT_TYPE }, 'Every event type, by entity name'),
      ...errorResponses(...TENANT_ERRORS),
    },
  },
  asyncApi: {
    summary: 'The AsyncAPI 3.0 document of the webhook configurations',
    description:
      'One channel per configuration (its address the webhook URL) with a `send` operation, its messages ' +
      "the event catalog's schemas of the configuration's entity and events. Bare JSON, no envelope.",
    operationId: 'getEventCatalogAsyncApi',
    tags: TAGS,
    security: TENANT_SECURITY,
    response: {
      200: {
        description: 'The AsyncAPI document',
        type: 'object',
        required: ['asyncapi', 'info', 'channels', 'operations'],
        properties: { asyncapi: { const: '3.0.0' } },
      },
      ...errorResponses(...TENANT_ERRORS),
    },
  },
};

/** `/metadata/event-catalog`: what the tenant's webhooks receive, as JSON Schema and AsyncAPI. */
export const eventCatalogRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (app, deps) => {
  const service = deps.services.eventCatalog;
  app.get('/', { schema: schemas.catalog }, async (req) => ({
    success: true,
    data: await service.catalog(await tenantContextOf(req, deps.verifier, CONFIG_ADMIN_OR_PORTAL)),
  }));
  app.get('/asyncapi.json', { schema: schemas.asyncApi }, async (req) =>
    service.asyncApi(await tenantContextOf(req, deps.verifier, CONFIG_ADMIN_OR_PORTAL)),
  );
};

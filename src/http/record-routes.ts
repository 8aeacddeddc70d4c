import type { FastifyPluginAsync } from 'fastify';
import { RECORD_WRITE } from '../auth/permissions';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';
import { BODY_ERRORS, envelope, errorResponses, NO_CONTENT, TENANT_ERRORS, TENANT_SECURITY } from './openapi-schemas';

type EntityParams = { Params: { entity: string } };
type RecordParams = { Params: { entity: string; id: string } };

const TAGS = ['Records'];
const ENTITY = { type: 'string', description: "The entity's name" };
const RECORD_PARAMS = {
  type: 'object',
  required: ['entity', 'id'],
  properties: { entity: ENTITY, id: { type: 'string', description: "The record's primary-key value as text" } },
};
const RECORD = {
  type: 'object',
  description:
    'Field name to value: numbers for INTEGER, FLOAT and DECIMAL, ISO 8601 for TIMESTAMP, YYYY-MM-DD for DATE',
};

/** OpenAPI descriptions of the routes below (documentation only: openapi.ts). */
const schemas = {
  write: {
    summary: 'Insert or upsert records (one transaction)',
    description:
      'One bad record rejects the batch (400, `details` name `records[i].field`) and nothing is written. ' +
      'INSERT of an existing key is 409. UPSERT replaces the whole record. Every change writes one outbox ' +
      'record per matching webhook configuration, in the same transaction.',
    operationId: 'writeRecords',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: { type: 'object', required: ['entity'], properties: { entity: ENTITY } },
    body: {
      type: 'object',
      required: ['operation', 'records'],
      properties: {
        operation: { type: 'string', enum: ['INSERT', 'UPSERT'], description: 'Any letter case' },
        records: { type: 'array', minItems: 1, maxItems: 1000, items: RECORD },
      },
    },
    response: {
      200: envelope(
        {
          type: 'object',
          required: ['count', 'requestId'],
          additionalProperties: false,
          properties: {
            count: { type: 'integer', description: 'Records written' },
            requestId: { type: 'string', description: "The write request's id, the payloads' writeRequestId" },
          },
        },
        'Written',
      ),
      ...errorResponses(...TENANT_ERRORS, ...BODY_ERRORS, 'ENTITY_NOT_FOUND', 'CONFLICT', 'LIMIT_EXCEEDED'),
    },
  },
  update: {
    summary: 'Change fields of one record',
    description: 'The primary key may be repeated but not changed.',
    operationId: 'updateRecord',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: RECORD_PARAMS,
    body: { ...RECORD, description: 'The fields to change' },
    response: {
      200: envelope(RECORD, 'The record as it now is'),
      ...errorResponses(...TENANT_ERRORS, ...BODY_ERRORS, 'ENTITY_NOT_FOUND', 'RECORD_NOT_FOUND'),
    },
  },
  delete: {
    summary: 'Delete one record',
    operationId: 'deleteRecord',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: RECORD_PARAMS,
    response: { 204: NO_CONTENT, ...errorResponses(...TENANT_ERRORS, 'ENTITY_NOT_FOUND', 'RECORD_NOT_FOUND') },
  },
};

/** Record writes (`/data/{entity}/records`), answering the success envelope. */
export const recordRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (app, deps) => {
  const service = deps.services.records;
  const ctx = (req: Parameters<typeof tenantContextOf>[0]) => tenantContextOf(req, deps.verifier, RECORD_WRITE);

  app.post<EntityParams>('/:entity/records', { schema: schemas.write }, async (req) => {
    const data = await service.write(await ctx(req), req.params.entity, req.body, req.id);
    return { success: true, data };
  });

  app.patch<RecordParams>('/:entity/records/:id', { schema: schemas.update }, async (req) => {
    const data = await service.update(await ctx(req), req.params.entity, req.params.id, req.body, req.id);
    return { success: true, data };
  });

  app.delete<RecordParams>('/:entity/records/:id', { schema: schemas.delete }, async (req, reply) => {
    await service.delete(await ctx(req), req.params.entity, req.params.id, req.id);
    return reply.code(204).send();
  });
};

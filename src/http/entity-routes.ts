import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_ADMIN } from '../auth/permissions';
import type { EntityDefinition } from '../catalog/model';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';
import {
  BODY_ERRORS,
  errorResponses,
  NAME_PARAMS,
  NO_CONTENT,
  ref,
  TENANT_ERRORS,
  TENANT_SECURITY,
} from './openapi-schemas';

/** The REST (and GraphQL) shape of an entity definition. */
function toEntityDto(e: EntityDefinition) {
  return {
    name: e.name,
    fields: e.fields.map((f) => ({ name: f.name, type: f.type })),
    primaryKey: e.primaryKey,
    timeField: e.timeField,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}

type NameParams = { Params: { name: string } };

const TAGS = ['Entities'];

/** OpenAPI descriptions of the routes below (documentation only: openapi.ts). */
const schemas = {
  define: {
    summary: 'Define an entity (creates its table)',
    description:
      "A real table in the tenant's schema with its primary key and an index on the time field, in one " +
      'transaction with the definition. A name taken by any object of the schema is 409.',
    operationId: 'defineEntity',
    tags: TAGS,
    security: TENANT_SECURITY,
    body: ref('DefineEntity'),
    response: {
      201: { description: 'Defined; `Location` names it', ...ref('Entity') },
      ...errorResponses(...TENANT_ERRORS, ...BODY_ERRORS, 'CONFLICT'),
    },
  },
  list: {
    summary: "List the tenant's entities",
    operationId: 'listEntities',
    tags: TAGS,
    security: TENANT_SECURITY,
    response: {
      200: { description: 'The entities', type: 'array', items: ref('Entity') },
      ...errorResponses(...TENANT_ERRORS),
    },
  },
  get: {
    summary: 'Get an entity',
    operationId: 'getEntity',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: NAME_PARAMS('entity'),
    response: {
      200: { description: 'The entity', ...ref('Entity') },
      ...errorResponses(...TENANT_ERRORS, 'ENTITY_NOT_FOUND'),
    },
  },
  drop: {
    summary: 'Drop an entity and its table',
    description: 'Metrics and views over it then answer ENTITY_NOT_FOUND when queried.',
    operationId: 'dropEntity',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: NAME_PARAMS('entity'),
    response: { 204: NO_CONTENT, ...errorResponses(...TENANT_ERRORS, 'ENTITY_NOT_FOUND') },
  },
};

/** Entity definitions of CONTRACT §7 over REST; bare DTOs and arrays, like the other catalogue routes. */
export const entityRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (app, deps) => {
  const service = deps.services.entities;
  const ctx = (req: Parameters<typeof tenantContextOf>[0]) => tenantContextOf(req, deps.verifier, CONFIG_ADMIN);

  app.post('/', { schema: schemas.define }, async (req, reply) => {
    const entity = await service.define(await ctx(req), req.body);
    reply.code(201).header('Location', `${deps.publicPrefix}/${entity.name}`);
    return toEntityDto(entity);
  });

  app.get('/', { schema: schemas.list }, async (req) => (await service.list(await ctx(req))).map(toEntityDto));

  app.get<NameParams>('/:name', { schema: schemas.get }, async (req) =>
    toEntityDto(await service.get(await ctx(req), req.params.name)),
  );

  app.delete<NameParams>('/:name', { schema: schemas.drop }, async (req, reply) => {
    await service.drop(await ctx(req), req.params.name);
    return reply.code(204).send();
  });
};

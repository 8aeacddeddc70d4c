import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_ADMIN } from '../auth/permissions';
import type { EntityDefinition } from '../catalog/model';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';

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

/** Entity definitions of CONTRACT §7 over REST; bare DTOs and arrays, like the other catalogue routes. */
export const entityRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (app, deps) => {
  const service = deps.services.entities;
  const ctx = (req: Parameters<typeof tenantContextOf>[0]) => tenantContextOf(req, deps.verifier, CONFIG_ADMIN);

  app.post('/', async (req, reply) => {
    const entity = await service.define(await ctx(req), req.body);
    reply.code(201).header('Location', `${deps.publicPrefix}/${entity.name}`);
    return toEntityDto(entity);
  });

  app.get('/', async (req) => (await service.list(await ctx(req))).map(toEntityDto));

  app.get<NameParams>('/:name', async (req) => toEntityDto(await service.get(await ctx(req), req.params.name)));

  app.delete<NameParams>('/:name', async (req, reply) => {
    await service.drop(await ctx(req), req.params.name);
    return reply.code(204).send();
  });
};

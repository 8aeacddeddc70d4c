import type { FastifyPluginAsync } from 'fastify';
import { RECORD_WRITE } from '../auth/permissions';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';

type EntityParams = { Params: { entity: string } };
type RecordParams = { Params: { entity: string; id: string } };

/** Record writes of CONTRACT §7 (`/data/{entity}/records`), answering the success envelope. */
export const recordRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (app, deps) => {
  const service = deps.services.records;
  const ctx = (req: Parameters<typeof tenantContextOf>[0]) => tenantContextOf(req, deps.verifier, RECORD_WRITE);

  app.post<EntityParams>('/:entity/records', async (req) => {
    const data = await service.write(await ctx(req), req.params.entity, req.body, req.id);
    return { success: true, data };
  });

  app.patch<RecordParams>('/:entity/records/:id', async (req) => {
    const data = await service.update(await ctx(req), req.params.entity, req.params.id, req.body, req.id);
    return { success: true, data };
  });

  app.delete<RecordParams>('/:entity/records/:id', async (req, reply) => {
    await service.delete(await ctx(req), req.params.entity, req.params.id, req.id);
    return reply.code(204).send();
  });
};

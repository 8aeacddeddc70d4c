import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_ADMIN, CONFIG_READ_INTERNAL } from '../auth/permissions';
import type { WebhookConfig } from '../webhooks/model';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';

/** The REST shape of a configuration: events as the comma-separated string the spec shows. */
function toRestDto(c: WebhookConfig) {
  return {
    id: c.id,
    tenantId: c.tenantId,
    entityName: c.entityName,
    events: c.events.join(','),
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
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    createdBy: c.createdBy,
    updatedBy: c.updatedBy,
  };
}

type IdParams = { Params: { id: string } };

/** CONTRACT §4 over REST; mounted at the gateway and the backend prefix. */
export const webhookRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (app, deps) => {
  const service = deps.services.webhooks;
  const ctx = (req: Parameters<typeof tenantContextOf>[0], allowed = CONFIG_ADMIN) =>
    tenantContextOf(req, deps.verifier, allowed);

  app.post('/', async (req, reply) => {
    const config = await service.create(await ctx(req), req.body);
    reply.code(201).header('Location', `${deps.publicPrefix}/${config.id}`);
    return toRestDto(config);
  });

  app.get('/', async (req) => {
    const page = await service.list(await ctx(req), req.query as Record<string, unknown>);
    return { ...page, items: page.items.map(toRestDto) };
  });

  app.get<{ Params: { entityName: string } }>('/internal/by-entity/:entityName', async (req) => {
    const configs = await service.byEntity(await ctx(req, CONFIG_READ_INTERNAL), req.params.entityName);
    return configs.map(toRestDto);
  });

  app.get<IdParams>('/:id', async (req) => toRestDto(await service.get(await ctx(req), req.params.id)));

  app.put<IdParams>('/:id', async (req) => toRestDto(await service.update(await ctx(req), req.params.id, req.body)));

  app.delete<IdParams>('/:id', async (req, reply) => {
    await service.delete(await ctx(req), req.params.id);
    return reply.code(204).send();
  });
};

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CONFIG_ADMIN } from '../auth/permissions';
import type { MetricDefinition } from '../catalog/metric-service';
import type { ViewDefinition } from '../catalog/view-service';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';

/** The REST shape of a metric definition. */
function toMetricDto(m: MetricDefinition) {
  return {
    name: m.name,
    entity: m.entity,
    aggregation: m.aggregation,
    field: m.field,
    timeField: m.timeField,
    filter: m.filter,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

/** The REST shape of a view definition. */
function toViewDto(v: ViewDefinition) {
  return {
    name: v.name,
    entity: v.entity,
    select: v.select.map((s) => ({ field: s.field, agg: s.agg, alias: s.alias })),
    filter: v.filter,
    parameters: v.parameters.map((p) => ({ name: p.name, type: p.type, required: p.required, default: p.default })),
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

type NameParams = { Params: { name: string } };
type Options = RouteDeps & { publicPrefix: string };

interface Catalogue<T> {
  define(ctx: Awaited<ReturnType<typeof tenantContextOf>>, body: unknown): Promise<T>;
  list(ctx: Awaited<ReturnType<typeof tenantContextOf>>): Promise<T[]>;
  get(ctx: Awaited<ReturnType<typeof tenantContextOf>>, name: string): Promise<T>;
  drop(ctx: Awaited<ReturnType<typeof tenantContextOf>>, name: string): Promise<void>;
}

/** define / list / get / drop of one catalogue, as bare DTOs and arrays like the other catalogue routes. */
function catalogueRoutes<T extends { name: string }>(
  pick: (deps: RouteDeps) => Catalogue<T>,
  dto: (t: T) => unknown,
): FastifyPluginAsync<Options> {
  return async (app, deps) => {
    const service = pick(deps);
    const ctx = (req: FastifyRequest) => tenantContextOf(req, deps.verifier, CONFIG_ADMIN);

    app.post('/', async (req, reply) => {
      const created = await service.define(await ctx(req), req.body);
      reply.code(201).header('Location', `${deps.publicPrefix}/${created.name}`);
      return dto(created);
    });
    app.get('/', async (req) => (await service.list(await ctx(req))).map(dto));
    app.get<NameParams>('/:name', async (req) => dto(await service.get(await ctx(req), req.params.name)));
    app.delete<NameParams>('/:name', async (req, reply) => {
      await service.drop(await ctx(req), req.params.name);
      return reply.code(204).send();
    });
  };
}

/** `/metadata/metrics` (CONTRACT §7). */
export const metricRoutes = catalogueRoutes((d) => d.services.metricCatalog, toMetricDto);
/** `/metadata/views` (CONTRACT §7). */
export const viewRoutes = catalogueRoutes((d) => d.services.viewCatalog, toViewDto);

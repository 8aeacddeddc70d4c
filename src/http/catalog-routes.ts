import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CONFIG_ADMIN } from '../auth/permissions';
import type { MetricDefinition } from '../catalog/metric-service';
import type { ViewDefinition } from '../catalog/view-service';
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
import type { ErrorCode } from '../errors';

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

/** What the OpenAPI document says of one catalogue's routes (documentation only: openapi.ts). */
function catalogueSchemas(what: 'metric' | 'view', notFound: ErrorCode) {
  const Kind = what === 'metric' ? 'Metric' : 'View';
  const tags = [`${Kind}s`];
  const common = { tags, security: TENANT_SECURITY };
  return {
    define: {
      ...common,
      summary: `Define a ${what}`,
      description: `An unknown entity or a field that does not fit is 400 INVALID_QUERY; a taken name 409.`,
      operationId: `define${Kind}`,
      body: ref(`Define${Kind}`),
      response: {
        201: { description: 'Defined; `Location` names it', ...ref(Kind) },
        ...errorResponses(...TENANT_ERRORS, ...BODY_ERRORS, 'INVALID_QUERY', 'CONFLICT'),
      },
    },
    list: {
      ...common,
      summary: `List the tenant's ${what}s`,
      operationId: `list${Kind}s`,
      response: {
        200: { description: `The ${what}s`, type: 'array', items: ref(Kind) },
        ...errorResponses(...TENANT_ERRORS),
      },
    },
    get: {
      ...common,
      summary: `Get a ${what}`,
      operationId: `get${Kind}`,
      params: NAME_PARAMS(what),
      response: { 200: { description: `The ${what}`, ...ref(Kind) }, ...errorResponses(...TENANT_ERRORS, notFound) },
    },
    drop: {
      ...common,
      summary: `Drop a ${what}`,
      operationId: `drop${Kind}`,
      params: NAME_PARAMS(what),
      response: { 204: NO_CONTENT, ...errorResponses(...TENANT_ERRORS, notFound) },
    },
  };
}

/** define / list / get / drop of one catalogue, as bare DTOs and arrays like the other catalogue routes. */
function catalogueRoutes<T extends { name: string }>(
  pick: (deps: RouteDeps) => Catalogue<T>,
  dto: (t: T) => unknown,
  schemas: ReturnType<typeof catalogueSchemas>,
): FastifyPluginAsync<Options> {
  return async (app, deps) => {
    const service = pick(deps);
    const ctx = (req: FastifyRequest) => tenantContextOf(req, deps.verifier, CONFIG_ADMIN);

    app.post('/', { schema: schemas.define }, async (req, reply) => {
      const created = await service.define(await ctx(req), req.body);
      reply.code(201).header('Location', `${deps.publicPrefix}/${created.name}`);
      return dto(created);
    });
    app.get('/', { schema: schemas.list }, async (req) => (await service.list(await ctx(req))).map(dto));
    app.get<NameParams>('/:name', { schema: schemas.get }, async (req) =>
      dto(await service.get(await ctx(req), req.params.name)),
    );
    app.delete<NameParams>('/:name', { schema: schemas.drop }, async (req, reply) => {
      await service.drop(await ctx(req), req.params.name);
      return reply.code(204).send();
    });
  };
}

/** `/metadata/metrics` (CONTRACT §7). */
export const metricRoutes = catalogueRoutes(
  (d) => d.services.metricCatalog,
  toMetricDto,
  catalogueSchemas('metric', 'METRIC_NOT_FOUND'),
);
/** `/metadata/views` (CONTRACT §7). */
export const viewRoutes = catalogueRoutes(
  (d) => d.services.viewCatalog,
  toViewDto,
  catalogueSchemas('view', 'VIEW_NOT_FOUND'),
);

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CONFIG_ADMIN } from '../auth/permissions';
import type { EntityDefinition } from '../catalog/model';
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

type Kind = 'entity' | 'metric' | 'view';

/** Where the OpenAPI text of one kind differs from the others'. */
const KIND_TEXT: Record<
  Kind,
  {
    Kind: string;
    Plural: string;
    plural: string;
    defineSummary: string;
    defineDescription: string;
    defineErrors: ErrorCode[];
  }
> = {
  entity: {
    Kind: 'Entity',
    Plural: 'Entities',
    plural: 'entities',
    defineSummary: 'Define an entity (creates its table)',
    defineDescription:
      "A real table in the tenant's schema with its primary key and an index on the time field, in one " +
      'transaction with the definition. A name taken by any object of the schema is 409.',
    defineErrors: ['CONFLICT'],
  },
  metric: {
    Kind: 'Metric',
    Plural: 'Metrics',
    plural: 'metrics',
    defineSummary: 'Define a metric',
    defineDescription: 'An unknown entity or a field that does not fit is 400 INVALID_QUERY; a taken name 409.',
    defineErrors: ['INVALID_QUERY', 'CONFLICT'],
  },
  view: {
    Kind: 'View',
    Plural: 'Views',
    plural: 'views',
    defineSummary: 'Define a view',
    defineDescription: 'An unknown entity or a field that does not fit is 400 INVALID_QUERY; a taken name 409.',
    defineErrors: ['INVALID_QUERY', 'CONFLICT'],
  },
};

/** What the OpenAPI document says of one catalogue's routes (documentation only: openapi.ts). */
function catalogueSchemas(what: Kind, notFound: ErrorCode) {
  const { Kind, Plural, plural, defineSummary, defineDescription, defineErrors } = KIND_TEXT[what];
  const tags = [Plural];
  const common = { tags, security: TENANT_SECURITY };
  return {
    define: {
      ...common,
      summary: defineSummary,
      description: defineDescription,
      operationId: `define${Kind}`,
      body: ref(`Define${Kind}`),
      response: {
        201: { description: 'Defined; `Location` names it', ...ref(Kind) },
        ...errorResponses(...TENANT_ERRORS, ...BODY_ERRORS, ...defineErrors),
      },
    },
    list: {
      ...common,
      summary: `List the tenant's ${plural}`,
      operationId: `list${Plural}`,
      response: {
        200: { description: `The ${plural}`, type: 'array', items: ref(Kind) },
        ...errorResponses(...TENANT_ERRORS),
      },
    },
    get: {
      ...common,
      summary: `Get a${what === 'entity' ? 'n' : ''} ${what}`,
      operationId: `get${Kind}`,
      params: NAME_PARAMS(what),
      response: { 200: { description: `The ${what}`, ...ref(Kind) }, ...errorResponses(...TENANT_ERRORS, notFound) },
    },
    drop: {
      ...common,
      summary: what === 'entity' ? 'Drop an entity and its table' : `Drop a ${what}`,
      ...(what === 'entity'
        ? { description: 'Metrics and views over it then answer ENTITY_NOT_FOUND when queried.' }
        : {}),
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

/** `/metadata/entities`: entity definitions, each a table in the tenant's schema. */
export const entityRoutes = catalogueRoutes(
  (d) => d.services.entities,
  toEntityDto,
  catalogueSchemas('entity', 'ENTITY_NOT_FOUND'),
);
/** `/metadata/metrics`. */
export const metricRoutes = catalogueRoutes(
  (d) => d.services.metricCatalog,
  toMetricDto,
  catalogueSchemas('metric', 'METRIC_NOT_FOUND'),
);
/** `/metadata/views`. */
export const viewRoutes = catalogueRoutes(
  (d) => d.services.viewCatalog,
  toViewDto,
  catalogueSchemas('view', 'VIEW_NOT_FOUND'),
);

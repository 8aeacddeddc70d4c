import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ANALYTICS_READ } from '../auth/permissions';
import type { TabularResult } from '../query/model';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';
import {
  BODY_ERRORS,
  envelope,
  errorResponses,
  OPTIONAL_BODY,
  ref,
  TENANT_ERRORS,
  TENANT_SECURITY,
} from './openapi-schemas';

type MetricParams = { Params: { metricName: string } };
type ViewParams = { Params: { viewName: string } };

const TAGS = ['Analytics'];
const QUERY_ERRORS = [...TENANT_ERRORS, ...BODY_ERRORS, 'INVALID_QUERY'] as const;
const tabular = (description: string) => envelope(ref('TabularResult'), description);

/** OpenAPI descriptions of the routes below (documentation only: openapi.ts). */
const schemas = {
  query: {
    summary: 'A1: query an entity (or a view without required parameters)',
    operationId: 'queryEntity',
    tags: TAGS,
    security: TENANT_SECURITY,
    body: ref('EntityQuery'),
    response: {
      200: tabular('Columns and rows'),
      ...errorResponses(...QUERY_ERRORS, 'ENTITY_NOT_FOUND'),
    },
  },
  check: {
    summary: 'A2: check a query without running it',
    description: 'An invalid query is still 200: `data` false and `errors` naming the problems.',
    operationId: 'checkEntityQuery',
    tags: TAGS,
    security: TENANT_SECURITY,
    body: ref('EntityQuery'),
    response: {
      200: envelope({ type: 'boolean' }, 'Whether the query is valid', {
        errors: { type: 'array', items: ref('FieldError'), description: 'Only when data is false' },
      }),
      ...errorResponses(...TENANT_ERRORS, ...BODY_ERRORS),
    },
  },
  plan: {
    summary: "A3: PostgreSQL's plan for a query, without running it",
    operationId: 'planEntityQuery',
    tags: TAGS,
    security: TENANT_SECURITY,
    body: ref('EntityQuery'),
    response: {
      200: envelope({ type: 'string' }, 'The plan as text'),
      ...errorResponses(...QUERY_ERRORS, 'ENTITY_NOT_FOUND'),
    },
  },
  batch: {
    summary: 'A5: run several metrics with the same parameters',
    operationId: 'batchMetricQuery',
    tags: TAGS,
    security: TENANT_SECURITY,
    body: ref('BatchMetricQuery'),
    response: {
      200: envelope(
        { type: 'object', additionalProperties: ref('TabularResult'), description: 'By metric name' },
        'One result per metric',
      ),
      ...errorResponses(...QUERY_ERRORS, 'METRIC_NOT_FOUND', 'ENTITY_NOT_FOUND'),
    },
  },
  metric: {
    summary: 'A4: run a metric',
    description: 'Columns: `time` (with a granularity), the dimensions, then one named after the metric.',
    operationId: 'queryMetric',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: { type: 'object', required: ['metricName'], properties: { metricName: { type: 'string' } } },
    body: ref('MetricQueryParams'),
    [OPTIONAL_BODY]: true,
    response: {
      200: tabular('Columns and rows'),
      ...errorResponses(...QUERY_ERRORS, 'METRIC_NOT_FOUND', 'ENTITY_NOT_FOUND'),
    },
  },
  view: {
    summary: 'A6: run a view with parameter values',
    operationId: 'queryView',
    tags: TAGS,
    security: TENANT_SECURITY,
    params: { type: 'object', required: ['viewName'], properties: { viewName: { type: 'string' } } },
    body: ref('ViewQuery'),
    [OPTIONAL_BODY]: true,
    response: {
      200: tabular('Columns and rows'),
      ...errorResponses(...QUERY_ERRORS, 'VIEW_NOT_FOUND', 'ENTITY_NOT_FOUND'),
    },
  },
};

/** The analytics operations over REST; every answer is the `{ success, data }` envelope. */
export const analyticsRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (app, deps) => {
  const service = deps.services.analytics;
  const ctx = (req: FastifyRequest) => tenantContextOf(req, deps.verifier, ANALYTICS_READ);
  const ok = (data: unknown) => ({ success: true as const, data });

  app.post('/query', { schema: schemas.query }, async (req) => ok(await service.query(await ctx(req), req.body)));

  app.post('/query/check', { schema: schemas.check }, async (req) => {
    const check = await service.check(await ctx(req), req.body);
    return check.valid ? ok(true) : { success: true as const, data: false, errors: check.errors };
  });

  app.post('/query/plan', { schema: schemas.plan }, async (req) => ok(await service.plan(await ctx(req), req.body)));

  app.post('/metrics/batch', { schema: schemas.batch }, async (req) => {
    const tenant = await ctx(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const results = await service.batchMetricQuery(tenant, body?.metrics, body?.params);
    const data: Record<string, TabularResult> = {};
    for (const r of results) data[r.metric] = r.result;
    return ok(data);
  });

  app.post<MetricParams>('/metrics/:metricName/query', { schema: schemas.metric }, async (req) =>
    ok(await service.metricQuery(await ctx(req), req.params.metricName, req.body)),
  );

  app.post<ViewParams>('/views/:viewName/query', { schema: schemas.view }, async (req) =>
    ok(await service.viewQuery(await ctx(req), req.params.viewName, req.body)),
  );
};

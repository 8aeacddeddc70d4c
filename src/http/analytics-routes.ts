import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ANALYTICS_READ } from '../auth/permissions';
import type { TabularResult } from '../analytics/model';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';

type MetricParams = { Params: { metricName: string } };
type ViewParams = { Params: { viewName: string } };

/** CONTRACT §7 A1–A6 over REST; every answer is the `{ success, data }` envelope. */
export const analyticsRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (app, deps) => {
  const service = deps.services.analytics;
  const ctx = (req: FastifyRequest) => tenantContextOf(req, deps.verifier, ANALYTICS_READ);
  const ok = (data: unknown) => ({ success: true as const, data });

  app.post('/query', async (req) => ok(await service.query(await ctx(req), req.body)));

  app.post('/query/check', async (req) => {
    const check = await service.check(await ctx(req), req.body);
    return check.valid ? ok(true) : { success: true as const, data: false, errors: check.errors };
  });

  app.post('/query/plan', async (req) => ok(await service.plan(await ctx(req), req.body)));

  app.post('/metrics/batch', async (req) => {
    const tenant = await ctx(req);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const results = await service.batchMetricQuery(tenant, body?.metrics, body?.params);
    const data: Record<string, TabularResult> = {};
    for (const r of results) data[r.metric] = r.result;
    return ok(data);
  });

  app.post<MetricParams>('/metrics/:metricName/query', async (req) =>
    ok(await service.metricQuery(await ctx(req), req.params.metricName, req.body)),
  );

  app.post<ViewParams>('/views/:viewName/query', async (req) =>
    ok(await service.viewQuery(await ctx(req), req.params.viewName, req.body)),
  );
};

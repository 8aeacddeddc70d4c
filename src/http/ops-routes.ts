import type { FastifyPluginAsync } from 'fastify';
import { pendingMigrations } from '../db/migrate';
import { AppError } from '../errors';
import type { RouteDeps } from './deps';
import { errorResponses } from './openapi-schemas';
import { METRICS_DENIED_MESSAGE, metricsAccess, withoutTenantSeries } from '../metrics-access';

const TAGS = ['Operations'];
const status = (value: string) => ({
  type: 'object',
  required: ['status'],
  additionalProperties: false,
  properties: { status: { const: value } },
});

/** OpenAPI descriptions of the routes below (documentation only: openapi.ts). */
const schemas = {
  healthz: {
    summary: 'Liveness: the process is up',
    operationId: 'healthz',
    tags: TAGS,
    security: [],
    response: { 200: { description: 'Up', ...status('ok') } },
  },
  readyz: {
    summary: 'Readiness: the database answers and every migration is applied',
    description:
      'With ANALYTICS_DATABASE_URL, also the analytics standby’s state and replay lag; an unreachable standby ' +
      'leaves the service ready (only analytics answer 503).',
    operationId: 'readyz',
    tags: TAGS,
    security: [],
    response: {
      200: {
        description: 'Ready',
        type: 'object',
        required: ['status'],
        additionalProperties: false,
        properties: {
          status: { const: 'ready' },
          analyticsStandby: {
            type: 'object',
            required: ['state', 'lagSeconds'],
            additionalProperties: false,
            properties: {
              state: { type: 'string', enum: ['up', 'down'] },
              lagSeconds: {
                type: ['number', 'null'],
                description:
                  'now() less the last replayed commit time while WAL waits to be replayed; 0 when none does',
              },
            },
          },
        },
      },
      ...errorResponses('UNAVAILABLE'),
    },
  },
  metrics: {
    summary: 'Prometheus metrics (text format)',
    description:
      'With METRICS_TOKEN set, needs `Authorization: Bearer <METRICS_TOKEN>`; without it, open but without ' +
      'the series labelled with a tenant id.',
    operationId: 'metrics',
    tags: TAGS,
    security: [{}, { metricsToken: [] }] as Array<Record<string, string[]>>,
    response: {
      200: {
        description: 'Prometheus text exposition format',
        content: { 'text/plain': { schema: { type: 'string' } } },
      },
      ...errorResponses('UNAUTHENTICATED'),
    },
  },
};

/**
 * Operator endpoints: liveness, readiness and Prometheus metrics. /healthz and /readyz need no
 * token. /metrics with METRICS_TOKEN set needs `Authorization: Bearer <METRICS_TOKEN>`; without it
 * /metrics stays open but leaves out every series labelled with a tenant id, so no anonymous
 * caller learns which tenants exist (README, Operating it).
 */
export const opsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { services }) => {
  app.get('/healthz', { schema: schemas.healthz }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: schemas.readyz }, async () => {
    // Probed beside the primary: a standby that is down or slow never makes the service unready.
    const standby = services.analytics.standby?.status();
    let pending: string[];
    try {
      await services.db.pool.query('SELECT 1');
      pending = await pendingMigrations(services.db.pool);
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not reachable');
    }
    if (pending.length) throw new AppError('UNAVAILABLE', `${pending.length} migration(s) not applied yet`);
    return standby ? { status: 'ready', analyticsStandby: await standby } : { status: 'ready' };
  });

  const metricsToken = services.config.metricsToken;
  app.get('/metrics', { schema: schemas.metrics }, async (req, reply) => {
    const access = metricsAccess(req.headers.authorization, metricsToken);
    if (access === 'denied') throw new AppError('UNAUTHENTICATED', METRICS_DENIED_MESSAGE);
    const text = await services.metrics.registry.metrics();
    reply.header('Content-Type', services.metrics.registry.contentType);
    return access === 'all' ? text : withoutTenantSeries(text);
  });
};

import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { pendingMigrations } from '../db/migrate';
import { AppError } from '../errors';
import type { RouteDeps } from './deps';
import { errorResponses } from './openapi-schemas';

/** Constant-time comparison of an Authorization header with `Bearer <token>`. */
function bearerMatches(authorization: string | undefined, token: string): boolean {
  const digest = (text: string) => crypto.createHash('sha256').update(text).digest();
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1] ?? '';
  return crypto.timingSafeEqual(digest(given), digest(token));
}

/** Prometheus text without the series that carry a tenant id (their HELP/TYPE lines stay). */
function withoutTenantSeries(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.startsWith('#') || !/[{,]tenant="/.test(line))
    .join('\n');
}

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
    operationId: 'readyz',
    tags: TAGS,
    security: [],
    response: { 200: { description: 'Ready', ...status('ready') }, ...errorResponses('UNAVAILABLE') },
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
    let pending: string[];
    try {
      await services.db.pool.query('SELECT 1');
      pending = await pendingMigrations(services.db.pool);
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not reachable');
    }
    if (pending.length) throw new AppError('UNAVAILABLE', `${pending.length} migration(s) not applied yet`);
    return { status: 'ready' };
  });

  const metricsToken = services.config.metricsToken;
  app.get('/metrics', { schema: schemas.metrics }, async (req, reply) => {
    const authorized = metricsToken !== undefined && bearerMatches(req.headers.authorization, metricsToken);
    if (metricsToken !== undefined && !authorized) {
      throw new AppError('UNAUTHENTICATED', '/metrics requires Authorization: Bearer <METRICS_TOKEN>');
    }
    const text = await services.metrics.registry.metrics();
    reply.header('Content-Type', services.metrics.registry.contentType);
    return authorized ? text : withoutTenantSeries(text);
  });
};

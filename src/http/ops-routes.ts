import type { FastifyPluginAsync } from 'fastify';
import { pendingMigrations } from '../db/migrate';
import { AppError } from '../errors';
import type { RouteDeps } from './deps';

/** Operator endpoints: liveness, readiness and Prometheus metrics. No authentication. */
export const opsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { services }) => {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async () => {
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

  app.get('/metrics', async (_req, reply) => {
    reply.header('Content-Type', services.metrics.registry.contentType);
    return services.metrics.registry.metrics();
  });
};

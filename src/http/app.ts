import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { ApolloServer } from '@apollo/server';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { TokenVerifier } from '../auth/tokens';
import type { GraphQLContext } from '../graphql/context';
import { createFormatError } from '../graphql/format-error';
import { buildGraphQLSchema } from '../graphql/schema';
import type { Services } from '../services';
import { tenantContextOf } from './auth';
import type { RouteDeps } from './deps';
import { installErrorHandling } from './errors';
import { installJsonParser } from './json-body';
import { opsRoutes } from './ops-routes';
import { RateLimiter } from './rate-limit';
import { webhookRoutes } from './webhook-routes';
import { intakeRoutes } from './intake-routes';
import { entityRoutes } from './entity-routes';
import { recordRoutes } from './record-routes';
import { analyticsRoutes } from './analytics-routes';
import { metricRoutes, viewRoutes } from './metric-view-routes';
import { consoleRoutes, type ConsoleRouteOptions } from './console-routes';
import { installCors } from './cors';
import { landingPageWithConsoleLink } from './landing-page';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * JSON REST areas and the paths they answer at: the gateway path and the backend path under
 * /api/v1 (CONTRACT §1). Each area is one encapsulated plugin.
 */
function jsonAreas(): Array<{ plugin: FastifyPluginAsync<RouteDeps & { publicPrefix: string }>; prefixes: string[] }> {
  return [
    {
      plugin: webhookRoutes,
      prefixes: ['/metadata/entity-webhooks', '/api/v1/entity-webhooks', '/api/v1/metadata/entity-webhooks'],
    },
    { plugin: entityRoutes, prefixes: ['/metadata/entities', '/api/v1/entities', '/api/v1/metadata/entities'] },
    { plugin: recordRoutes, prefixes: ['/data', '/api/v1/data'] },
    { plugin: analyticsRoutes, prefixes: ['/analytics', '/api/v1/analytics'] },
    { plugin: metricRoutes, prefixes: ['/metadata/metrics', '/api/v1/metrics', '/api/v1/metadata/metrics'] },
    { plugin: viewRoutes, prefixes: ['/metadata/views', '/api/v1/views', '/api/v1/metadata/views'] },
  ];
}

export async function buildApp(
  services: Services,
  verifier: TokenVerifier,
  options: { devSession?: ConsoleRouteOptions['devSession'] } = {},
): Promise<FastifyInstance> {
  const { config, logger } = services;
  const app = Fastify({
    loggerInstance: logger as unknown as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // The caller's X-Request-Id is kept when it is sane; otherwise a new one is made.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    // One line per request only at debug: at info the access log would dominate the cost of a request.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    routerOptions: { maxParamLength: 256 },
    forceCloseConnections: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    services.metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    services.metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  installErrorHandling(app);
  installJsonParser(app);
  app.decorate(
    'tenantRateLimiter',
    config.rateLimitPerMinute > 0 ? new RateLimiter(config.rateLimitPerMinute, config.rateLimitBurst) : null,
  );

  await installCors(app, config.corsOrigins);

  const deps: RouteDeps = { services, verifier };
  await app.register(opsRoutes, deps);
  await app.register(consoleRoutes, { devSession: options.devSession });

  const apollo = new ApolloServer<GraphQLContext>({
    schema: await buildGraphQLSchema(),
    introspection: config.graphqlIntrospection,
    includeStacktraceInErrorResponses: false,
    // A browser cannot send these headers cross-site without a CORS preflight, so a GET that
    // carries one is no CSRF risk; every tenant-scoped operation carries both anyway.
    csrfPrevention: {
      requestHeaders: ['x-apollo-operation-name', 'apollo-require-preflight', 'authorization', 'x-tenant-id'],
    },
    formatError: createFormatError(logger),
    plugins: [fastifyApolloDrainPlugin(app), landingPageWithConsoleLink('/console/graphql')],
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: async (request): Promise<GraphQLContext> => ({
      requestId: request.id,
      services,
      authorize: (allowed) => tenantContextOf(request, verifier, allowed),
    }),
  });

  await app.register(async (json) => {
    // JSON routes: any other content type is 415, not a string body.
    json.removeContentTypeParser('text/plain');
    for (const area of jsonAreas()) {
      for (const prefix of area.prefixes) {
        await json.register(area.plugin, { ...deps, prefix, publicPrefix: prefix });
      }
    }
  });
  // Intake reads any body as raw bytes: its plugin brings its own parser.
  for (const prefix of ['/linker/triggers/webhook', '/api/v1/linker/triggers/webhook']) {
    await app.register(intakeRoutes, { ...deps, prefix, publicPrefix: prefix });
  }
  return app;
}

import crypto from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { ApolloServer } from '@apollo/server';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { TokenVerifier } from '../auth/tokens';
import type { GraphQLContext } from '../graphql/context';
import { createFormatError } from '../graphql/format-error';
import { buildGraphQLSchema } from '../graphql/schema';
import type { Services } from '../services';
import { tenantContextOf, tokenBeforeBody } from './auth';
import { clientErrorHandler, frameworkErrors, installEarlyRefusals } from './framework-errors';
import { costLimitRule, noSubscriptionsRule, rootFieldCount } from '../graphql/cost-limits';
import { applyListBudget, ListBudget } from '../graphql/list-budget';
import type { RouteDeps } from './deps';
import { fromFastifyError, installErrorHandling } from './errors';
import { installJsonParser } from './json-body';
import { opsRoutes } from './ops-routes';
import { createRequestLimiter } from '../limits/create';
import { webhookRoutes } from './webhook-routes';
import { intakeRoutes } from './intake-routes';
import { recordRoutes } from './record-routes';
import { analyticsRoutes } from './analytics-routes';
import { entityRoutes, metricRoutes, viewRoutes } from './catalog-routes';
import { eventCatalogRoutes } from './event-catalog-routes';
import { portalSelfRoutes, portalSessionRoutes } from './portal-routes';
import { consoleRoutes, type ConsoleRouteOptions } from './console-routes';
import { installCors } from './cors';
import { landingPageWithConsoleLink } from './landing-page';
import { installOpenApi } from './openapi';
import { installCompression } from './compression';
import { installDocumentSecurityHeaders } from './security-headers';
import { installRequestTracing } from '../tracing/http';
import { tracer } from '../tracing/tracer';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * JSON REST areas and the paths they answer at: the gateway path and the backend path under
 * /api/v1. Each area is one encapsulated plugin.
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
    {
      plugin: eventCatalogRoutes,
      prefixes: ['/metadata/event-catalog', '/api/v1/event-catalog', '/api/v1/metadata/event-catalog'],
    },
    {
      plugin: portalSessionRoutes,
      prefixes: ['/metadata/portal-sessions', '/api/v1/portal-sessions', '/api/v1/metadata/portal-sessions'],
    },
    {
      plugin: portalSelfRoutes,
      prefixes: ['/metadata/portal-session', '/api/v1/portal-session', '/api/v1/metadata/portal-session'],
    },
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
    // Slow requests: headers and body must arrive within REQUEST_TIMEOUT_MS, or the
    // answer is 408 and the connection closes (framework-errors.ts). Node checks for late requests
    // every connectionsCheckingInterval; a tenth of the timeout (at most 1 s) keeps the answer close
    // to the deadline.
    requestTimeout: config.requestTimeoutMs,
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(config.requestTimeoutMs / 10))),
    },
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: false,
  });

  // First: every later hook and handler runs inside the request's span.
  installRequestTracing(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    services.metrics.httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    services.metrics.httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  installErrorHandling(app);
  installEarlyRefusals(app);
  installJsonParser(app);
  const tenantRateLimiter = createRequestLimiter({
    perMinute: config.rateLimitPerMinute,
    burst: config.rateLimitBurst,
    pool: services.db.pool,
    embedded: services.db.embedded,
    prefix: 'api:',
    logger,
  });
  app.decorate('tenantRateLimiter', tenantRateLimiter);
  // Unused leased requests go back to the other processes.
  app.addHook('onClose', async () => {
    await tenantRateLimiter?.close?.();
  });
  app.decorate('portalSessions', services.portal);

  // Before any route: compression and the OpenAPI document see every route registered after them.
  await installCompression(app);
  installDocumentSecurityHeaders(app, config.portalFrameAncestors);
  await installOpenApi(app, { headerPrefix: config.webhookHeaderPrefix });
  await installCors(app, config.corsOrigins);

  const deps: RouteDeps = { services, verifier };
  await app.register(opsRoutes, deps);
  await app.register(consoleRoutes, { devSession: options.devSession });

  // POST /graphql needs a token before its body is read; GET (Apollo Sandbox's page, queries in the
  // URL) carries no body and is authorised field by field.
  // The refusal is a GraphQL response (errors[].extensions.code), as every other GraphQL error.
  const graphqlToken = tokenBeforeBody(verifier);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'POST' || request.routeOptions.url !== '/graphql') return;
    try {
      await graphqlToken(request, reply);
    } catch (err) {
      const appErr = fromFastifyError(err);
      return reply
        .status(appErr.status)
        .header('WWW-Authenticate', 'Bearer')
        .send({ errors: [{ message: appErr.message, extensions: { code: appErr.code } }] });
    }
  });

  const apollo = new ApolloServer<GraphQLContext>({
    schema: applyListBudget(await buildGraphQLSchema()),
    validationRules: [noSubscriptionsRule, costLimitRule(config.graphql)],
    introspection: config.graphqlIntrospection,
    includeStacktraceInErrorResponses: false,
    // A browser cannot send these headers cross-site without a CORS preflight, so a GET that
    // carries one is no CSRF risk; every tenant-scoped operation carries both anyway.
    csrfPrevention: {
      requestHeaders: ['x-apollo-operation-name', 'apollo-require-preflight', 'authorization', 'x-tenant-id'],
    },
    formatError: createFormatError(logger),
    plugins: [
      fastifyApolloDrainPlugin(app),
      {
        // The rate limit counts each root field as one request.
        async requestDidStart() {
          return {
            async didResolveOperation({ operation, document, contextValue }) {
              if (!operation) return;
              tracer.active?.annotate({
                'graphql.operation.type': operation.operation,
                ...(operation.name ? { 'graphql.operation.name': operation.name.value } : {}),
              });
              const fragments = Object.fromEntries(
                document.definitions.flatMap((d) => (d.kind === 'FragmentDefinition' ? [[d.name.value, d]] : [])),
              );
              if (contextValue.cost) contextValue.cost.rootFields += rootFieldCount(operation, fragments);
            },
          };
        },
      },
      landingPageWithConsoleLink('/console/graphql'),
    ],
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    path: '/graphql',
    context: async (request): Promise<GraphQLContext> => {
      const cost = { rootFields: 0 };
      return {
        requestId: request.id,
        requestOrigin: `${request.protocol}://${request.host}`,
        services,
        authorize: (allowed) => tenantContextOf(request, verifier, allowed, Math.max(1, cost.rootFields)),
        cost,
        listBudget: new ListBudget(config.graphql.maxListItems, config.graphql.maxTextBytes),
      };
    },
  });

  await app.register(async (json) => {
    // JSON routes: any other content type is 415, not a string body.
    json.removeContentTypeParser('text/plain');
    // Every JSON REST route needs a token: checked before the body is read.
    json.addHook('onRequest', tokenBeforeBody(verifier));
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

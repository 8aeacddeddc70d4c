import fs from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { OPTIONAL_BODY, SHARED_SCHEMAS } from './openapi-schemas';

/** package.json, at the same depth from src/http and dist/http. */
const PACKAGE_JSON = path.resolve(__dirname, '../../package.json');

/** The tag of the /api/v1 copies of the gateway routes. */
const BACKEND_TAG = 'Backend paths (/api/v1)';

const DESCRIPTION = `The REST surface of Hookgate, generated from the routes' own schemas. GraphQL (\`/graphql\`) runs the
same services; the web console is at \`/console/\`.

Every tenant-scoped call carries \`Authorization: Bearer <JWT>\` and \`X-Tenant-Id\` (use **Authorize**). Every
error has one shape, \`{ "success": false, "error": { "code", "message", "details"?, "requestId" } }\`, and every
response carries \`X-Request-Id\` (the caller's value when it sent a sane one). Request schemas describe what the
service checks; the service's own validation answers, with the codes of each operation.`;

function securitySchemes(headerPrefix: string) {
  const signature = (name: string, description: string) => ({
    type: 'apiKey' as const,
    in: 'header',
    name,
    description,
  });
  return {
    bearerAuth: {
      type: 'http' as const,
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description:
        'A JWT with `sub`, `tenant_id` and `permissions` (`admin`, `tenant:admin`, `internal`, `analytics:read`, ' +
        '`data:write`). `npm start` prints a development token; `npm run token` makes others.',
    },
    tenantId: {
      type: 'apiKey' as const,
      in: 'header',
      name: 'X-Tenant-Id',
      description: 'The tenant the call acts for: `^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$`. Missing: 400 TENANT_REQUIRED.',
    },
    metricsToken: { type: 'http' as const, scheme: 'bearer', description: 'METRICS_TOKEN, when it is set' },
    intakeHmacHex: signature(
      'X-Signature',
      'HMAC_HEX (the default): hex HMAC-SHA256 of `<timestamp>.<body>`, optionally `sha256=`-prefixed, with the ' +
        "Unix-seconds timestamp in X-Timestamp. Both header names are the trigger's own settings (these are the defaults).",
    ),
    intakeStandardWebhooks: signature(
      'webhook-signature',
      'STANDARD_WEBHOOKS: any `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` of a ' +
        'space-separated list, keyed with the base64 after `whsec_`.',
    ),
    intakeGithub: signature('X-Hub-Signature-256', 'GITHUB: `sha256=<hex HMAC-SHA256 of the body>`; no timestamp.'),
    intakeStripe: signature('Stripe-Signature', 'STRIPE: `t=<ts>,v1=<hex HMAC-SHA256 of "<t>.<body>">`; any v1.'),
    intakeSlack: signature(
      'X-Slack-Signature',
      'SLACK: `v0=<hex HMAC-SHA256 of "v0:<ts>:<body>">` with the timestamp in X-Slack-Request-Timestamp.',
    ),
    intakeHookgateV1: signature(
      `X-${headerPrefix}-Signature`,
      `HOOKGATE_V1 (another Hookgate's deliveries): any \`v1=<base64 HMAC-SHA256 of "<ts>.<body>">\` of a ` +
        `space-separated list, with the timestamp in X-${headerPrefix}-Timestamp.`,
    ),
  };
}

const TAGS = [
  {
    name: 'Webhook configurations',
    description: "Where and how an entity's changes are delivered: URL, events, signing, delivery controls",
  },
  { name: 'Entities', description: "Entity definitions: real tables in the tenant's schema" },
  { name: 'Records', description: 'Record writes: the entity changes that fill the outbox' },
  { name: 'Metrics', description: 'Named metrics' },
  { name: 'Views', description: 'Named, parameterised queries' },
  { name: 'Analytics', description: 'Structured queries compiled to safe SQL' },
  { name: 'Trigger intake', description: 'Signed calls from other systems' },
  { name: 'Operations', description: 'Liveness, readiness, Prometheus metrics' },
  { name: 'Console', description: 'The web console' },
  {
    name: BACKEND_TAG,
    description: 'The same operations under the backend prefix the gateway forwards to',
  },
];

/**
 * The path a route has in the document. A prefix's '/' route is served with and without the
 * trailing slash; the API reference names it without. The console's catch-all (`*`) is `{path}`.
 */
function documentedUrl(url: string): string {
  const bare = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  return bare.endsWith('/*') ? `${bare.slice(0, -1)}:path` : bare;
}

/** The /api/v1 copies keep their description under one tag; operation ids stay the gateway routes'. */
function backendCopy(url: string, schema: FastifySchema): FastifySchema {
  if (!url.startsWith('/api/v1/') || !schema) return schema;
  const { operationId: _gatewayOnly, ...copy } = schema as Record<string, unknown>;
  return { ...copy, tags: [BACKEND_TAG] };
}

/** Marks the operations whose route schema says its body may be left out (`x-body-optional`). */
function withOptionalBodies<T extends { paths?: unknown }>(document: T): T {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  for (const operations of Object.values(paths)) {
    for (const op of Object.values(operations)) {
      if (!op[OPTIONAL_BODY]) continue;
      delete op[OPTIONAL_BODY];
      (op.requestBody as { required: boolean }).required = false;
    }
  }
  return document;
}

/**
 * The OpenAPI 3.1 document of the REST routes at GET /openapi.json and Swagger UI at /docs, both
 * public. Installed before any route, so @fastify/swagger sees every route as it is added.
 *
 * Route schemas here are documentation only. Fastify would otherwise compile them into ajv
 * validators (refusing or coercing input with its own 400 FST_ERR_VALIDATION, where the service
 * layer answers with its own codes and messages) and fast-json-stringify serializers
 * (dropping properties a schema does not list, coercing types). So every schema compiles to "valid"
 * and every response to plain JSON.stringify, which is what Fastify does for routes without one:
 * bodies stay byte for byte what the handlers build. test/e2e/openapi.test.ts holds real responses
 * against the document instead.
 */
export async function installOpenApi(app: FastifyInstance, opts: { headerPrefix: string }): Promise<void> {
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);

  const { version } = JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Hookgate REST API', version, description: DESCRIPTION },
      tags: TAGS,
      components: { securitySchemes: securitySchemes(opts.headerPrefix) },
    },
    // Routes without tags (GraphQL, the CORS preflight) are no REST operations.
    hideUntagged: true,
    // Shared schemas keep their $id as their name under components.schemas.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (json.$id as string) ?? `def-${i}` },
    transform: ({ schema, url }) => ({ schema: backendCopy(url, schema), url: documentedUrl(url) }),
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? withOptionalBodies(documentObject.openapiObject)
        : documentObject.swaggerObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
    theme: { title: 'Hookgate REST API' },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

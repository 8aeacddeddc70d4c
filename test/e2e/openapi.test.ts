import crypto from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { PORTAL_SECRET } from '../support/portal';
import { clientSignature, createTrigger, nowSeconds } from './trigger-helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
};

/** Routes that are not REST operations of the service: GraphQL and the documentation itself. */
const NOT_REST = (url: string) => url === '/graphql' || url === '/openapi.json' || url.startsWith('/docs');

/** A Fastify route URL as an OpenAPI path: `:id` → `{id}`, the console's catch-all `*` → `{path}`. */
const asOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

/**
 * Every route the app registers, as Fastify announces it to onRoute hooks: the app's Fastify
 * instance gets one more hook, added first, that writes each route down.
 */
const registered = vi.hoisted(() => [] as string[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const withRouteLog = ((options?: object) =>
    actual.default(options).addHook('onRoute', (route) => {
      for (const method of ([] as string[]).concat(route.method)) registered.push(`${method} ${route.url}`);
    })) as unknown as typeof actual.default;
  return { ...actual, default: withRouteLog };
});

describe('REST documentation (GET /openapi.json, /docs)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let ajv: Ajv2020;
  /** `METHOD path` of every operation a real response was checked against. */
  const checked = new Set<string>();
  const tenant = uniqueTenant('openapi');
  let h: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', PORTAL_TOKEN_SECRET: PORTAL_SECRET });
    h = await t.headers(tenant);
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('binary', true);
    ajv.addSchema(doc as object, 'openapi');
  });
  afterAll(() => t.close());

  const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

  /**
   * Holds a real response against the document: the operation exists, the status is documented
   * (or falls under `default`, for errors), and the body validates against that response's schema.
   */
  function expectDocumented(method: Method, path: string, res: LightMyRequestResponse, status?: number) {
    if (status !== undefined) expect(res.statusCode, res.body).toBe(status);
    const op = doc.paths[path]?.[method.toLowerCase()];
    expect(op, `${method} ${path} is in the document`).toBeDefined();
    const key = op.responses[String(res.statusCode)] ? String(res.statusCode) : 'default';
    if (key === 'default')
      expect(res.statusCode, `${method} ${path} documents ${res.statusCode}`).toBeGreaterThanOrEqual(400);
    const response = op.responses[key];
    if (!response.content) {
      expect(res.body, `${method} ${path} ${res.statusCode} has no body`).toBe('');
    } else {
      const type = String(res.headers['content-type']).split(';')[0];
      const mediaType = type in response.content ? type : '*/*';
      expect(response.content[mediaType], `${method} ${path} ${key} documents ${type}`).toBeDefined();
      const validate = ajv.getSchema(
        `openapi#/${pointer('paths', path, method.toLowerCase(), 'responses', key, 'content', mediaType, 'schema')}`,
      )!;
      const body = type === 'application/json' ? res.json() : res.body;
      expect(
        validate(body),
        `${method} ${path} ${res.statusCode}: ${ajv.errorsText(validate.errors)}\n${res.body}`,
      ).toBe(true);
    }
    checked.add(`${method} ${path}`);
    return res;
  }

  const call = (method: Method, url: string, payload?: unknown, headers = h) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('is a valid OpenAPI 3.1 document, served without a token', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every REST route the app registered', () => {
    const routes = registered
      .filter((r) => !r.startsWith('HEAD ') && !r.startsWith('OPTIONS '))
      .map((r) => r.split(' ') as [string, string])
      .filter(([, url]) => !NOT_REST(url))
      .map(([method, url]) => `${method} ${asOpenApiPath(url)}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(routes.length).toBeGreaterThan(60);
    expect([...new Set(routes)].sort()).toEqual([...new Set(documented)].sort());
  });

  it('holds real responses of every operation against the document, successes and errors', async () => {
    const other = await t.headers(uniqueTenant('openapi'));
    const noTenant = { authorization: h.authorization };

    // Operations.
    expectDocumented('GET', '/healthz', await call('GET', '/healthz', undefined, {}), 200);
    expectDocumented('GET', '/readyz', await call('GET', '/readyz', undefined, {}), 200);
    expectDocumented('GET', '/metrics', await call('GET', '/metrics', undefined, {}), 200);

    // Console (not built or built: both answers are documented).
    expectDocumented('GET', '/', await call('GET', '/', undefined, {}), 302);
    expectDocumented('GET', '/console', await call('GET', '/console', undefined, {}), 302);
    expectDocumented('GET', '/console/dev-session', await call('GET', '/console/dev-session', undefined, {}), 404);
    expectDocumented('GET', '/console/{path}', await call('GET', '/console/assets/missing-1.js', undefined, {}), 404);
    expectDocumented('GET', '/console/{path}', await call('GET', '/console/webhooks', undefined, {}));

    // Entities.
    const orders = {
      name: 'orders',
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'status', type: 'STRING' },
        { name: 'amount', type: 'DECIMAL' },
        { name: 'created_at', type: 'TIMESTAMP' },
      ],
      primaryKey: 'id',
      timeField: 'created_at',
    };
    const E = '/metadata/entities';
    expectDocumented('POST', E, await call('POST', E, orders), 201);
    expectDocumented('POST', E, await call('POST', E, orders), 409);
    expectDocumented('POST', E, await call('POST', E, { ...orders, name: 'Bad Name', fields: [] }), 400);
    expectDocumented('GET', E, await call('GET', E), 200);
    expectDocumented('GET', `${E}/{name}`, await call('GET', `${E}/orders`), 200);
    expectDocumented('GET', `${E}/{name}`, await call('GET', `${E}/nope`), 404);
    expectDocumented('GET', E, await call('GET', E, undefined, {}), 401);
    expectDocumented('GET', E, await call('GET', E, undefined, noTenant), 400);

    // Webhook configurations.
    const W = '/metadata/entity-webhooks';
    const config = {
      entityName: 'orders',
      events: 'insert,update',
      webhookUrl: 'https://example.com/hook',
      secret: 's',
    };
    const created = expectDocumented('POST', W, await call('POST', W, config), 201).json();
    expectDocumented('POST', W, await call('POST', W, { ...config, headersJson: '[1]' }), 400);
    expectDocumented('POST', W, await call('POST', W, config, { ...other, 'x-tenant-id': tenant }), 403);
    expectDocumented('GET', W, await call('GET', W + '?page=1&pageSize=5&sortBy=createdAt&sortDirection=desc'), 200);
    expectDocumented('GET', W, await call('GET', W + '?page=0'), 400);
    const byEntity = `${W}/internal/by-entity/{entityName}`;
    expectDocumented('GET', byEntity, await call('GET', `${W}/internal/by-entity/orders`), 200);
    expectDocumented('GET', `${W}/{id}`, await call('GET', `${W}/${created.id}`), 200);
    expectDocumented('PUT', `${W}/{id}`, await call('PUT', `${W}/${created.id}`, { enabled: false }), 200);
    expectDocumented('PUT', `${W}/{id}`, await call('PUT', `${W}/${created.id}`, { timeoutMs: 0 }), 400);
    // A test send to a closed local port: the attempt is answered, with its network error.
    const T = `${W}/{id}/test`;
    await call('PUT', `${W}/${created.id}`, { webhookUrl: 'http://127.0.0.1:9/hook' });
    expectDocumented('POST', T, await call('POST', `${W}/${created.id}/test`, { data: { id: 'o-1' } }), 200);
    expectDocumented('POST', T, await call('POST', `${W}/${created.id}/test`), 200);
    expectDocumented('POST', T, await call('POST', `${W}/${created.id}/test`, { data: [1] }), 400);
    expectDocumented('DELETE', `${W}/{id}`, await call('DELETE', `${W}/${created.id}`), 204);
    expectDocumented('DELETE', `${W}/{id}`, await call('DELETE', `${W}/${created.id}`), 404);
    expectDocumented('POST', T, await call('POST', `${W}/${created.id}/test`), 404);
    expectDocumented('GET', `${W}/{id}`, await call('GET', `${W}/${created.id}`), 404);

    // Records.
    const R = '/data/{entity}/records';
    const order = { id: 'o-1', status: 'paid', amount: 42.5, created_at: '2026-11-26T08:30:00Z' };
    const write = (records: unknown[], entity = 'orders') =>
      call('POST', `/data/${entity}/records`, { operation: 'INSERT', records });
    expectDocumented('POST', R, await write([order, { ...order, id: 'o-2', amount: 7 }]), 200);
    expectDocumented('POST', R, await write([order]), 409);
    expectDocumented('POST', R, await write([{ ...order, amount: 'lots' }]), 400);
    expectDocumented('POST', R, await write([order], 'ghosts'), 404);
    expectDocumented(
      'POST',
      R,
      await call('POST', '/data/orders/records', 'not json', { ...h, 'content-type': 'text/plain' }),
      415,
    );
    expectDocumented(
      'PATCH',
      `${R}/{id}`,
      await call('PATCH', '/data/orders/records/o-2', { status: 'refunded' }),
      200,
    );
    expectDocumented('PATCH', `${R}/{id}`, await call('PATCH', '/data/orders/records/o-9', { status: 'x' }), 404);
    expectDocumented('DELETE', `${R}/{id}`, await call('DELETE', '/data/orders/records/o-2'), 204);
    expectDocumented('DELETE', `${R}/{id}`, await call('DELETE', '/data/orders/records/o-2'), 404);

    // Metrics and views.
    const M = '/metadata/metrics';
    const revenue = {
      name: 'revenue',
      entity: 'orders',
      aggregation: 'SUM',
      field: 'amount',
      filter: { field: 'status', op: 'EQ', value: 'paid' },
    };
    expectDocumented('POST', M, await call('POST', M, revenue), 201);
    expectDocumented('POST', M, await call('POST', M, { ...revenue, name: 'bad', field: 'ghost' }), 400);
    expectDocumented('GET', M, await call('GET', M), 200);
    expectDocumented('GET', `${M}/{name}`, await call('GET', `${M}/revenue`), 200);
    expectDocumented('GET', `${M}/{name}`, await call('GET', `${M}/nope`), 404);
    const V = '/metadata/views';
    const byStatus = {
      name: 'by_status',
      entity: 'orders',
      select: [{ field: 'status' }, { field: 'amount', agg: 'SUM', alias: 'total' }],
      filter: { field: 'status', op: 'EQ', value: { $param: 'status' } },
      parameters: [{ name: 'status', type: 'STRING', default: 'paid' }],
    };
    expectDocumented('POST', V, await call('POST', V, byStatus), 201);
    expectDocumented('POST', V, await call('POST', V, byStatus), 409);
    expectDocumented('GET', V, await call('GET', V), 200);
    expectDocumented('GET', `${V}/{name}`, await call('GET', `${V}/by_status`), 200);
    expectDocumented('GET', `${V}/{name}`, await call('GET', `${V}/nope`), 404);

    // Event catalog.
    const C = '/metadata/event-catalog';
    expectDocumented('GET', C, await call('GET', C), 200);
    expectDocumented('GET', C, await call('GET', C, undefined, noTenant), 400);
    expectDocumented('GET', `${C}/asyncapi.json`, await call('GET', `${C}/asyncapi.json`), 200);
    expectDocumented('GET', `${C}/asyncapi.json`, await call('GET', `${C}/asyncapi.json`, undefined, {}), 401);

    // Analytics (A1–A6).
    const query = {
      entity: 'orders',
      select: [{ field: 'amount', agg: 'SUM', alias: 'total' }],
      time: { granularity: 'DAY' },
    };
    const A = '/analytics';
    expectDocumented('POST', `${A}/query`, await call('POST', `${A}/query`, query), 200);
    expectDocumented(
      'POST',
      `${A}/query`,
      await call('POST', `${A}/query`, { ...query, select: [{ field: 'ghost' }] }),
      400,
    );
    expectDocumented('POST', `${A}/query`, await call('POST', `${A}/query`, { ...query, entity: 'ghosts' }), 404);
    expectDocumented('POST', `${A}/query/check`, await call('POST', `${A}/query/check`, query), 200);
    const invalid = await call('POST', `${A}/query/check`, { ...query, limit: 0 });
    expect(expectDocumented('POST', `${A}/query/check`, invalid, 200).json().data).toBe(false);
    expectDocumented('POST', `${A}/query/plan`, await call('POST', `${A}/query/plan`, query), 200);
    const metric = `${A}/metrics/{metricName}/query`;
    expectDocumented('POST', metric, await call('POST', `${A}/metrics/revenue/query`, { dimensions: ['status'] }), 200);
    // A body is optional where the document says so: the service takes none.
    expectDocumented('POST', metric, await call('POST', `${A}/metrics/revenue/query`), 200);
    expectDocumented('POST', metric, await call('POST', `${A}/metrics/nope/query`, {}), 404);
    const batch = await call('POST', `${A}/metrics/batch`, {
      metrics: ['revenue'],
      params: { time: { granularity: 'MONTH' } },
    });
    expectDocumented('POST', `${A}/metrics/batch`, batch, 200);
    expectDocumented('POST', `${A}/metrics/batch`, await call('POST', `${A}/metrics/batch`, { metrics: [] }), 400);
    const view = `${A}/views/{viewName}/query`;
    expectDocumented('POST', view, await call('POST', `${A}/views/by_status/query`), 200);
    expectDocumented(
      'POST',
      view,
      await call('POST', `${A}/views/by_status/query`, { params: { status: 'refunded' }, limit: 5 }),
      200,
    );
    expectDocumented('POST', view, await call('POST', `${A}/views/nope/query`, {}), 404);

    // Portal sessions, and a portal token's own session.
    const P = '/metadata/portal-sessions';
    const session = await call('POST', P, { entityNames: ['orders'], title: 'Orders' });
    expectDocumented('POST', P, session, 201);
    expectDocumented('POST', P, await call('POST', P, { entityNames: [] }), 400);
    const portal = { authorization: `Bearer ${session.json().token}` };
    expectDocumented(
      'GET',
      '/metadata/portal-session',
      await call('GET', '/metadata/portal-session', undefined, portal),
      200,
    );
    expectDocumented('GET', '/metadata/portal-session', await call('GET', '/metadata/portal-session'), 403);
    expectDocumented('DELETE', `${P}/{id}`, await call('DELETE', `${P}/${session.json().id}`), 204);
    expectDocumented('DELETE', `${P}/{id}`, await call('DELETE', `${P}/${crypto.randomUUID()}`), 404);

    expectDocumented('DELETE', `${M}/{name}`, await call('DELETE', `${M}/revenue`), 204);
    expectDocumented('DELETE', `${M}/{name}`, await call('DELETE', `${M}/revenue`), 404);
    expectDocumented('DELETE', `${V}/{name}`, await call('DELETE', `${V}/by_status`), 204);
    expectDocumented('DELETE', `${V}/{name}`, await call('DELETE', `${V}/by_status`), 404);
    expectDocumented('DELETE', `${E}/{name}`, await call('DELETE', `${E}/orders`), 204);
    expectDocumented('DELETE', `${E}/{name}`, await call('DELETE', `${E}/orders`), 404);

    // Trigger intake: a trigger made through GraphQL, then signed and unsigned calls.
    const secret = 'openapi-trigger-secret';
    const trigger = await createTrigger(t, tenant, { name: 'openapi', webhookSecret: secret });
    const I = '/linker/triggers/webhook/{triggerId}';
    const intake = (id: string, body: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: `/linker/triggers/webhook/${id}`, payload: body, headers });
    const body = JSON.stringify({ hello: 'world' });
    const ts = String(nowSeconds());
    const signed = {
      'content-type': 'application/json',
      'x-timestamp': ts,
      'x-signature': clientSignature(secret, ts, body),
    };
    expectDocumented('POST', I, await intake(trigger.id, body, signed), 202);
    expectDocumented('POST', I, await intake(trigger.id, body, { ...signed, 'x-signature': 'ab'.repeat(32) }), 401);
    expectDocumented('POST', I, await intake(trigger.id, body, { ...signed, 'x-timestamp': '1' }), 401);
    expectDocumented('POST', I, await intake(crypto.randomUUID(), body, signed), 404);

    // Every operation of the gateway paths was held against a real response.
    const gatewayOperations = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/api/v1/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(gatewayOperations.filter((op) => !checked.has(op))).toEqual([]);
  });

  it('documents the /api/v1 copies, answering as the gateway paths do', async () => {
    const W = '/api/v1/entity-webhooks';
    const config = { entityName: 'orders', events: 'DELETE', webhookUrl: 'https://example.com/v1' };
    const created = expectDocumented('POST', W, await call('POST', W, config), 201).json();
    expectDocumented(
      'GET',
      '/api/v1/metadata/entity-webhooks/{id}',
      await call('GET', `/api/v1/metadata/entity-webhooks/${created.id}`),
      200,
    );
    expectDocumented(
      'POST',
      '/api/v1/analytics/query',
      await call('POST', '/api/v1/analytics/query', { entity: 'ghosts', select: [] }),
      404,
    );
    const copy = doc.paths[W].post as unknown as { tags: string[]; operationId?: string };
    expect(copy.tags).toEqual(['Backend paths (/api/v1)']);
    expect(copy.operationId).toBeUndefined();
  });

  it('leaves validation to the service: no request is refused or altered by the route schemas', async () => {
    // ajv would coerce "3000" to 3000 and accept it, or refuse with its own message; the service
    // refuses it with the contract's code and its own field message.
    const res = await call('POST', '/metadata/entity-webhooks', {
      entityName: 'orders',
      events: 'INSERT',
      webhookUrl: 'https://example.com/hook',
      timeoutMs: '3000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'timeoutMs', message: expect.not.stringContaining('must be integer') }],
    });
    // A query string the schema types as integers reaches the service as the text it was.
    const page = await call('GET', '/metadata/entity-webhooks?page=1.5');
    expect(page.statusCode).toBe(400);
    expect(page.json().error.details).toEqual([{ field: 'page', message: 'must be an integer of at least 1' }]);
  });

  it('keeps the documentation public and the framework errors in the contract shape', async () => {
    const ui = await call('GET', '/docs/', undefined, {});
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    expect((await call('GET', '/docs/json', undefined, {})).json().openapi).toBe('3.1.0');
    const post = await call('POST', '/openapi.json', {}, {});
    expect(post.statusCode).toBe(405);
    expect(post.json().error.code).toBe('METHOD_NOT_ALLOWED');
    for (const url of ['/docs/static/missing.js', '/docs/nope/deeper', '/nope']) {
      const res = await call('GET', url, undefined, {});
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    }
  });
});

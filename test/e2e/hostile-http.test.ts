import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { RawClient, requestHead, type RawResponse } from '../support/raw-http';

const BASE = '/metadata/entity-webhooks';
const REQUEST_TIMEOUT_MS = 1500;

/** The one error shape (docs/api.md#errors), whatever raised the error. */
function expectErrorShape(res: RawResponse | { body: string }, code: string) {
  const body = JSON.parse(res.body);
  expect(body).toEqual({ success: false, error: { code, message: expect.any(String), requestId: expect.any(String) } });
  expect(body.error.requestId.length).toBeGreaterThan(0);
}

describe('slow and unauthenticated requests', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('answers 408 REQUEST_TIMEOUT and closes the connection when a body dribbles in past REQUEST_TIMEOUT_MS', async () => {
    const h = await t.headers(uniqueTenant());
    const c = await RawClient.connect(port);
    const started = Date.now();
    c.write(
      requestHead('POST', BASE, {
        authorization: h.authorization,
        'x-tenant-id': h['x-tenant-id'],
        'content-type': 'application/json',
        'content-length': 10_000,
      }) + '{"entityName":',
    );
    // A byte every 200 ms: the socket is never idle, the request is never complete.
    const drip = setInterval(() => c.write(' '), 200);
    try {
      const res = await c.response(REQUEST_TIMEOUT_MS + 15_000);
      expect(res?.status).toBe(408);
      expectErrorShape(res!, 'REQUEST_TIMEOUT');
      expect(res!.headers['x-request-id']).toBe(JSON.parse(res!.body).error.requestId);
      expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(await c.closesWithin(5_000)).toBe(true);
    } finally {
      clearInterval(drip);
      c.destroy();
    }
  });

  it('answers a request whose headers never finish with 408 too', async () => {
    const c = await RawClient.connect(port);
    c.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const drip = setInterval(() => c.write('a'), 200);
    try {
      const res = await c.response(REQUEST_TIMEOUT_MS + 15_000);
      expect(res?.status).toBe(408);
      expectErrorShape(res!, 'REQUEST_TIMEOUT');
      expect(await c.closesWithin(5_000)).toBe(true);
    } finally {
      clearInterval(drip);
      c.destroy();
    }
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'Bearer not-a-jwt'],
    [
      'a token signed with another key',
      'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4IiwiZXhwIjo5OTk5OTk5OTk5fQ.c2lnbmF0dXJl',
    ],
  ])('answers 401 before reading the body of a large POST with %s (REST and GraphQL)', async (_name, authorization) => {
    for (const path of [BASE, '/graphql', '/api/v1/analytics/query']) {
      const c = await RawClient.connect(port);
      c.write(
        requestHead('POST', path, {
          ...(authorization ? { authorization } : {}),
          'x-tenant-id': 'demo',
          'content-type': 'application/json',
          'content-length': 1_000_000,
        }) +
          '{"query":"' +
          'x'.repeat(10_000),
      );
      // The answer comes long before the request timeout: nothing waits for the missing 990 KB.
      const res = await c.response(REQUEST_TIMEOUT_MS - 500);
      expect(res?.status, path).toBe(401);
      expect(res!.headers['www-authenticate']).toBe('Bearer');
      const body = JSON.parse(res!.body);
      if (path === '/graphql') expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
      else expectErrorShape(res!, 'UNAUTHENTICATED');
      expect(await c.closesWithin(3_000), path).toBe(true);
      c.destroy();
    }
  });

  it('holds no connection of 100 unauthenticated callers dribbling 1 MB bodies to /graphql', async () => {
    const clients = await Promise.all(Array.from({ length: 100 }, () => RawClient.connect(port)));
    const chunk = 'x'.repeat(64 * 1024);
    for (const c of clients) {
      c.write(
        requestHead('POST', '/graphql', { 'content-type': 'application/json', 'content-length': 1_000_000 }) + chunk,
      );
    }
    const answers = await Promise.all(clients.map((c) => c.response(10_000)));
    expect(answers.map((a) => a?.status)).toEqual(clients.map(() => 401));
    const closed = await Promise.all(clients.map((c) => c.closesWithin(5_000)));
    expect(closed.every(Boolean)).toBe(true);
    const open = await new Promise<number>((r) => t.app.server.getConnections((_e, n) => r(n)));
    expect(open).toBe(0);
  });

  it('still reads the body of an authenticated request that arrives in time', async () => {
    const h = await t.headers(uniqueTenant());
    const body = JSON.stringify({ entityName: 'orders', events: 'INSERT', webhookUrl: 'https://example.com/h' });
    const c = await RawClient.connect(port);
    c.write(
      requestHead('POST', BASE, {
        ...h,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      }) + body.slice(0, 10),
    );
    await new Promise((r) => setTimeout(r, 300));
    c.write(body.slice(10));
    const res = await c.response(10_000);
    expect(res?.status).toBe(201);
    c.destroy();
  });
});

describe('errors the framework raises itself answer the one error shape', () => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    h = await t.headers(uniqueTenant());
  });
  afterAll(() => t.close());

  it('400 VALIDATION_FAILED for malformed percent-encoding and an over-long path parameter', async () => {
    for (const url of [
      `${BASE}/%`,
      `${BASE}/%E0%A4%A`,
      `${BASE}/${'a'.repeat(300)}`,
      `/metadata/entities/${'b'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: h });
      expect(res.statusCode, url).toBe(400);
      expectErrorShape({ body: res.body }, 'VALIDATION_FAILED');
      expect(res.headers['x-request-id']).toBe(res.json().error.requestId);
    }
  });

  it('404 NOT_FOUND for an unknown route, 414 for an over-long URL', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/route' });
    expect(missing.statusCode).toBe(404);
    expectErrorShape({ body: missing.body }, 'NOT_FOUND');
    const long = await t.app.inject({ method: 'GET', url: `${BASE}?entityName=${'x'.repeat(9000)}`, headers: h });
    expect(long.statusCode).toBe(414);
    expectErrorShape({ body: long.body }, 'URI_TOO_LONG');
  });

  it('405 METHOD_NOT_ALLOWED for a known path with another method', async () => {
    for (const [method, url] of [
      ['PATCH', `${BASE}/6f1fac3a-4506-497d-b876-ff0614ea9ffb`],
      ['DELETE', BASE],
      ['PUT', '/graphql'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: h });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expectErrorShape({ body: res.body }, 'METHOD_NOT_ALLOWED');
      expect(res.headers.allow).toBeTruthy();
    }
  });

  it('413 and 415 keep the shape', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...h, 'content-type': 'application/json' },
      payload: JSON.stringify({ entityName: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expectErrorShape({ body: big.body }, 'PAYLOAD_TOO_LARGE');
    const text = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...h, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expectErrorShape({ body: text.body }, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('431 for oversized headers and 503 UNAVAILABLE for a request that arrives while the server closes', async () => {
    const app = await startTestApp({ DISPATCHER: 'off' });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.app.server.address() as { port: number }).port;
    const big = await RawClient.connect(port);
    big.write(requestHead('GET', '/healthz', { 'x-big': 'y'.repeat(20_000) }));
    const tooLarge = await big.response(10_000);
    expect(tooLarge?.status).toBe(431);
    expectErrorShape(tooLarge!, 'REQUEST_HEADERS_TOO_LARGE');
    big.destroy();

    // A request is in flight (its body not yet sent) when close() begins; a second one pipelined on
    // the same connection arrives while the server closes.
    const hh = await app.headers(uniqueTenant());
    const c = await RawClient.connect(port);
    const body = JSON.stringify({ entityName: 'orders', events: 'INSERT', webhookUrl: 'https://example.com/h' });
    c.write(
      requestHead('POST', BASE, {
        ...hh,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
    const closing = app.app.close();
    await new Promise((r) => setTimeout(r, 200));
    c.write(body + requestHead('GET', '/healthz', {}));
    const first = await c.response(10_000);
    expect(first?.status).toBe(201);
    // The second response follows the first on the socket.
    await c.closesWithin(10_000);
    const rest = (c as unknown as { data: string }).data;
    const second = rest.slice(rest.indexOf('HTTP/1.1', 5));
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expectErrorShape({ body: second.slice(second.indexOf('\r\n\r\n') + 4) }, 'UNAVAILABLE');
    c.destroy();
    await closing;
    await app.runtime.close();
  });
});

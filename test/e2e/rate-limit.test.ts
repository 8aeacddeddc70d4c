import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateLimiter } from '../../src/limits/token-bucket';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';

const BASE = '/metadata/entity-webhooks';
const valid = { entityName: 'orders', events: 'INSERT', webhookUrl: 'https://example.com/hook' };

describe('RateLimiter', () => {
  it('allows a burst, then one request per 1/rate, and says how long to wait', () => {
    let now = 0;
    const limiter = new RateLimiter(60, 3, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBe(0);
    now += 999;
    expect(limiter.take('a')).toBe(1);
    now += 1;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
    // A long pause fills the bucket up to the burst, not beyond it.
    now += 3_600_000;
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 0, 1]);
  });

  it('forgets idle tenants when it holds too many, without changing any answer', () => {
    let now = 0;
    const limiter = new RateLimiter(60, 2, () => now, 2);
    limiter.take('a');
    limiter.take('a');
    limiter.take('b');
    now += 60_000;
    limiter.take('c');
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1]);
  });

  it('never holds more buckets than its bound, even when every tenant is busy', () => {
    const limiter = new RateLimiter(60, 1, () => 0, 10);
    for (let i = 0; i < 1_000; i++) {
      expect(limiter.take(`t${i}`)).toBe(0);
      expect(limiter.size).toBeLessThanOrEqual(10);
    }
    // The newest tenants keep their buckets: an empty one still waits.
    expect(limiter.take('t999')).toBe(1);
  });
});

describe('RATE_LIMIT_PER_MINUTE on the API', () => {
  // A burst of 3, then one request a minute: no refill lands within a test, however slow the machine
  // (the pace itself is the unit test's, above).
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_BURST: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 RATE_LIMITED with Retry-After once a tenant is over its limit, and changes nothing', async () => {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'POST', url: BASE, headers: h, payload: valid })).statusCode).toBe(201);
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: h,
      payload: { ...valid, entityName: 'limited' },
    });
    expect(limited.statusCode).toBe(429);
    // One request a minute: at most 60 s to wait (less when the machine took seconds to get here).
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(30);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      success: false,
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringContaining('limit of 1 requests per minute'),
        requestId: expect.any(String),
      },
    });
    const { rows } = await t.runtime.db.pool.query('SELECT entity_name FROM webhook_configs WHERE tenant_id = $1', [
      tenant,
    ]);
    expect(rows.map((r) => r.entity_name)).toEqual(['orders', 'orders', 'orders']);

    // Another tenant has its own budget, and the health routes none.
    expect(
      (await t.app.inject({ method: 'GET', url: BASE, headers: await t.headers(uniqueTenant()) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('counts only authorised requests: a bad token with a tenant id uses none of that tenant', async () => {
    const tenant = uniqueTenant();
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: BASE,
        headers: { authorization: 'Bearer not-a-token', 'x-tenant-id': tenant },
      });
      expect(res.statusCode).toBe(401);
    }
    const other = await t.headers(uniqueTenant());
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'GET', url: BASE, headers: { ...other, 'x-tenant-id': tenant } });
      expect(res.statusCode).toBe(403);
    }
    const h = await t.headers(tenant);
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ method: 'GET', url: BASE, headers: h })).statusCode).toBe(200);
  });

  it('counts each GraphQL root field as one request, and refuses every field of one over the limit', async () => {
    const h = { ...(await t.headers(uniqueTenant())), 'content-type': 'application/json' };
    const query = { query: '{ a: metrics { name } b: entities { name } c: metrics { name } }' };
    // Three root fields use up the burst of 3 at once.
    const first = await t.app.inject({ method: 'POST', url: '/graphql', headers: h, payload: query });
    expect(first.json().errors).toBeUndefined();
    const res = await t.app.inject({ method: 'POST', url: '/graphql', headers: h, payload: query });
    expect(res.json().data).toBeNull();
    // Nullable fields show that every field of the refused request is refused, not only the first.
    const nullable = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: h,
      payload: { query: '{ a: outboxRecord(id: "1") { id } b: outboxRecord(id: "2") { id } }' },
    });
    const body = nullable.json();
    expect(body.data).toEqual({ a: null, b: null });
    const errors = body.errors as Array<{ path: string[]; extensions: { code: string; retryAfterSeconds?: number } }>;
    expect(errors.map((e) => e.path[0]).sort()).toEqual(['a', 'b']);
    expect(
      errors.every(
        (e) =>
          e.extensions.code === 'RATE_LIMITED' &&
          // Two root fields need two of the one-a-minute refills.
          e.extensions.retryAfterSeconds! > 60 &&
          e.extensions.retryAfterSeconds! <= 120,
      ),
    ).toBe(true);
  });
});

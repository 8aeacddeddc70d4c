import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';

const BASE = '/metadata/entity-webhooks';
const valid = { entityName: 'orders', events: 'INSERT,UPDATE', webhookUrl: 'https://example.com/hook' };

describe('webhook configurations over REST', () => {
  let t: TestApp;
  let tenant: string;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  const create = async (body: unknown, headers = h, url = BASE) =>
    t.app.inject({ method: 'POST', url, headers, payload: body as object });

  it('creates with the defaults, never returns the secret, and sets audit fields from the token', async () => {
    tenant = uniqueTenant();
    h = await t.headers(tenant);
    const res = await create({
      ...valid,
      events: ' insert, Update ,INSERT',
      secret: 'shh',
      id: 'ignored',
      tenantId: 'other',
      createdBy: 'x',
      extra: 1,
    });
    expect(res.statusCode).toBe(201);
    const dto = res.json();
    expect(res.headers.location).toBe(`${BASE}/${dto.id}`);
    expect(dto).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tenantId: tenant,
      entityName: 'orders',
      events: 'INSERT,UPDATE',
      webhookUrl: 'https://example.com/hook',
      httpMethod: 'POST',
      headersJson: null,
      timeoutMs: 3000,
      maxRetries: 3,
      backoffInitialSeconds: 5,
      backoffFactor: 2,
      enabled: true,
      hasSecret: true,
      signatureScheme: 'HOOKGATE_V1',
      rateLimitPerSecond: null,
      maxInFlight: null,
      ordering: 'NONE',
      filter: null,
      changedFields: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: dto.createdAt,
      createdBy: 'test-user',
      updatedBy: 'test-user',
    });
    expect(JSON.stringify(dto)).not.toContain('shh');
    const row = await t.runtime.db.pool.query('SELECT secret, tenant_id FROM webhook_configs WHERE id = $1', [dto.id]);
    expect(row.rows[0]).toEqual({ secret: 'shh', tenant_id: tenant });
  });

  it('gets, updates partially, disables, and soft-deletes', async () => {
    const dto = (await create({ ...valid, httpMethod: 'put', headersJson: '{"X-A":"1"}' })).json();
    expect(dto.httpMethod).toBe('PUT');
    const got = await t.app.inject({ method: 'GET', url: `${BASE}/${dto.id}`, headers: h });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(dto);

    const upd = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${dto.id}`,
      headers: h,
      payload: { enabled: false, timeoutMs: 500 },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ ...dto, enabled: false, timeoutMs: 500, updatedAt: expect.any(String) });
    expect(upd.json().headersJson).toBe('{"X-A":"1"}');

    // Clients that send Content-Type: application/json on every request, with no body.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/${dto.id}`,
      headers: { ...h, 'content-type': 'application/json' },
    });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const again = await t.app.inject({ method: 'DELETE', url: `${BASE}/${dto.id}`, headers: h });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('WEBHOOK_CONFIG_NOT_FOUND');
    const gone = await t.app.inject({ method: 'GET', url: `${BASE}/${dto.id}`, headers: h });
    expect(gone.statusCode).toBe(404);
    const row = await t.runtime.db.pool.query('SELECT deleted FROM webhook_configs WHERE id = $1', [dto.id]);
    expect(row.rows[0].deleted).toBe(true);
  });

  it('lists with paging, filter and sort, and by entity including disabled ones', async () => {
    const tn = uniqueTenant();
    const hh = await t.headers(tn);
    const ids: string[] = [];
    for (const [i, e] of ['b', 'a', 'c', 'a', 'b'].entries()) {
      ids.push((await create({ ...valid, entityName: `ent_${e}`, enabled: i !== 1 }, hh)).json().id);
    }
    const page1 = (
      await t.app.inject({
        method: 'GET',
        url: `${BASE}?page=1&size=2&sortBy=entityName&sortDirection=asc`,
        headers: hh,
      })
    ).json();
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect(page1.items.map((i: { entityName: string }) => i.entityName)).toEqual(['ent_a', 'ent_a']);
    const page3 = (
      await t.app.inject({
        method: 'GET',
        url: `${BASE}?page=3&pageSize=2&sortBy=entityName&sortDirection=ASC`,
        headers: hh,
      })
    ).json();
    expect(page3.items.map((i: { entityName: string }) => i.entityName)).toEqual(['ent_c']);
    const filtered = (await t.app.inject({ method: 'GET', url: `${BASE}?entityName=ent_b`, headers: hh })).json();
    expect(filtered.total).toBe(2);
    // Default order: createdAt DESC.
    expect(filtered.items.map((i: { id: string }) => i.id)).toEqual([ids[4], ids[0]]);
    const empty = (await t.app.inject({ method: 'GET', url: `${BASE}?entityName=none`, headers: hh })).json();
    expect(empty).toEqual({ items: [], page: 1, pageSize: 20, total: 0, totalPages: 0 });

    const byEntity = await t.app.inject({ method: 'GET', url: `${BASE}/internal/by-entity/ent_a`, headers: hh });
    expect(byEntity.statusCode).toBe(200);
    expect(
      byEntity
        .json()
        .map((c: { enabled: boolean }) => c.enabled)
        .sort(),
    ).toEqual([false, true]);

    for (const bad of ['page=0', 'pageSize=101', 'size=0', 'sortBy=secret', 'sortDirection=up', 'page=x']) {
      const res = await t.app.inject({ method: 'GET', url: `${BASE}?${bad}`, headers: hh });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('rejects invalid bodies with field details and changes nothing', async () => {
    const tn = uniqueTenant();
    const hh = await t.headers(tn);
    const cases: Array<[unknown, string, string]> = [
      [{ events: 'INSERT', webhookUrl: 'https://x.io' }, 'VALIDATION_FAILED', 'entityName'],
      [{ ...valid, events: '' }, 'VALIDATION_FAILED', 'events'],
      [{ ...valid, events: 'INSERT,TRUNCATE' }, 'VALIDATION_FAILED', 'events'],
      [{ ...valid, webhookUrl: 'ftp://x.io/a' }, 'VALIDATION_FAILED', 'webhookUrl'],
      [{ ...valid, webhookUrl: '/relative' }, 'VALIDATION_FAILED', 'webhookUrl'],
      [{ ...valid, webhookUrl: 'https://x.io/' + 'a'.repeat(2048) }, 'VALIDATION_FAILED', 'webhookUrl'],
      [{ ...valid, timeoutMs: 0 }, 'VALIDATION_FAILED', 'timeoutMs'],
      [{ ...valid, timeoutMs: 60001 }, 'VALIDATION_FAILED', 'timeoutMs'],
      [{ ...valid, timeoutMs: '3000' }, 'VALIDATION_FAILED', 'timeoutMs'],
      [{ ...valid, maxRetries: 101 }, 'VALIDATION_FAILED', 'maxRetries'],
      [{ ...valid, maxRetries: -1 }, 'VALIDATION_FAILED', 'maxRetries'],
      [{ ...valid, backoffFactor: 'fast' }, 'VALIDATION_FAILED', 'backoffFactor'],
      [{ ...valid, enabled: 'yes' }, 'VALIDATION_FAILED', 'enabled'],
      [{ ...valid, headersJson: 'not json' }, 'WEBHOOK_HEADERS_INVALID', 'headersJson'],
      [{ ...valid, headersJson: '[1,2]' }, 'WEBHOOK_HEADERS_INVALID', 'headersJson'],
      [{ ...valid, headersJson: '{"X-A": 1}' }, 'WEBHOOK_HEADERS_INVALID', 'headersJson'],
      [{ ...valid, headersJson: '"str"' }, 'WEBHOOK_HEADERS_INVALID', 'headersJson'],
      [{ ...valid, headersJson: '{"X-A": "a\\r\\nX-Evil: 1"}' }, 'WEBHOOK_HEADERS_INVALID', 'headersJson'],
      [[valid], 'VALIDATION_FAILED', 'body'],
    ];
    for (const [body, code, field] of cases) {
      const res = await create(body, hh);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      const err = res.json().error;
      expect(err.code).toBe(code);
      expect(err.requestId).toBe(res.headers['x-request-id']);
      expect(err.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    // Stored as given: the spec replaces these at delivery, not at create.
    const odd = await create({ ...valid, backoffInitialSeconds: 0, backoffFactor: 0.5, maxRetries: 0 }, hh);
    expect(odd.statusCode).toBe(201);
    expect(odd.json()).toMatchObject({ backoffInitialSeconds: 0, backoffFactor: 0.5, maxRetries: 0 });
    const count = await t.runtime.db.pool.query('SELECT count(*)::int AS n FROM webhook_configs WHERE tenant_id = $1', [
      tn,
    ]);
    expect(count.rows[0].n).toBe(1);

    const id = odd.json().id;
    const badUpdate = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${id}`,
      headers: hh,
      payload: { webhookUrl: null, enabled: false },
    });
    expect(badUpdate.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: hh })).json().enabled).toBe(true);
  });

  it('maps protocol errors: malformed JSON, wrong content type, oversized body', async () => {
    const hh = await t.headers(uniqueTenant());
    const emptyCreate = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...hh, 'content-type': 'application/json' },
      payload: '',
    });
    expect(emptyCreate.statusCode).toBe(400);
    expect(emptyCreate.json().error.code).toBe('VALIDATION_FAILED');
    const protoPoison = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...hh, 'content-type': 'application/json' },
      payload: '{"__proto__":{"x":1},"entityName":"a"}',
    });
    expect(protoPoison.statusCode).toBe(400);
    const badJson = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...hh, 'content-type': 'application/json' },
      payload: '{"entityName":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.code).toBe('VALIDATION_FAILED');
    const text = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...hh, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { ...hh, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...valid, entityName: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves the same routes under /api/v1/entity-webhooks', async () => {
    const hh = await t.headers(uniqueTenant());
    const res = await create(valid, hh, '/api/v1/entity-webhooks');
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/entity-webhooks/${res.json().id}`);
    const got = await t.app.inject({ method: 'GET', url: `${BASE}/${res.json().id}`, headers: hh });
    expect(got.statusCode).toBe(200);
  });
});

describe('authentication and tenancy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  it('answers 401 with WWW-Authenticate for missing, malformed, badly signed and expired tokens', async () => {
    const tenant = uniqueTenant();
    const { mintToken } = await import('../../src/auth/tokens');
    const forged = await mintToken('another-secret-another-secret-1234567', {
      sub: 'x',
      tenantId: tenant,
      permissions: ['admin'],
    });
    const expired = await mintToken((await import('../support/app')).TEST_JWT_SECRET, {
      sub: 'x',
      tenantId: tenant,
      permissions: ['admin'],
      expiresIn: '-1h',
    });
    for (const authorization of [
      undefined,
      'Basic abc',
      'Bearer',
      'Bearer not.a.jwt',
      `Bearer ${forged}`,
      `Bearer ${expired}`,
    ]) {
      const headers: Record<string, string> = { 'x-tenant-id': tenant };
      if (authorization) headers.authorization = authorization;
      const res = await t.app.inject({ method: 'GET', url: BASE, headers });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('needs X-Tenant-Id in the allowed form', async () => {
    const token = await t.token('acme');
    const missing = await t.app.inject({ method: 'GET', url: BASE, headers: { authorization: `Bearer ${token}` } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('TENANT_REQUIRED');
    const malformed = await t.app.inject({
      method: 'GET',
      url: BASE,
      headers: { authorization: `Bearer ${token}`, 'x-tenant-id': '-bad tenant' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('enforces permissions and the token tenant; admin works for any tenant; internal only by-entity', async () => {
    const a = uniqueTenant('a');
    const b = uniqueTenant('b');
    const tokenA = await t.token(a);
    const created = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: { authorization: `Bearer ${tokenA}`, 'x-tenant-id': a },
      payload: valid,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;

    const crossTenant = await t.app.inject({
      method: 'GET',
      url: BASE,
      headers: { authorization: `Bearer ${tokenA}`, 'x-tenant-id': b },
    });
    expect(crossTenant.statusCode).toBe(403);
    expect(crossTenant.json().error.code).toBe('FORBIDDEN');

    const hB = await t.headers(b);
    for (const [method, url] of [
      ['GET', `${BASE}/${id}`],
      ['PUT', `${BASE}/${id}`],
      ['DELETE', `${BASE}/${id}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: hB,
        ...(method === 'PUT' ? { payload: { enabled: false } } : {}),
      });
      expect(res.statusCode, `${method} foreign id`).toBe(404);
      expect(res.json().error.code).toBe('WEBHOOK_CONFIG_NOT_FOUND');
    }
    const listB = (await t.app.inject({ method: 'GET', url: BASE, headers: hB })).json();
    expect(listB.total).toBe(0);
    const byEntityB = (
      await t.app.inject({ method: 'GET', url: `${BASE}/internal/by-entity/orders`, headers: hB })
    ).json();
    expect(byEntityB).toEqual([]);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${BASE}/${id}`,
          headers: { authorization: `Bearer ${tokenA}`, 'x-tenant-id': a },
        })
      ).json().enabled,
    ).toBe(true);

    const admin = await t.token(undefined, ['admin']);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${id}`,
      headers: { authorization: `Bearer ${admin}`, 'x-tenant-id': a },
    });
    expect(asAdmin.statusCode).toBe(200);

    const internal = await t.token(undefined, ['internal']);
    const hi = { authorization: `Bearer ${internal}`, 'x-tenant-id': a };
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/internal/by-entity/orders`, headers: hi })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: hi })).statusCode).toBe(403);

    const analyst = await t.token(a, ['analytics:read']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: BASE,
          headers: { authorization: `Bearer ${analyst}`, 'x-tenant-id': a },
        })
      ).statusCode,
    ).toBe(403);
    // A space-separated scope claim is read as permissions too.
    const jose = await import('jose');
    const scoped = await new jose.SignJWT({ scope: 'openid tenant:admin', tenant_id: a })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('scoped')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode((await import('../support/app')).TEST_JWT_SECRET));
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: BASE,
          headers: { authorization: `Bearer ${scoped}`, 'x-tenant-id': a },
        })
      ).statusCode,
    ).toBe(200);
  });
});

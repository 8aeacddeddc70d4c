import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { PortalTokens } from '../../src/portal/tokens';
import { startTestApp, TEST_JWT_SECRET, uniqueTenant, type TestApp } from '../support/app';
import {
  createPortalSession,
  gql,
  PORTAL_SECRET,
  portalHeaders,
  portalTenant,
  type PortalTenant,
} from '../support/portal';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const SESSIONS = '/metadata/portal-sessions';

const CREATE = `mutation ($input: PortalSessionInput!) {
  createPortalSession(input: $input) { id url token expiresAt entityNames title accentColor }
}`;
const REVOKE = `mutation ($id: ID!) { revokePortalSession(id: $id) }`;
const WHO = `{ portalSession { id tenantId entityNames title accentColor expiresAt } }`;

/** A JWT's payload, and whether its HS256 signature is right for `secret` (computed here, not by the service). */
function openToken(token: string, secret: string): { payload: any; signed: boolean } {
  const [header, payload, signature] = token.split('.');
  const mac = crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return { payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), signed: mac === signature };
}

describe('portal sessions', () => {
  let t: TestApp;
  let p: PortalTenant;
  const rows = async (tenant: string) =>
    (await t.runtime.db.pool.query('SELECT * FROM portal_sessions WHERE tenant_id = $1', [tenant])).rows;
  const listConfigs = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/metadata/entity-webhooks', headers });

  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', PORTAL_TOKEN_SECRET: PORTAL_SECRET });
    p = await portalTenant(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a session over REST: 201, a link to the portal pages and a token signed with PORTAL_TOKEN_SECRET', async () => {
    const before = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: SESSIONS,
      headers: { ...p.admin, host: 'hooks.internal:8080' },
      payload: { entityNames: ['orders', 'invoices'], title: 'Acme <b>webhooks</b>', accentColor: '#AbC012' },
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s).toEqual({
      id: expect.stringMatching(UUID),
      url: `http://hooks.internal:8080/console/portal#token=${s.token}`,
      token: expect.any(String),
      expiresAt: expect.stringMatching(ISO_MS),
      entityNames: ['orders', 'invoices'],
      title: 'Acme <b>webhooks</b>',
      accentColor: '#AbC012',
    });
    const expiresAt = Date.parse(s.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    const { payload, signed } = openToken(s.token, PORTAL_SECRET);
    expect(signed).toBe(true);
    expect(openToken(s.token, TEST_JWT_SECRET).signed).toBe(false);
    expect(payload).toMatchObject({
      tenant_id: p.tenant,
      entity_names: ['orders', 'invoices'],
      sid: s.id,
      exp: expiresAt / 1000,
      title: 'Acme <b>webhooks</b>',
      accent_color: '#AbC012',
    });
    const [row] = (await rows(p.tenant)).filter((r) => r.id === s.id);
    expect(row).toMatchObject({ entity_names: ['orders', 'invoices'], created_by: 'test-user', revoked_at: null });
    expect(row.expires_at.getTime()).toBe(expiresAt);
  });

  it('answers at the /api/v1 paths too, and with ttlSeconds', async () => {
    for (const path of ['/api/v1/portal-sessions', '/api/v1/metadata/portal-sessions']) {
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: p.admin,
        payload: { entityNames: ['refunds'], ttlSeconds: 60 },
      });
      expect(res.statusCode).toBe(201);
      const s = res.json();
      expect(Date.parse(s.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
      expect(Date.parse(s.expiresAt) - Date.now()).toBeGreaterThan(55_000);
      expect(s).toMatchObject({ entityNames: ['refunds'], title: null, accentColor: null });
      expect(openToken(s.token, PORTAL_SECRET).payload.title).toBeUndefined();
    }
  });

  it('refuses bad input with 400 VALIDATION_FAILED naming the field, and stores nothing', async () => {
    const count = (await rows(p.tenant)).length;
    const fifty = Array.from({ length: 51 }, (_, i) => `e${i}`);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'entityNames'],
      [{ entityNames: [] }, 'entityNames'],
      [{ entityNames: 'orders' }, 'entityNames'],
      [{ entityNames: fifty }, 'entityNames'],
      [{ entityNames: ['orders', 'orders'] }, 'entityNames[1]'],
      [{ entityNames: ['orders', '$operations'] }, 'entityNames[1]'],
      [{ entityNames: ['orders', 'nope'] }, 'entityNames[1]'],
      [{ entityNames: ['orders', 7] }, 'entityNames[1]'],
      [{ entityNames: ['orders'], ttlSeconds: 59 }, 'ttlSeconds'],
      [{ entityNames: ['orders'], ttlSeconds: 86_401 }, 'ttlSeconds'],
      [{ entityNames: ['orders'], ttlSeconds: 90.5 }, 'ttlSeconds'],
      [{ entityNames: ['orders'], ttlSeconds: '600' }, 'ttlSeconds'],
      [{ entityNames: ['orders'], title: '' }, 'title'],
      [{ entityNames: ['orders'], title: 'x'.repeat(81) }, 'title'],
      [{ entityNames: ['orders'], title: 5 }, 'title'],
      [{ entityNames: ['orders'], accentColor: 'red' }, 'accentColor'],
      [{ entityNames: ['orders'], accentColor: '#12345' }, 'accentColor'],
      [{ entityNames: ['orders'], accentColor: '#12345g' }, 'accentColor'],
      [{ entityNames: ['orders'], colour: '#123456' }, 'colour'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: SESSIONS, headers: p.admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
      // GraphQL checks the same (where its types let the value through).
      if (typeof payload.ttlSeconds !== 'string' && typeof payload.title !== 'number' && !('colour' in payload)) {
        const input = { ...payload };
        if (!Array.isArray(input.entityNames) || input.entityNames.some((n) => typeof n !== 'string')) continue;
        if (typeof input.ttlSeconds === 'number' && !Number.isInteger(input.ttlSeconds)) continue;
        const g = await gql(t, CREATE, { input }, p.admin);
        expect(g.errors?.[0].extensions?.code, JSON.stringify(payload)).toBe('VALIDATION_FAILED');
        expect(g.errors?.[0].extensions?.details?.map((d) => d.field)).toContain(field);
      }
    }
    const ok = ['#abcdef', '#ABCDEF'];
    for (const accentColor of ok) await createPortalSession(t, p.admin, { entityNames: ['orders'], accentColor });
    expect(await rows(p.tenant)).toHaveLength(count + ok.length);
  });

  it('creates a session over GraphQL with the same answer, the token working at once', async () => {
    const g = await gql(
      t,
      CREATE,
      { input: { entityNames: ['invoices'], ttlSeconds: 600, title: 'Billing' } },
      p.admin,
    );
    expect(g.errors).toBeUndefined();
    const s = g.data.createPortalSession;
    expect(s).toMatchObject({ entityNames: ['invoices'], title: 'Billing', accentColor: null });
    expect(s.url).toBe(`http://localhost:80/console/portal#token=${s.token}`);
    expect(s.expiresAt).toMatch(ISO_MS);
    const list = await listConfigs(portalHeaders(s.token));
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((c: { entityName: string }) => c.entityName)).toEqual(['invoices']);
  });

  it('lets only a tenant admin (or admin) create and revoke sessions', async () => {
    const body = { entityNames: ['orders'] };
    const post = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: SESSIONS, headers, payload: body });
    const count = (await rows(p.tenant)).length;
    expect((await post({ 'x-tenant-id': p.tenant })).statusCode).toBe(401);
    const reader = await t.headers(p.tenant, ['analytics:read', 'data:write']);
    expect((await post(reader)).statusCode).toBe(403);
    expect((await post({ ...(await t.headers(uniqueTenant())), 'x-tenant-id': p.tenant })).statusCode).toBe(403);
    const portal = await createPortalSession(t, p.admin, body);
    const byPortal = await post(portalHeaders(portal.token));
    expect(byPortal.statusCode).toBe(403);
    expect(byPortal.json().error.code).toBe('FORBIDDEN');
    expect(codes(await gql(t, CREATE, { input: body }, portalHeaders(portal.token)))).toEqual(['FORBIDDEN']);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${SESSIONS}/${portal.id}`,
      headers: portalHeaders(portal.token),
    });
    expect(del.statusCode).toBe(403);
    expect(codes(await gql(t, REVOKE, { id: portal.id }, portalHeaders(portal.token)))).toEqual(['FORBIDDEN']);
    expect(await rows(p.tenant)).toHaveLength(count + 1);
    expect((await listConfigs(portalHeaders(portal.token))).statusCode).toBe(200);
    const admin = await t.headers(p.tenant, ['admin']);
    expect((await post(admin)).statusCode).toBe(201);
  });

  it('ends a session at once on revocation (REST 204, GraphQL true): its token is then 401', async () => {
    const a = await createPortalSession(t, p.admin, { entityNames: ['orders'] });
    const b = await createPortalSession(t, p.admin, { entityNames: ['orders'] });
    expect((await listConfigs(portalHeaders(a.token))).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `${SESSIONS}/${a.id}`, headers: p.admin });
    expect(del.statusCode).toBe(204);
    const after = await listConfigs(portalHeaders(a.token));
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('UNAUTHENTICATED');
    expect(after.headers['www-authenticate']).toBe('Bearer');
    expect(codes(await gql(t, WHO, {}, portalHeaders(a.token)))).toEqual(['UNAUTHENTICATED']);
    // Revoking again changes nothing and is no error.
    expect((await t.app.inject({ method: 'DELETE', url: `${SESSIONS}/${a.id}`, headers: p.admin })).statusCode).toBe(
      204,
    );
    expect((await listConfigs(portalHeaders(b.token))).statusCode).toBe(200);
    const g = await gql(t, REVOKE, { id: b.id }, p.admin);
    expect(g.data).toEqual({ revokePortalSession: true });
    expect((await listConfigs(portalHeaders(b.token))).statusCode).toBe(401);
    const [row] = (await rows(p.tenant)).filter((r) => r.id === b.id);
    expect(row.revoked_at).toBeInstanceOf(Date);
  });

  it('answers 404 PORTAL_SESSION_NOT_FOUND for unknown, malformed and other tenants’ session ids', async () => {
    const other = await portalTenant(t);
    const theirs = await createPortalSession(t, other.admin, { entityNames: ['orders'] });
    for (const id of [crypto.randomUUID(), 'not-a-uuid', theirs.id]) {
      const res = await t.app.inject({ method: 'DELETE', url: `${SESSIONS}/${id}`, headers: p.admin });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('PORTAL_SESSION_NOT_FOUND');
      expect(codes(await gql(t, REVOKE, { id }, p.admin))).toEqual(['PORTAL_SESSION_NOT_FOUND']);
    }
    expect((await listConfigs(portalHeaders(theirs.token))).statusCode).toBe(200);
  });

  it('answers 401 for an expired session, an expired token and tokens not signed with PORTAL_TOKEN_SECRET', async () => {
    const s = await createPortalSession(t, p.admin, { entityNames: ['orders'] });
    const claims = openToken(s.token, PORTAL_SECRET).payload;
    // Expired by its row (the token itself still runs).
    await t.runtime.db.pool.query(`UPDATE portal_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      s.id,
    ]);
    expect((await listConfigs(portalHeaders(s.token))).statusCode).toBe(401);
    const live = await createPortalSession(t, p.admin, { entityNames: ['orders'] });
    const sign = (secret: string, exp: number) =>
      new PortalTokens(secret).sign({
        sessionId: live.id,
        tenantId: p.tenant,
        entityNames: ['orders', 'invoices', 'refunds'],
        title: null,
        accentColor: null,
        exp,
      });
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expect((await listConfigs(portalHeaders(await sign(PORTAL_SECRET, inAnHour)))).statusCode).toBe(200);
    const expired = await listConfigs(portalHeaders(await sign(PORTAL_SECRET, Math.floor(Date.now() / 1000) - 1)));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toMatch(/expired/);
    expect((await listConfigs(portalHeaders(await sign('x'.repeat(40), inAnHour)))).statusCode).toBe(401);
    expect((await listConfigs(portalHeaders(await sign(TEST_JWT_SECRET, inAnHour)))).statusCode).toBe(401);
    // A token claiming a portal's marks but signed with the API's own key is no portal token.
    const [h, body] = live.token.split('.');
    const resigned = crypto.createHmac('sha256', TEST_JWT_SECRET).update(`${h}.${body}`).digest('base64url');
    expect((await listConfigs(portalHeaders(`${h}.${body}.${resigned}`))).statusCode).toBe(401);
    // A payload changed after signing (more entities) fails.
    const widened = Buffer.from(JSON.stringify({ ...claims, sid: live.id, entity_names: ['orders', 'x'] })).toString(
      'base64url',
    );
    const tampered = `${h}.${widened}.${live.token.split('.')[2]}`;
    expect((await listConfigs(portalHeaders(tampered))).statusCode).toBe(401);
  });

  it('takes the tenant from the token: X-Tenant-Id may be left out, the same one is fine, another is 403', async () => {
    const s = await createPortalSession(t, p.admin, { entityNames: ['orders'] });
    const h = portalHeaders(s.token);
    expect((await listConfigs(h)).statusCode).toBe(200);
    expect((await listConfigs({ ...h, 'x-tenant-id': p.tenant })).statusCode).toBe(200);
    const other = await listConfigs({ ...h, 'x-tenant-id': uniqueTenant() });
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('FORBIDDEN');
    expect((await listConfigs({ ...h, 'x-tenant-id': 'bad tenant!' })).statusCode).toBe(400);
    const g = await gql(t, `{ webhookConfigs { total } }`, {}, { ...h, 'x-tenant-id': uniqueTenant() });
    expect(codes(g)).toEqual(['FORBIDDEN']);
  });

  it('tells a portal token its own session (REST and GraphQL); other tokens get 403', async () => {
    const s = await createPortalSession(t, p.admin, {
      entityNames: ['orders', 'refunds'],
      title: 'Acme',
      accentColor: '#112233',
    });
    const expected = {
      id: s.id,
      tenantId: p.tenant,
      entityNames: ['orders', 'refunds'],
      title: 'Acme',
      accentColor: '#112233',
      expiresAt: s.expiresAt,
    };
    for (const path of ['/metadata/portal-session', '/api/v1/portal-session']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: portalHeaders(s.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expected);
    }
    expect((await gql(t, WHO, {}, portalHeaders(s.token))).data).toEqual({ portalSession: expected });
    const admin = await t.app.inject({ method: 'GET', url: '/metadata/portal-session', headers: p.admin });
    expect(admin.statusCode).toBe(403);
    expect(codes(await gql(t, WHO, {}, p.admin))).toEqual(['FORBIDDEN']);
  });

  it('gives a JWT claiming a "portal" permission nothing', async () => {
    const token = await mintToken(TEST_JWT_SECRET, { sub: 'x', tenantId: p.tenant, permissions: ['portal'] });
    const res = await listConfigs({ authorization: `Bearer ${token}`, 'x-tenant-id': p.tenant });
    expect(res.statusCode).toBe(403);
  });
});

describe('portal sessions: settings', () => {
  it('answers 503 UNAVAILABLE naming PORTAL_TOKEN_SECRET when it is not set, and stores nothing', async () => {
    const t = await startTestApp({ DISPATCHER: 'off' });
    try {
      const p = await portalTenant(t);
      const res = await t.app.inject({
        method: 'POST',
        url: SESSIONS,
        headers: p.admin,
        payload: { entityNames: ['orders'] },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('UNAVAILABLE');
      expect(res.json().error.message).toContain('PORTAL_TOKEN_SECRET');
      const g = await gql(t, CREATE, { input: { entityNames: ['orders'] } }, p.admin);
      expect(codes(g)).toEqual(['UNAVAILABLE']);
      const { rows } = await t.runtime.db.pool.query('SELECT 1 FROM portal_sessions WHERE tenant_id = $1', [p.tenant]);
      expect(rows).toHaveLength(0);
    } finally {
      await t.close();
    }
  });

  it('starts links with PUBLIC_BASE_URL, and counts portal requests against the tenant’s rate limit', async () => {
    const t = await startTestApp({
      DISPATCHER: 'off',
      PORTAL_TOKEN_SECRET: PORTAL_SECRET,
      PUBLIC_BASE_URL: 'https://hooks.example.com/gate/',
    });
    try {
      const p = await portalTenant(t);
      const s = await createPortalSession(t, p.admin, { entityNames: ['orders'] });
      expect(s.url).toBe(`https://hooks.example.com/gate/console/portal#token=${s.token}`);
    } finally {
      await t.close();
    }
    const limited = await startTestApp({
      DISPATCHER: 'off',
      PORTAL_TOKEN_SECRET: PORTAL_SECRET,
      RATE_LIMIT_PER_MINUTE: '1',
      RATE_LIMIT_BURST: '12',
    });
    try {
      const p = await portalTenant(limited);
      // 3 entities + 3 configurations so far; the session is the 7th request.
      const s = await createPortalSession(limited, p.admin, { entityNames: ['orders'] });
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const res = await limited.app.inject({
          method: 'GET',
          url: '/metadata/entity-webhooks',
          headers: portalHeaders(s.token),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      // The tenant's admin is over the same limit now; another tenant is not.
      const admin = await limited.app.inject({ method: 'GET', url: '/metadata/entity-webhooks', headers: p.admin });
      expect(admin.statusCode).toBe(429);
      const other = await limited.headers(uniqueTenant());
      expect(
        (await limited.app.inject({ method: 'GET', url: '/metadata/entity-webhooks', headers: other })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

const codes = (r: { errors?: Array<{ extensions?: { code?: string } }> }) =>
  (r.errors ?? []).map((e) => e.extensions?.code);

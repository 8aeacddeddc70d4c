import os from 'node:os';
import path from 'node:path';
import * as jose from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig } from '../../src/config';
import { createHttpServer } from '../../src/runtime';
import { startTestApp, TEST_JWT_SECRET, uniqueTenant, type TestApp } from '../support/app';
import { startProcess, type ServerProcess } from '../support/process';

const started: ServerProcess[] = [];
afterAll(async () => {
  for (const p of started) {
    if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await p.exited;
  }
});

const configError = (env: Record<string, string | undefined>) => {
  try {
    loadConfig(env);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
};

describe('start-up rules', () => {
  it('runs development authentication only with the embedded database and NODE_ENV unset or exactly development', () => {
    expect(configError({})).toBeUndefined();
    expect(configError({ NODE_ENV: 'development' })).toBeUndefined();
    expect(loadConfig({}).devAuth).toBe(true);
    for (const nodeEnv of ['Production', 'PRODUCTION', 'production ', 'prod', 'staging', 'test', 'Development']) {
      expect(configError({ NODE_ENV: nodeEnv }), nodeEnv).toMatch(/AUTH_JWT_SECRET/);
    }
    expect(configError({ DATABASE_URL: 'postgresql://db/x' })).toMatch(/DATABASE_URL.*AUTH_JWT_SECRET/);
    expect(configError({ NODE_ENV: 'development', DATABASE_URL: 'postgresql://db/x' })).toMatch(/DATABASE_URL/);
    // With keys, any combination starts (production also needs its secrets key).
    const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
    expect(configError({ NODE_ENV: 'Production', AUTH_JWT_SECRET: TEST_JWT_SECRET, SECRETS_KEY })).toBeUndefined();
    expect(configError({ HOST: '0.0.0.0', AUTH_JWT_SECRET: TEST_JWT_SECRET })).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'Production', AUTH_JWT_SECRET: TEST_JWT_SECRET, SECRETS_KEY }).production).toBe(true);
  });

  it('runs development authentication only on a loopback listen address', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', 'localhost', 'LocalHost']) {
      expect(configError({ HOST: host }), host).toBeUndefined();
      expect(loadConfig({ HOST: host, NODE_ENV: 'development' }).devAuth, host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.20',
      '10.0.0.1',
      '128.0.0.1',
      '::2',
      'example.com',
      'localhost.evil.test',
    ]) {
      expect(configError({ HOST: host }), host).toMatch(
        new RegExp(`^HOST=${host.replace(/\./g, '\\.')} is not a loopback address and no AUTH_JWT_SECRET`),
      );
    }
  });

  it('refuses to start on HOST=0.0.0.0 without an AUTH_* setting, with a clear message', async () => {
    const p = startProcess('main.ts', {
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      DATA_DIR: path.join(os.tmpdir(), 'hookgate-never'),
    });
    started.push(p);
    expect(await p.exited).toBe(2);
    expect(p.output()).toMatch(/HOST=0\.0\.0\.0 is not a loopback address .*refusing to start/);
    expect(p.output()).not.toMatch(/Development token/);
  });

  it('validates the new settings at start', () => {
    for (const [name, value] of [
      ['REQUEST_TIMEOUT_MS', '0'],
      ['GRAPHQL_MAX_ALIASES', 'many'],
      ['GRAPHQL_MAX_ROOT_FIELDS', '0'],
      ['GRAPHQL_MAX_DEPTH', '-1'],
      ['WEBHOOK_MAX_CONFIGS_PER_ENTITY', '1.5'],
      ['METRICS_TOKEN', 'short'],
    ]) {
      expect(configError({ [name]: value }), name).toMatch(new RegExp(name));
    }
    const c = loadConfig({});
    expect(c.requestTimeoutMs).toBe(30_000);
    expect(c.graphql).toEqual({
      maxAliases: 30,
      maxRootFields: 10,
      maxDepth: 12,
      maxListItems: 5000,
      maxTextBytes: 16 * 1024 * 1024,
    });
    expect(c.webhookMaxConfigsPerEntity).toBe(50);
  });

  it('refuses to start with NODE_ENV=Production and no AUTH_* setting, with a clear message', async () => {
    const p = startProcess('main.ts', { NODE_ENV: 'Production', DATA_DIR: path.join(os.tmpdir(), 'hookgate-never') });
    started.push(p);
    expect(await p.exited).toBe(2);
    expect(p.output()).toMatch(/NODE_ENV=Production .*refusing to start/);
    expect(p.output()).not.toMatch(/Development token/);
  });
});

describe('tokens and /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', METRICS_TOKEN: 'scrape-me-0123456789' });
  });
  afterAll(() => t.close());

  it('refuses a token without exp (401)', async () => {
    const tenant = uniqueTenant();
    const noExp = await new jose.SignJWT({ permissions: ['tenant:admin'], tenant_id: tenant })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('forever')
      .setIssuedAt()
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await t.app.inject({
      method: 'GET',
      url: '/metadata/entity-webhooks',
      headers: { authorization: `Bearer ${noExp}`, 'x-tenant-id': tenant },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
    expect(res.headers['www-authenticate']).toBe('Bearer');
    const withExp = await t.app.inject({
      method: 'GET',
      url: '/metadata/entity-webhooks',
      headers: await t.headers(tenant),
    });
    expect(withExp.statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, /metrics needs Authorization: Bearer <METRICS_TOKEN>', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', 'scrape-me-0123456789']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-me-0123456789' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('hookgate_http_requests_total');
  });

  it('without METRICS_TOKEN, /metrics is open but names no tenant', async () => {
    const open = await startTestApp({ DISPATCHER: 'off' });
    try {
      // A series with a tenant label, as the dispatcher's backlog gauge makes.
      const { Gauge } = await import('prom-client');
      const gauge = new Gauge({
        name: 'test_tenant_series',
        help: 'a per-tenant series',
        labelNames: ['tenant'],
        registers: [open.runtime.services.metrics.registry],
      });
      gauge.set({ tenant: 'secret-tenant-id' }, 1);
      const res = await open.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('hookgate_http_requests_total');
      expect(res.body).not.toContain('secret-tenant-id');
    } finally {
      await open.close();
    }
  });
});

describe('/console/dev-session', () => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    // The server's development session, signed with the key the test verifier knows.
    app = await createHttpServer({ ...t.runtime, devSecret: TEST_JWT_SECRET });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const get = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/console/dev-session', headers });

  it('answers a loopback host with a token for tenant demo that expires within 12 hours', async () => {
    for (const host of ['localhost', 'localhost:4000', '127.0.0.1', '127.0.0.1:4000', '[::1]', '[::1]:4000']) {
      const res = await get({ host });
      expect(res.statusCode, host).toBe(200);
      expect(res.json().tenantId).toBe('demo');
    }
    const res = await get({ host: '127.0.0.1:4000', 'sec-fetch-site': 'same-origin' });
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string };
    const claims = jose.decodeJwt(token);
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(12 * 3600);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(12 * 3600);
    const use = await app.inject({
      method: 'GET',
      url: '/metadata/entity-webhooks',
      headers: { authorization: `Bearer ${token}`, 'x-tenant-id': 'demo' },
    });
    expect(use.statusCode).toBe(200);
    expect((await get({ host: 'localhost', 'sec-fetch-site': 'none' })).statusCode).toBe(200);
  });

  it('refuses (403) another host name, even one that resolves to this machine', async () => {
    for (const host of ['evil.example:4000', 'localhost.evil.example', '192.168.1.20:4000', '[::2]', '0.0.0.0:4000']) {
      const res = await get({ host });
      expect(res.statusCode, host).toBe(403);
      expect(res.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
      expect(res.body).not.toMatch(/eyJ/);
    }
  });

  it('refuses (403) a cross-site request', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const res = await get({ host: 'localhost:4000', 'sec-fetch-site': site });
      expect(res.statusCode, site).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('never answers with CORS headers, even to an allowed origin', async () => {
    const origin = 'https://studio.apollographql.com';
    // The same origin is allowed on the API.
    const api = await app.inject({ method: 'GET', url: '/healthz', headers: { origin } });
    expect(api.headers['access-control-allow-origin']).toBe(origin);

    const res = await get({ host: 'localhost:4000', origin });
    expect(res.statusCode).toBe(200);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/console/dev-session',
      headers: { host: 'localhost:4000', origin, 'access-control-request-method': 'GET' },
    });
    for (const answer of [res, preflight]) {
      expect(Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });

  it('is 404 without development authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/dev-session', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

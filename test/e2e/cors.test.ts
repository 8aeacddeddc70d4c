import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startTestApp, TEST_JWT_SECRET, uniqueTenant, type TestApp } from '../support/app';

/** CORS_ORIGINS: listed browser origins may call the API, others get no CORS answer. */
describe('CORS', () => {
  let t: TestApp;
  const allowed = 'https://app.example.com';
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', CORS_ORIGINS: `${allowed}, http://localhost:5173` });
  });
  afterAll(() => t.close());

  it('answers a preflight from a listed origin with that exact origin and credentials', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/graphql',
      headers: {
        origin: allowed,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-tenant-id',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(allowed);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-tenant-id');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(res.headers.vary)).toContain('Origin');
  });

  it('adds the CORS headers to a real request from a listed origin (REST and GraphQL)', async () => {
    const tenant = uniqueTenant('cors');
    const rest = await t.app.inject({
      method: 'GET',
      url: '/metadata/entity-webhooks',
      headers: { origin: 'http://localhost:5173', ...(await t.headers(tenant)) },
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(rest.headers['access-control-expose-headers'])).toContain('X-Request-Id');
    const gql = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { origin: allowed, 'content-type': 'application/json', ...(await t.headers(tenant)) },
      payload: { query: '{ triggers { id } }' },
    });
    expect(gql.statusCode).toBe(200);
    expect(gql.headers['access-control-allow-origin']).toBe(allowed);
  });

  it('gives an origin that is not listed no CORS header, never a wildcard', async () => {
    for (const origin of ['https://evil.example.com', 'null', 'https://app.example.com.evil.io']) {
      const pre = await t.app.inject({
        method: 'OPTIONS',
        url: '/graphql',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
      const get = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin } });
      expect(get.statusCode).toBe(200);
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    }
  });

  it('allows hosted Apollo Sandbox by default and refuses a wildcard setting', () => {
    expect(loadConfig({ NODE_ENV: 'test', AUTH_JWT_SECRET: TEST_JWT_SECRET }).corsOrigins).toEqual([
      'https://studio.apollographql.com',
    ]);
    expect(loadConfig({ NODE_ENV: 'test', AUTH_JWT_SECRET: TEST_JWT_SECRET, CORS_ORIGINS: '' }).corsOrigins).toEqual(
      [],
    );
    expect(() => loadConfig({ NODE_ENV: 'test', AUTH_JWT_SECRET: TEST_JWT_SECRET, CORS_ORIGINS: '*' })).toThrow(
      /CORS_ORIGINS/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', AUTH_JWT_SECRET: TEST_JWT_SECRET, CORS_ORIGINS: 'https://a.example.com/path' }),
    ).toThrow(/CORS_ORIGINS/);
  });
});

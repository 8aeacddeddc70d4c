import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';

describe('operations endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers /healthz, /readyz and /metrics with a request id', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['x-request-id']).toBeTruthy();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'x-request-id': 'abc-123' } });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['x-request-id']).toBe('abc-123');
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('hookgate_http_requests_total');
  });

  it('answers unknown routes with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/nope', headers: await t.headers(uniqueTenant()) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      success: false,
      error: { code: 'NOT_FOUND', requestId: res.headers['x-request-id'] },
    });
  });
});

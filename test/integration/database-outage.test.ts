import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { TcpProxy } from '../support/tcp-proxy';

describe('database outage', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = TcpProxy.forUrl(inject('databaseUrl'));
    await proxy.start();
    t = await startTestApp({ DISPATCHER: 'off', DATABASE_URL: proxy.rewrite(inject('databaseUrl')) });
  });
  afterAll(async () => {
    await proxy.start();
    await t.close();
    await proxy.stop();
  });

  it('answers 503 UNAVAILABLE while the database is gone and recovers by itself', async () => {
    const h = await t.headers(uniqueTenant());
    const body = { entityName: 'orders', events: 'INSERT', webhookUrl: 'https://example.com/h' };
    expect(
      (await t.app.inject({ method: 'POST', url: '/metadata/entity-webhooks', headers: h, payload: body })).statusCode,
    ).toBe(201);

    await proxy.stop();
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.code).toBe('UNAVAILABLE');
    const list = await t.app.inject({ method: 'GET', url: '/metadata/entity-webhooks', headers: h });
    expect(list.statusCode).toBe(503);
    expect(list.json().error).toMatchObject({ code: 'UNAVAILABLE' });
    expect(list.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|terminated/);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await proxy.start();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/metadata/entity-webhooks', headers: h });
    expect(after.statusCode).toBe(200);
    expect(after.json().total).toBe(1);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tenantSchemaName } from '../../src/db/tenant-schema';
import { startDispatcher } from '../../src/dispatcher/start';
import { commitChanges, createConfig, inserts } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';
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

  it('a restart in the middle of deliveries: the process lives on, writes answer 503 then 200, the records come back after their lease', async () => {
    const receiver = await Receiver.start();
    // Straight to the database, not through the proxy: what the outbox holds while the service is cut off.
    const direct = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
    const tenant = uniqueTenant('outage');
    const table = `"${tenantSchemaName(tenant)}".mutation_webhook_outbox`;
    const s = t.runtime.services;
    const running = startDispatcher(t.runtime, {
      DISPATCHER_TENANT_PREFIX: 'outage-',
      DISPATCHER_LEASE_SECONDS: '2',
      DISPATCHER_POLL_MS: '100',
    });
    try {
      await createConfig(s, tenant, { webhookUrl: `${receiver.url}/hook` });
      receiver.react = () => ({ status: 204, delayMs: 1_500 });
      await commitChanges(s, tenant, inserts(3));
      await receiver.waitFor(1);

      // The database "restarts" while the deliveries are in flight: every connection is cut.
      await proxy.stop();
      const h = await t.headers(tenant);
      const addWebhook = () =>
        t.app.inject({
          method: 'POST',
          url: '/metadata/entity-webhooks',
          headers: h,
          payload: { entityName: 'orders', events: 'INSERT', webhookUrl: `${receiver.url}/other` },
        });
      const during = await addWebhook();
      expect(during.statusCode).toBe(503);
      expect(during.json().error.code).toBe('UNAVAILABLE');
      // The settles of the answered deliveries failed: the records are still claimed, not delivered.
      await new Promise((r) => setTimeout(r, 2_000));
      const held = (await direct.query(`SELECT status, locked_by FROM ${table}`)).rows;
      expect(held).toHaveLength(3);
      expect(held.some((r) => r.status !== 'DELIVERED' && r.locked_by !== null)).toBe(true);

      receiver.react = () => ({ status: 204 });
      await proxy.start();
      await eventually(
        async () => {
          const { rows } = await direct.query(`SELECT status FROM ${table}`);
          return rows.every((r) => r.status === 'DELIVERED') ? true : undefined;
        },
        30_000,
        'every record delivered after the lease',
      );
      const after = await t.app.inject({ method: 'GET', url: '/metadata/entity-webhooks', headers: h });
      expect(after.statusCode).toBe(200);
      // At least once: each of the three records reached the receiver (some of them twice).
      expect(new Set(receiver.received.map((r) => JSON.parse(r.body).data.id))).toEqual(new Set([0, 1, 2]));
      expect((await addWebhook()).statusCode).toBe(201);
    } finally {
      await proxy.start();
      await running.stop();
      await direct.end();
      await receiver.close();
    }
  });
});

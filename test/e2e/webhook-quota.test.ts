import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { rawGql } from './trigger-helpers';

const BASE = '/metadata/entity-webhooks';
const config = (entityName: string, i: number) => ({
  entityName,
  events: 'INSERT',
  webhookUrl: `https://example.com/hook/${i}`,
});

describe('WEBHOOK_MAX_CONFIGS_PER_ENTITY (docs/api.md#quotas)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  const create = async (h: Record<string, string>, entityName: string, i: number) =>
    t.app.inject({ method: 'POST', url: BASE, headers: h, payload: config(entityName, i) });
  const total = async (h: Record<string, string>, entityName: string) =>
    (await t.app.inject({ method: 'GET', url: `${BASE}?entityName=${entityName}`, headers: h })).json().total;

  it('allows 50 per tenant and entity; two parallel creates at 49 make 50 and one 422, REST and GraphQL alike', async () => {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    for (let i = 0; i < 49; i++) expect((await create(h, 'orders', i)).statusCode).toBe(201);
    const gql = (i: number) =>
      rawGql(
        t,
        h,
        `mutation { createWebhookConfig(input: { entityName: "orders", events: [INSERT], webhookUrl: "https://example.com/g/${i}" }) { id } }`,
      );
    const [rest, graphql] = await Promise.all([create(h, 'orders', 49), gql(50)]);
    const outcomes = [
      rest.statusCode === 201 ? 'ok' : rest.json().error.code,
      graphql.errors?.[0]?.extensions?.code ?? 'ok',
    ];
    expect(outcomes.sort()).toEqual(['LIMIT_EXCEEDED', 'ok']);
    expect(await total(h, 'orders')).toBe(50);

    const over = await create(h, 'orders', 51);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      success: false,
      error: { code: 'LIMIT_EXCEEDED', message: expect.stringMatching(/50/), requestId: expect.any(String) },
    });
    expect(over.json().error.message).toMatch(/WEBHOOK_MAX_CONFIGS_PER_ENTITY/);
    const overGql = await gql(52);
    expect(overGql.errors!.map((e) => e.extensions?.code)).toEqual(['LIMIT_EXCEEDED']);
    expect(await total(h, 'orders')).toBe(50);

    // Other entities and other tenants have their own quota; a deleted configuration frees its slot.
    expect((await create(h, 'invoices', 0)).statusCode).toBe(201);
    expect((await create(await t.headers(uniqueTenant()), 'orders', 0)).statusCode).toBe(201);
    const first = (
      await t.app.inject({ method: 'GET', url: `${BASE}?entityName=orders&pageSize=1`, headers: h })
    ).json().items[0];
    expect((await t.app.inject({ method: 'DELETE', url: `${BASE}/${first.id}`, headers: h })).statusCode).toBe(204);
    expect((await create(h, 'orders', 53)).statusCode).toBe(201);
    // Moving a configuration into a full entity is over the quota too, and changes nothing.
    const invoice = (await t.app.inject({ method: 'GET', url: `${BASE}?entityName=invoices`, headers: h })).json()
      .items[0];
    const move = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${invoice.id}`,
      headers: h,
      payload: { entityName: 'orders' },
    });
    expect(move.statusCode).toBe(422);
    expect(move.json().error.code).toBe('LIMIT_EXCEEDED');
    expect(await total(h, 'invoices')).toBe(1);
    expect(await total(h, 'orders')).toBe(50);
  });

  it('holds under many concurrent creates (limit 5)', async () => {
    const small = await startTestApp({ DISPATCHER: 'off', WEBHOOK_MAX_CONFIGS_PER_ENTITY: '5' });
    try {
      const h = await small.headers(uniqueTenant());
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          small.app.inject({ method: 'POST', url: BASE, headers: h, payload: config('orders', i) }),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 422)).toHaveLength(7);
      const list = await small.app.inject({ method: 'GET', url: `${BASE}?entityName=orders`, headers: h });
      expect(list.json().total).toBe(5);
    } finally {
      await small.close();
    }
  });
});

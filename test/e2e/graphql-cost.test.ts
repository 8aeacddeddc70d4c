import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { createTrigger, rawGql } from './trigger-helpers';

const valid = { entityName: 'orders', events: 'INSERT', webhookUrl: 'https://example.com/hook' };

describe('GraphQL cost limits', () => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    h = await t.headers(uniqueTenant());
  });
  afterAll(() => t.close());

  const aliases = (n: number) => Array.from({ length: n }, (_, i) => `a${i}: id`).join(' ');

  it('refuses more than 30 aliased fields before running: 400 QUERY_TOO_COMPLEX naming the limit', async () => {
    const ok = await rawGql(t, h, `{ webhookConfigs { items { ${aliases(30)} } } }`);
    expect(ok.status).toBe(200);
    expect(ok.errors).toBeUndefined();
    const over = await rawGql(t, h, `{ webhookConfigs { items { ${aliases(31)} } } }`);
    expect(over.status).toBe(400);
    expect(over.data).toBeUndefined();
    expect(over.errors!.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(over.errors![0].message).toMatch(/30/);
    expect(over.errors![0].message).toMatch(/GRAPHQL_MAX_ALIASES/);
    // Aliases hidden in fragments count too.
    const viaFragment = await rawGql(
      t,
      h,
      `query { webhookConfigs { items { ...F } } } fragment F on WebhookConfig { ${aliases(31)} }`,
    );
    expect(viaFragment.errors!.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_COMPLEX']);
  });

  it('refuses more than 10 root fields, and nothing runs', async () => {
    const tenant = uniqueTenant();
    const th = await t.headers(tenant);
    const creates = Array.from(
      { length: 11 },
      (_, i) =>
        `c${i}: createWebhookConfig(input: { entityName: "e${i}", events: [INSERT], webhookUrl: "https://example.com/${i}" }) { id }`,
    ).join(' ');
    const over = await rawGql(t, th, `mutation { ${creates} }`);
    expect(over.status).toBe(400);
    expect(over.errors!.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(over.errors![0].message).toMatch(/GRAPHQL_MAX_ROOT_FIELDS/);
    const list = await t.app.inject({ method: 'GET', url: '/metadata/entity-webhooks', headers: th });
    expect(list.json().total).toBe(0);
  });

  it('refuses depth over 12, but serves the full introspection query', async () => {
    let deep = 'id';
    for (let i = 0; i < 12; i++) deep = `items { ${deep} }`;
    const over = await rawGql(t, h, `{ webhookConfigs { ${deep} } }`);
    expect(over.status).toBe(400);
    expect(over.errors!.map((e) => e.extensions?.code)).toContain('QUERY_TOO_COMPLEX');
    expect(over.errors!.find((e) => e.extensions?.code === 'QUERY_TOO_COMPLEX')!.message).toMatch(/GRAPHQL_MAX_DEPTH/);
    const introspection = await rawGql(
      t,
      h,
      getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }),
    );
    expect(introspection.status).toBe(200);
    expect(introspection.errors).toBeUndefined();
    expect((introspection.data as { __schema: { types: unknown[] } }).__schema.types.length).toBeGreaterThan(10);
  });

  it('a subscription is a 400 GRAPHQL_VALIDATION_FAILED, not a 500', async () => {
    const res = await rawGql(t, h, 'subscription { webhookConfigs { total } }');
    expect(res.status).toBe(400);
    expect(res.errors!.map((e) => e.extensions?.code)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });
});

describe('one list budget per GraphQL request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', GRAPHQL_MAX_LIST_ITEMS: '5', GRAPHQL_MAX_TEXT_BYTES: '4096' });
  });
  afterAll(() => t.close());

  it('counts list items across aliases: the field that crosses the budget is a QUERY_TOO_COMPLEX error', async () => {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/metadata/entity-webhooks', headers: h, payload: valid });
      expect(res.statusCode).toBe(201);
    }
    const one = await rawGql(t, h, '{ a: webhookConfigsByEntity(entityName: "orders") { id } }');
    expect(one.errors).toBeUndefined();
    const two = await rawGql(
      t,
      h,
      '{ a: webhookConfigsByEntity(entityName: "orders") { id } b: webhookConfigsByEntity(entityName: "orders") { id } }',
    );
    expect(two.errors!.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(two.errors![0].message).toMatch(/5 list items/);
  });

  it('counts body text across aliases (aliased triggerEvents { body })', async () => {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    const trigger = await createTrigger(t, tenant, { name: 'big' });
    const body = JSON.stringify({ pad: 'p'.repeat(1500) });
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/linker/triggers/webhook/${trigger.id}`,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
      expect(res.statusCode).toBe(202);
    }
    const q = (alias: string) => `${alias}: triggerEvents(triggerId: "${trigger.id}") { items { body } }`;
    const one = await rawGql(t, h, `{ ${q('a')} }`);
    expect(one.errors).toBeUndefined();
    const two = await rawGql(t, h, `{ ${q('a')} ${q('b')} }`);
    expect(two.errors!.map((e) => e.extensions?.code)).toEqual(['QUERY_TOO_COMPLEX']);
    expect(two.errors![0].message).toMatch(/4096 bytes/);
    expect(JSON.stringify(two).length).toBeLessThan(4096 + 2000);
  });

  it('cuts a page of trigger events to the text budget left before reading its bodies', async () => {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    const trigger = await createTrigger(t, tenant, { name: 'paged' });
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/linker/triggers/webhook/${trigger.id}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ i, pad: 'p'.repeat(1500) }),
      });
      expect(res.statusCode).toBe(202);
    }
    type Page = { items: Array<{ id: string; body?: string }>; nextCursor: string | null };
    const page = (after?: string) =>
      `triggerEvents(triggerId: "${trigger.id}", first: 3${after ? `, after: "${after}"` : ''}) { items { id body } nextCursor }`;
    // Three bodies of ~1.5 KB do not fit in 4,096 bytes: the page stops after two and says where to go on.
    const first = await rawGql(t, h, `{ p: ${page()} }`);
    expect(first.errors).toBeUndefined();
    const p1 = (first.data as { p: Page }).p;
    expect(p1.items).toHaveLength(2);
    expect(p1.nextCursor).not.toBeNull();
    const second = await rawGql(t, h, `{ p: ${page(p1.nextCursor!)} }`);
    const p2 = (second.data as { p: Page }).p;
    expect(p2.items).toHaveLength(1);
    expect(p2.nextCursor).toBeNull();
    expect(new Set([...p1.items, ...p2.items].map((e) => e.id)).size).toBe(3);
    // Their text was counted once, when the page was read, not again when each body was returned.
    expect(p1.items.every((e) => JSON.parse(e.body!).pad.length === 1500)).toBe(true);
  });
});

describe('the rate limit counts each GraphQL root field', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_BURST: '5' });
  });
  afterAll(() => t.close());

  it('a request with 4 root fields uses 4 of a burst of 5', async () => {
    const h = await t.headers(uniqueTenant());
    const four =
      '{ a: webhookConfigs { total } b: webhookConfigs { total } c: webhookConfigs { total } d: triggers { id } }';
    const first = await rawGql(t, h, four);
    expect(first.errors).toBeUndefined();
    const second = await rawGql(t, h, four);
    expect(second.errors!.map((e) => e.extensions?.code)).toContain('RATE_LIMITED');
  });
});

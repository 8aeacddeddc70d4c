import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Parser } from '@asyncapi/parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventCatalogDocument } from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';
import { startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';

/** Tenants of this file, and the only ones its dispatcher touches. */
const PREFIX = 'evcat';
const C = '/metadata/event-catalog';

const FIELDS = [
  { name: 'id', type: 'INTEGER' },
  { name: 'label', type: 'STRING' },
  { name: 'ratio', type: 'FLOAT' },
  { name: 'price', type: 'DECIMAL' },
  { name: 'active', type: 'BOOLEAN' },
  { name: 'seen_at', type: 'TIMESTAMP' },
  { name: 'day', type: 'DATE' },
  { name: 'extra', type: 'JSON' },
];

interface EventType {
  entityName: string;
  operation: string;
  schema: Record<string, unknown>;
  example: Record<string, unknown>;
}

describe('event catalog (REST, GraphQL, AsyncAPI)', () => {
  let t: TestApp;
  let receiver: Receiver;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);

  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });

  async function defineEntities(h: Record<string, string>) {
    const things = await call('POST', '/metadata/entities', h, { name: 'things', fields: FIELDS, primaryKey: 'id' });
    expect(things.statusCode, things.body).toBe(201);
    const notes = await call('POST', '/metadata/entities', h, {
      name: 'notes',
      fields: [
        { name: 'day', type: 'DATE' },
        { name: 'body', type: 'STRING' },
      ],
      primaryKey: 'day',
    });
    expect(notes.statusCode, notes.body).toBe(201);
  }

  it('answers the same catalog over REST (gateway and backend paths) and GraphQL; every example validates', async () => {
    const tenant = uniqueTenant(PREFIX);
    const h = await t.headers(tenant);
    await defineEntities(h);

    const res = await call('GET', C, h);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    const catalog = res.json().data as EventType[];
    expect(catalog.map((e) => `${e.entityName} ${e.operation}`)).toEqual([
      'notes INSERT',
      'notes UPDATE',
      'notes UPSERT',
      'notes DELETE',
      'things INSERT',
      'things UPDATE',
      'things UPSERT',
      'things DELETE',
      '$operations DELIVERY_DEAD',
      '$operations CIRCUIT_OPENED',
      '$operations CIRCUIT_CLOSED',
      '$operations TRIGGER_ACTION_FAILED',
    ]);
    for (const e of catalog) {
      expect(e.schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(ajv.validate(e.schema, e.example), `${e.entityName} ${e.operation}: ${ajv.errorsText()}`).toBe(true);
      expect(e.example).toMatchObject({ tenantId: tenant, entityName: e.entityName, operation: e.operation });
    }

    for (const url of ['/api/v1/metadata/event-catalog', '/api/v1/event-catalog', `${C}/`]) {
      const copy = await call('GET', url, h);
      expect(copy.statusCode, url).toBe(200);
      expect(copy.json().data).toEqual(catalog);
    }
    const gql = await gqlRequest(t.app, EventCatalogDocument, {}, h);
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.eventCatalog).toEqual(catalog);

    // Another tenant has none of these entities: the operational events alone.
    const other = await call('GET', C, await t.headers(uniqueTenant(PREFIX)));
    expect(other.json().data.map((e: EventType) => e.entityName)).toEqual(Array(4).fill('$operations'));
  });

  it('validates every real delivery of every operation against its entry, and rejects altered payloads', async () => {
    const tenant = uniqueTenant(PREFIX);
    const h = await t.headers(tenant);
    await defineEntities(h);
    const config = await call('POST', '/metadata/entity-webhooks', h, {
      entityName: 'things',
      events: 'INSERT,UPDATE,UPSERT,DELETE',
      webhookUrl: `${receiver.url}/things/${tenant}`,
    });
    expect(config.statusCode, config.body).toBe(201);

    const full = {
      id: 1,
      label: 'first',
      ratio: 0.25,
      price: '12.50',
      active: true,
      seen_at: '2026-11-26T09:30:00+01:00',
      day: '2026-11-26',
      extra: { nested: [1, 'two', null] },
    };
    const nulls = { id: 2, label: null, ratio: null, price: null, active: null, seen_at: null, day: null, extra: null };
    const write = async (operation: string, records: object[]) => {
      const r = await call('POST', '/data/things/records', h, { operation, records });
      expect(r.statusCode, r.body).toBe(200);
    };
    await write('INSERT', [full, nulls]);
    const patched = await call('PATCH', '/data/things/records/1', h, { label: null, price: 99, extra: 'text' });
    expect(patched.statusCode, patched.body).toBe(200);
    // One batch: id 3 is inserted, id 1 updated.
    await write('UPSERT', [
      { id: 3, label: 'third', ratio: 1e21, price: 0.1, active: false, seen_at: '2026-01-01', day: '2024-02-29' },
      { ...full, ratio: -3, extra: 7 },
    ]);
    const deleted = await call('DELETE', '/data/things/records/2', h);
    expect(deleted.statusCode, deleted.body).toBe(204);

    const catalog = (await call('GET', C, h)).json().data as EventType[];
    const entryOf = (operation: string) => catalog.find((e) => e.entityName === 'things' && e.operation === operation)!;

    const ours = () => receiver.received.filter((r) => r.path === `/things/${tenant}`);
    const dispatcher = startDispatcher(t, PREFIX);
    try {
      const deadline = Date.now() + 30_000;
      while (ours().length < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await dispatcher.stop();
    }
    const bodies = ours().map((r) => JSON.parse(r.body) as Record<string, unknown>);
    expect(bodies.map((b) => b.operation).sort()).toEqual(['DELETE', 'INSERT', 'INSERT', 'UPDATE', 'UPSERT', 'UPSERT']);
    for (const body of bodies) {
      const entry = entryOf(body.operation as string);
      expect(ajv.validate(entry.schema, body), `${JSON.stringify(body)}: ${ajv.errorsText()}`).toBe(true);
    }
    // Both paths of the upsert, and the nulls, really arrived (so the schema was held against them).
    const upserts = bodies.filter((b) => b.operation === 'UPSERT');
    expect(upserts.map((b) => b.previous === null).sort()).toEqual([false, true]);
    expect(bodies.find((b) => b.operation === 'DELETE')!.previous).toEqual(nulls);

    // The schema is not vacuous: the same payloads, altered, fail.
    const update = bodies.find((b) => b.operation === 'UPDATE')!;
    const data = update.data as Record<string, unknown>;
    const invalid = [
      { ...update, extra: true },
      { ...update, data: { ...data, ghost: 1 } },
      { ...update, data: { ...data, id: String(data.id) } },
      { ...update, data: { ...data, price: String(data.price) } },
      { ...update, data: { ...data, seen_at: '2026-11-26' } },
      { ...update, data: { ...data, active: 'yes' } },
      { ...update, data: { ...data, id: null } },
      { ...update, previous: null },
      { ...update, operation: 'INSERT' },
      { ...update, occurredAt: 'yesterday' },
    ];
    for (const bad of invalid) expect(ajv.validate(entryOf('UPDATE').schema, bad), JSON.stringify(bad)).toBe(false);
    const insert = bodies.find((b) => b.operation === 'INSERT')!;
    expect(ajv.validate(entryOf('DELETE').schema, { ...insert, operation: 'DELETE' })).toBe(false);
  });

  it('serves the AsyncAPI 3.0 document of the configurations, which parses without errors', async () => {
    const tenant = uniqueTenant(PREFIX);
    const h = await t.headers(tenant);
    await defineEntities(h);
    const made = [];
    for (const body of [
      { entityName: 'things', events: 'INSERT,DELETE', webhookUrl: 'https://example.com/hooks/things' },
      { entityName: 'notes', events: 'UPSERT', webhookUrl: 'https://example.com/hooks/notes', enabled: false },
      { entityName: 'not_defined', events: 'UPDATE', webhookUrl: 'https://example.com/hooks/nothing' },
    ]) {
      const r = await call('POST', '/metadata/entity-webhooks', h, body);
      expect(r.statusCode, r.body).toBe(201);
      made.push(r.json() as { id: string });
    }
    const res = await call('GET', `${C}/asyncapi.json`, h);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const raw = res.json();
    expect(raw.asyncapi).toBe('3.0.0');
    expect(raw.info.title).toContain(tenant);

    const { document, diagnostics } = await new Parser().parse(res.body);
    expect(diagnostics.filter((d) => d.severity === 0)).toEqual([]);
    const channels = document!.channels();
    expect(channels.all()).toHaveLength(3);
    const things = channels.get(`webhook-${made[0].id}`)!;
    expect(things.address()).toBe('https://example.com/hooks/things');
    expect(
      things
        .messages()
        .all()
        .map((m) => m.id())
        .sort(),
    ).toEqual(['things.DELETE', 'things.INSERT']);
    expect(
      channels
        .get(`webhook-${made[1].id}`)!
        .messages()
        .all()
        .map((m) => m.id()),
    ).toEqual(['notes.UPSERT']);
    expect(channels.get(`webhook-${made[2].id}`)!.messages().all()).toEqual([]);
    expect(
      document!
        .operations()
        .all()
        .map((o) => o.action()),
    ).toEqual(['send', 'send', 'send']);
    // The messages carry the catalog's schemas.
    const catalog = (await call('GET', C, h)).json().data as EventType[];
    const insertSchema = catalog.find((e) => e.entityName === 'things' && e.operation === 'INSERT')!.schema;
    expect(raw.components.schemas['things.INSERT']).toEqual(insertSchema);
    expect(raw.components.messages['things.INSERT'].payload).toEqual({ $ref: '#/components/schemas/things.INSERT' });
  });

  it('needs tenant:admin or admin, and a tenant, like every configuration route', async () => {
    const tenant = uniqueTenant(PREFIX);
    for (const url of [C, `${C}/asyncapi.json`]) {
      const none = await call('GET', url, { 'x-tenant-id': tenant });
      expect(none.statusCode).toBe(401);
      expect(none.json().error.code).toBe('UNAUTHENTICATED');
      expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
      const reader = await call('GET', url, await t.headers(tenant, ['analytics:read', 'data:write']));
      expect(reader.statusCode).toBe(403);
      expect(reader.json().error.code).toBe('FORBIDDEN');
      const foreign = await call('GET', url, {
        authorization: `Bearer ${await t.token(uniqueTenant(PREFIX))}`,
        'x-tenant-id': tenant,
      });
      expect(foreign.statusCode).toBe(403);
      const noTenant = await call('GET', url, { authorization: `Bearer ${await t.token(tenant)}` });
      expect(noTenant.statusCode).toBe(400);
      expect(noTenant.json().error.code).toBe('TENANT_REQUIRED');
      const admin = await call('GET', url, await t.headers(tenant, ['admin']));
      expect(admin.statusCode).toBe(200);
    }
    expect(codes(await gqlRequest(t.app, EventCatalogDocument, {}, { 'x-tenant-id': tenant }))).toEqual([
      'UNAUTHENTICATED',
    ]);
    expect(codes(await gqlRequest(t.app, EventCatalogDocument, {}, await t.headers(tenant, ['internal'])))).toEqual([
      'FORBIDDEN',
    ]);
    expect(
      codes(await gqlRequest(t.app, EventCatalogDocument, {}, { authorization: `Bearer ${await t.token(tenant)}` })),
    ).toEqual(['TENANT_REQUIRED']);
  });
});

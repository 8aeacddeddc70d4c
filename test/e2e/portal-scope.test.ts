import crypto from 'node:crypto';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildGraphQLSchema } from '../../src/graphql/schema';
import { tenantOutbox } from '../../src/outbox/sql/tenant-outbox';
import { Receiver } from '../dispatcher/receiver';
import { startTestApp, type TestApp } from '../support/app';
import {
  createPortalSession,
  gql,
  PORTAL_SECRET,
  portalHeaders,
  portalTenant,
  type PortalTenant,
} from '../support/portal';

const RECORDS = `query ($entityName: String, $webhookConfigId: ID) {
  outboxRecords(entityName: $entityName, webhookConfigId: $webhookConfigId, first: 500) {
    items { id entityName status retryCount webhookConfigId attempts { attemptNumber } }
  }
}`;

/** Root fields a portal token may use within its scope; each is also tried outside it below. */
const SCOPED_FIELDS = [
  'webhookConfig',
  'webhookConfigs',
  'webhookConfigsByEntity',
  'createWebhookConfig',
  'updateWebhookConfig',
  'deleteWebhookConfig',
  'rotateWebhookSecret',
  'sendTestDelivery',
  'outboxRecords',
  'outboxRecord',
  'redeliverOutboxRecord',
  'replayOutboxRecords',
];
/** Root fields that only ever answer within the scope (their lists are filtered to it). */
const SCOPE_FILTERED_FIELDS = ['eventCatalog', 'portalSession'];

describe('what a portal token reaches', () => {
  let t: TestApp;
  let receiver: Receiver;
  let p: PortalTenant;
  let token: string;
  let sessionId: string;
  /** Outbox record ids by entity (one each). */
  const recordIds: Record<string, string> = {};

  /** Everything a request could change for the tenant, as the admin sees it. */
  async function snapshot() {
    const { rows: configs } = await t.runtime.db.pool.query(
      `SELECT id, entity_name, enabled, deleted, webhook_url, secret, updated_at FROM webhook_configs
        WHERE tenant_id = $1 ORDER BY id`,
      [p.tenant],
    );
    const outbox = tenantOutbox(p.tenant);
    const { rows: records } = await t.runtime.db.pool.query(
      `SELECT id, status, retry_count, next_retry_at FROM ${outbox.table} ORDER BY id`,
    );
    const { rows: other } = await t.runtime.db.pool.query(
      `SELECT (SELECT count(*) FROM entity_definitions WHERE tenant_id = $1) AS entities,
              (SELECT count(*) FROM triggers WHERE tenant_id = $1) AS triggers,
              (SELECT count(*) FROM portal_sessions WHERE tenant_id = $1 AND revoked_at IS NULL) AS sessions`,
      [p.tenant],
    );
    return { configs, records, other };
  }

  beforeAll(async () => {
    t = await startTestApp({
      DISPATCHER: 'off',
      PORTAL_TOKEN_SECRET: PORTAL_SECRET,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    });
    receiver = await Receiver.start();
    p = await portalTenant(t, { webhookUrl: `${receiver.url}/hook`, records: true });
    const all = await gql(t, RECORDS, {}, p.admin);
    for (const r of all.data.outboxRecords.items) recordIds[r.entityName] = r.id;
    expect(Object.keys(recordIds).sort()).toEqual(['invoices', 'orders', 'refunds']);
    const s = await createPortalSession(t, p.admin, { entityNames: ['orders', 'refunds'] });
    token = s.token;
    sessionId = s.id;
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
  });
  /**
   * Test sends that reached the receiver. The set-up's outbox records may be delivered to it at any
   * time by a dispatcher of another test file on the same database; a refused call sends nothing.
   */
  const testSends = () => receiver.received.filter((r) => JSON.parse(r.body).operation === 'TEST');

  const rest = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: portalHeaders(token), ...(payload !== undefined ? { payload } : {}) });

  it('lists only its entities’ configurations and outbox records when no filter is given', async () => {
    const list = await rest('GET', '/metadata/entity-webhooks?pageSize=100');
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(
      list
        .json()
        .items.map((c: { entityName: string }) => c.entityName)
        .sort(),
    ).toEqual(['orders', 'refunds']);
    const g = await gql(t, `{ webhookConfigs { total items { entityName } } }`, {}, portalHeaders(token));
    expect(g.data.webhookConfigs.total).toBe(2);
    const records = await gql(t, RECORDS, {}, portalHeaders(token));
    expect(records.errors).toBeUndefined();
    expect(records.data.outboxRecords.items.map((r: { entityName: string }) => r.entityName).sort()).toEqual([
      'orders',
      'refunds',
    ]);
    const filtered = await gql(t, RECORDS, { entityName: 'orders' }, portalHeaders(token));
    expect(filtered.data.outboxRecords.items.map((r: { id: string }) => r.id)).toEqual([recordIds.orders]);
    const byConfig = await gql(t, RECORDS, { webhookConfigId: p.configs.refunds }, portalHeaders(token));
    expect(byConfig.data.outboxRecords.items.map((r: { id: string }) => r.id)).toEqual([recordIds.refunds]);
  });

  it('manages its entities’ configurations: get, create, update, disable, test send, rotate, delete', async () => {
    const h = portalHeaders(token);
    expect((await rest('GET', `/metadata/entity-webhooks/${p.configs.orders}`)).json().entityName).toBe('orders');
    expect((await rest('GET', '/metadata/entity-webhooks/internal/by-entity/orders')).json()).toHaveLength(1);
    const created = await rest('POST', '/metadata/entity-webhooks', {
      entityName: 'orders',
      events: 'INSERT',
      webhookUrl: `${receiver.url}/mine`,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ entityName: 'orders', createdBy: `portal:${sessionId}` });
    const moved = await rest('PUT', `/metadata/entity-webhooks/${id}`, { entityName: 'refunds', enabled: false });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ entityName: 'refunds', enabled: false });
    const test = await rest('POST', `/metadata/entity-webhooks/${id}/test`, {});
    expect(test.statusCode).toBe(200);
    expect(test.json().statusCode).toBe(204);
    expect(receiver.received.map((r) => r.path)).toEqual(['/mine']);
    expect(JSON.parse(receiver.received[0].body)).toMatchObject({ entityName: 'refunds', operation: 'TEST' });
    const rotated = await gql(t, `mutation ($id: ID!) { rotateWebhookSecret(id: $id) }`, { id }, h);
    expect(rotated.data.rotateWebhookSecret).toMatch(/\S{16,}/);
    const gTest = await gql(
      t,
      `mutation ($id: ID!) { sendTestDelivery(webhookConfigId: $id) { statusCode } }`,
      { id },
      h,
    );
    expect(gTest.data.sendTestDelivery.statusCode).toBe(204);
    const health = await gql(t, `query ($id: ID!) { webhookConfig(id: $id) { health { circuit } } }`, { id }, h);
    expect(health.errors).toBeUndefined();
    expect((await rest('DELETE', `/metadata/entity-webhooks/${id}`)).statusCode).toBe(204);
    expect((await rest('GET', `/metadata/entity-webhooks/${id}`)).statusCode).toBe(404);
  });

  it('reads, redelivers and replays its entities’ outbox records only', async () => {
    const h = portalHeaders(token);
    const one = await gql(
      t,
      `query ($id: ID!) { outboxRecord(id: $id) { id entityName attempts { attemptNumber } } }`,
      { id: recordIds.orders },
      h,
    );
    expect(one.data.outboxRecord).toEqual({ id: recordIds.orders, entityName: 'orders', attempts: [] });
    const outbox = tenantOutbox(p.tenant);
    await t.runtime.db.pool.query(`UPDATE ${outbox.table} SET status = 'DEAD', retry_count = 3`);
    const redelivered = await gql(
      t,
      `mutation ($id: ID!) { redeliverOutboxRecord(id: $id) { status retryCount } }`,
      { id: recordIds.orders },
      h,
    );
    expect(redelivered.data.redeliverOutboxRecord).toEqual({ status: 'PENDING', retryCount: 0 });
    const replayed = await gql(t, `mutation { replayOutboxRecords(filter: {}) }`, {}, h);
    expect(replayed.data.replayOutboxRecords).toBe(1);
    const statuses = await gql(t, RECORDS, {}, p.admin);
    const byEntity = Object.fromEntries(
      statuses.data.outboxRecords.items.map((r: { entityName: string; status: string }) => [r.entityName, r.status]),
    );
    expect(byEntity).toEqual({ orders: 'PENDING', refunds: 'PENDING', invoices: 'DEAD' });
  });

  it('shows only its entities in the event catalog and its configurations in the AsyncAPI document', async () => {
    const catalog = await rest('GET', '/metadata/event-catalog');
    expect(catalog.statusCode).toBe(200);
    const names = new Set(catalog.json().data.map((e: { entityName: string }) => e.entityName));
    expect([...names].sort()).toEqual(['orders', 'refunds']);
    const g = await gql(t, `{ eventCatalog { entityName } }`, {}, portalHeaders(token));
    expect(new Set(g.data.eventCatalog.map((e: { entityName: string }) => e.entityName))).toEqual(names);
    const asyncapi = await rest('GET', '/metadata/event-catalog/asyncapi.json');
    expect(asyncapi.statusCode).toBe(200);
    const text = JSON.stringify(asyncapi.json().channels);
    expect(text).toContain(p.configs.orders);
    expect(text).toContain(p.configs.refunds);
    expect(text).not.toContain(p.configs.invoices);
    expect(text).not.toContain('invoices');
  });

  it('keeps unknown and other tenants’ ids at 404', async () => {
    const other = await portalTenant(t, { records: true });
    const theirs = await gql(t, RECORDS, {}, other.admin);
    const theirRecord = theirs.data.outboxRecords.items[0].id;
    for (const id of [crypto.randomUUID(), other.configs.orders]) {
      const res = await rest('GET', `/metadata/entity-webhooks/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('WEBHOOK_CONFIG_NOT_FOUND');
      expect((await rest('PUT', `/metadata/entity-webhooks/${id}`, { enabled: false })).statusCode).toBe(404);
      expect((await rest('DELETE', `/metadata/entity-webhooks/${id}`)).statusCode).toBe(404);
    }
    const g = await gql(
      t,
      `query ($id: ID!) { outboxRecord(id: $id) { id } }`,
      { id: theirRecord },
      portalHeaders(token),
    );
    expect(g.errors?.[0].extensions?.code).toBe('OUTBOX_RECORD_NOT_FOUND');
    const r = await gql(
      t,
      `mutation ($id: ID!) { redeliverOutboxRecord(id: $id) { id } }`,
      { id: theirRecord },
      portalHeaders(token),
    );
    expect(r.errors?.[0].extensions?.code).toBe('OUTBOX_RECORD_NOT_FOUND');
  });

  it('answers 403 to every REST route outside its scope, and to naming another entity in scoped ones; nothing changes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const before = await snapshot();
    const other = p.configs.invoices;
    const body = {
      entityName: 'invoices',
      events: 'INSERT',
      webhookUrl: `${receiver.url}/x`,
      name: 'invoices',
      fields: [{ name: 'id', type: 'STRING' }],
      primaryKey: 'id',
      operation: 'INSERT',
      records: [{ id: 'x' }],
      entityNames: ['orders'],
    };
    const fill = (path: string) =>
      path
        .replace('{id}', other)
        .replace(/\{(entityName|entity|name)\}/, 'invoices')
        .replace(/\{[A-Za-z]+\}/g, 'x');
    const tried: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      // Not token routes: operations, the console, intake (its signature is its credential).
      if (/^\/(healthz|readyz|metrics|console|docs|openapi)|\/linker\/triggers\/|^\/$/.test(path)) continue;
      // Filtered to the scope whatever is asked (checked above).
      if (/event-catalog|portal-session$/.test(path)) continue;
      for (const method of Object.keys(ops)) {
        const m = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
        if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(m)) continue;
        const url = fill(path) + (m === 'GET' && /entity-webhooks$/.test(path) ? '?entityName=invoices' : '');
        const res = await t.app.inject({
          method: m,
          url,
          headers: portalHeaders(token),
          ...(m === 'POST' || m === 'PUT' || m === 'PATCH' ? { payload: body } : {}),
        });
        expect(res.statusCode, `${m} ${url}: ${res.body}`).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
        tried.push(`${m} ${path}`);
      }
    }
    // Moving an orders configuration to another entity, and filters naming one.
    const moves = [
      await rest('PUT', `/metadata/entity-webhooks/${p.configs.orders}`, { entityName: 'invoices' }),
      await rest('PUT', `/metadata/entity-webhooks/${p.configs.orders}`, { entityName: '$operations' }),
      await rest('GET', '/metadata/entity-webhooks?entityName=%24operations'),
      await rest('GET', '/metadata/entity-webhooks/internal/by-entity/invoices'),
    ];
    for (const res of moves) expect(res.statusCode, res.body).toBe(403);
    expect(tried.length).toBeGreaterThan(40);
    for (const expected of [
      'POST /metadata/portal-sessions',
      'DELETE /metadata/portal-sessions/{id}',
      'POST /metadata/entities',
      'POST /analytics/query',
      'GET /metadata/entity-webhooks/{id}',
      'POST /metadata/entity-webhooks/{id}/test',
      'GET /api/v1/entity-webhooks',
    ]) {
      expect(tried).toContain(expected);
    }
    expect(testSends()).toHaveLength(0);
    expect(await snapshot()).toEqual(before);
  });

  it('answers FORBIDDEN to every GraphQL field outside its scope, and to naming another entity in scoped ones; nothing changes', async () => {
    const schema = await buildGraphQLSchema();
    const before = await snapshot();
    const other = p.configs.invoices;
    /** A value of a GraphQL input type that passes GraphQL validation, naming the other entity where it can. */
    const valueOf = (type: GraphQLInputType, name: string): unknown => {
      if (isNonNullType(type)) return valueOf(type.ofType, name);
      if (isListType(type)) return [valueOf(type.ofType, name)];
      const named = getNamedType(type);
      if (isEnumType(named)) return named.getValues()[0].value;
      if (isInputObjectType(named)) {
        return Object.fromEntries(
          Object.values(named.getFields())
            .filter((f) => isNonNullType(f.type) || f.name === 'entityName')
            .map((f) => [f.name, valueOf(f.type, f.name)]),
        );
      }
      switch (named.name) {
        case 'Int':
        case 'Float':
          return 1;
        case 'Boolean':
          return true;
        case 'JSON':
        case 'JSONObject':
          return {};
        case 'DateTime':
          return new Date().toISOString();
        case 'ID':
          return name === 'id' || name === 'webhookConfigId' ? other : 'x';
        default:
          return /entity|^name$/i.test(name) ? 'invoices' : name === 'webhookUrl' ? 'https://example.com/x' : 'x';
      }
    };
    const operation = (kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, args: GraphQLArgument[]) => {
      const defs = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
      const call = args.map((a) => `${a.name}: $${a.name}`).join(', ');
      const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
      return `${kind}${defs ? ` (${defs})` : ''} { ${field.name}${call ? `(${call})` : ''}${selection} }`;
    };
    const seen: string[] = [];
    for (const [kind, type] of [
      ['query', schema.getQueryType()!],
      ['mutation', schema.getMutationType()!],
    ] as const) {
      for (const field of Object.values(type.getFields())) {
        if (SCOPE_FILTERED_FIELDS.includes(field.name)) continue;
        // Required arguments, and an entity or configuration filter where a scoped field has one.
        const args = field.args.filter(
          (a) => isNonNullType(a.type) || ['entityName', 'webhookConfigId', 'filter'].includes(a.name),
        );
        const variables = Object.fromEntries(args.map((a) => [a.name, valueOf(a.type, a.name)]));
        if (field.name === 'outboxRecord' || field.name === 'redeliverOutboxRecord') variables.id = recordIds.invoices;
        const res = await gql(t, operation(kind, field, args), variables, portalHeaders(token));
        expect(
          res.errors?.map((e) => e.extensions?.code),
          `${field.name}: ${JSON.stringify(res)}`,
        ).toEqual(['FORBIDDEN']);
        seen.push(field.name);
      }
    }
    for (const name of [...SCOPED_FIELDS, 'createPortalSession', 'revokePortalSession', 'entities', 'triggers']) {
      expect(seen).toContain(name);
    }
    // Filters naming a configuration or entity outside the scope, one at a time.
    const h = portalHeaders(token);
    for (const variables of [{ entityName: 'invoices' }, { webhookConfigId: other }, { entityName: '$operations' }]) {
      expect((await gql(t, RECORDS, variables, h)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    for (const filter of [{ entityName: 'invoices' }, { webhookConfigId: other }]) {
      const res = await gql(
        t,
        `mutation ($f: OutboxReplayFilter!) { replayOutboxRecords(filter: $f) }`,
        { f: filter },
        h,
      );
      expect(res.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect(testSends()).toHaveLength(0);
    expect(await snapshot()).toEqual(before);
  });
});

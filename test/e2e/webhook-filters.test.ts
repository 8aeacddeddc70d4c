import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateFilteredWebhookConfigDocument,
  UpdateWebhookConfigFilterDocument,
  WebhookConfigFilterDocument,
} from '../generated/graphql';
import { startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';
import { createTrigger, postSigned } from './trigger-helpers';

/** Tenants of this file, and the only ones its dispatcher touches. */
const PREFIX = 'wfilt';
const W = '/metadata/entity-webhooks';

const FIELDS = [
  { name: 'id', type: 'INTEGER' },
  { name: 'status', type: 'STRING' },
  { name: 'amount', type: 'DECIMAL' },
  { name: 'note', type: 'STRING' },
];

type Row = Record<string, unknown>;
type Headers = Record<string, string>;
const cond = (field: string, op: string, value?: unknown) => ({ field, op, ...(value === undefined ? {} : { value }) });
/** The transition into "paid": previous.status <> 'paid' AND data.status = 'paid'. */
const BECAME_PAID = {
  op: 'AND',
  conditions: [cond('previous.status', 'NE', 'paid'), cond('data.status', 'EQ', 'paid')],
};

describe('change filters of webhook configurations', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, h: Headers, payload?: unknown) =>
    t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function tenantWithOrders(fields = FIELDS) {
    const tenant = uniqueTenant(PREFIX);
    const h = await t.headers(tenant);
    const res = await call('POST', '/metadata/entities', h, { name: 'orders', fields, primaryKey: 'id' });
    expect(res.statusCode, res.body).toBe(201);
    return { tenant, h };
  }

  async function createConfig(h: Headers, fields: Row, url = 'http://127.0.0.1:9/hook') {
    const res = await call('POST', W, h, {
      entityName: 'orders',
      events: 'INSERT,UPDATE,UPSERT,DELETE',
      webhookUrl: url,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; filter: unknown; changedFields: unknown };
  }

  const write = async (h: Headers, operation: 'INSERT' | 'UPSERT', records: Row[]) => {
    const res = await call('POST', '/data/orders/records', h, { operation, records });
    expect(res.statusCode, res.body).toBe(200);
  };
  const patch = async (h: Headers, id: number, values: Row) => {
    const res = await call('PATCH', `/data/orders/records/${id}`, h, values);
    expect(res.statusCode, res.body).toBe(200);
  };
  const remove = async (h: Headers, id: number) => {
    const res = await call('DELETE', `/data/orders/records/${id}`, h);
    expect(res.statusCode, res.body).toBe(204);
  };

  /** The outbox rows of one configuration: operation and the record's data/previous status. */
  async function outboxOf(tenant: string, configId: string) {
    const schema = await t.runtime.services.tenants.ensure(tenant);
    const { rows } = await t.runtime.db.pool.query<{ operation: string; payload_json: string }>(
      `SELECT operation, payload_json FROM "${schema}".mutation_webhook_outbox WHERE webhook_config_id = $1 ORDER BY id`,
      [configId],
    );
    return rows.map((r) => {
      const p = (typeof r.payload_json === 'string' ? JSON.parse(r.payload_json) : r.payload_json) as {
        data: Row | null;
        previous: Row | null;
      };
      return { operation: r.operation, data: p.data, previous: p.previous };
    });
  }

  it('REST: saves, returns, keeps when omitted, clears with null (and under /api/v1)', async () => {
    const { h } = await tenantWithOrders();
    const created = await createConfig(h, { filter: BECAME_PAID, changedFields: ['status'] });
    expect(created.filter).toEqual(BECAME_PAID);
    expect(created.changedFields).toEqual(['status']);
    const got = (await call('GET', `${W}/${created.id}`, h)).json();
    expect(got).toMatchObject({ filter: BECAME_PAID, changedFields: ['status'] });
    const listed = (await call('GET', `${W}?entityName=orders`, h)).json();
    expect(listed.items[0]).toMatchObject({ id: created.id, filter: BECAME_PAID, changedFields: ['status'] });

    const kept = await call('PUT', `${W}/${created.id}`, h, { maxRetries: 5 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ maxRetries: 5, filter: BECAME_PAID, changedFields: ['status'] });

    const cleared = await call('PUT', `/api/v1/entity-webhooks/${created.id}`, h, { filter: null });
    expect(cleared.json()).toMatchObject({ filter: null, changedFields: ['status'] });
    const both = await call('PUT', `${W}/${created.id}`, h, { changedFields: null });
    expect(both.json()).toMatchObject({ filter: null, changedFields: null });
    expect((await call('GET', `/api/v1/entity-webhooks/${created.id}`, h)).json()).toMatchObject({
      filter: null,
      changedFields: null,
    });

    const plain = await createConfig(h, {});
    expect(plain).toMatchObject({ filter: null, changedFields: null });
    const v1 = await call('POST', '/api/v1/entity-webhooks', h, {
      entityName: 'orders',
      events: 'UPDATE',
      webhookUrl: 'http://127.0.0.1:9/hook',
      changedFields: ['amount', 'note'],
    });
    expect(v1.statusCode).toBe(201);
    expect(v1.json()).toMatchObject({ filter: null, changedFields: ['amount', 'note'] });
  });

  it('REST: 400 VALIDATION_FAILED naming each path, and nothing changes', async () => {
    const { h } = await tenantWithOrders();
    const expectDetails = async (res: Awaited<ReturnType<typeof call>>, fields: string[]) => {
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.error.code).toBe('VALIDATION_FAILED');
      expect(body.error.details.map((d: { field: string }) => d.field)).toEqual(fields);
    };
    const base = { entityName: 'orders', events: 'UPDATE', webhookUrl: 'http://127.0.0.1:9/hook' };
    await expectDetails(
      await call('POST', W, h, {
        ...base,
        filter: { op: 'OR', conditions: [cond('data.status', 'EQ', 'paid'), cond('data.ghost', 'EQ', 1)] },
        changedFields: ['status', 'ghost'],
      }),
      ['filter.conditions[1].field', 'changedFields[1]'],
    );
    await expectDetails(await call('POST', W, h, { ...base, changedFields: ['nope'] }), ['changedFields[0]']);
    await expectDetails(await call('POST', W, h, { ...base, filter: cond('operation', 'EQ', 'MERGE') }), [
      'filter.value',
    ]);
    await expectDetails(await call('POST', W, h, { ...base, filter: cond('data.amount', 'GT', 'many') }), [
      'filter.value',
    ]);
    await expectDetails(await call('POST', W, h, { ...base, filter: 'data.status = paid' }), ['filter']);
    await expectDetails(await call('POST', W, h, { ...base, changedFields: [] }), ['changedFields']);
    await expectDetails(await call('POST', W, h, { ...base, changedFields: ['status', 3] }), ['changedFields[1]']);
    await expectDetails(
      await call('POST', W, h, { ...base, entityName: 'invoices', filter: cond('data.id', 'EQ', 1) }),
      ['filter'],
    );
    expect((await call('GET', `${W}?entityName=orders`, h)).json().total).toBe(0);

    const config = await createConfig(h, { filter: cond('data.status', 'EQ', 'paid') });
    await expectDetails(
      await call('PUT', `${W}/${config.id}`, h, {
        maxRetries: 9,
        filter: { op: 'NOT', conditions: [cond('previous.total', 'IS_NULL')] },
      }),
      ['filter.conditions[0].field'],
    );
    // Moving the configuration to an entity its stored filter does not fit is refused too.
    const other = await call('POST', '/metadata/entities', h, {
      name: 'invoices',
      fields: [{ name: 'id', type: 'INTEGER' }],
      primaryKey: 'id',
    });
    expect(other.statusCode).toBe(201);
    await expectDetails(await call('PUT', `${W}/${config.id}`, h, { entityName: 'invoices' }), ['filter.field']);
    expect((await call('GET', `${W}/${config.id}`, h)).json()).toMatchObject({
      entityName: 'orders',
      maxRetries: 3,
      filter: cond('data.status', 'EQ', 'paid'),
      changedFields: null,
    });
  });

  it('GraphQL: saves, reads, clears, and reports paths in extensions.details', async () => {
    const { h } = await tenantWithOrders();
    const created = await gqlRequest(
      t.app,
      CreateFilteredWebhookConfigDocument,
      {
        input: {
          entityName: 'orders',
          events: ['UPDATE'],
          webhookUrl: 'http://127.0.0.1:9/hook',
          filter: BECAME_PAID,
          changedFields: ['status'],
        },
      },
      h,
    );
    expect(created.errors).toBeUndefined();
    const config = created.data!.createWebhookConfig;
    expect(config).toMatchObject({ filter: BECAME_PAID, changedFields: ['status'] });
    const read = await gqlRequest(t.app, WebhookConfigFilterDocument, { id: config.id }, h);
    expect(read.data!.webhookConfig).toMatchObject({ filter: BECAME_PAID, changedFields: ['status'] });

    const kept = await gqlRequest(
      t.app,
      UpdateWebhookConfigFilterDocument,
      { id: config.id, input: { maxRetries: 1 } },
      h,
    );
    expect(kept.data!.updateWebhookConfig).toMatchObject({ filter: BECAME_PAID, changedFields: ['status'] });
    const cleared = await gqlRequest(
      t.app,
      UpdateWebhookConfigFilterDocument,
      { id: config.id, input: { filter: null, changedFields: null } },
      h,
    );
    expect(cleared.data!.updateWebhookConfig).toMatchObject({ filter: null, changedFields: null });

    const bad = await gqlRequest(
      t.app,
      UpdateWebhookConfigFilterDocument,
      {
        id: config.id,
        input: {
          filter: { op: 'AND', conditions: [cond('data.status', 'EQ', 'paid'), cond('data.total', 'GT', 1)] },
          changedFields: ['status', 'status'],
        },
      },
      h,
    );
    expect(codes(bad)).toEqual(['VALIDATION_FAILED']);
    expect(bad.errors![0].extensions!.details!.map((d) => d.field)).toEqual([
      'filter.conditions[1].field',
      'changedFields[1]',
    ]);
    const after = await gqlRequest(t.app, WebhookConfigFilterDocument, { id: config.id }, h);
    expect(after.data!.webhookConfig).toMatchObject({ filter: null, changedFields: null });
  });

  it('a transition filter delivers to a real receiver only the changes into the state', async () => {
    const { tenant, h } = await tenantWithOrders();
    const path = `/paid/${tenant}`;
    const paid = await createConfig(h, { filter: BECAME_PAID }, `${receiver.url}${path}`);
    const every = await createConfig(h, {});

    await write(h, 'INSERT', [
      { id: 1, status: 'pending', amount: 10 },
      { id: 2, status: 'paid', amount: 20 },
    ]);
    await patch(h, 1, { status: 'paid' }); // into paid: sent
    await patch(h, 1, { amount: 11 }); // stays paid: not sent
    await write(h, 'UPSERT', [
      { id: 2, status: 'refunded', amount: 20 },
      { id: 3, status: 'paid', amount: 30 },
    ]); // out of paid, and an upsert that inserted (previous NULL): neither sent
    await write(h, 'UPSERT', [{ id: 2, status: 'paid', amount: 20 }]); // into paid again: sent
    await remove(h, 1); // data NULL: not sent

    const sent = await outboxOf(tenant, paid.id);
    expect(sent.map((r) => [r.operation, r.previous?.status, r.data?.status, r.data?.id])).toEqual([
      ['UPDATE', 'pending', 'paid', 1],
      ['UPSERT', 'refunded', 'paid', 2],
    ]);
    // The configuration without a filter got every change (so the filtered ones were real changes).
    expect((await outboxOf(tenant, every.id)).map((r) => r.operation)).toEqual([
      'INSERT',
      'INSERT',
      'UPDATE',
      'UPDATE',
      'UPSERT',
      'UPSERT',
      'UPSERT',
      'DELETE',
    ]);

    const ours = () => receiver.received.filter((r) => r.path === path);
    const dispatcher = startDispatcher(t, PREFIX);
    try {
      await receiver.waitFor(1);
      const deadline = Date.now() + 30_000;
      while (ours().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      // Nothing else is on its way: the outbox holds exactly these two for the configuration.
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      await dispatcher.stop();
    }
    const bodies = ours().map((r) => JSON.parse(r.body) as { operation: string; data: Row; previous: Row });
    expect(bodies.map((b) => [b.operation, b.previous.status, b.data.status, b.data.id]).sort()).toEqual([
      ['UPDATE', 'pending', 'paid', 1],
      ['UPSERT', 'refunded', 'paid', 2],
    ]);
  });

  it('changedFields on UPDATE, UPSERT that updated or inserted, INSERT and DELETE', async () => {
    const { tenant, h } = await tenantWithOrders();
    const config = await createConfig(h, { changedFields: ['status', 'amount'] });
    await write(h, 'INSERT', [{ id: 1, status: 'open', amount: 5, note: 'a' }]); // INSERT passes
    await patch(h, 1, { note: 'b' }); // no named field changed
    await patch(h, 1, { amount: 6 }); // amount changed
    await patch(h, 1, { amount: '6.0' }); // the same value as stored: unchanged
    await patch(h, 1, { status: null }); // a value to NULL is a change
    await write(h, 'UPSERT', [{ id: 1, status: null, amount: 6, note: 'c' }]); // updated, nothing named changed
    await write(h, 'UPSERT', [{ id: 1, status: 'open', amount: 6, note: 'c' }]); // updated, status NULL to a value
    await write(h, 'UPSERT', [{ id: 2, note: 'new' }]); // inserted: passes
    await remove(h, 2); // DELETE passes
    const rows = await outboxOf(tenant, config.id);
    expect(rows.map((r) => [r.operation, r.data?.id ?? r.previous?.id, r.data?.amount, r.data?.status])).toEqual([
      ['INSERT', 1, 5, 'open'],
      ['UPDATE', 1, 6, 'open'],
      ['UPDATE', 1, 6, null],
      ['UPSERT', 1, 6, 'open'],
      ['UPSERT', 2, null, null],
      ['DELETE', 2, undefined, undefined],
    ]);
  });

  it('NULL follows SQL, and operation takes part in the filter', async () => {
    const { tenant, h } = await tenantWithOrders();
    const notPaidBefore = await createConfig(h, { filter: cond('previous.status', 'NE', 'paid') });
    const newOrNotPaid = await createConfig(h, {
      filter: {
        op: 'OR',
        conditions: [cond('operation', 'IN', ['INSERT', 'DELETE']), cond('previous.status', 'NOT_IN', ['paid'])],
      },
    });
    const noNote = await createConfig(h, { filter: cond('data.note', 'IS_NULL') });
    await write(h, 'INSERT', [{ id: 1, status: null }]); // previous NULL
    await patch(h, 1, { status: 'paid' }); // previous.status NULL: NE and NOT_IN are not true
    await patch(h, 1, { status: 'open', note: 'x' }); // previous.status 'paid'
    await patch(h, 1, { status: 'paid' }); // previous.status 'open'
    await remove(h, 1); // DELETE: data.note is NULL

    const ops = async (id: string) =>
      (await outboxOf(tenant, id)).map((r) => `${r.operation}:${r.previous?.status ?? '∅'}>${r.data?.status ?? '∅'}`);
    expect(await ops(notPaidBefore.id)).toEqual(['UPDATE:open>paid']);
    expect(await ops(newOrNotPaid.id)).toEqual(['INSERT:∅>∅', 'UPDATE:open>paid', 'DELETE:paid>∅']);
    expect(await ops(noNote.id)).toEqual(['INSERT:∅>∅', 'UPDATE:∅>paid', 'DELETE:paid>∅']);
  });

  it('an entity defined again without a filtered field: the filter matches nothing until saved again', async () => {
    const { tenant, h } = await tenantWithOrders();
    const filtered = await createConfig(h, { filter: cond('data.note', 'IS_NULL'), changedFields: null });
    const byFields = await createConfig(h, { changedFields: ['note'] });
    const plain = await createConfig(h, {});
    await write(h, 'INSERT', [{ id: 1 }]);
    expect(await outboxOf(tenant, filtered.id)).toHaveLength(1);

    expect((await call('DELETE', '/metadata/entities/orders', h)).statusCode).toBe(204);
    const redefined = await call('POST', '/metadata/entities', h, {
      name: 'orders',
      fields: FIELDS.filter((f) => f.name !== 'note'),
      primaryKey: 'id',
    });
    expect(redefined.statusCode).toBe(201);
    await write(h, 'INSERT', [{ id: 2 }]);
    await patch(h, 2, { status: 'x' });
    expect(await outboxOf(tenant, filtered.id)).toHaveLength(1);
    expect(await outboxOf(tenant, byFields.id)).toHaveLength(1);
    expect((await outboxOf(tenant, plain.id)).map((r) => r.operation)).toEqual(['INSERT', 'INSERT', 'UPDATE']);

    // Saving it again checks it against the entity as it now is.
    const resave = await call('PUT', `${W}/${filtered.id}`, h, { filter: cond('data.note', 'IS_NULL') });
    expect(resave.statusCode).toBe(400);
    expect(resave.json().error.details).toEqual([
      { field: 'filter.field', message: 'must be operation, data.<field> or previous.<field> of entity orders' },
    ]);
    const fixed = await call('PUT', `${W}/${filtered.id}`, h, { filter: cond('data.status', 'IS_NULL') });
    expect(fixed.statusCode).toBe(200);
    await write(h, 'INSERT', [{ id: 3 }]);
    expect(await outboxOf(tenant, filtered.id)).toHaveLength(2);
  });

  it('records a RECORD trigger writes are filtered like any write', async () => {
    const { tenant, h } = await tenantWithOrders();
    const config = await createConfig(h, { filter: BECAME_PAID });
    const secret = 'filter-trigger-secret';
    const trigger = await createTrigger(t, tenant, {
      name: 'orders in',
      webhookSecret: secret,
      action: 'RECORD' as never,
      recordEntity: 'orders',
    });
    const intake = async (body: Row) => {
      const res = await postSigned(t, trigger.id, secret, JSON.stringify(body));
      expect(res.statusCode, res.body).toBe(202);
    };
    await intake({ id: 1, status: 'open' });
    await intake({ id: 1, status: 'paid' });
    await intake({ id: 1, status: 'paid', amount: 5 });
    expect((await outboxOf(tenant, config.id)).map((r) => [r.operation, r.previous?.status, r.data?.status])).toEqual([
      ['UPSERT', 'open', 'paid'],
    ]);
  });
});

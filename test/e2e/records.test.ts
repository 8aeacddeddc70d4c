import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DeleteRecordDocument,
  InsertRecordsDocument,
  UpdateRecordDocument,
  UpsertRecordsDocument,
} from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';

const ORDER_FIELDS = [
  { name: 'id', type: 'INTEGER' },
  { name: 'customer', type: 'STRING' },
  { name: 'ratio', type: 'FLOAT' },
  { name: 'amount', type: 'DECIMAL' },
  { name: 'paid', type: 'BOOLEAN' },
  { name: 'created_at', type: 'TIMESTAMP' },
  { name: 'day', type: 'DATE' },
  { name: 'meta', type: 'JSON' },
];
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Row = Record<string, unknown>;

describe('record writes and their outbox records', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The dispatcher stays off so outbox rows stay PENDING for the assertions.
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  async function tenantWithOrders(fields = ORDER_FIELDS, primaryKey = 'id') {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    const res = await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: h,
      payload: { name: 'orders', fields, primaryKey, timeField: 'created_at' },
    });
    expect(res.statusCode).toBe(201);
    return { tenant, h };
  }

  const post = (h: Record<string, string>, body: unknown, entity = 'orders', extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/data/${entity}/records`,
      headers: { ...h, ...extra },
      payload: body as object,
    });

  async function tableRows(tenant: string, table = 'orders'): Promise<Row[]> {
    const schema = await t.runtime.services.tenants.ensure(tenant);
    const { rows } = await t.runtime.db.pool.query(`SELECT * FROM "${schema}"."${table}" ORDER BY 1`);
    return rows;
  }

  async function outbox(tenant: string): Promise<Row[]> {
    const schema = await t.runtime.services.tenants.ensure(tenant);
    const { rows } = await t.runtime.db.pool.query(`SELECT * FROM "${schema}".mutation_webhook_outbox ORDER BY id`);
    return rows;
  }

  async function config(h: Record<string, string>, fields: Row) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/metadata/entity-webhooks',
      headers: h,
      payload: {
        entityName: 'orders',
        events: 'INSERT,UPDATE,UPSERT,DELETE',
        webhookUrl: 'http://127.0.0.1:9/hook',
        ...fields,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string };
  }

  const order = (id: number, extra: Row = {}): Row => ({
    id,
    customer: `c${id}`,
    ratio: 0.25,
    amount: '12.50',
    paid: false,
    created_at: '2026-11-26T09:30:00.123+01:00',
    day: '2024-02-29',
    meta: { tags: ['a', 'b'], n: 1 },
    ...extra,
  });

  it('inserts a batch over REST, answering count and the request id, values stored in their types', async () => {
    const { tenant, h } = await tenantWithOrders();
    const res = await post(
      h,
      { operation: 'INSERT', records: [order(1), order(2, { amount: 7, meta: 'text', paid: null })] },
      'orders',
      { 'x-request-id': 'write-req-1' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { count: 2, requestId: 'write-req-1' } });
    const rows = await tableRows(tenant);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      id: 1,
      customer: 'c1',
      ratio: 0.25,
      amount: 12.5,
      paid: false,
      day: '2024-02-29',
      meta: { tags: ['a', 'b'], n: 1 },
    });
    expect((rows[0].created_at as Date).toISOString()).toBe('2026-11-26T08:30:00.123Z');
    expect(rows[1]).toMatchObject({ id: 2, amount: 7, paid: null, meta: 'text' });

    // The backend path is the same operation.
    const v1 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/data/orders/records',
      headers: h,
      payload: { operation: 'INSERT', records: [{ id: 3 }] },
    });
    expect(v1.statusCode).toBe(200);
    expect(v1.json().data.count).toBe(1);
    expect(v1.json().data.requestId).toBe(v1.headers['x-request-id']);
    expect((await tableRows(tenant))[2]).toMatchObject({ id: 3, customer: null, created_at: null, meta: null });
  });

  it('accepts exactly the values an analytics filter accepts: one rule for writes and queries', async () => {
    const { h } = await tenantWithOrders();
    const written = await post(h, {
      operation: 'INSERT',
      records: [order(1, { amount: '1e3', created_at: '2026-11-26T10:00:00+05' }), order(2, { amount: '7.5' })],
    });
    expect(written.statusCode, written.body).toBe(200);
    const filter = (f: Row) =>
      t.app.inject({
        method: 'POST',
        url: '/analytics/query',
        headers: h,
        payload: { entity: 'orders', select: [{ field: 'id' }], filter: f },
      });
    // The very literals the write took select the record they wrote.
    for (const f of [
      { field: 'amount', op: 'EQ', value: '1e3' },
      { field: 'amount', op: 'IN', value: ['1E+3', '.5'] },
      { field: 'created_at', op: 'EQ', value: '2026-11-26T10:00:00+05' },
    ]) {
      const res = await filter(f);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.rows).toEqual([[1]]);
    }
    // And a literal the write refuses, the filter refuses too.
    for (const [field, value] of [
      ['id', '5'],
      ['amount', '1e400'],
      ['customer', '\ud800x'],
    ] as const) {
      const write = await post(h, { operation: 'INSERT', records: [order(9, { [field]: value })] });
      expect(write.statusCode, `${field} ${value}`).toBe(400);
      expect(write.json().error.details[0].field).toBe(`records[0].${field}`);
      const res = await filter({ field, op: 'EQ', value });
      expect(res.statusCode, `${field} ${value}`).toBe(400);
      expect(res.json().error.code).toBe('INVALID_QUERY');
      expect(res.json().error.details[0]).toEqual({
        field: 'filter.value',
        message: write.json().error.details[0].message,
      });
    }
  });

  it('checks every value against its field type; one bad record rejects the batch and writes nothing', async () => {
    const { tenant, h } = await tenantWithOrders();
    await config(h, {});
    const bad: Array<[Row, string]> = [
      [{ customer: 5 }, 'customer'],
      [{ id: 1.5 }, 'id'],
      [{ id: 2 ** 53 }, 'id'],
      [{ ratio: 'x' }, 'ratio'],
      [{ amount: 'twelve' }, 'amount'],
      [{ amount: 'NaN' }, 'amount'],
      [{ paid: 'yes' }, 'paid'],
      [{ created_at: '2026-11-26T24:30:00Z' }, 'created_at'],
      [{ created_at: 1764145800000 }, 'created_at'],
      [{ created_at: 'yesterday' }, 'created_at'],
      [{ day: '2023-02-29' }, 'day'],
      [{ day: '2024-13-01' }, 'day'],
      [{ day: 20240101 }, 'day'],
      [{ meta: { s: 'nul\u0000' } }, 'meta'],
      [{ customer: 'nul\u0000' }, 'customer'],
      [{ id: null }, 'id'],
      [{ unknown_field: 1 }, 'unknown_field'],
    ];
    for (const [values, field] of bad) {
      const res = await post(h, { operation: 'INSERT', records: [order(1), order(2), order(3), order(4, values)] });
      expect(res.statusCode, JSON.stringify(values)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details).toEqual([{ field: `records[3].${field}`, message: expect.any(String) }]);
    }
    const missingKey = await post(h, { operation: 'UPSERT', records: [{ customer: 'x' }] });
    expect(missingKey.json().error.details).toEqual([{ field: 'records[0].id', message: expect.any(String) }]);
    for (const body of [
      { operation: 'MERGE', records: [order(1)] },
      { operation: 'INSERT' },
      { operation: 'INSERT', records: [] },
      { operation: 'INSERT', records: [5] },
    ]) {
      const res = await post(h, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/data/orders/records',
      headers: { ...h, 'content-type': 'application/json' },
      payload: '{"operation":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_FAILED');
    const text = await t.app.inject({
      method: 'POST',
      url: '/data/orders/records',
      headers: { ...h, 'content-type': 'text/plain' },
      payload: 'INSERT',
    });
    expect(text.statusCode).toBe(415);
    const tooMany = await post(h, {
      operation: 'INSERT',
      records: Array.from({ length: 1001 }, (_, i) => ({ id: i })),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details).toEqual([{ field: 'records', message: expect.any(String) }]);
    expect(await tableRows(tenant)).toEqual([]);
    expect(await outbox(tenant)).toEqual([]);
  });

  it('refuses a duplicate primary key on INSERT with 409 and writes neither records nor outbox rows', async () => {
    const { tenant, h } = await tenantWithOrders();
    await config(h, {});
    expect((await post(h, { operation: 'INSERT', records: [order(1)] })).statusCode).toBe(200);
    expect(await outbox(tenant)).toHaveLength(1);
    // records[0] is new, records[1] exists: the database refuses the batch mid-transaction.
    const dup = await post(h, { operation: 'INSERT', records: [order(2), order(1, { customer: 'again' })] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('CONFLICT');
    const inBatch = await post(h, { operation: 'INSERT', records: [order(5), order(5)] });
    expect(inBatch.statusCode).toBe(409);
    expect(inBatch.json().error.details).toEqual([{ field: 'records[1].id', message: expect.any(String) }]);
    const rows = await tableRows(tenant);
    expect(rows.map((r) => [r.id, r.customer])).toEqual([[1, 'c1']]);
    expect(await outbox(tenant)).toHaveLength(1);
  });

  it('upserts: inserts new keys, replaces existing ones, and reports previous only for updated records', async () => {
    const { tenant, h } = await tenantWithOrders();
    const cfg = await config(h, { events: 'UPSERT' });
    expect((await post(h, { operation: 'INSERT', records: [order(1), order(2)] })).statusCode).toBe(200);
    expect(await outbox(tenant)).toHaveLength(0); // the only configuration listens to UPSERT
    const res = await post(
      h,
      { operation: 'UPSERT', records: [order(3, { customer: 'new' }), { id: 1, customer: 'replaced' }] },
      'orders',
      { 'x-request-id': 'upsert-1' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ count: 2, requestId: 'upsert-1' });
    const rows = await tableRows(tenant);
    expect(rows.map((r) => [r.id, r.customer, r.amount])).toEqual([
      [1, 'replaced', null],
      [2, 'c2', 12.5],
      [3, 'new', 12.5],
    ]);
    const out = await outbox(tenant);
    expect(out.map((r) => [r.operation, r.webhook_config_id, r.status])).toEqual([
      ['UPSERT', cfg.id, 'PENDING'],
      ['UPSERT', cfg.id, 'PENDING'],
    ]);
    const [inserted, updated] = out.map((r) => JSON.parse(r.payload_json as string));
    expect(inserted).toMatchObject({
      operation: 'UPSERT',
      writeRequestId: 'upsert-1',
      previous: null,
      data: { id: 3, customer: 'new' },
    });
    expect(updated.previous).toEqual({
      id: 1,
      customer: 'c1',
      ratio: 0.25,
      amount: 12.5,
      paid: false,
      created_at: '2026-11-26T08:30:00.123Z',
      day: '2024-02-29',
      meta: { tags: ['a', 'b'], n: 1 },
    });
    expect(updated.data).toEqual({
      id: 1,
      customer: 'replaced',
      ratio: null,
      amount: null,
      paid: null,
      created_at: null,
      day: null,
      meta: null,
    });
    expect(inserted.eventId).not.toBe(updated.eventId);

    const twice = await post(h, { operation: 'UPSERT', records: [{ id: 7 }, { id: 7 }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.details).toEqual([{ field: 'records[1].id', message: expect.any(String) }]);
  });

  it('takes batch writes at once after the entity is dropped and defined again with other field types', async () => {
    // One connection, so the second definition's writes run where the first one's were prepared
    // (src/records/record-sql.ts: a prepared statement may not change the types it returns).
    const one = await startTestApp({ DISPATCHER: 'off', DB_POOL_SIZE: '1' });
    try {
      const tenant = uniqueTenant();
      const h = await one.headers(tenant);
      const define = (type: string) =>
        one.app.inject({
          method: 'POST',
          url: '/metadata/entities',
          headers: h,
          payload: {
            name: 'items',
            fields: [
              { name: 'id', type: 'INTEGER' },
              { name: 'v', type },
            ],
            primaryKey: 'id',
          },
        });
      const write = (operation: string, records: Row[]) =>
        one.app.inject({ method: 'POST', url: '/data/items/records', headers: h, payload: { operation, records } });
      expect((await define('INTEGER')).statusCode).toBe(201);
      for (let round = 0; round < 2; round++) {
        expect((await write('INSERT', [{ id: 10 + round, v: round }])).statusCode).toBe(200);
        expect(
          (
            await write('UPSERT', [
              { id: 10, v: 5 },
              { id: 20 + round, v: 6 },
            ])
          ).statusCode,
        ).toBe(200);
      }
      expect((await one.app.inject({ method: 'DELETE', url: '/metadata/entities/items', headers: h })).statusCode).toBe(
        204,
      );
      expect((await define('STRING')).statusCode).toBe(201);
      const inserted = await write('INSERT', [{ id: 10, v: 'ten' }]);
      expect(inserted.statusCode, inserted.body).toBe(200);
      const upserted = await write('UPSERT', [
        { id: 10, v: 'TEN' },
        { id: 11, v: 'eleven' },
      ]);
      expect(upserted.statusCode, upserted.body).toBe(200);
      const schema = await one.runtime.services.tenants.ensure(tenant);
      const { rows } = await one.runtime.db.pool.query(`SELECT id, v FROM "${schema}"."items" ORDER BY id`);
      expect(rows).toEqual([
        { id: 10, v: 'TEN' },
        { id: 11, v: 'eleven' },
      ]);
    } finally {
      await one.close();
    }
  });

  it('patches one record (answering it in JSON form) and deletes one, with 404 for unknown ids', async () => {
    const { tenant, h } = await tenantWithOrders();
    expect((await post(h, { operation: 'INSERT', records: [order(1), order(2)] })).statusCode).toBe(200);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/data/orders/records/1',
      headers: h,
      payload: { amount: '99.125', paid: true, meta: null },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toEqual({
      success: true,
      data: {
        id: 1,
        customer: 'c1',
        ratio: 0.25,
        amount: 99.125,
        paid: true,
        created_at: '2026-11-26T08:30:00.123Z',
        day: '2024-02-29',
        meta: null,
      },
    });
    expect(patch.json().data.created_at).toMatch(ISO_MS);
    // The key may be repeated unchanged, but not changed.
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/data/orders/records/1',
          headers: h,
          payload: { id: 1, customer: 'k' },
        })
      ).statusCode,
    ).toBe(200);
    const rekey = await t.app.inject({
      method: 'PATCH',
      url: '/data/orders/records/1',
      headers: h,
      payload: { id: 5 },
    });
    expect(rekey.statusCode).toBe(400);
    expect(rekey.json().error.details[0].field).toBe('id');
    const badType = await t.app.inject({
      method: 'PATCH',
      url: '/data/orders/records/1',
      headers: h,
      payload: { paid: 1 },
    });
    expect(badType.json().error.details).toEqual([{ field: 'paid', message: expect.any(String) }]);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/data/orders/records/1', headers: h, payload: {} })).statusCode,
    ).toBe(400);
    for (const id of ['404', 'abc', '1.5']) {
      const missing = await t.app.inject({
        method: 'PATCH',
        url: `/data/orders/records/${id}`,
        headers: h,
        payload: { paid: true },
      });
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json().error.code).toBe('RECORD_NOT_FOUND');
    }

    const del = await t.app.inject({ method: 'DELETE', url: '/data/orders/records/2', headers: h });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const again = await t.app.inject({ method: 'DELETE', url: '/api/v1/data/orders/records/2', headers: h });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('RECORD_NOT_FOUND');
    expect((await tableRows(tenant)).map((r) => [r.id, r.customer, r.paid])).toEqual([[1, 'k', true]]);
  });

  it('answers 404 ENTITY_NOT_FOUND for an unknown or foreign entity, and checks permissions', async () => {
    const { h } = await tenantWithOrders();
    const other = await t.headers(uniqueTenant());
    for (const [headers, entity] of [
      [h, 'nope'],
      [other, 'orders'],
    ] as const) {
      const res = await post(headers, { operation: 'INSERT', records: [{ id: 1 }] }, entity);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('ENTITY_NOT_FOUND');
    }
    const tenant = h['x-tenant-id'];
    expect(
      (await post(await t.headers(tenant, ['data:write']), { operation: 'INSERT', records: [{ id: 1 }] })).statusCode,
    ).toBe(200);
    expect(
      (await post(await t.headers(tenant, ['analytics:read']), { operation: 'INSERT', records: [{ id: 2 }] }))
        .statusCode,
    ).toBe(403);
    const unauth = await t.app.inject({
      method: 'DELETE',
      url: '/data/orders/records/1',
      headers: { 'x-tenant-id': tenant },
    });
    expect(unauth.statusCode).toBe(401);
  });

  it('writes outbox rows for matching, enabled, not deleted configurations only, with the documented payload', async () => {
    const { tenant, h } = await tenantWithOrders();
    const all = await config(h, { maxRetries: 9 });
    const deletesOnly = await config(h, { events: 'DELETE' });
    await config(h, { enabled: false });
    const removed = await config(h, {});
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/metadata/entity-webhooks/${removed.id}`, headers: h })).statusCode,
    ).toBe(204);
    await config(h, { entityName: 'customers' });

    await post(h, { operation: 'INSERT', records: [order(1)] }, 'orders', { 'x-request-id': 'w-insert' });
    await t.app.inject({
      method: 'PATCH',
      url: '/data/orders/records/1',
      headers: { ...h, 'x-request-id': 'w-update' },
      payload: { customer: 'z' },
    });
    await t.app.inject({
      method: 'DELETE',
      url: '/data/orders/records/1',
      headers: { ...h, 'x-request-id': 'w-delete' },
    });

    // The two records of the DELETE follow the configurations' creation order, which may tie within a millisecond.
    const [insertRow, updateRow, ...deleteRows] = await outbox(tenant);
    const firstAll = (x: Row, y: Row) =>
      Number(y.webhook_config_id === all.id) - Number(x.webhook_config_id === all.id);
    const rows = [insertRow, updateRow, ...deleteRows.sort(firstAll)];
    expect(rows.map((r) => [r.operation, r.webhook_config_id])).toEqual([
      ['INSERT', all.id],
      ['UPDATE', all.id],
      ['DELETE', all.id],
      ['DELETE', deletesOnly.id],
    ]);
    const payloads = rows.map((r) => JSON.parse(r.payload_json as string));
    rows.forEach((r, i) => {
      expect(r).toMatchObject({
        status: 'PENDING',
        retry_count: 0,
        tenant_id: tenant,
        entity_name: 'orders',
        max_retries: r.webhook_config_id === all.id ? 9 : 3,
      });
      expect(Object.keys(payloads[i]).sort()).toEqual([
        'data',
        'entityName',
        'eventId',
        'occurredAt',
        'operation',
        'previous',
        'requestId',
        'tenantId',
        'writeRequestId',
      ]);
      expect(payloads[i]).toMatchObject({
        tenantId: tenant,
        entityName: 'orders',
        operation: r.operation,
        requestId: r.request_id,
      });
      expect(payloads[i].occurredAt).toMatch(ISO_MS);
    });
    const [ins, upd, del1, del2] = payloads;
    expect(ins).toMatchObject({
      writeRequestId: 'w-insert',
      previous: null,
      data: { id: 1, customer: 'c1', created_at: '2026-11-26T08:30:00.123Z', amount: 12.5, day: '2024-02-29' },
    });
    expect(upd).toMatchObject({
      writeRequestId: 'w-update',
      previous: { id: 1, customer: 'c1' },
      data: { id: 1, customer: 'z' },
    });
    expect(del1).toMatchObject({ writeRequestId: 'w-delete', data: null, previous: { id: 1, customer: 'z' } });
    expect(del2.eventId).toBe(del1.eventId);
    expect(del2.requestId).not.toBe(del1.requestId);

    // A failing batch (duplicate key in the database) leaves no outbox row.
    await post(h, { operation: 'INSERT', records: [order(2)] });
    const before = (await outbox(tenant)).length;
    expect((await post(h, { operation: 'INSERT', records: [order(3), order(2)] })).statusCode).toBe(409);
    expect((await outbox(tenant)).length).toBe(before);
    expect((await tableRows(tenant)).map((r) => r.id)).toEqual([2]);
  });

  it('writes a batch of 1000 records, and their 1000 outbox rows, in one request', async () => {
    const { tenant, h } = await tenantWithOrders();
    await config(h, {});
    const records = Array.from({ length: 1000 }, (_, i) => order(i + 1, { meta: { i } }));
    const started = performance.now();
    const res = await post(h, { operation: 'INSERT', records });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json().data.count).toBe(1000);
    const upsert = await post(h, { operation: 'UPSERT', records: records.map((r) => ({ ...r, customer: 'bulk' })) });
    expect(upsert.json().data.count).toBe(1000);
    const schema = await t.runtime.services.tenants.ensure(tenant);
    const counts = await t.runtime.db.pool.query(
      `SELECT (SELECT count(*) FROM "${schema}".orders WHERE customer = 'bulk') AS records,
              (SELECT count(*) FROM "${schema}".mutation_webhook_outbox WHERE operation = 'INSERT') AS inserts,
              (SELECT count(*) FROM "${schema}".mutation_webhook_outbox WHERE operation = 'UPSERT' AND payload_json::jsonb->'previous' IS NOT NULL
                  AND payload_json::jsonb->'previous'->>'customer' <> 'bulk') AS updates`,
    );
    expect(counts.rows[0]).toEqual({ records: 1000, inserts: 1000, updates: 1000 });
    // Loose bound: a statement per record would take many seconds here.
    expect(elapsed).toBeLessThan(10_000);
  });

  it('offers the same writes over GraphQL, with the caller request id as writeRequestId', async () => {
    const { tenant, h } = await tenantWithOrders();
    await config(h, {});
    const hr = { ...h, 'x-request-id': 'gql-write-1' };
    const ins = await gqlRequest(t.app, InsertRecordsDocument, { entity: 'orders', records: [order(1), order(2)] }, hr);
    expect(ins.errors).toBeUndefined();
    expect(ins.data!.insertRecords).toEqual({ count: 2, requestId: 'gql-write-1' });
    const ups = await gqlRequest(
      t.app,
      UpsertRecordsDocument,
      { entity: 'orders', records: [order(2, { customer: 'u' })] },
      h,
    );
    expect(ups.data!.upsertRecords.count).toBe(1);
    const upd = await gqlRequest(t.app, UpdateRecordDocument, { entity: 'orders', id: '1', patch: { ratio: 1.5 } }, h);
    expect(upd.data!.updateRecord).toMatchObject({
      id: 1,
      ratio: 1.5,
      created_at: '2026-11-26T08:30:00.123Z',
      day: '2024-02-29',
    });
    expect((await gqlRequest(t.app, DeleteRecordDocument, { entity: 'orders', id: '2' }, h)).data!.deleteRecord).toBe(
      true,
    );
    expect(codes(await gqlRequest(t.app, DeleteRecordDocument, { entity: 'orders', id: '2' }, h))).toEqual([
      'RECORD_NOT_FOUND',
    ]);
    expect(codes(await gqlRequest(t.app, InsertRecordsDocument, { entity: 'nope', records: [{ id: 1 }] }, h))).toEqual([
      'ENTITY_NOT_FOUND',
    ]);
    const bad = await gqlRequest(
      t.app,
      InsertRecordsDocument,
      { entity: 'orders', records: [order(5), order(6, { day: 'x' })] },
      h,
    );
    expect(codes(bad)).toEqual(['VALIDATION_FAILED']);
    expect(bad.errors![0].extensions!.details).toEqual([{ field: 'records[1].day', message: expect.any(String) }]);
    expect(
      codes(
        await gqlRequest(
          t.app,
          InsertRecordsDocument,
          { entity: 'orders', records: [{ id: 9 }] },
          await t.headers(tenant, ['analytics:read']),
        ),
      ),
    ).toEqual(['FORBIDDEN']);

    expect((await tableRows(tenant)).map((r) => [r.id, r.ratio])).toEqual([[1, 1.5]]);
    const ops = (await outbox(tenant)).map((r) => [r.operation, JSON.parse(r.payload_json as string).writeRequestId]);
    expect(ops.slice(0, 2)).toEqual([
      ['INSERT', 'gql-write-1'],
      ['INSERT', 'gql-write-1'],
    ]);
    expect(ops.slice(2).map((o) => o[0])).toEqual(['UPSERT', 'UPDATE', 'DELETE']);
  });

  it('keeps upserts racing on the same keys consistent: every outbox previous is the state the upsert replaced', async () => {
    const { tenant, h } = await tenantWithOrders();
    await config(h, { events: 'UPSERT' });
    // Keys 1..40 exist before; writer a upserts 1..120, writer b 60..180, concurrently (on the embedded database they queue).
    expect(
      (
        await post(h, {
          operation: 'INSERT',
          records: Array.from({ length: 40 }, (_, i) => ({ id: i + 1, customer: 'seed' })),
        })
      ).statusCode,
    ).toBe(200);
    const batch = (from: number, to: number, customer: string) => ({
      operation: 'UPSERT',
      records: Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, customer })),
    });
    const [a, b] = await Promise.all([post(h, batch(1, 120, 'a')), post(h, batch(60, 180, 'b'))]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);

    const byKey = new Map<number, Array<{ data: Row; previous: Row | null }>>();
    for (const r of await outbox(tenant)) {
      const p = JSON.parse(r.payload_json as string);
      byKey.set(p.data.id, [...(byKey.get(p.data.id) ?? []), p]);
    }
    const final = new Map((await tableRows(tenant)).map((r) => [r.id as number, r.customer]));
    expect(final.size).toBe(180);
    for (let key = 1; key <= 180; key++) {
      const changes = byKey.get(key)!;
      expect(changes.length).toBe(key >= 60 && key <= 120 ? 2 : 1);
      // The changes of a key form one chain from its first state to its final one.
      let state: unknown = key <= 40 ? 'seed' : null;
      const pending = [...changes];
      while (pending.length) {
        const next = pending.findIndex((c) => (c.previous?.customer ?? null) === state);
        expect(next, `key ${key}`).toBeGreaterThanOrEqual(0);
        state = pending.splice(next, 1)[0].data.customer;
      }
      expect(state).toBe(final.get(key));
    }
  });

  it('uses text, date and timestamp primary keys from the URL', async () => {
    const fields = [
      { name: 'code', type: 'STRING' },
      { name: 'created_at', type: 'TIMESTAMP' },
      { name: 'n', type: 'INTEGER' },
    ];
    const { tenant, h } = await tenantWithOrders(fields, 'code');
    expect(
      (
        await post(h, {
          operation: 'INSERT',
          records: [
            { code: 'a/b c', n: 1 },
            { code: 'x', n: 2 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/data/orders/records/${encodeURIComponent('a/b c')}`,
      headers: h,
      payload: { n: 5 },
    });
    expect(patched.json().data).toEqual({ code: 'a/b c', created_at: null, n: 5 });

    const tsTenant = uniqueTenant();
    const th = await t.headers(tsTenant);
    await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: th,
      payload: {
        name: 'ticks',
        fields: [
          { name: 'at', type: 'TIMESTAMP' },
          { name: 'v', type: 'FLOAT' },
        ],
        primaryKey: 'at',
        timeField: 'at',
      },
    });
    await post(th, { operation: 'INSERT', records: [{ at: '2026-01-01T00:00:00Z', v: 1 }] }, 'ticks');
    const tick = await t.app.inject({
      method: 'PATCH',
      url: `/data/ticks/records/${encodeURIComponent('2026-01-01T01:00:00+01:00')}`,
      headers: th,
      payload: { v: 2 },
    });
    expect(tick.json().data).toEqual({ at: '2026-01-01T00:00:00.000Z', v: 2 });
    expect((await tableRows(tenant)).map((r) => [r.code, r.n])).toEqual([
      ['a/b c', 5],
      ['x', 2],
    ]);
  });
});

import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { createConfig, outboxRows } from '../dispatcher/fixtures';

/**
 * OUTBOX_MAX_ROWS_PER_WRITE (docs/api.md#quotas): a write whose changes would fan out to more
 * outbox records than the limit is 422 LIMIT_EXCEEDED and writes nothing, neither the records nor
 * any outbox row (without the limit, one 216 KB batch made 200,000 rows and a 30 s transaction).
 */
describe('outbox records per write request', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', OUTBOX_MAX_ROWS_PER_WRITE: '5' });
  });
  afterAll(() => t.close());

  it('refuses a write over the limit with 422, names the limit, and writes nothing', async () => {
    const s = t.runtime.services;
    const tenant = uniqueTenant('quota');
    const h = await t.headers(tenant);
    const defined = await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: h,
      payload: { name: 'orders', fields: [{ name: 'id', type: 'INTEGER' }], primaryKey: 'id' },
    });
    expect(defined.statusCode).toBe(201);
    for (let i = 0; i < 3; i++) await createConfig(s, tenant, { webhookUrl: `http://127.0.0.1:9/${i}` });
    const write = (ids: number[]) =>
      t.app.inject({
        method: 'POST',
        url: '/data/orders/records',
        headers: h,
        payload: { operation: 'INSERT', records: ids.map((id) => ({ id })) },
      });

    const over = await write([1, 2]);
    expect(over.statusCode).toBe(422);
    expect(over.json().error.code).toBe('LIMIT_EXCEEDED');
    expect(over.json().error.message).toContain('OUTBOX_MAX_ROWS_PER_WRITE (5)');
    expect(await outboxRows(s, tenant)).toHaveLength(0);
    const query = await t.app.inject({
      method: 'POST',
      url: '/analytics/query',
      headers: h,
      payload: { entity: 'orders', select: [{ field: 'id' }] },
    });
    expect(query.json().data.rows).toEqual([]);

    const within = await write([1]);
    expect(within.statusCode).toBe(200);
    const rows = await outboxRows(s, tenant);
    expect(rows).toHaveLength(3);
    // The payload text is exactly what JSON.stringify makes of the payload, keys in order.
    for (const row of rows) {
      const payload = JSON.parse(row.payload_json);
      expect(Object.keys(payload)).toEqual([
        'eventId',
        'tenantId',
        'entityName',
        'operation',
        'requestId',
        'writeRequestId',
        'occurredAt',
        'data',
        'previous',
      ]);
      expect(row.payload_json).toBe(JSON.stringify(payload));
      expect(payload).toMatchObject({
        tenantId: tenant,
        entityName: 'orders',
        operation: 'INSERT',
        requestId: row.request_id,
      });
      expect(payload.data).toEqual({ id: 1 });
      expect(payload.previous).toBeNull();
    }
    expect(new Set(rows.map((r) => JSON.parse(r.payload_json).eventId)).size).toBe(1);
  });
});

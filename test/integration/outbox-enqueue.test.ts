import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOutboxRecords } from '../../src/outbox/enqueue';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';

describe('writeOutboxRecords (the transactional outbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  it('writes one record per change and matching configuration, with the contract payload', async () => {
    const tenant = uniqueTenant();
    const s = t.runtime.services;
    const all = await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/all', maxRetries: 7 });
    const updatesOnly = await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/upd', events: 'UPDATE' });
    await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/off', enabled: false });
    const deleted = await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/del' });
    await s.webhooks.delete({ tenantId: tenant, actor: 'x', permissions: new Set() }, deleted.id);
    await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/other', entityName: 'customers' });
    await createConfig(s, uniqueTenant(), { webhookUrl: 'http://127.0.0.1:9/foreign' });

    const written = await commitChanges(
      s,
      tenant,
      [
        { operation: 'INSERT', data: { id: 1, total: 5 }, previous: null },
        { operation: 'UPDATE', data: { id: 1, total: 6 }, previous: { id: 1, total: 5 } },
        { operation: 'DELETE', data: null, previous: { id: 1, total: 6 } },
      ],
      { writeRequestId: 'req-abc' },
    );
    expect(written).toBe(4);
    const rows = await outboxRows(s, tenant);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => [r.operation, r.webhook_config_id])).toEqual([
      ['INSERT', all.id],
      ['UPDATE', all.id],
      ['UPDATE', updatesOnly.id],
      ['DELETE', all.id],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({
        status: 'PENDING',
        retry_count: 0,
        tenant_id: tenant,
        entity_name: 'orders',
        last_error: null,
      });
      expect(r.max_retries).toBe(r.webhook_config_id === all.id ? 7 : 3);
      expect(Math.abs(r.next_retry_at.getTime() - Date.now())).toBeLessThan(10_000);
      const payload = JSON.parse(r.payload_json);
      expect(Object.keys(payload).sort()).toEqual(
        [
          'data',
          'entityName',
          'eventId',
          'occurredAt',
          'operation',
          'previous',
          'requestId',
          'tenantId',
          'writeRequestId',
        ].sort(),
      );
      expect(payload).toMatchObject({
        tenantId: tenant,
        entityName: 'orders',
        operation: r.operation,
        requestId: r.request_id,
        writeRequestId: 'req-abc',
      });
      expect(payload.occurredAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const [insert, update1, update2, del] = rows.map((r) => JSON.parse(r.payload_json));
    expect(insert).toMatchObject({ data: { id: 1, total: 5 }, previous: null });
    expect(update1).toMatchObject({ data: { id: 1, total: 6 }, previous: { id: 1, total: 5 } });
    expect(del).toMatchObject({ data: null, previous: { id: 1, total: 6 } });
    // One change for two configurations: one eventId, two request ids.
    expect(update1.eventId).toBe(update2.eventId);
    expect(update1.requestId).not.toBe(update2.requestId);
    expect(new Set(rows.map((r) => r.request_id)).size).toBe(4);
    expect(new Set([insert.eventId, update1.eventId, del.eventId]).size).toBe(3);
    // The tenant is marked due for the dispatchers.
    const hint = await s.db.pool.query('SELECT wake_at FROM dispatch_tenants WHERE tenant_id = $1', [tenant]);
    expect(hint.rows[0].wake_at.getTime()).toBeLessThanOrEqual(Date.now() + 5);
  });

  it('writes nothing when the change rolls back, and nothing without a matching configuration', async () => {
    const tenant = uniqueTenant();
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/x', events: 'INSERT' });
    const schema = await s.tenants.ensure(tenant);
    await expect(
      s.db.transaction(async (client) => {
        await writeOutboxRecords(client, {
          tenantId: tenant,
          schema,
          entityName: 'orders',
          writeRequestId: 'w',
          occurredAt: new Date(),
          changes: inserts(3),
        });
        throw new Error('the record write failed');
      }),
    ).rejects.toThrow('the record write failed');
    expect(await outboxRows(s, tenant)).toHaveLength(0);
    expect(await commitChanges(s, tenant, [{ operation: 'DELETE', data: null, previous: { id: 1 } }])).toBe(0);
    expect(await commitChanges(s, tenant, inserts(2), { entityName: 'customers' })).toBe(0);
    expect(await outboxRows(s, tenant)).toHaveLength(0);
  });

  it('writes a batch of 1000 changes in one go', async () => {
    const tenant = uniqueTenant();
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/a' });
    await createConfig(s, tenant, { webhookUrl: 'http://127.0.0.1:9/b' });
    const started = Date.now();
    expect(await commitChanges(s, tenant, inserts(1000))).toBe(2000);
    expect(Date.now() - started).toBeLessThan(10_000);
    const rows = await outboxRows(s, tenant);
    expect(rows).toHaveLength(2000);
    expect(new Set(rows.map((r) => JSON.parse(r.payload_json).writeRequestId))).toEqual(new Set(['write-1']));
  });
});

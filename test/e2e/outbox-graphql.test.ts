import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRecordId, encodeRecordId } from '../../src/outbox/record-id';
import { OutboxRecordDocument, OutboxRecordsDocument, RedeliverOutboxRecordDocument } from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';
import { adminOf, commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';

/** Tenants of this file, and the only ones its dispatchers touch. */
const PREFIX = 'ogql';

describe('GraphQL outbox operators', () => {
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

  it('lists newest first with cursors, filters, and a page size of 50 by default and 500 at most', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    const a = await createConfig(s, tenant, { webhookUrl: `${receiver.url}/a`, events: 'INSERT' });
    const b = await createConfig(s, tenant, { webhookUrl: `${receiver.url}/b`, events: 'DELETE' });
    await commitChanges(s, tenant, inserts(55));
    await commitChanges(s, tenant, [{ operation: 'DELETE', data: null, previous: { id: 1 } }], {
      entityName: 'orders',
    });
    await createConfig(s, tenant, { webhookUrl: `${receiver.url}/c`, entityName: 'customers', events: 'INSERT' });
    await commitChanges(s, tenant, inserts(2), { entityName: 'customers' });
    const h = await t.headers(tenant);

    const page1 = await gqlRequest(t.app, OutboxRecordsDocument, {}, h);
    expect(page1.errors).toBeUndefined();
    const items1 = page1.data!.outboxRecords.items;
    expect(items1).toHaveLength(50);
    // Newest first: the table ids behind the public ones descend.
    const tableId = (publicId: string) => Number(decodeRecordId(tenant, publicId));
    const ids = items1.map((i) => tableId(i.id));
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(items1[0]).toMatchObject({
      entityName: 'customers',
      operation: 'INSERT',
      status: 'PENDING',
      retryCount: 0,
      maxRetries: 3,
      lastError: null,
      deliveredAt: null,
      attempts: [],
    });
    expect(items1[2]).toMatchObject({ entityName: 'orders', operation: 'DELETE', webhookConfigId: b.id });
    expect(JSON.parse(items1[0].payloadJson).requestId).toBe(items1[0].requestId);
    const page2 = await gqlRequest(t.app, OutboxRecordsDocument, { after: page1.data!.outboxRecords.nextCursor }, h);
    expect(page2.data!.outboxRecords.items).toHaveLength(8);
    expect(page2.data!.outboxRecords.nextCursor).toBeNull();
    expect(tableId(page2.data!.outboxRecords.items[0].id)).toBeLessThan(ids[49]);

    const byConfig = await gqlRequest(t.app, OutboxRecordsDocument, { webhookConfigId: a.id, first: 500 }, h);
    expect(byConfig.data!.outboxRecords.items).toHaveLength(55);
    const byEntity = await gqlRequest(t.app, OutboxRecordsDocument, { entityName: 'customers' }, h);
    expect(byEntity.data!.outboxRecords.items).toHaveLength(2);
    const byStatus = await gqlRequest(t.app, OutboxRecordsDocument, { status: 'DEAD' }, h);
    expect(byStatus.data!.outboxRecords.items).toHaveLength(0);
    const small = await gqlRequest(t.app, OutboxRecordsDocument, { first: 3, entityName: 'orders' }, h);
    expect(small.data!.outboxRecords.items.map((i) => i.operation)).toEqual(['DELETE', 'INSERT', 'INSERT']);

    expect(codes(await gqlRequest(t.app, OutboxRecordsDocument, { first: 501 }, h))).toEqual(['VALIDATION_FAILED']);
    expect(codes(await gqlRequest(t.app, OutboxRecordsDocument, { first: 0 }, h))).toEqual(['VALIDATION_FAILED']);
    expect(codes(await gqlRequest(t.app, OutboxRecordsDocument, { after: 'not-a-cursor' }, h))).toEqual([
      'VALIDATION_FAILED',
    ]);
    // Another tenant sees none of it.
    const other = await gqlRequest(t.app, OutboxRecordsDocument, {}, await t.headers(uniqueTenant(PREFIX)));
    expect(other.data!.outboxRecords).toEqual({ items: [], nextCursor: null });
  });

  it('answers one record with its attempts, and OUTBOX_RECORD_NOT_FOUND for unknown or foreign ids', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: `${receiver.url}/teapot`, maxRetries: 2, backoffInitialSeconds: 1 });
    receiver.react = (r) => (r.path === '/teapot' ? { status: 503 } : { status: 204 });
    await commitChanges(s, tenant, inserts(1));
    const d = startDispatcher(t, PREFIX);
    try {
      await eventually(async () => ((await outboxRows(s, tenant))[0].status === 'DEAD' ? true : undefined));
    } finally {
      await d.stop();
      receiver.react = () => ({ status: 204 });
    }
    const [row] = await outboxRows(s, tenant);
    const h = await t.headers(tenant);
    const res = await gqlRequest(t.app, OutboxRecordDocument, { id: encodeRecordId(tenant, row.id) }, h);
    expect(res.errors).toBeUndefined();
    const rec = res.data!.outboxRecord!;
    expect(rec).toMatchObject({
      id: encodeRecordId(tenant, row.id),
      status: 'DEAD',
      retryCount: 1,
      maxRetries: 2,
      lastError: 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503',
      requestId: row.request_id,
    });
    expect(rec.attempts.map((a) => [a.attemptNumber, a.statusCode, a.error])).toEqual([
      [1, 503, 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503'],
      [2, 503, 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503'],
    ]);
    expect(rec.attempts[0].startedAt).toMatch(/Z$/);
    expect(rec.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const huge = encodeRecordId(tenant, '9999999999999999999');
    for (const id of ['999999999', 'abc', '-1', String(row.id), '9999999999999999999', huge, 'ob_', 'ob_%%%']) {
      const missing = await gqlRequest(t.app, OutboxRecordDocument, { id }, h);
      expect(codes(missing)).toEqual(['OUTBOX_RECORD_NOT_FOUND']);
      expect(missing.data?.outboxRecord ?? null).toBeNull();
    }
    const foreign = await gqlRequest(
      t.app,
      OutboxRecordDocument,
      { id: encodeRecordId(tenant, row.id) },
      await t.headers(uniqueTenant(PREFIX)),
    );
    expect(codes(foreign)).toEqual(['OUTBOX_RECORD_NOT_FOUND']);
    expect(
      codes(
        await gqlRequest(
          t.app,
          RedeliverOutboxRecordDocument,
          { id: encodeRecordId(tenant, row.id) },
          await t.headers(uniqueTenant(PREFIX)),
        ),
      ),
    ).toEqual(['OUTBOX_RECORD_NOT_FOUND']);
  });

  it('gives records ids unique across tenants, and answers each id only to its own tenant', async () => {
    const s = t.runtime.services;
    const [a, b] = [uniqueTenant(PREFIX), uniqueTenant(PREFIX)];
    for (const tenant of [a, b]) {
      await createConfig(s, tenant, { webhookUrl: `${receiver.url}/ids` });
      await commitChanges(s, tenant, inserts(1));
    }
    // Both tables count from 1: the same row id, yet two different public ids.
    expect((await outboxRows(s, a))[0].id).toBe((await outboxRows(s, b))[0].id);
    const [ha, hb] = [await t.headers(a), await t.headers(b)];
    const idA = (await gqlRequest(t.app, OutboxRecordsDocument, {}, ha)).data!.outboxRecords.items[0].id;
    const idB = (await gqlRequest(t.app, OutboxRecordsDocument, {}, hb)).data!.outboxRecords.items[0].id;
    expect(idA).not.toBe(idB);
    expect((await gqlRequest(t.app, OutboxRecordDocument, { id: idA }, ha)).data!.outboxRecord!.id).toBe(idA);
    expect(codes(await gqlRequest(t.app, OutboxRecordDocument, { id: idA }, hb))).toEqual(['OUTBOX_RECORD_NOT_FOUND']);
    expect(codes(await gqlRequest(t.app, RedeliverOutboxRecordDocument, { id: idB }, ha))).toEqual([
      'OUTBOX_RECORD_NOT_FOUND',
    ]);
  });

  it('redelivers a DEAD record (and a DELIVERED one) with the same request id', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: `${receiver.url}/redeliver`, maxRetries: 1 });
    let fail = true;
    receiver.react = (r) => (r.path === '/redeliver' && fail ? { status: 500 } : { status: 204 });
    await commitChanges(s, tenant, inserts(1));
    const d = startDispatcher(t, PREFIX);
    try {
      const dead = await eventually(async () => {
        const [r] = await outboxRows(s, tenant);
        return r.status === 'DEAD' ? r : undefined;
      });
      fail = false;
      const h = await t.headers(tenant);
      const res = await gqlRequest(t.app, RedeliverOutboxRecordDocument, { id: encodeRecordId(tenant, dead.id) }, h);
      expect(res.errors).toBeUndefined();
      expect(res.data!.redeliverOutboxRecord).toMatchObject({ status: 'PENDING', retryCount: 0, lastError: null });
      const delivered = await eventually(async () => {
        const [r] = await outboxRows(s, tenant);
        return r.status === 'DELIVERED' ? r : undefined;
      });
      expect(delivered.attempt_count).toBe(2);
      const again = await gqlRequest(t.app, RedeliverOutboxRecordDocument, { id: encodeRecordId(tenant, dead.id) }, h);
      expect(again.data!.redeliverOutboxRecord.status).toBe('PENDING');
      await eventually(async () => ((await outboxRows(s, tenant))[0].attempt_count === 3 ? true : undefined));
      const sent = receiver.received.filter((r) => r.path === '/redeliver');
      expect(sent.map((r) => r.requestId)).toEqual([dead.request_id, dead.request_id, dead.request_id]);
      const rec = await gqlRequest(t.app, OutboxRecordDocument, { id: encodeRecordId(tenant, dead.id) }, h);
      expect(rec.data!.outboxRecord!.attempts.map((a) => a.statusCode)).toEqual([500, 204, 204]);
      expect(rec.data!.outboxRecord!.status).toBe('DELIVERED');
      expect(rec.data!.outboxRecord!.deliveredAt).toBeTruthy();
    } finally {
      await d.stop();
      receiver.react = () => ({ status: 204 });
    }
  });

  it('keeps records of a deleted configuration listable and needs tenant:admin or admin', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    const config = await createConfig(s, tenant, { webhookUrl: `${receiver.url}/gone` });
    await commitChanges(s, tenant, inserts(2));
    await s.webhooks.delete(adminOf(tenant), config.id);
    const list = await gqlRequest(
      t.app,
      OutboxRecordsDocument,
      { webhookConfigId: config.id },
      await t.headers(tenant),
    );
    expect(list.data!.outboxRecords.items).toHaveLength(2);
    const asAdmin = await gqlRequest(t.app, OutboxRecordsDocument, {}, await t.headers(tenant, ['admin']));
    expect(asAdmin.data!.outboxRecords.items).toHaveLength(2);
    for (const perms of [['data:write'], ['analytics:read'], ['internal']]) {
      expect(codes(await gqlRequest(t.app, OutboxRecordsDocument, {}, await t.headers(tenant, perms)))).toEqual([
        'FORBIDDEN',
      ]);
    }
    expect(codes(await gqlRequest(t.app, OutboxRecordsDocument, {}, { 'x-tenant-id': tenant }))).toEqual([
      'UNAUTHENTICATED',
    ]);
    const otherAdmin = { authorization: `Bearer ${await t.token(uniqueTenant(PREFIX))}`, 'x-tenant-id': tenant };
    expect(codes(await gqlRequest(t.app, RedeliverOutboxRecordDocument, { id: '1' }, otherAdmin))).toEqual([
      'FORBIDDEN',
    ]);
  });
});

import 'reflect-metadata';
import { parse } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantSchemas } from '../../src/db/tenant-schema';
import { OutboxService } from '../../src/outbox/service';
import { RetentionCleanup } from '../../src/retention/cleanup';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';
import {
  adminOf,
  commitChanges,
  createConfig,
  inserts,
  outboxOf,
  outboxRows,
  updateOutboxRows,
} from '../dispatcher/fixtures';

/**
 * Finding a delivery: outboxRecords by the request id a receiver quotes, and by bounds on createdAt,
 * through the request-id table the outbox insert writes (tenant schema 8).
 */
const PREFIX = 'fnd';
const HOUR = 3_600_000;

interface Page {
  outboxRecords: {
    items: Array<{ id: string; requestId: string; status: string; retryCount: number; createdAt: string }>;
    nextCursor: string | null;
  };
}
interface Vars {
  requestId?: string | null;
  createdAfter?: string | null;
  createdBefore?: string | null;
  status?: string | null;
  first?: number | null;
  after?: string | null;
}
const FIND = parse(`
  query Find($requestId: String, $createdAfter: DateTime, $createdBefore: DateTime, $status: OutboxStatus, $first: Int, $after: String) {
    outboxRecords(requestId: $requestId, createdAfter: $createdAfter, createdBefore: $createdBefore, status: $status, first: $first, after: $after) {
      items { id requestId status retryCount createdAt }
      nextCursor
    }
  }
`) as TypedDocumentNode<Page, Vars>;

describe('outboxRecords: finding a delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(async () => {
    await t.close();
  });

  const find = async (tenant: string, vars: Vars) => {
    const res = await gqlRequest(t.app, FIND, vars, await t.headers(tenant));
    expect(res.errors).toBeUndefined();
    return res.data!.outboxRecords;
  };
  const sideRows = async (tenant: string) => {
    const outbox = await outboxOf(t.runtime.services, tenant);
    const { rows } = await t.runtime.services.db.pool.query<{ request_id: string; record: string }>(
      `SELECT request_id, record_id::text AS record FROM ${outbox.requestIds} ORDER BY record_id`,
    );
    return rows;
  };

  it('finds exactly the record of a request id, also after a redelivery; not another tenant’s', async () => {
    const tenant = uniqueTenant(PREFIX);
    const other = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: 'https://receiver.example/a' });
    await createConfig(s, tenant, { webhookUrl: 'https://receiver.example/b' });
    await createConfig(s, other, { webhookUrl: 'https://receiver.example/c' });
    await commitChanges(s, tenant, inserts(5));
    await commitChanges(s, other, inserts(2));
    const rows = await outboxRows(s, tenant);
    expect(rows).toHaveLength(10);
    // Every record has its entry, written with it.
    expect((await sideRows(tenant)).map((r) => [r.request_id, r.record])).toEqual(
      rows.map((r) => [r.request_id, String(r.id)]),
    );

    const target = rows[3];
    const found = await find(tenant, { requestId: target.request_id });
    expect(found.items.map((i) => i.requestId)).toEqual([target.request_id]);
    expect(found.nextCursor).toBeNull();
    // Upper-case spelling of the same UUID, as some receivers log it.
    expect((await find(tenant, { requestId: target.request_id.toUpperCase() })).items).toHaveLength(1);
    // Combined with the other filters: a status it does not have hides it.
    expect((await find(tenant, { requestId: target.request_id, status: 'DEAD' })).items).toEqual([]);

    // A redelivery keeps the request id, and the record is still found by it.
    await updateOutboxRows(s, tenant, { status: 'DEAD', retryCount: 3 }, { ids: [String(target.id)] });
    const id = found.items[0].id;
    await s.outbox.redeliver(adminOf(tenant), id);
    const again = await find(tenant, { requestId: target.request_id });
    expect(again.items).toMatchObject([{ id, requestId: target.request_id, status: 'PENDING', retryCount: 0 }]);

    // Another tenant's request id names nothing here, and the reverse.
    const otherRows = await outboxRows(s, other);
    expect((await find(tenant, { requestId: otherRows[0].request_id })).items).toEqual([]);
    expect((await find(other, { requestId: target.request_id })).items).toEqual([]);
    expect((await find(other, { requestId: otherRows[0].request_id })).items).toHaveLength(1);

    // A value that is not a UUID (a quote cut short) matches nothing and is no error.
    expect((await find(tenant, { requestId: target.request_id.slice(0, 20) })).items).toEqual([]);
    expect((await find(tenant, { requestId: 'not-a-request-id' })).items).toEqual([]);
  });

  it('bounds createdAt with both ends included, with paging', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: 'https://receiver.example/a' });
    await commitChanges(s, tenant, inserts(6));
    const outbox = await outboxOf(s, tenant);
    // Records one second apart from 10:00:00.000 (oldest record first).
    await s.db.pool.query(
      `UPDATE ${outbox.table} o SET created_at = '2026-03-01T10:00:00.000Z'::timestamptz + n.rank * interval '1 second'
         FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS rank FROM ${outbox.table}) n WHERE n.id = o.id`,
    );
    const at = (sec: number) => `2026-03-01T10:00:0${sec}.000Z`;
    const created = (page: Page['outboxRecords']) => page.items.map((i) => i.createdAt);

    const window = await find(tenant, { createdAfter: at(1), createdBefore: at(4) });
    expect(created(window)).toEqual([at(4), at(3), at(2), at(1)]);
    // One millisecond inside either end drops that end.
    const inner = await find(tenant, {
      createdAfter: '2026-03-01T10:00:01.001Z',
      createdBefore: '2026-03-01T10:00:03.999Z',
    });
    expect(created(inner)).toEqual([at(3), at(2)]);
    expect(created(await find(tenant, { createdAfter: at(5) }))).toEqual([at(5)]);
    expect(created(await find(tenant, { createdBefore: at(0) }))).toEqual([at(0)]);
    expect(created(await find(tenant, { createdAfter: at(2), createdBefore: at(2) }))).toEqual([at(2)]);

    // Paging through the window.
    const first = await find(tenant, { createdAfter: at(1), createdBefore: at(4), first: 3 });
    expect(created(first)).toEqual([at(4), at(3), at(2)]);
    const rest = await find(tenant, { createdAfter: at(1), createdBefore: at(4), first: 3, after: first.nextCursor });
    expect(created(rest)).toEqual([at(1)]);
    expect(rest.nextCursor).toBeNull();

    // With a request id: the record only when its createdAt is inside.
    const rows = await outboxRows(s, tenant);
    const third = rows.find((r) => r.created_at.toISOString() === at(2))!;
    expect((await find(tenant, { requestId: third.request_id, createdAfter: at(2) })).items).toHaveLength(1);
    expect((await find(tenant, { requestId: third.request_id, createdAfter: at(3) })).items).toEqual([]);

    // Bounds the wrong way round, or not a date-time: VALIDATION_FAILED.
    const h = await t.headers(tenant);
    const backwards = await gqlRequest(t.app, FIND, { createdAfter: at(4), createdBefore: at(1) }, h);
    expect(codes(backwards)).toEqual(['VALIDATION_FAILED']);
    expect(backwards.errors![0].extensions!.details![0].field).toBe('createdBefore');
    const notADate = await gqlRequest(t.app, FIND, { createdAfter: 'yesterday' }, h);
    expect(codes(notADate)).toEqual(['VALIDATION_FAILED']);
  });

  it('retention deletes the request-id entries with their records', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: 'https://receiver.example/a' });
    await commitChanges(s, tenant, inserts(4));
    const outbox = await outboxOf(s, tenant);
    const rows = await outboxRows(s, tenant);
    const [oldA, oldB, recent, waiting] = rows;
    await s.db.pool.query(
      `UPDATE ${outbox.table} SET status = 'DELIVERED', updated_at = now() - interval '2 hours' WHERE id = ANY($1::bigint[])`,
      [[oldA.id, oldB.id]],
    );
    await s.db.pool.query(`UPDATE ${outbox.table} SET status = 'DEAD' WHERE id = $1`, [recent.id]);
    const cleanup = new RetentionCleanup({
      pool: s.db.pool,
      tenants: s.tenants,
      logger: s.logger,
      registry: s.metrics.registry,
      settings: { outboxMs: HOUR, triggerEventMs: 0, intervalMs: 60_000, tenantPrefix: tenant, vacuum: false },
    });
    await cleanup.runOnce();

    expect((await outboxRows(s, tenant)).map((r) => r.id)).toEqual([recent.id, waiting.id]);
    expect((await sideRows(tenant)).map((r) => r.request_id)).toEqual([recent.request_id, waiting.request_id]);
    expect((await find(tenant, { requestId: oldA.request_id })).items).toEqual([]);
    expect((await find(tenant, { requestId: recent.request_id })).items).toHaveLength(1);
  });

  it('the upgrade to schema version 8 fills the entries of records written before it', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    await createConfig(s, tenant, { webhookUrl: 'https://receiver.example/a' });
    await commitChanges(s, tenant, inserts(3));
    // The tenant as version 7 left it: no request-id table.
    const outbox = await outboxOf(s, tenant);
    await s.db.pool.query(`DROP TABLE ${outbox.requestIds}`);
    await s.db.pool.query('DELETE FROM tenant_schema_migrations WHERE tenant_id = $1 AND version >= 8', [tenant]);
    const rows = await outboxRows(s, tenant);

    // A process started on the new version brings the tenant up to date on its first request.
    const tenants = new TenantSchemas(s.db.pool);
    const service = new OutboxService(s.db, tenants);
    const page = await service.list(adminOf(tenant), { requestId: rows[1].request_id });
    expect(page.items.map((i) => i.requestId)).toEqual([rows[1].request_id]);
    expect((await sideRows(tenant)).map((r) => [r.request_id, r.record])).toEqual(
      rows.map((r) => [r.request_id, String(r.id)]),
    );
    const { rows: versions } = await s.db.pool.query<{ version: number }>(
      'SELECT version FROM tenant_schema_migrations WHERE tenant_id = $1 ORDER BY version',
      [tenant],
    );
    // Every version once, up to the latest: version 8 and each one after it applied again.
    const all = Array.from({ length: tenants.latestVersion }, (_, i) => i + 1);
    expect(versions.map((v) => v.version)).toEqual(all);
  });
});

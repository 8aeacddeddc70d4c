/** A small orders dataset whose answers are worked out by hand in the analytics tests. */
import { expect } from 'vitest';
import type { TestApp } from '../support/app';

const ORDER_FIELDS = [
  { name: 'id', type: 'INTEGER' },
  { name: 'region', type: 'STRING' },
  { name: 'status', type: 'STRING' },
  { name: 'amount', type: 'DECIMAL' },
  { name: 'qty', type: 'INTEGER' },
  { name: 'score', type: 'FLOAT' },
  { name: 'paid', type: 'BOOLEAN' },
  { name: 'created_at', type: 'TIMESTAMP' },
  { name: 'day', type: 'DATE' },
  { name: 'meta', type: 'JSON' },
];

const ORDERS = [
  {
    id: 1,
    region: 'north',
    status: 'paid',
    amount: 10.5,
    qty: 1,
    score: 0.5,
    paid: true,
    created_at: '2026-01-05T10:15:00.000Z',
    day: '2026-01-05',
    meta: { k: 1 },
  },
  {
    id: 2,
    region: 'north',
    status: 'open',
    amount: 20,
    qty: 2,
    score: 1.5,
    paid: false,
    created_at: '2026-01-05T23:59:59.999Z',
    day: '2026-01-05',
    meta: { k: 2 },
  },
  {
    id: 3,
    region: 'south',
    status: 'paid',
    amount: 30,
    qty: 3,
    score: null,
    paid: true,
    created_at: '2026-01-06T00:00:00.000Z',
    day: '2026-01-06',
    meta: null,
  },
  {
    id: 4,
    region: 'south',
    status: null,
    amount: null,
    qty: 4,
    score: 2.5,
    paid: null,
    created_at: '2026-02-10T08:00:00.000Z',
    day: '2026-02-10',
    meta: { k: 1 },
  },
  {
    id: 5,
    region: null,
    status: 'paid',
    amount: 5,
    qty: 5,
    score: 3.5,
    paid: true,
    created_at: '2026-04-01T12:30:00.000Z',
    day: '2026-04-01',
    meta: null,
  },
  {
    id: 6,
    region: 'east',
    status: 'refund',
    amount: 7.25,
    qty: null,
    score: 4.5,
    paid: false,
    created_at: '2025-12-31T23:00:00.000Z',
    day: '2025-12-31',
    meta: { k: 3 },
  },
];

/**
 * Inserts rows straight into an entity's table (one statement, values as a bound JSON array):
 * the analytics tests depend on the catalogue, not on the record-write path.
 */
export async function insertRows(t: TestApp, tenant: string, table: string, rows: object[]): Promise<void> {
  const schema = await t.runtime.services.tenants.ensure(tenant);
  const qualified = `"${schema}"."${table}"`;
  await t.runtime.db.pool.query(
    `INSERT INTO ${qualified} SELECT * FROM jsonb_populate_recordset(NULL::${qualified}, $1::jsonb)`,
    [JSON.stringify(rows)],
  );
}

/** Defines `orders` for the tenant (through the service) and puts ORDERS in its table. */
export async function seedOrders(t: TestApp, headers: Record<string, string>): Promise<void> {
  const def = await t.app.inject({
    method: 'POST',
    url: '/metadata/entities',
    headers,
    payload: { name: 'orders', fields: ORDER_FIELDS, primaryKey: 'id', timeField: 'created_at' },
  });
  expect(def.statusCode).toBe(201);
  await insertRows(t, headers['x-tenant-id'], 'orders', ORDERS);
}

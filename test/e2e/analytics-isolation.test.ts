import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { seedOrders } from './analytics-dataset';

type Body = Record<string, unknown>;

/** Analytics sessions cannot be bent by a tenant's names, another tenant's load, or one huge query. */
describe('analytics isolation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  const post = (url: string, headers: Record<string, string>, payload: Body) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  async function defineEntity(h: Record<string, string>, name: string) {
    const res = await post('/metadata/entities', h, {
      name,
      fields: [
        { name: 'id', type: 'INTEGER' },
        { name: 'v', type: 'STRING' },
      ],
      primaryKey: 'id',
    });
    expect(res.statusCode, res.body).toBe(201);
  }

  it('entities named like built-in types (text, date, jsonb, timestamptz) do not break filters of any type', async () => {
    const h = await t.headers(uniqueTenant('shadow'));
    await seedOrders(t, h);
    for (const name of ['text', 'date', 'jsonb', 'timestamptz', 'numeric', 'int8', 'bool', 'float8']) {
      await defineEntity(h, name);
    }
    // A tenant without them answers the same queries as the reference.
    const control = await t.headers(uniqueTenant('control'));
    await seedOrders(t, control);
    const queries: Body[] = [
      { filter: { field: 'region', op: 'EQ', value: 'north' } },
      { filter: { field: 'region', op: 'LIKE', value: 'no%' } },
      { filter: { field: 'status', op: 'IN', value: ['open', 'refund'] } },
      { filter: { field: 'day', op: 'BETWEEN', value: ['2026-01-05', '2026-01-06'] } },
      { filter: { field: 'created_at', op: 'LT', value: '2026-01-05T10:15:00Z' } },
      { filter: { field: 'meta', op: 'EQ', value: { k: 1 } } },
      { filter: { field: 'amount', op: 'GT', value: 10 } },
      { filter: { field: 'paid', op: 'EQ', value: false } },
      // Time buckets and aggregates cast and call built-ins too.
      { select: [{ field: 'amount', agg: 'SUM', alias: 'total' }], time: { granularity: 'MONTH' } },
      { select: [{ field: 'region' }, { field: 'day', agg: 'MAX', alias: 'last' }, { agg: 'COUNT', alias: 'n' }] },
    ];
    for (const q of queries) {
      const body = { entity: 'orders', select: [{ field: 'id' }], ...q };
      const shadowed = await post('/analytics/query', h, body);
      const reference = await post('/analytics/query', control, body);
      expect(reference.statusCode, reference.body).toBe(200);
      expect(shadowed.statusCode, `${JSON.stringify(q)}: ${shadowed.body}`).toBe(200);
      expect(shadowed.json().data, JSON.stringify(q)).toEqual(reference.json().data);
    }
    const first = await post('/analytics/query', h, { ...queries[0], entity: 'orders', select: [{ field: 'id' }] });
    expect(first.json().data.rows).toEqual([[1], [2]]);
    // And the shadowing entities themselves answer.
    const own = await post('/analytics/query', h, {
      entity: 'text',
      select: [{ field: 'id' }],
      filter: { field: 'v', op: 'EQ', value: 'x' },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it.skipIf(inject('embedded'))(
    "another tenant's small query answers within 1 s while one tenant runs 10 batches of 50 metrics",
    async () => {
      const heavy = await t.headers(uniqueTenant('heavy'));
      await defineEntity(heavy, 'events');
      const schema = await t.runtime.services.tenants.ensure(heavy['x-tenant-id']);
      await t.runtime.db.pool.query(
        `INSERT INTO "${schema}".events SELECT g, 'v' || (g % 1000) FROM generate_series(1, 200000) g`,
      );
      await t.runtime.db.pool.query(`ANALYZE "${schema}".events`);
      const metrics = Array.from({ length: 50 }, (_, i) => `m${i}`);
      for (const [i, name] of metrics.entries()) {
        const res = await post('/metadata/metrics', heavy, {
          name,
          entity: 'events',
          aggregation: 'COUNT',
          filter: { field: 'v', op: 'NE', value: `v${i}` },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const light = await t.headers(uniqueTenant('light'));
      await seedOrders(t, light);
      const small = () => post('/analytics/query', light, { entity: 'orders', select: [{ field: 'id' }] });
      expect((await small()).statusCode).toBe(200);

      // Tenant A's load: 500 statements, each a scan of 200,000 rows.
      const started = Date.now();
      const batches = Array.from({ length: 10 }, () => post('/analytics/metrics/batch', heavy, { metrics }));
      let batchesDone = 0;
      for (const b of batches) void b.then(() => batchesDone++);
      // Wait until A's statements occupy connections (any pool: behind a pooler there is no read-only one).
      for (let i = 0; i < 200; i++) {
        const { rows } = await t.runtime.db.pool.query(
          `SELECT count(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND state = 'active' AND query LIKE '%' || $1 || '%'`,
          [`"${schema}".`],
        );
        if (rows[0].n >= 3) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      const timings: number[] = [];
      for (let i = 0; i < 3; i++) {
        const t0 = Date.now();
        const res = await small();
        timings.push(Date.now() - t0);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.rows).toHaveLength(6);
      }
      // Tenant A was still busy when B was answered: B did not just wait for A to finish.
      expect(batchesDone).toBeLessThan(batches.length);
      const results = await Promise.all(batches);
      const heavySeconds = (Date.now() - started) / 1000;
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      expect(Math.max(...timings), `B waited ${timings.join(', ')} ms while A ran ${heavySeconds} s`).toBeLessThan(
        1_000,
      );
    },
    180_000,
  );

  it.skipIf(!inject('embedded'))(
    'on the embedded database (no statement timer, no cancel), a statement over the cost budget is refused before it runs',
    async () => {
      const bounded = await startTestApp({ DISPATCHER: 'off', ANALYTICS_EMBEDDED_MAX_COST: '500' });
      try {
        const h = await bounded.headers(uniqueTenant('budget'));
        const res = await bounded.app.inject({
          method: 'POST',
          url: '/metadata/entities',
          headers: h,
          payload: {
            name: 'big',
            fields: [
              { name: 'id', type: 'INTEGER' },
              { name: 'v', type: 'STRING' },
            ],
            primaryKey: 'id',
          },
        });
        expect(res.statusCode).toBe(201);
        const schema = await bounded.runtime.services.tenants.ensure(h['x-tenant-id']);
        await bounded.runtime.db.pool.query(
          `INSERT INTO "${schema}".big SELECT g, 'v' || g FROM generate_series(1, 100000) g`,
        );
        const query = (body: Body) =>
          bounded.app.inject({ method: 'POST', url: '/analytics/query', headers: h, payload: body });
        const started = Date.now();
        const refused = await query({
          entity: 'big',
          select: [{ field: 'v', agg: 'COUNT_DISTINCT', alias: 'n' }],
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().error.code).toBe('INVALID_QUERY');
        expect(refused.json().error.message).toMatch(/embedded database/);
        expect(Date.now() - started).toBeLessThan(5_000);
        // A query within the budget runs.
        const ok = await query({
          entity: 'big',
          select: [{ field: 'v' }],
          filter: { field: 'id', op: 'EQ', value: 7 },
        });
        expect(ok.statusCode, ok.body).toBe(200);
        expect(ok.json().data.rows).toEqual([['v7']]);
      } finally {
        await bounded.close();
      }
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { seedOrders } from './analytics-dataset';

type Body = Record<string, unknown>;

describe('analytics entity queries over REST (A1–A3)', () => {
  let t: TestApp;
  let tenant: string;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    tenant = uniqueTenant('an');
    h = await t.headers(tenant);
    await seedOrders(t, h);
  });
  afterAll(() => t.close());

  const query = (body: Body, headers = h, url = '/analytics/query') =>
    t.app.inject({ method: 'POST', url, headers, payload: body });
  async function rows(body: Body): Promise<{ columns: string[]; rows: unknown[][] }> {
    const res = await query({ entity: 'orders', ...body });
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json.success).toBe(true);
    return json.data;
  }
  const ids = async (filter: Body) => (await rows({ select: [{ field: 'id' }], filter })).rows.map((r) => r[0]);

  it('answers plain rows ordered by the primary key, with typed cells', async () => {
    const res = await rows({
      select: [
        { field: 'id' },
        { field: 'amount' },
        { field: 'paid' },
        { field: 'created_at', alias: 'at' },
        { field: 'day' },
        { field: 'meta' },
      ],
    });
    expect(res.columns).toEqual(['id', 'amount', 'paid', 'at', 'day', 'meta']);
    expect(res.rows).toEqual([
      [1, 10.5, true, '2026-01-05T10:15:00.000Z', '2026-01-05', { k: 1 }],
      [2, 20, false, '2026-01-05T23:59:59.999Z', '2026-01-05', { k: 2 }],
      [3, 30, true, '2026-01-06T00:00:00.000Z', '2026-01-06', null],
      [4, null, null, '2026-02-10T08:00:00.000Z', '2026-02-10', { k: 1 }],
      [5, 5, true, '2026-04-01T12:30:00.000Z', '2026-04-01', null],
      [6, 7.25, false, '2025-12-31T23:00:00.000Z', '2025-12-31', { k: 3 }],
    ]);
  });

  it('applies every operator with SQL NULL semantics', async () => {
    expect(await ids({ field: 'region', op: 'EQ', value: 'north' })).toEqual([1, 2]);
    expect(await ids({ field: 'status', op: 'NE', value: 'paid' })).toEqual([2, 6]);
    expect(await ids({ field: 'qty', op: 'GT', value: 3 })).toEqual([4, 5]);
    expect(await ids({ field: 'qty', op: 'GTE', value: 3 })).toEqual([3, 4, 5]);
    expect(await ids({ field: 'score', op: 'LT', value: 1.5 })).toEqual([1]);
    expect(await ids({ field: 'score', op: 'LTE', value: 1.5 })).toEqual([1, 2]);
    expect(await ids({ field: 'region', op: 'IN', value: ['north', 'east'] })).toEqual([1, 2, 6]);
    expect(await ids({ field: 'status', op: 'NOT_IN', value: ['paid'] })).toEqual([2, 6]);
    expect(await ids({ field: 'amount', op: 'BETWEEN', value: [10, 20] })).toEqual([1, 2]);
    expect(await ids({ field: 'region', op: 'LIKE', value: 'no%' })).toEqual([1, 2]);
    expect(await ids({ field: 'region', op: 'LIKE', value: 'No%' })).toEqual([]);
    expect(await ids({ field: 'region', op: 'ILIKE', value: 'NO%' })).toEqual([1, 2]);
    expect(await ids({ field: 'status', op: 'IS_NULL' })).toEqual([4]);
    expect(await ids({ field: 'score', op: 'IS_NOT_NULL' })).toEqual([1, 2, 4, 5, 6]);
    expect(await ids({ field: 'paid', op: 'EQ', value: false })).toEqual([2, 6]);
    expect(await ids({ field: 'meta', op: 'EQ', value: { k: 1 } })).toEqual([1, 4]);
    expect(await ids({ field: 'meta', op: 'IN', value: [{ k: 1 }, { k: 3 }, 'k"\\'] })).toEqual([1, 4, 6]);
    expect(
      await ids({ field: 'created_at', op: 'IN', value: ['2026-01-05T10:15:00Z', '2026-04-01T12:30:00.000Z'] }),
    ).toEqual([1, 5]);
    expect(await ids({ field: 'day', op: 'BETWEEN', value: ['2026-01-05', '2026-01-06'] })).toEqual([1, 2, 3]);
    expect(await ids({ field: 'day', op: 'GTE', value: '2026-02-10' })).toEqual([4, 5]);
    expect(await ids({ field: 'created_at', op: 'LT', value: '2026-01-05T10:15:00Z' })).toEqual([6]);
    expect(await ids({ field: 'created_at', op: 'EQ', value: '2026-01-05T11:15:00+01:00' })).toEqual([1]);
  });

  it('combines conditions with AND, OR and NOT', async () => {
    expect(
      await ids({
        op: 'OR',
        conditions: [
          { field: 'region', op: 'EQ', value: 'east' },
          { field: 'qty', op: 'GTE', value: 5 },
        ],
      }),
    ).toEqual([5, 6]);
    expect(
      await ids({
        op: 'AND',
        conditions: [
          { field: 'paid', op: 'EQ', value: true },
          { field: 'region', op: 'EQ', value: 'south' },
        ],
      }),
    ).toEqual([3]);
    // NOT over a NULL comparison stays unknown, as in SQL: row 5 (region NULL) is not matched.
    expect(await ids({ op: 'NOT', conditions: [{ field: 'region', op: 'EQ', value: 'north' }] })).toEqual([3, 4, 6]);
    expect(
      await ids({
        op: 'AND',
        conditions: [
          {
            op: 'OR',
            conditions: [
              { field: 'region', op: 'IS_NULL' },
              { field: 'region', op: 'EQ', value: 'south' },
            ],
          },
          { op: 'NOT', conditions: [{ field: 'qty', op: 'EQ', value: 4 }] },
        ],
      }),
    ).toEqual([3, 5]);
  });

  it('groups by the non-aggregated items, ordered ascending with NULLs last', async () => {
    const res = await rows({
      select: [
        { field: 'region' },
        { field: 'amount', agg: 'SUM', alias: 'total' },
        { agg: 'COUNT', alias: 'n' },
        { field: 'status', agg: 'COUNT', alias: 'with_status' },
        { field: 'status', agg: 'COUNT_DISTINCT', alias: 'statuses' },
        { field: 'qty', agg: 'AVG', alias: 'avg_qty' },
        { field: 'created_at', agg: 'MIN', alias: 'first' },
        { field: 'day', agg: 'MAX', alias: 'last_day' },
      ],
    });
    expect(res.columns).toEqual(['region', 'total', 'n', 'with_status', 'statuses', 'avg_qty', 'first', 'last_day']);
    expect(res.rows).toEqual([
      ['east', 7.25, 1, 1, 1, null, '2025-12-31T23:00:00.000Z', '2025-12-31'],
      ['north', 30.5, 2, 2, 2, 1.5, '2026-01-05T10:15:00.000Z', '2026-01-05'],
      ['south', 30, 2, 1, 1, 3.5, '2026-01-06T00:00:00.000Z', '2026-02-10'],
      [null, 5, 1, 1, 1, 5, '2026-04-01T12:30:00.000Z', '2026-04-01'],
    ]);
    const whole = await rows({
      select: [
        { field: 'qty', agg: 'SUM' },
        { field: 'score', agg: 'MAX', alias: 'top' },
        { field: 'paid', agg: 'MIN', alias: 'all_paid' },
        { field: 'paid', agg: 'MAX', alias: 'any_paid' },
        { field: 'region', agg: 'MIN', alias: 'first_region' },
        { field: 'meta', agg: 'COUNT_DISTINCT', alias: 'metas' },
      ],
    });
    expect(whole).toEqual({
      columns: ['qty', 'top', 'all_paid', 'any_paid', 'first_region', 'metas'],
      rows: [[15, 4.5, false, true, 'east', 3]],
    });
  });

  it('buckets time at every granularity in UTC, with an inclusive day range', async () => {
    const bucketed = async (granularity: string, range?: Body) =>
      (await rows({ select: [{ agg: 'COUNT', alias: 'n' }], time: { granularity, ...(range ? { range } : {}) } })).rows;
    expect(await bucketed('DAY', { from: '2026-01-05', to: '2026-01-06' })).toEqual([
      ['2026-01-05T00:00:00.000Z', 2],
      ['2026-01-06T00:00:00.000Z', 1],
    ]);
    expect(await bucketed('MINUTE', { from: '2026-01-05', to: '2026-01-05' })).toEqual([
      ['2026-01-05T10:15:00.000Z', 1],
      ['2026-01-05T23:59:00.000Z', 1],
    ]);
    expect(await bucketed('HOUR', { from: '2026-04-01', to: '2026-04-01' })).toEqual([['2026-04-01T12:00:00.000Z', 1]]);
    expect(await bucketed('WEEK')).toEqual([
      ['2025-12-29T00:00:00.000Z', 1],
      ['2026-01-05T00:00:00.000Z', 3],
      ['2026-02-09T00:00:00.000Z', 1],
      ['2026-03-30T00:00:00.000Z', 1],
    ]);
    expect(await bucketed('MONTH')).toEqual([
      ['2025-12-01T00:00:00.000Z', 1],
      ['2026-01-01T00:00:00.000Z', 3],
      ['2026-02-01T00:00:00.000Z', 1],
      ['2026-04-01T00:00:00.000Z', 1],
    ]);
    expect(await bucketed('QUARTER')).toEqual([
      ['2025-10-01T00:00:00.000Z', 1],
      ['2026-01-01T00:00:00.000Z', 4],
      ['2026-04-01T00:00:00.000Z', 1],
    ]);
    expect(await bucketed('YEAR')).toEqual([
      ['2025-01-01T00:00:00.000Z', 1],
      ['2026-01-01T00:00:00.000Z', 5],
    ]);
    // A range without granularity only filters; grouping columns follow the time column.
    expect(
      (await rows({ select: [{ field: 'id' }], time: { range: { from: '2026-01-06', to: '2026-02-10' } } })).rows,
    ).toEqual([[3], [4]]);
    const byRegion = await rows({
      select: [{ field: 'region' }, { agg: 'COUNT', alias: 'n' }],
      time: { granularity: 'MONTH', range: { from: '2026-01-01', to: '2026-02-28' } },
    });
    expect(byRegion).toEqual({
      columns: ['time', 'region', 'n'],
      rows: [
        ['2026-01-01T00:00:00.000Z', 'north', 2],
        ['2026-01-01T00:00:00.000Z', 'south', 1],
        ['2026-02-01T00:00:00.000Z', 'south', 1],
      ],
    });
  });

  it('pages with limit and offset (default 100, at most 10000)', async () => {
    expect((await rows({ select: [{ field: 'id' }], limit: 2, offset: 1 })).rows).toEqual([[2], [3]]);
    expect((await rows({ select: [{ field: 'id' }], offset: 5 })).rows).toEqual([[6]]);
    expect((await rows({ select: [{ field: 'id' }], limit: 10000 })).rows).toHaveLength(6);
    for (const bad of [{ limit: 10001 }, { limit: 0 }, { limit: 1.5 }, { offset: -1 }, { limit: '10' }]) {
      const res = await query({ entity: 'orders', select: [{ field: 'id' }], ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_QUERY');
    }
  });

  it('answers 400 INVALID_QUERY with field details for every error in a body, 404 for an unknown entity', async () => {
    const cases: Array<[Body, string]> = [
      [{ select: [{ field: 'nope' }] }, 'select[0].field'],
      [{ select: [] }, 'select'],
      [{ select: [{ field: 'id', agg: 'MEDIAN' }] }, 'select[0].agg'],
      [{ select: [{ field: 'region', agg: 'SUM' }] }, 'select[0].agg'],
      [{ select: [{ field: 'meta', agg: 'MAX' }] }, 'select[0].agg'],
      [{ select: [{ field: 'id' }, { field: 'id' }] }, 'select[1]'],
      [{ select: [{ field: 'id' }], filter: { field: 'id', op: 'EQUALS', value: 1 } }, 'filter.op'],
      [{ select: [{ field: 'id' }], filter: { field: 'amount', op: 'EQ', value: 'abc' } }, 'filter.value'],
      [{ select: [{ field: 'id' }], filter: { field: 'id', op: 'IN', value: 3 } }, 'filter.value'],
      [{ select: [{ field: 'id' }], filter: { field: 'id', op: 'BETWEEN', value: [1] } }, 'filter.value'],
      [{ select: [{ field: 'id' }], filter: { field: 'paid', op: 'GT', value: true } }, 'filter.value'],
      [{ select: [{ field: 'id' }], filter: { field: 'id', op: 'LIKE', value: '1%' } }, 'filter.value'],
      [{ select: [{ field: 'id' }], filter: { field: 'id', op: 'EQ', value: null } }, 'filter.value'],
      [
        {
          select: [{ field: 'id' }],
          filter: {
            op: 'NOT',
            conditions: [
              { field: 'id', op: 'EQ', value: 1 },
              { field: 'id', op: 'EQ', value: 2 },
            ],
          },
        },
        'filter.conditions',
      ],
      [
        { select: [{ field: 'id' }], filter: { op: 'AND', conditions: [{ field: 'ghost', op: 'EQ', value: 1 }] } },
        'filter.conditions[0].field',
      ],
      [{ select: [{ field: 'id' }], time: { granularity: 'FORTNIGHT' } }, 'time.granularity'],
      [{ select: [{ field: 'id' }], time: { range: { from: '2026-02-01', to: '2026-01-01' } } }, 'time.range'],
      [{ select: [{ field: 'id' }], time: { range: { from: '2026-02-30', to: '2026-03-01' } } }, 'time.range.from'],
      [{ select: [{ field: 'id', alias: 'time' }], time: { granularity: 'DAY' } }, 'select[0]'],
    ];
    for (const [body, field] of cases) {
      const res = await query({ entity: 'orders', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const err = res.json().error;
      expect(err.code).toBe('INVALID_QUERY');
      expect(
        err.details.map((d: { field: string }) => d.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const unknown = await query({ entity: 'ghosts', select: [{ field: 'id' }] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('ENTITY_NOT_FOUND');
  });

  it('checks a query without running it (A2) and explains it (A3)', async () => {
    const check = (body: Body) => query(body, h, '/analytics/query/check');
    const valid = await check({ entity: 'orders', select: [{ field: 'id' }] });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ success: true, data: true });
    const invalid = await check({ entity: 'orders', select: [{ field: 'nope' }], limit: 0 });
    expect(invalid.statusCode).toBe(200);
    expect(invalid.json()).toMatchObject({
      success: true,
      data: false,
      errors: [{ field: 'select[0].field' }, { field: 'limit' }],
    });
    const missing = await check({ entity: 'ghosts', select: [{ field: 'id' }] });
    expect(missing.json()).toMatchObject({ success: true, data: false, errors: [{ field: 'entity' }] });

    const plan = await query(
      {
        entity: 'orders',
        select: [{ field: 'region' }, { field: 'amount', agg: 'SUM' }],
        filter: { field: 'qty', op: 'GT', value: 1 },
      },
      h,
      '/api/v1/analytics/query/plan',
    );
    expect(plan.statusCode).toBe(200);
    expect(plan.json().success).toBe(true);
    expect(typeof plan.json().data).toBe('string');
    expect(plan.json().data).toMatch(/Scan/);
    const badPlan = await query({ entity: 'orders', select: [{ field: 'nope' }] }, h, '/analytics/query/plan');
    expect(badPlan.statusCode).toBe(400);
  });

  it('answers the same at /api/v1/analytics', async () => {
    const res = await query({ entity: 'orders', select: [{ agg: 'COUNT' }] }, h, '/api/v1/analytics/query');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { columns: ['count'], rows: [[6]] } });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(
      /hookgate_analytics_statement_duration_seconds_count\{kind="query",outcome="ok"\} [1-9]/,
    );
  });

  it('needs a token with analytics:read for the tenant, and shows a tenant only its own entities', async () => {
    const body = { entity: 'orders', select: [{ agg: 'COUNT' }] };
    const reader = await query(body, await t.headers(tenant, ['analytics:read']));
    expect(reader.statusCode).toBe(200);
    const noToken = await query(body, { 'x-tenant-id': tenant });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().error.code).toBe('UNAUTHENTICATED');
    const writer = await query(body, await t.headers(tenant, ['data:write']));
    expect(writer.statusCode).toBe(403);
    const foreignToken = await query(body, {
      ...(await t.headers(uniqueTenant(), ['analytics:read'])),
      'x-tenant-id': tenant,
    });
    expect(foreignToken.statusCode).toBe(403);
    const noTenant = await query(body, { authorization: h.authorization });
    expect(noTenant.statusCode).toBe(400);
    expect(noTenant.json().error.code).toBe('TENANT_REQUIRED');
    const other = await query(body, await t.headers(uniqueTenant()));
    expect(other.statusCode).toBe(404);
    expect(other.json().error.code).toBe('ENTITY_NOT_FOUND');
    const checkOther = await query(body, await t.headers(uniqueTenant()), '/analytics/query/check');
    expect(checkOther.json().data).toBe(false);
  });

  it('treats hostile names and values as data, never as SQL', async () => {
    const hostile = [
      "'; DROP TABLE orders; --",
      "north' OR '1'='1",
      '"; SELECT pg_sleep(5); --',
      '😀\u202e',
      'x'.repeat(10_000),
      '\\',
      '%_',
    ];
    for (const value of hostile) {
      expect(await ids({ field: 'region', op: 'EQ', value })).toEqual([]);
      expect(await ids({ field: 'region', op: 'IN', value: [value, 'east'] })).toEqual([6]);
    }
    // A LIKE pattern ending in the escape character is refused by PostgreSQL: still a 400, no SQL text.
    const badLike = await query({
      entity: 'orders',
      select: [{ field: 'id' }],
      filter: { field: 'region', op: 'LIKE', value: 'no\\' },
    });
    expect(badLike.statusCode).toBe(400);
    expect(badLike.json().error.code).toBe('INVALID_QUERY');
    expect(badLike.body).not.toMatch(/SELECT|LIKE pattern/);
    for (const name of ['id"; DROP TABLE orders; --', 'id) FROM pg_user --', 'ID', 'id\u0000']) {
      const res = await query({ entity: 'orders', select: [{ field: name }] });
      expect(res.statusCode).toBe(400);
      const asFilter = await query({
        entity: 'orders',
        select: [{ field: 'id' }],
        filter: { field: name, op: 'IS_NULL' },
      });
      expect(asFilter.statusCode).toBe(400);
      const asEntity = await query({ entity: name, select: [{ field: 'id' }] });
      expect(asEntity.statusCode).toBe(404);
    }
    // Aliases are only labels: any text comes back as the column name.
    const labelled = await rows({ select: [{ field: 'id', alias: 'x"; DROP TABLE orders; --' }], limit: 1 });
    expect(labelled).toEqual({ columns: ['x"; DROP TABLE orders; --'], rows: [[1]] });
    expect((await rows({ select: [{ agg: 'COUNT' }] })).rows).toEqual([[6]]);
  });
});

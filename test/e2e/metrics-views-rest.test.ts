import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { seedOrders } from './analytics-dataset';

type Body = Record<string, unknown>;

describe('metric and view catalogue with A4–A6 over REST', () => {
  let t: TestApp;
  let tenant: string;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    tenant = uniqueTenant('mv');
    h = await t.headers(tenant);
    await seedOrders(t, h);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, headers = h) =>
    t.app.inject({ method: 'POST', url, headers, payload: payload as object });
  const get = (url: string, headers = h) => t.app.inject({ method: 'GET', url, headers });
  const del = (url: string, headers = h) => t.app.inject({ method: 'DELETE', url, headers });

  async function data(url: string, payload: unknown) {
    const res = await post(url, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data;
  }

  it('defines, lists, gets and drops metrics', async () => {
    const revenue = {
      name: 'revenue',
      entity: 'orders',
      aggregation: 'SUM',
      field: 'amount',
      filter: { field: 'status', op: 'EQ', value: 'paid' },
    };
    const created = await post('/metadata/metrics', revenue);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.location).toBe('/metadata/metrics/revenue');
    expect(created.json()).toMatchObject({
      name: 'revenue',
      entity: 'orders',
      aggregation: 'SUM',
      field: 'amount',
      timeField: 'created_at',
      filter: revenue.filter,
    });
    expect(created.json().createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(
      (await post('/api/v1/metadata/metrics', { name: 'order_count', entity: 'orders', aggregation: 'COUNT' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await post('/api/v1/metrics', { name: 'by_day', entity: 'orders', aggregation: 'COUNT', timeField: 'day' }))
        .statusCode,
    ).toBe(201);

    const dup = await post('/metadata/metrics', revenue);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('CONFLICT');

    const list = await get('/metadata/metrics');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((m: Body) => m.name)).toEqual(['by_day', 'order_count', 'revenue']);
    expect((await get('/api/v1/metrics/revenue')).json().name).toBe('revenue');
    expect((await get('/metadata/metrics/nope')).json().error.code).toBe('METRIC_NOT_FOUND');

    const dropped = await del('/metadata/metrics/by_day');
    expect(dropped.statusCode).toBe(204);
    expect((await del('/metadata/metrics/by_day')).statusCode).toBe(404);
    // Another tenant sees none of them.
    expect((await get('/metadata/metrics', await t.headers(uniqueTenant()))).json()).toEqual([]);
  });

  it('refuses metric definitions that do not fit the catalogue', async () => {
    const cases: Array<[Body, number, string, string]> = [
      [{ name: 'm1', entity: 'ghosts', aggregation: 'COUNT' }, 400, 'INVALID_QUERY', 'entity'],
      [{ name: 'm1', entity: 'orders', aggregation: 'SUM', field: 'ghost' }, 400, 'INVALID_QUERY', 'field'],
      [{ name: 'm1', entity: 'orders', aggregation: 'SUM' }, 400, 'INVALID_QUERY', 'field'],
      [{ name: 'm1', entity: 'orders', aggregation: 'SUM', field: 'region' }, 400, 'INVALID_QUERY', 'field'],
      [{ name: 'm1', entity: 'orders', aggregation: 'MEDIAN', field: 'qty' }, 400, 'INVALID_QUERY', 'aggregation'],
      [{ name: 'm1', entity: 'orders', aggregation: 'COUNT', timeField: 'region' }, 400, 'INVALID_QUERY', 'timeField'],
      [
        { name: 'm1', entity: 'orders', aggregation: 'COUNT', filter: { field: 'ghost', op: 'EQ', value: 1 } },
        400,
        'INVALID_QUERY',
        'filter.field',
      ],
      [{ name: 'Bad Name', entity: 'orders', aggregation: 'COUNT' }, 400, 'VALIDATION_FAILED', 'name'],
      [{ entity: 'orders', aggregation: 'COUNT' }, 400, 'VALIDATION_FAILED', 'name'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await post('/metadata/metrics', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.details.map((d: Body) => d.field)).toContain(field);
    }
    const reader = await post(
      '/metadata/metrics',
      { name: 'm2', entity: 'orders', aggregation: 'COUNT' },
      await t.headers(tenant, ['analytics:read']),
    );
    expect(reader.statusCode).toBe(403);
  });

  it('queries a metric with dimensions, filter, time and paging (A4)', async () => {
    const res = await data('/analytics/metrics/revenue/query', { dimensions: ['region'] });
    expect(res).toEqual({
      columns: ['region', 'revenue'],
      rows: [
        ['north', 10.5],
        ['south', 30],
        [null, 5],
      ],
    });
    const daily = await data('/api/v1/analytics/metrics/revenue/query', {
      dimensions: ['region', 'paid'],
      time: { granularity: 'DAY', range: { from: '2026-01-01', to: '2026-01-31' } },
    });
    expect(daily).toEqual({
      columns: ['time', 'region', 'paid', 'revenue'],
      rows: [
        ['2026-01-05T00:00:00.000Z', 'north', true, 10.5],
        ['2026-01-06T00:00:00.000Z', 'south', true, 30],
      ],
    });
    const filtered = await data('/analytics/metrics/order_count/query', {
      filter: { field: 'qty', op: 'GTE', value: 2 },
      dimensions: ['region'],
      limit: 1,
      offset: 1,
    });
    expect(filtered).toEqual({ columns: ['region', 'order_count'], rows: [['south', 2]] });
    expect(await data('/analytics/metrics/order_count/query', {})).toEqual({ columns: ['order_count'], rows: [[6]] });

    const foreign = await post('/analytics/metrics/revenue/query', {}, await t.headers(uniqueTenant()));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('METRIC_NOT_FOUND');
    const missing = await post('/analytics/metrics/nope/query', {});
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('METRIC_NOT_FOUND');
    const bad = await post('/analytics/metrics/revenue/query', { dimensions: ['ghost'], limit: 20000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'INVALID_QUERY',
      details: [{ field: 'dimensions[0]' }, { field: 'limit' }],
    });
  });

  it('runs a batch of metrics keyed by name (A5)', async () => {
    const res = await data('/analytics/metrics/batch', {
      metrics: ['revenue', 'order_count'],
      params: { time: { granularity: 'YEAR' } },
    });
    expect(res).toEqual({
      revenue: { columns: ['time', 'revenue'], rows: [['2026-01-01T00:00:00.000Z', 45.5]] },
      order_count: {
        columns: ['time', 'order_count'],
        rows: [
          ['2025-01-01T00:00:00.000Z', 1],
          ['2026-01-01T00:00:00.000Z', 5],
        ],
      },
    });
    const unknown = await post('/api/v1/analytics/metrics/batch', { metrics: ['revenue', 'nope'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('METRIC_NOT_FOUND');
    const empty = await post('/analytics/metrics/batch', { metrics: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe('INVALID_QUERY');
  });

  it('defines views with typed parameters and queries them (A6), and through A1', async () => {
    const byStatus = {
      name: 'totals_by_region',
      entity: 'orders',
      select: [{ field: 'region' }, { field: 'amount', agg: 'SUM', alias: 'total' }, { agg: 'COUNT', alias: 'n' }],
      filter: {
        op: 'AND',
        conditions: [
          { field: 'status', op: 'EQ', value: { $param: 'status' } },
          { field: 'qty', op: 'GTE', value: { $param: 'min_qty' } },
        ],
      },
      parameters: [
        { name: 'status', type: 'STRING', default: 'paid' },
        { name: 'min_qty', type: 'INTEGER' },
      ],
    };
    const created = await post('/metadata/views', byStatus);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.location).toBe('/metadata/views/totals_by_region');
    expect(created.json()).toMatchObject({
      name: 'totals_by_region',
      entity: 'orders',
      parameters: [
        { name: 'status', type: 'STRING', required: false, default: 'paid' },
        { name: 'min_qty', type: 'INTEGER', required: false, default: null },
      ],
    });
    expect((await post('/metadata/views', byStatus)).statusCode).toBe(409);
    // The lookups the view's parameters imply get one index: equality columns, then the range column.
    const schema = await t.runtime.services.tenants.ensure(tenant);
    const indexes = await t.runtime.db.pool.query<{ indexdef: string }>(
      'SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = $2',
      [schema, 'orders'],
    );
    expect(indexes.rows.map((r) => r.indexdef.replace(/^.* USING btree /, ''))).toContain('(status, qty)');

    // Defaults apply; a condition whose optional parameter has no value is left out.
    expect(await data('/analytics/views/totals_by_region/query', {})).toEqual({
      columns: ['region', 'total', 'n'],
      rows: [
        ['north', 10.5, 1],
        ['south', 30, 1],
        [null, 5, 1],
      ],
    });
    expect(await data('/analytics/views/totals_by_region/query', { params: { status: 'paid', min_qty: 3 } })).toEqual({
      columns: ['region', 'total', 'n'],
      rows: [
        ['south', 30, 1],
        [null, 5, 1],
      ],
    });
    expect(
      await data('/api/v1/analytics/views/totals_by_region/query', {
        params: { status: 'open' },
        time: { granularity: 'MONTH' },
      }),
    ).toEqual({
      columns: ['time', 'region', 'total', 'n'],
      rows: [['2026-01-01T00:00:00.000Z', 'north', 20, 1]],
    });
    expect((await data('/analytics/views/totals_by_region/query', { limit: 1, offset: 2 })).rows).toEqual([
      [null, 5, 1],
    ]);

    // A1 over a view without required parameters: its columns are the fields.
    expect(
      await data('/analytics/query', {
        entity: 'totals_by_region',
        select: [
          { field: 'total', agg: 'SUM', alias: 'all' },
          { field: 'n', agg: 'MAX' },
        ],
      }),
    ).toEqual({ columns: ['all', 'n'], rows: [[45.5, 1]] });
    expect(
      await data('/analytics/query', {
        entity: 'totals_by_region',
        select: [{ field: 'region' }, { field: 'total' }],
        filter: { field: 'total', op: 'GT', value: 6 },
      }),
    ).toEqual({
      columns: ['region', 'total'],
      rows: [
        ['north', 10.5],
        ['south', 30],
      ],
    });

    const plan = await post('/analytics/query/plan', {
      entity: 'totals_by_region',
      select: [{ field: 'region' }],
      filter: { field: 'n', op: 'GT', value: 0 },
    });
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().data).toMatch(/Aggregate/);
    const check = await post('/analytics/query/check', { entity: 'totals_by_region', select: [{ field: 'amount' }] });
    expect(check.json()).toMatchObject({ success: true, data: false, errors: [{ field: 'select[0].field' }] });

    for (const [body, field] of [
      [{ params: { min_qty: 'many' } }, 'params.min_qty'],
      [{ params: { ghost: 1 } }, 'params.ghost'],
      [{ params: 'x' }, 'params'],
      [{ time: { granularity: 'DAY', range: { from: '2026-01-02', to: '2026-01-01' } } }, 'time.range'],
    ] as Array<[Body, string]>) {
      const res = await post('/analytics/views/totals_by_region/query', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('INVALID_QUERY');
      expect(res.json().error.details.map((d: Body) => d.field)).toContain(field);
    }
    expect((await post('/analytics/views/nope/query', {})).json().error.code).toBe('VIEW_NOT_FOUND');
  });

  it('requires required view parameters, and refuses such a view in A1', async () => {
    const created = await post('/metadata/views', {
      name: 'orders_since',
      entity: 'orders',
      select: [{ field: 'id' }, { field: 'created_at' }],
      filter: { field: 'created_at', op: 'GTE', value: { $param: 'since' } },
      parameters: [{ name: 'since', type: 'TIMESTAMP', required: true }],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await data('/analytics/views/orders_since/query', { params: { since: '2026-02-01T00:00:00Z' } })).toEqual({
      columns: ['id', 'created_at'],
      rows: [
        [4, '2026-02-10T08:00:00.000Z'],
        [5, '2026-04-01T12:30:00.000Z'],
      ],
    });
    const missing = await post('/analytics/views/orders_since/query', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([{ field: 'params.since', message: 'is required' }]);
    const asEntity = await post('/analytics/query', { entity: 'orders_since', select: [{ field: 'id' }] });
    expect(asEntity.statusCode).toBe(400);
    expect(asEntity.json().error.code).toBe('INVALID_QUERY');

    expect((await get('/metadata/views')).json().map((v: Body) => v.name)).toEqual([
      'orders_since',
      'totals_by_region',
    ]);
    expect((await get('/api/v1/views/orders_since')).json().parameters).toEqual([
      { name: 'since', type: 'TIMESTAMP', required: true, default: null },
    ]);
    expect((await del('/metadata/views/orders_since')).statusCode).toBe(204);
    expect((await get('/metadata/views/orders_since')).json().error.code).toBe('VIEW_NOT_FOUND');
  });

  it('refuses view definitions that do not fit the catalogue', async () => {
    const base = { name: 'v1', entity: 'orders', select: [{ field: 'id' }] };
    const cases: Array<[Body, string, string]> = [
      [{ ...base, entity: 'ghosts' }, 'INVALID_QUERY', 'entity'],
      [{ ...base, select: [{ field: 'ghost' }] }, 'INVALID_QUERY', 'select[0].field'],
      [{ ...base, select: [{ field: 'id', alias: 'Not A Name' }] }, 'INVALID_QUERY', 'select[0].alias'],
      [
        { ...base, filter: { field: 'id', op: 'EQ', value: { $param: 'undeclared' } } },
        'INVALID_QUERY',
        'filter.value',
      ],
      [
        {
          ...base,
          filter: { field: 'id', op: 'EQ', value: { $param: 'p' } },
          parameters: [{ name: 'p', type: 'STRING' }],
        },
        'INVALID_QUERY',
        'filter.value',
      ],
      [{ ...base, parameters: [{ name: 'p', type: 'TEXT' }] }, 'INVALID_QUERY', 'parameters[0].type'],
      [
        { ...base, parameters: [{ name: 'p', type: 'INTEGER', default: 'x' }] },
        'INVALID_QUERY',
        'parameters[0].default',
      ],
      [
        {
          ...base,
          parameters: [
            { name: 'p', type: 'INTEGER' },
            { name: 'p', type: 'STRING' },
          ],
        },
        'INVALID_QUERY',
        'parameters[1].name',
      ],
      [{ ...base, name: 'V1' }, 'VALIDATION_FAILED', 'name'],
    ];
    for (const [body, code, field] of cases) {
      const res = await post('/metadata/views', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.details.map((d: Body) => d.field)).toContain(field);
    }
  });
});

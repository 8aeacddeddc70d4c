import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BatchMetricQueryDocument,
  EntityQueryDocument,
  MetricQueryDocument,
  ViewQueryDocument,
} from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { gqlRequest } from '../support/graphql';

type Body = Record<string, unknown>;

/** Sums past what a JSON number carries (±1.7976931348623157e308), as PostgreSQL writes them. */
const PLUS_1_8E308 = `18${'0'.repeat(307)}`;
const MINUS_1_8E308 = `-${PLUS_1_8E308}`;

describe('analytics answers DECIMAL results beyond a JSON number as decimal strings', () => {
  let t: TestApp;
  let h: Record<string, string>;
  const post = (url: string, payload: Body) => t.app.inject({ method: 'POST', url, headers: h, payload });
  async function data(url: string, payload: Body) {
    const res = await post(url, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    return res.json().data;
  }

  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    h = await t.headers(uniqueTenant('big'));
    const entity = await post('/metadata/entities', {
      name: 'ledger',
      fields: [
        { name: 'id', type: 'INTEGER' },
        { name: 'region', type: 'STRING' },
        { name: 'amount', type: 'DECIMAL' },
        { name: 'rate', type: 'FLOAT' },
        { name: 'created_at', type: 'TIMESTAMP' },
      ],
      primaryKey: 'id',
      timeField: 'created_at',
    });
    expect(entity.statusCode, entity.body).toBe(201);
    const written = await post('/data/ledger/records', {
      operation: 'INSERT',
      records: [
        { id: 1, region: 'eu', amount: 9e307, rate: 1.5e308, created_at: '2026-11-12T08:00:00Z' },
        { id: 2, region: 'eu', amount: 9e307, rate: 1.5e308, created_at: '2026-11-12T09:00:00Z' },
        { id: 3, region: 'us', amount: 1e308, rate: 1e308, created_at: '2026-11-13T08:00:00Z' },
        { id: 4, region: 'ap', amount: '-1e308', rate: -1e308, created_at: '2026-11-13T09:00:00Z' },
        { id: 5, region: 'ap', amount: -8e307, rate: 2.5, created_at: '2026-11-13T10:00:00Z' },
      ],
    });
    expect(written.statusCode, written.body).toBe(200);
    const metric = await post('/metadata/metrics', {
      name: 'ledger_total',
      entity: 'ledger',
      aggregation: 'SUM',
      field: 'amount',
    });
    expect(metric.statusCode, metric.body).toBe(201);
    const view = await post('/metadata/views', {
      name: 'ledger_by_region',
      entity: 'ledger',
      select: [{ field: 'region' }, { field: 'amount', agg: 'SUM', alias: 'total' }],
      parameters: [],
    });
    expect(view.statusCode, view.body).toBe(201);
  });
  afterAll(() => t.close());

  const byRegion = {
    entity: 'ledger',
    select: [
      { field: 'region' },
      { field: 'amount', agg: 'SUM', alias: 'total' },
      { field: 'amount', agg: 'AVG', alias: 'mean' },
      { field: 'amount', agg: 'MAX', alias: 'top' },
    ],
  };

  it('answers an overflowing SUM as its digits and every other cell as a JSON number (A1)', async () => {
    expect(await data('/analytics/query', byRegion)).toEqual({
      columns: ['region', 'total', 'mean', 'top'],
      rows: [
        ['ap', MINUS_1_8E308, -9e307, -8e307],
        ['eu', PLUS_1_8E308, 9e307, 9e307],
        ['us', 1e308, 1e308, 1e308],
      ],
    });
    // The grand total fits a number again; plain cells are numbers as they were written.
    expect(
      await data('/api/v1/analytics/query', { entity: 'ledger', select: [{ field: 'amount', agg: 'SUM' }] }),
    ).toEqual({ columns: ['amount'], rows: [[1e308]] });
    expect(
      (await data('/analytics/query', { entity: 'ledger', select: [{ field: 'id' }, { field: 'amount' }] })).rows,
    ).toEqual([
      [1, 9e307],
      [2, 9e307],
      [3, 1e308],
      [4, -1e308],
      [5, -8e307],
    ]);
    const daily = await data('/analytics/query', {
      entity: 'ledger',
      select: [{ field: 'amount', agg: 'SUM', alias: 'total' }],
      filter: { field: 'region', op: 'NE', value: 'ap' },
      time: { granularity: 'DAY' },
    });
    expect(daily.rows).toEqual([
      ['2026-11-12T00:00:00.000Z', PLUS_1_8E308],
      ['2026-11-13T00:00:00.000Z', 1e308],
    ]);
  });

  it('answers the same through metrics (A4, A5) and views (A6, and A1 over a view)', async () => {
    const metric = {
      columns: ['region', 'ledger_total'],
      rows: [
        ['ap', MINUS_1_8E308],
        ['eu', PLUS_1_8E308],
        ['us', 1e308],
      ],
    };
    expect(await data('/analytics/metrics/ledger_total/query', { dimensions: ['region'] })).toEqual(metric);
    expect(
      await data('/analytics/metrics/batch', { metrics: ['ledger_total'], params: { dimensions: ['region'] } }),
    ).toEqual({
      ledger_total: metric,
    });
    const view = {
      columns: ['region', 'total'],
      rows: [
        ['ap', MINUS_1_8E308],
        ['eu', PLUS_1_8E308],
        ['us', 1e308],
      ],
    };
    expect(await data('/analytics/views/ledger_by_region/query', {})).toEqual(view);
    expect(
      await data('/analytics/query', { entity: 'ledger_by_region', select: [{ field: 'region' }, { field: 'total' }] }),
    ).toEqual(view);
  });

  it('answers a SUM of FLOAT past a double as its digits instead of refusing the query', async () => {
    const body = {
      entity: 'ledger',
      select: [
        { field: 'region' },
        { field: 'rate', agg: 'SUM', alias: 'total' },
        { field: 'rate', agg: 'AVG', alias: 'mean' },
      ],
    };
    const rows = [
      ['ap', -1e308, -5e307],
      ['eu', `3${'0'.repeat(308)}`, 1.5e308],
      ['us', 1e308, 1e308],
    ];
    expect((await data('/analytics/query', body)).rows).toEqual(rows);
    const gql = await gqlRequest(t.app, EntityQueryDocument, { input: body as never }, h);
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.entityQuery.rows).toEqual(rows);
    // Sums a double holds are answered as before.
    expect(
      (await data('/analytics/query', { ...body, filter: { field: 'region', op: 'NE', value: 'eu' } })).rows,
    ).toEqual([rows[0], rows[2]]);
  });

  it('answers the same over GraphQL', async () => {
    const entity = await gqlRequest(t.app, EntityQueryDocument, { input: byRegion as never }, h);
    expect(entity.errors).toBeUndefined();
    expect(entity.data!.entityQuery.rows).toEqual([
      ['ap', MINUS_1_8E308, -9e307, -8e307],
      ['eu', PLUS_1_8E308, 9e307, 9e307],
      ['us', 1e308, 1e308, 1e308],
    ]);
    const rows = [
      ['ap', MINUS_1_8E308],
      ['eu', PLUS_1_8E308],
      ['us', 1e308],
    ];
    const metric = await gqlRequest(
      t.app,
      MetricQueryDocument,
      { metricName: 'ledger_total', params: { dimensions: ['region'] } },
      h,
    );
    expect(metric.errors).toBeUndefined();
    expect(metric.data!.metricQuery).toEqual({ columns: ['region', 'ledger_total'], rows });
    const batch = await gqlRequest(
      t.app,
      BatchMetricQueryDocument,
      { metrics: ['ledger_total'], params: { dimensions: ['region'] } },
      h,
    );
    expect(batch.errors).toBeUndefined();
    expect(batch.data!.batchMetricQuery).toEqual([
      { metric: 'ledger_total', result: { columns: ['region', 'ledger_total'], rows } },
    ]);
    const view = await gqlRequest(t.app, ViewQueryDocument, { viewName: 'ledger_by_region' }, h);
    expect(view.errors).toBeUndefined();
    expect(view.data!.viewQuery).toEqual({ columns: ['region', 'total'], rows });
  });
});

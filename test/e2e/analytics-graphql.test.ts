import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BatchMetricQueryDocument,
  CheckEntityQueryDocument,
  DefineMetricDocument,
  DefineViewDocument,
  DropMetricDocument,
  DropViewDocument,
  EntityQueryDocument,
  EntityQueryPlanDocument,
  MetricDocument,
  MetricQueryDocument,
  MetricsDocument,
  ViewDocument,
  ViewQueryDocument,
  ViewsDocument,
} from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';
import { seedOrders } from './analytics-dataset';

describe('analytics and the metric/view catalogue over GraphQL', () => {
  let t: TestApp;
  let tenant: string;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    tenant = uniqueTenant('gq');
    h = await t.headers(tenant);
    await seedOrders(t, h);
  });
  afterAll(() => t.close());

  it('answers entityQuery exactly like REST A1', async () => {
    const input = {
      entity: 'orders',
      select: [{ field: 'region' }, { field: 'amount', agg: 'SUM' as const, alias: 'total' }],
      filter: {
        op: 'OR' as const,
        conditions: [
          { field: 'paid', op: 'EQ' as const, value: true },
          { field: 'qty', op: 'IS_NULL' as const },
        ],
      },
      time: { granularity: 'QUARTER' as const, range: { from: '2025-01-01', to: '2026-12-31' } },
      limit: 10,
    };
    const gql = await gqlRequest(t.app, EntityQueryDocument, { input }, h);
    expect(gql.errors).toBeUndefined();
    const rest = await t.app.inject({ method: 'POST', url: '/analytics/query', headers: h, payload: input });
    expect(gql.data!.entityQuery).toEqual(rest.json().data);
    expect(gql.data!.entityQuery).toEqual({
      columns: ['time', 'region', 'total'],
      rows: [
        ['2025-10-01T00:00:00.000Z', 'east', 7.25],
        ['2026-01-01T00:00:00.000Z', 'north', 10.5],
        ['2026-01-01T00:00:00.000Z', 'south', 30],
        ['2026-04-01T00:00:00.000Z', null, 5],
      ],
    });
    const countAll = await gqlRequest(
      t.app,
      EntityQueryDocument,
      { input: { entity: 'orders', select: [{ agg: 'COUNT' }] } },
      h,
    );
    expect(countAll.data!.entityQuery).toEqual({ columns: ['count'], rows: [[6]] });
  });

  it('reports errors with the contract codes in extensions', async () => {
    const bad = await gqlRequest(
      t.app,
      EntityQueryDocument,
      { input: { entity: 'orders', select: [{ field: 'ghost' }] } },
      h,
    );
    expect(codes(bad)).toEqual(['INVALID_QUERY']);
    expect(bad.errors![0].extensions!.details).toEqual([{ field: 'select[0].field', message: expect.any(String) }]);
    const missing = await gqlRequest(
      t.app,
      EntityQueryDocument,
      { input: { entity: 'ghosts', select: [{ field: 'id' }] } },
      h,
    );
    expect(codes(missing)).toEqual(['ENTITY_NOT_FOUND']);
    const noPerm = await gqlRequest(
      t.app,
      EntityQueryDocument,
      { input: { entity: 'orders', select: [{ field: 'id' }] } },
      await t.headers(tenant, ['data:write']),
    );
    expect(codes(noPerm)).toEqual(['FORBIDDEN']);

    const check = await gqlRequest(
      t.app,
      CheckEntityQueryDocument,
      { input: { entity: 'orders', select: [{ field: 'id' }], limit: 20000 } },
      h,
    );
    expect(check.data!.checkEntityQuery).toEqual({
      valid: false,
      errors: [{ field: 'limit', message: expect.any(String) }],
    });
    const ok = await gqlRequest(
      t.app,
      CheckEntityQueryDocument,
      { input: { entity: 'orders', select: [{ field: 'id' }] } },
      await t.headers(tenant, ['analytics:read']),
    );
    expect(ok.data!.checkEntityQuery).toEqual({ valid: true, errors: [] });
    const plan = await gqlRequest(
      t.app,
      EntityQueryPlanDocument,
      { input: { entity: 'orders', select: [{ field: 'id' }] } },
      h,
    );
    expect(plan.data!.entityQueryPlan).toMatch(/Scan/);
  });

  it('defines, lists, queries and drops metrics', async () => {
    const defined = await gqlRequest(
      t.app,
      DefineMetricDocument,
      {
        input: {
          name: 'paid_revenue',
          entity: 'orders',
          aggregation: 'SUM',
          field: 'amount',
          filter: { field: 'paid', op: 'EQ', value: true },
        },
      },
      h,
    );
    expect(defined.errors).toBeUndefined();
    expect(defined.data!.defineMetric).toMatchObject({
      name: 'paid_revenue',
      aggregation: 'SUM',
      field: 'amount',
      timeField: 'created_at',
      filter: { field: 'paid', op: 'EQ', value: true },
    });
    // Stored as the JSON the caller sent: no members the input type has but the caller left out.
    expect(defined.data!.defineMetric.filter).toEqual({ field: 'paid', op: 'EQ', value: true });
    await gqlRequest(
      t.app,
      DefineMetricDocument,
      { input: { name: 'regions', entity: 'orders', aggregation: 'COUNT_DISTINCT', field: 'region' } },
      h,
    );
    const dup = await gqlRequest(
      t.app,
      DefineMetricDocument,
      { input: { name: 'regions', entity: 'orders', aggregation: 'COUNT' } },
      h,
    );
    expect(codes(dup)).toEqual(['CONFLICT']);
    const badField = await gqlRequest(
      t.app,
      DefineMetricDocument,
      { input: { name: 'x', entity: 'orders', aggregation: 'AVG', field: 'ghost' } },
      h,
    );
    expect(codes(badField)).toEqual(['INVALID_QUERY']);

    expect((await gqlRequest(t.app, MetricsDocument, {}, h)).data!.metrics.map((m) => m.name)).toEqual([
      'paid_revenue',
      'regions',
    ]);
    expect((await gqlRequest(t.app, MetricDocument, { name: 'regions' }, h)).data!.metric.field).toBe('region');
    expect(codes(await gqlRequest(t.app, MetricDocument, { name: 'nope' }, h))).toEqual(['METRIC_NOT_FOUND']);

    const q = await gqlRequest(
      t.app,
      MetricQueryDocument,
      {
        metricName: 'paid_revenue',
        params: { dimensions: ['region'], time: { range: { from: '2026-01-01', to: '2026-01-31' } } },
      },
      h,
    );
    expect(q.data!.metricQuery).toEqual({
      columns: ['region', 'paid_revenue'],
      rows: [
        ['north', 10.5],
        ['south', 30],
      ],
    });
    const batch = await gqlRequest(t.app, BatchMetricQueryDocument, { metrics: ['regions', 'paid_revenue'] }, h);
    expect(batch.data!.batchMetricQuery).toEqual([
      { metric: 'regions', result: { columns: ['regions'], rows: [[3]] } },
      { metric: 'paid_revenue', result: { columns: ['paid_revenue'], rows: [[45.5]] } },
    ]);
    expect(codes(await gqlRequest(t.app, MetricQueryDocument, { metricName: 'nope' }, h))).toEqual([
      'METRIC_NOT_FOUND',
    ]);

    expect((await gqlRequest(t.app, DropMetricDocument, { name: 'regions' }, h)).data!.dropMetric).toBe(true);
    expect(codes(await gqlRequest(t.app, DropMetricDocument, { name: 'regions' }, h))).toEqual(['METRIC_NOT_FOUND']);
    expect(codes(await gqlRequest(t.app, MetricsDocument, {}, await t.headers(tenant, ['analytics:read'])))).toEqual([
      'FORBIDDEN',
    ]);
  });

  it('defines, lists, queries and drops views', async () => {
    const defined = await gqlRequest(
      t.app,
      DefineViewDocument,
      {
        input: {
          name: 'big_orders',
          entity: 'orders',
          select: [{ field: 'id' }, { field: 'amount' }, { field: 'day' }],
          filter: { field: 'amount', op: 'GTE', value: { $param: 'min' } },
          parameters: [{ name: 'min', type: 'DECIMAL', default: 10 }],
        },
      },
      h,
    );
    expect(defined.errors).toBeUndefined();
    expect(defined.data!.defineView).toMatchObject({
      name: 'big_orders',
      select: [
        { field: 'id', agg: null, alias: null },
        { field: 'amount', agg: null, alias: null },
        { field: 'day', agg: null, alias: null },
      ],
      parameters: [{ name: 'min', type: 'DECIMAL', required: false, default: 10 }],
    });
    expect(defined.data!.defineView.filter).toEqual({ field: 'amount', op: 'GTE', value: { $param: 'min' } });
    expect((await gqlRequest(t.app, ViewsDocument, {}, h)).data!.views.map((v) => v.name)).toEqual(['big_orders']);
    expect((await gqlRequest(t.app, ViewDocument, { name: 'big_orders' }, h)).data!.view.entity).toBe('orders');

    const q = await gqlRequest(t.app, ViewQueryDocument, { viewName: 'big_orders', params: { min: 20 } }, h);
    expect(q.data!.viewQuery).toEqual({
      columns: ['id', 'amount', 'day'],
      rows: [
        [2, 20, '2026-01-05'],
        [3, 30, '2026-01-06'],
      ],
    });
    const paged = await gqlRequest(t.app, ViewQueryDocument, { viewName: 'big_orders', limit: 1, offset: 1 }, h);
    expect(paged.data!.viewQuery.rows).toEqual([[2, 20, '2026-01-05']]);
    const timed = await gqlRequest(
      t.app,
      ViewQueryDocument,
      { viewName: 'big_orders', time: { granularity: 'DAY' } },
      h,
    );
    expect(timed.data!.viewQuery.columns).toEqual(['time', 'id', 'amount', 'day']);
    const asEntity = await gqlRequest(
      t.app,
      EntityQueryDocument,
      { input: { entity: 'big_orders', select: [{ field: 'amount', agg: 'SUM' }] } },
      h,
    );
    expect(asEntity.data!.entityQuery).toEqual({ columns: ['amount'], rows: [[60.5]] });
    const badParam = await gqlRequest(t.app, ViewQueryDocument, { viewName: 'big_orders', params: { min: 'lots' } }, h);
    expect(codes(badParam)).toEqual(['INVALID_QUERY']);
    expect(codes(await gqlRequest(t.app, ViewQueryDocument, { viewName: 'nope' }, h))).toEqual(['VIEW_NOT_FOUND']);
    expect(
      codes(await gqlRequest(t.app, ViewQueryDocument, { viewName: 'big_orders' }, await t.headers(uniqueTenant()))),
    ).toEqual(['VIEW_NOT_FOUND']);

    expect((await gqlRequest(t.app, DropViewDocument, { name: 'big_orders' }, h)).data!.dropView).toBe(true);
    expect(codes(await gqlRequest(t.app, ViewDocument, { name: 'big_orders' }, h))).toEqual(['VIEW_NOT_FOUND']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { ORDER_FIELDS } from './analytics-dataset';

/** A filter of `levels` nested NOT nodes around one condition, built without recursion. */
function deepFilter(levels: number): Record<string, unknown> {
  let node: Record<string, unknown> = { field: 'status', op: 'EQ', value: { $param: 'status' } };
  for (let i = 0; i < levels; i++) node = { op: 'NOT', conditions: [node] };
  return node;
}

/** The same as JSON text, built as text: JSON.stringify itself would recurse 30,000 levels. */
function deepFilterJson(levels: number): string {
  return (
    '{"op":"NOT","conditions":['.repeat(levels) +
    '{"field":"status","op":"EQ","value":{"$param":"status"}}' +
    ']}'.repeat(levels)
  );
}

describe('filters nested 30,000 levels deep', () => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    h = await t.headers(uniqueTenant('deep'));
    const def = await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: h,
      payload: { name: 'orders', fields: ORDER_FIELDS, primaryKey: 'id', timeField: 'created_at' },
    });
    expect(def.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const post = (url: string, body: string) =>
    t.app.inject({ method: 'POST', url, headers: { ...h, 'content-type': 'application/json' }, payload: body });

  it('a view definition answers 400 before any recursion, and nothing is stored', async () => {
    const body = `{"name":"deep_view","entity":"orders","select":[{"agg":"COUNT","alias":"n"}],"parameters":[{"name":"status","type":"STRING"}],"filter":${deepFilterJson(30_000)}}`;
    const res = await post('/metadata/views', body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().success).toBe(false);
    expect(['INVALID_QUERY', 'VALIDATION_FAILED']).toContain(res.json().error.code);
    expect((await t.app.inject({ method: 'GET', url: '/metadata/views/deep_view', headers: h })).statusCode).toBe(404);
  });

  it('metric definitions and analytics queries answer 400 too', async () => {
    const metric = `{"name":"deep_metric","entity":"orders","aggregation":"COUNT","filter":${deepFilterJson(
      30_000,
    ).replace('{"$param":"status"}', '"paid"')}}`;
    const m = await post('/metadata/metrics', metric);
    expect(m.statusCode, m.body.slice(0, 300)).toBe(400);
    const query = `{"entity":"orders","select":[{"agg":"COUNT","alias":"n"}],"filter":${deepFilterJson(30_000).replace(
      '{"$param":"status"}',
      '"paid"',
    )}}`;
    for (const url of ['/analytics/query', '/analytics/query/plan']) {
      const q = await post(url, query);
      expect(q.statusCode, `${url} ${q.body.slice(0, 300)}`).toBe(400);
      expect(q.json().success).toBe(false);
    }
    // The check endpoint answers "not valid" with the reason.
    const check = await post('/analytics/query/check', query);
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toBe(false);
    expect(JSON.stringify(check.json().errors)).toMatch(/nests deeper/);
  });

  it('a reasonable nesting still works', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/metadata/views',
      headers: h,
      payload: {
        name: 'shallow_view',
        entity: 'orders',
        select: [{ agg: 'COUNT', alias: 'n' }],
        parameters: [{ name: 'status', type: 'STRING' }],
        filter: deepFilter(3),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});

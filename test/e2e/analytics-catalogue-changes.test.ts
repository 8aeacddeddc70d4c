import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';

/**
 * Metric and view queries read their definition and its entity fresh on every request: a change
 * made by anyone (another process included) shows in the very next answer.
 */
describe('analytics after the catalogue changes under a metric or view', () => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    h = await t.headers(uniqueTenant('cc'));
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
  const fields = (...names: string[]) => [
    { name: 'id', type: 'INTEGER' },
    ...names.map((name) => ({ name, type: name === 'at' ? 'TIMESTAMP' : 'STRING' })),
  ];
  const defineItems = async (...names: string[]) => {
    const res = await send('POST', '/metadata/entities', {
      name: 'items',
      fields: fields(...names),
      primaryKey: 'id',
      timeField: names.includes('at') ? 'at' : undefined,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const addItem = async (id: number, kind: string) => {
    const res = await send('POST', '/data/items/records', {
      operation: 'INSERT',
      records: [{ id, kind, at: '2026-05-01T10:00:00Z' }],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const staleOn = async (url: string, payload: unknown, field: string) => {
    const res = await send('POST', url, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('INVALID_QUERY');
    expect(res.json().error.details).toEqual([{ field, message: expect.stringContaining('define it again') }]);
  };

  it('answers a stale definition as INVALID_QUERY, and the redefined entity at once', async () => {
    await defineItems('kind', 'at');
    await addItem(1, 'a');
    await addItem(2, 'b');
    await addItem(3, 'a');
    expect(
      (
        await send('POST', '/metadata/metrics', {
          name: 'item_count',
          entity: 'items',
          aggregation: 'COUNT',
          filter: { field: 'kind', op: 'IN', value: ['a', 'b'] },
        })
      ).statusCode,
    ).toBe(201);
    const view = {
      name: 'by_kind',
      entity: 'items',
      select: [{ field: 'kind' }, { agg: 'COUNT', alias: 'n' }],
      filter: { field: 'kind', op: 'EQ', value: { $param: 'kind' } },
      parameters: [{ name: 'kind', type: 'STRING', required: true }],
    };
    expect((await send('POST', '/metadata/views', view)).statusCode).toBe(201);

    const metric = () => send('POST', '/analytics/metrics/item_count/query', { dimensions: ['kind'] });
    const viewQuery = () => send('POST', '/analytics/views/by_kind/query', { params: { kind: 'a' } });
    expect((await metric()).json().data.rows).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect((await viewQuery()).json().data).toEqual({ columns: ['kind', 'n'], rows: [['a', 2]] });

    expect((await send('DELETE', '/metadata/entities/items')).statusCode).toBe(204);
    await staleOn('/analytics/metrics/item_count/query', {}, 'metric');
    await staleOn('/analytics/metrics/batch', { metrics: ['item_count'] }, 'metric');
    await staleOn('/analytics/views/by_kind/query', { params: { kind: 'a' } }, 'view');

    // Back without the field both definitions use: still stale.
    await defineItems('at');
    await staleOn('/analytics/metrics/item_count/query', { dimensions: ['id'] }, 'metric');
    await staleOn('/analytics/views/by_kind/query', { params: { kind: 'a' } }, 'view');

    // Back as it was, with other rows: the answers are the new table's.
    expect((await send('DELETE', '/metadata/entities/items')).statusCode).toBe(204);
    await defineItems('kind', 'at');
    await addItem(7, 'a');
    expect((await metric()).json().data.rows).toEqual([['a', 1]]);
    expect((await viewQuery()).json().data.rows).toEqual([['a', 1]]);
  });

  it('answers with a view as redefined, and 404 once it is dropped', async () => {
    await send('DELETE', '/metadata/entities/things');
    const entity = await send('POST', '/metadata/entities', {
      name: 'things',
      fields: fields('kind'),
      primaryKey: 'id',
    });
    expect(entity.statusCode, entity.body).toBe(201);
    expect(
      (await send('POST', '/data/things/records', { operation: 'INSERT', records: [{ id: 1, kind: 'x' }] })).statusCode,
    ).toBe(200);
    const define = (select: unknown[]) =>
      send('POST', '/metadata/views', { name: 'things_view', entity: 'things', select });
    expect((await define([{ field: 'kind' }])).statusCode).toBe(201);
    expect((await send('POST', '/analytics/views/things_view/query', {})).json().data).toEqual({
      columns: ['kind'],
      rows: [['x']],
    });

    expect((await send('DELETE', '/metadata/views/things_view')).statusCode).toBe(204);
    const gone = await send('POST', '/analytics/views/things_view/query', {});
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('VIEW_NOT_FOUND');

    expect((await define([{ field: 'id' }, { field: 'kind' }])).statusCode).toBe(201);
    expect((await send('POST', '/analytics/views/things_view/query', {})).json().data).toEqual({
      columns: ['id', 'kind'],
      rows: [[1, 'x']],
    });

    // Redefined with no query in between: the answer is the new definition's.
    expect((await send('DELETE', '/metadata/views/things_view')).statusCode).toBe(204);
    expect((await define([{ field: 'kind' }, { agg: 'COUNT', alias: 'n' }])).statusCode).toBe(201);
    expect((await send('POST', '/analytics/views/things_view/query', {})).json().data).toEqual({
      columns: ['kind', 'n'],
      rows: [['x', 1]],
    });
  });
});

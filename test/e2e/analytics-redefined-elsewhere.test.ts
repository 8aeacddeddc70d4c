import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';

/**
 * An entity query compiled from the definition this process saw last must never answer for a
 * definition another process has replaced since: each case below redefines the entity through a
 * second instance of the service, so the first one's memory of it is stale.
 */
describe('entity queries after another process redefines the entity', () => {
  let first: TestApp;
  let second: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    [first, second] = await Promise.all([startTestApp({ DISPATCHER: 'off' }), startTestApp({ DISPATCHER: 'off' })]);
    h = await first.headers(uniqueTenant('rd'));
  });
  afterAll(() => Promise.all([first?.close(), second?.close()]));

  const send = (t: TestApp, method: 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: h, ...(payload === undefined ? {} : { payload: payload as object }) });
  const define = async (kindType: string, primaryKey: string) => {
    await send(second, 'DELETE', '/metadata/entities/items');
    const res = await send(second, 'POST', '/metadata/entities', {
      name: 'items',
      fields: [
        { name: 'id', type: 'INTEGER' },
        { name: 'kind', type: kindType },
      ],
      primaryKey,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const insert = async (records: Array<{ id: number; kind: unknown }>) => {
    const res = await send(second, 'POST', '/data/items/records', { operation: 'INSERT', records });
    expect(res.statusCode, res.body).toBe(200);
  };
  const query = (filter?: unknown) =>
    send(first, 'POST', '/analytics/query', {
      entity: 'items',
      select: [{ field: 'id' }, { field: 'kind' }],
      ...(filter ? { filter } : {}),
    });

  const answered = async (filter?: unknown) => {
    const res = await query(filter);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.rows;
  };
  const rows = [
    { id: 1, kind: 'c' },
    { id: 2, kind: 'a' },
    { id: 3, kind: 'b' },
  ];

  it('orders plain rows by the new primary key, and reads a field by its new type, in the very next answer', async () => {
    await define('STRING', 'id');
    await insert(rows);
    // Asked twice, so the first instance has the definition in memory.
    for (let i = 0; i < 2; i++) expect(await answered()).toEqual(rows.map((r) => [r.id, r.kind]));

    // Same fields, same table name, same statement text compiles: only the order tells them apart.
    await define('STRING', 'kind');
    await insert(rows);
    expect(await answered()).toEqual([
      [2, 'a'],
      [3, 'b'],
      [1, 'c'],
    ]);

    // An answer without rows proves nothing by itself: the old type would accept this filter.
    await define('INTEGER', 'id');
    await insert([{ id: 1, kind: 5 }]);
    const refused = await query({ field: 'kind', op: 'EQ', value: 'none' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.code).toBe('INVALID_QUERY');
    expect(await answered({ field: 'kind', op: 'EQ', value: 5 })).toEqual([[1, 5]]);

    // Gone: 404 at once, though a statement over the old table name would still compile.
    expect((await send(second, 'DELETE', '/metadata/entities/items')).statusCode).toBe(204);
    const gone = await query();
    expect(gone.statusCode, gone.body).toBe(404);
    expect(gone.json().error.code).toBe('ENTITY_NOT_FOUND');
  });

  it('refuses a query nested deeper than any key can be written, once the entity is known, with 400', async () => {
    await define('STRING', 'id');
    await insert(rows);
    expect(await answered()).toHaveLength(3);
    const depth = 100_000;
    const payload = `{"entity":"items","select":[{"field":"id"}],"filter":{"field":"kind","op":"EQ","value":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const res = await first.app.inject({
      method: 'POST',
      url: '/analytics/query',
      headers: { ...h, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().error.code).toBe('INVALID_QUERY');
  });
});

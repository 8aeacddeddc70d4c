import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DefineEntityDocument, DropEntityDocument, EntitiesDocument, EntityDocument } from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';

const ALL_TYPES = [
  { name: 'id', type: 'STRING' },
  { name: 'qty', type: 'INTEGER' },
  { name: 'ratio', type: 'FLOAT' },
  { name: 'amount', type: 'DECIMAL' },
  { name: 'paid', type: 'BOOLEAN' },
  { name: 'created_at', type: 'TIMESTAMP' },
  { name: 'day', type: 'DATE' },
  { name: 'meta', type: 'JSON' },
];

describe('entity definitions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  const define = async (tenant: string, body: unknown, url = '/metadata/entities') =>
    t.app.inject({ method: 'POST', url, headers: await t.headers(tenant), payload: body as object });

  async function columnsOf(tenant: string, table: string) {
    const schema = await t.runtime.services.tenants.ensure(tenant);
    const { rows } = await t.runtime.db.pool.query(
      `SELECT column_name, data_type, datetime_precision, is_nullable FROM information_schema.columns
        WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
      [schema, table],
    );
    return rows;
  }

  it('defines over REST a real table with the types, primary key and time index of the definition', async () => {
    const tenant = uniqueTenant();
    const res = await define(tenant, { name: 'orders', fields: ALL_TYPES, primaryKey: 'id', timeField: 'created_at' });
    expect(res.statusCode).toBe(201);
    expect(res.headers.location).toBe('/metadata/entities/orders');
    const dto = res.json();
    expect(dto).toEqual({
      name: 'orders',
      fields: ALL_TYPES,
      primaryKey: 'id',
      timeField: 'created_at',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const cols = await columnsOf(tenant, 'orders');
    expect(cols.map((c) => [c.column_name, c.data_type])).toEqual([
      ['id', 'text'],
      ['qty', 'bigint'],
      ['ratio', 'double precision'],
      ['amount', 'numeric'],
      ['paid', 'boolean'],
      ['created_at', 'timestamp with time zone'],
      ['day', 'date'],
      ['meta', 'jsonb'],
    ]);
    expect(cols.find((c) => c.column_name === 'created_at').datetime_precision).toBe(3);
    expect(cols.find((c) => c.column_name === 'id').is_nullable).toBe('NO');

    const schema = await t.runtime.services.tenants.ensure(tenant);
    const pk = await t.runtime.db.pool.query(
      `SELECT k.column_name FROM information_schema.table_constraints c
         JOIN information_schema.key_column_usage k ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema
        WHERE c.table_schema = $1 AND c.table_name = 'orders' AND c.constraint_type = 'PRIMARY KEY'`,
      [schema],
    );
    expect(pk.rows).toEqual([{ column_name: 'id' }]);
    const indexes = await t.runtime.db.pool.query(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'orders'`,
      [schema],
    );
    expect(indexes.rows.some((r) => /\(created_at\)/.test(r.indexdef) && !/UNIQUE/.test(r.indexdef))).toBe(true);

    // list, get, and the backend paths see the same definition
    const h = await t.headers(tenant);
    const list = await t.app.inject({ method: 'GET', url: '/metadata/entities', headers: h });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([dto]);
    for (const url of ['/metadata/entities/orders', '/api/v1/entities/orders', '/api/v1/metadata/entities/orders']) {
      const one = await t.app.inject({ method: 'GET', url, headers: h });
      expect(one.statusCode).toBe(200);
      expect(one.json()).toEqual(dto);
    }
  });

  it('drops the definition and its table; a second drop is 404', async () => {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    expect(
      (
        await define(
          tenant,
          { name: 'events', fields: [{ name: 'id', type: 'INTEGER' }], primaryKey: 'id' },
          '/api/v1/entities',
        )
      ).statusCode,
    ).toBe(201);
    expect(await columnsOf(tenant, 'events')).toHaveLength(1);
    const drop = await t.app.inject({ method: 'DELETE', url: '/metadata/entities/events', headers: h });
    expect(drop.statusCode).toBe(204);
    expect(drop.body).toBe('');
    expect(await columnsOf(tenant, 'events')).toHaveLength(0);
    const again = await t.app.inject({ method: 'DELETE', url: '/metadata/entities/events', headers: h });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('ENTITY_NOT_FOUND');
    const get = await t.app.inject({ method: 'GET', url: '/metadata/entities/events', headers: h });
    expect(get.json().error.code).toBe('ENTITY_NOT_FOUND');
    // The name is free again.
    expect(
      (await define(tenant, { name: 'events', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' })).statusCode,
    ).toBe(201);
    expect((await columnsOf(tenant, 'events'))[0].data_type).toBe('text');
  });

  it('refuses bad definitions with 400 VALIDATION_FAILED naming each field, and creates nothing', async () => {
    const tenant = uniqueTenant();
    const cases: Array<[unknown, string[]]> = [
      [{ name: 'Orders', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' }, ['name']],
      [{ name: '1orders', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' }, ['name']],
      [{ name: 'a'.repeat(64), fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' }, ['name']],
      [{ fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' }, ['name']],
      [{ name: 'mutation_webhook_outbox', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' }, ['name']],
      [
        {
          name: 'x',
          fields: [
            { name: 'id', type: 'STRING' },
            { name: 'v', type: 'MONEY' },
          ],
          primaryKey: 'id',
        },
        ['fields[1].type'],
      ],
      [
        {
          name: 'x',
          fields: [
            { name: 'id', type: 'STRING' },
            { name: 'Bad Name', type: 'STRING' },
          ],
          primaryKey: 'id',
        },
        ['fields[1].name'],
      ],
      [
        {
          name: 'x',
          fields: [
            { name: 'id', type: 'STRING' },
            { name: 'id', type: 'INTEGER' },
          ],
          primaryKey: 'id',
        },
        ['fields[1].name'],
      ],
      [
        {
          name: 'x',
          fields: [
            { name: 'id', type: 'STRING' },
            { name: 'xmin', type: 'INTEGER' },
          ],
          primaryKey: 'id',
        },
        ['fields[1].name'],
      ],
      [{ name: 'x', fields: [], primaryKey: 'id' }, ['fields']],
      [{ name: 'x', fields: 'id', primaryKey: 'id' }, ['fields']],
      [{ name: 'x', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'nope' }, ['primaryKey']],
      [{ name: 'x', fields: [{ name: 'id', type: 'STRING' }] }, ['primaryKey']],
      [{ name: 'x', fields: [{ name: 'id', type: 'JSON' }], primaryKey: 'id' }, ['primaryKey']],
      [
        {
          name: 'x',
          fields: [
            { name: 'id', type: 'STRING' },
            { name: 'n', type: 'INTEGER' },
          ],
          primaryKey: 'id',
          timeField: 'n',
        },
        ['timeField'],
      ],
      [{ name: 'x', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id', timeField: 'at' }, ['timeField']],
      [[1, 2], ['body']],
    ];
    for (const [body, fields] of cases) {
      const res = await define(tenant, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      const err = res.json().error;
      expect(err.code).toBe('VALIDATION_FAILED');
      expect(err.details.map((d: { field: string }) => d.field)).toEqual(fields);
    }
    const list = await t.app.inject({ method: 'GET', url: '/metadata/entities', headers: await t.headers(tenant) });
    expect(list.json()).toEqual([]);
  });

  it('answers 409 CONFLICT for a name in use, by an entity or by a table of the schema', async () => {
    const tenant = uniqueTenant();
    const body = { name: 'orders', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' };
    expect((await define(tenant, body)).statusCode).toBe(201);
    const dup = await define(tenant, { ...body, fields: [{ name: 'id', type: 'INTEGER' }] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('CONFLICT');
    // orders' primary key index is a relation named orders_pkey in the same schema.
    const clash = await define(tenant, { ...body, name: 'orders_pkey' });
    expect(clash.statusCode).toBe(409);
    const list = await t.app.inject({ method: 'GET', url: '/metadata/entities', headers: await t.headers(tenant) });
    expect(list.json().map((e: { name: string }) => e.name)).toEqual(['orders']);
    expect((await columnsOf(tenant, 'orders'))[0].data_type).toBe('text');
  });

  it("keeps tenants apart: another tenant's entity is 404 and never listed; the same name is free per tenant", async () => {
    const a = uniqueTenant();
    const b = uniqueTenant();
    const body = { name: 'orders', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' };
    expect((await define(a, body)).statusCode).toBe(201);
    const hb = await t.headers(b);
    expect((await t.app.inject({ method: 'GET', url: '/metadata/entities/orders', headers: hb })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: '/metadata/entities/orders', headers: hb })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/metadata/entities', headers: hb })).json()).toEqual([]);
    expect((await define(b, { ...body, fields: [{ name: 'id', type: 'INTEGER' }] })).statusCode).toBe(201);
    expect((await columnsOf(a, 'orders'))[0].data_type).toBe('text');
    expect((await columnsOf(b, 'orders'))[0].data_type).toBe('bigint');
  });

  it('needs tenant:admin or admin: 401 without a token, 403 for data:write or another tenant', async () => {
    const tenant = uniqueTenant();
    const body = { name: 'orders', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' };
    const none = await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: { 'x-tenant-id': tenant },
      payload: body,
    });
    expect(none.statusCode).toBe(401);
    const writer = await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: await t.headers(tenant, ['data:write']),
      payload: body,
    });
    expect(writer.statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/metadata/entities',
      headers: { authorization: `Bearer ${await t.token(uniqueTenant())}`, 'x-tenant-id': tenant },
    });
    expect(foreign.statusCode).toBe(403);
    const admin = await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: await t.headers(tenant, ['admin']),
      payload: body,
    });
    expect(admin.statusCode).toBe(201);
  });

  it('offers the same operations and errors over GraphQL', async () => {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    const input = {
      name: 'visits',
      fields: [
        { name: 'id', type: 'INTEGER' as const },
        { name: 'at', type: 'DATE' as const },
      ],
      primaryKey: 'id',
      timeField: 'at',
    };
    const defined = await gqlRequest(t.app, DefineEntityDocument, { input }, h);
    expect(defined.errors).toBeUndefined();
    expect(defined.data!.defineEntity).toMatchObject({
      name: 'visits',
      fields: input.fields,
      primaryKey: 'id',
      timeField: 'at',
    });
    expect(defined.data!.defineEntity.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // REST sees what GraphQL defined.
    const rest = await t.app.inject({ method: 'GET', url: '/metadata/entities/visits', headers: h });
    expect(rest.json()).toEqual(defined.data!.defineEntity);

    const dup = await gqlRequest(t.app, DefineEntityDocument, { input }, h);
    expect(codes(dup)).toEqual(['CONFLICT']);
    const bad = await gqlRequest(t.app, DefineEntityDocument, { input: { ...input, name: 'bad', timeField: 'id' } }, h);
    expect(codes(bad)).toEqual(['VALIDATION_FAILED']);
    expect(bad.errors![0].extensions!.details).toEqual([{ field: 'timeField', message: expect.any(String) }]);

    expect((await gqlRequest(t.app, EntitiesDocument, {}, h)).data!.entities.map((e) => e.name)).toEqual(['visits']);
    expect((await gqlRequest(t.app, EntityDocument, { name: 'visits' }, h)).data!.entity.timeField).toBe('at');
    const missing = await gqlRequest(t.app, EntityDocument, { name: 'nope' }, h);
    expect(codes(missing)).toEqual(['ENTITY_NOT_FOUND']);
    const foreign = await gqlRequest(t.app, EntityDocument, { name: 'visits' }, await t.headers(uniqueTenant()));
    expect(codes(foreign)).toEqual(['ENTITY_NOT_FOUND']);

    expect((await gqlRequest(t.app, DropEntityDocument, { name: 'visits' }, h)).data!.dropEntity).toBe(true);
    expect(codes(await gqlRequest(t.app, DropEntityDocument, { name: 'visits' }, h))).toEqual(['ENTITY_NOT_FOUND']);
    expect(await columnsOf(tenant, 'visits')).toHaveLength(0);
    const denied = await gqlRequest(t.app, EntitiesDocument, {}, await t.headers(tenant, ['data:write']));
    expect(codes(denied)).toEqual(['FORBIDDEN']);
  });
});

import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../src/analytics/compile';
import { Problems, readFilter, readSelect, readTime } from '../../src/query/parse';
import { entitySource } from '../../src/analytics/sources';
import type { EntityDefinition } from '../../src/catalog/model';
import { Params } from '../../src/db/sql';

const entity: EntityDefinition = {
  name: 'orders',
  fields: [
    { name: 'id', type: 'INTEGER' },
    { name: 'region', type: 'STRING' },
    { name: 'amount', type: 'DECIMAL' },
    { name: 'at', type: 'TIMESTAMP' },
    { name: 'day', type: 'DATE' },
    { name: 'meta', type: 'JSON' },
  ],
  primaryKey: 'id',
  timeField: 'at',
  tableName: 'orders',
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

function compile(body: Record<string, unknown>, timeField = 'at') {
  const source = entitySource('t_x', entity);
  const p = new Problems();
  const select = readSelect(body.select, source.fields, p);
  const filter = readFilter(body.filter, source.fields, p);
  const tf = source.fields.get(timeField);
  const time = readTime(body.time, tf, p);
  expect(p.list).toEqual([]);
  return compileQuery(source, { select, filter, time, timeField: tf, limit: 100, offset: 0 }, new Params());
}

describe('query compiler', () => {
  it('quotes catalogue identifiers, binds every value and keeps aliases out of the SQL', () => {
    const hostile = "x'); DROP TABLE orders; --";
    const q = compile({
      select: [
        { field: 'region', alias: hostile },
        { field: 'amount', agg: 'SUM' },
      ],
      filter: {
        op: 'OR',
        conditions: [
          { field: 'region', op: 'EQ', value: hostile },
          { field: 'region', op: 'IN', value: [hostile, 'a'] },
        ],
      },
    });
    expect(q.sql).toBe(
      'SELECT "region" AS "c0", sum("amount") AS "c1" FROM "t_x"."orders" WHERE (("region" = $1::text) OR ("region" = ANY($2::text[]))) GROUP BY 1 ORDER BY 1 ASC NULLS LAST LIMIT $3 OFFSET $4',
    );
    expect(q.values).toEqual([hostile, [hostile, 'a'], 100, 0]);
    expect(q.columns).toEqual([hostile, 'amount']);
    expect(q.types).toEqual(['STRING', 'DECIMAL']);
  });

  it('buckets in UTC and turns the inclusive day range into a half-open timestamp range', () => {
    const q = compile({
      select: [{ agg: 'COUNT' }],
      time: { granularity: 'WEEK', range: { from: '2026-01-01', to: '2026-01-31' } },
    });
    expect(q.sql).toBe(
      `SELECT date_trunc('week', "at" AT TIME ZONE 'UTC') AS "c0", count(*) AS "c1" FROM "t_x"."orders" WHERE ("at" >= $1::timestamptz AND "at" < $2::timestamptz) GROUP BY 1 ORDER BY 1 ASC NULLS LAST LIMIT $3 OFFSET $4`,
    );
    expect(q.values).toEqual(['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z', 100, 0]);
    expect(q.columns).toEqual(['time', 'count']);
  });

  it('buckets DATE fields as UTC days and compares their range as dates', () => {
    const q = compile(
      {
        select: [{ field: 'region' }],
        time: { granularity: 'MONTH', range: { from: '2026-01-01', to: '2026-01-31' } },
      },
      'day',
    );
    expect(q.sql).toContain(`date_trunc('month', "day"::timestamp) AS "c0"`);
    expect(q.sql).toContain('("day" >= $1::date AND "day" <= $2::date)');
    expect(q.sql).toContain('GROUP BY 1, 2 ORDER BY 1 ASC NULLS LAST, 2 ASC NULLS LAST');
  });

  it('orders plain rows by the primary key and casts JSON values to jsonb', () => {
    const q = compile({
      select: [{ field: 'meta' }],
      filter: { op: 'NOT', conditions: [{ field: 'meta', op: 'EQ', value: { a: [1, "'"] } }] },
    });
    expect(q.sql).toBe(
      'SELECT "meta" AS "c0" FROM "t_x"."orders" WHERE (NOT ("meta" = $1::jsonb)) ORDER BY "id" ASC NULLS LAST LIMIT $2 OFFSET $3',
    );
    expect(q.values[0]).toBe('{"a":[1,"\'"]}');
  });

  it('collects every problem with its path instead of stopping at the first', () => {
    const source = entitySource('t_x', entity);
    const p = new Problems();
    readSelect([{ field: 'nope' }, { field: 'region', agg: 'AVG' }, { agg: 'COUNT', alias: '' }], source.fields, p);
    readFilter(
      {
        op: 'AND',
        conditions: [
          { field: 'amount', op: 'BETWEEN', value: [1, 'x'] },
          { field: 'at', op: 'GT', value: '2026-13-01' },
          { op: 'NOT', conditions: [] },
        ],
      },
      source.fields,
      p,
    );
    readTime({ granularity: 'DAY', range: { from: '2026-02-01', to: '2026-01-01' } }, source.fields.get('at'), p);
    expect(p.list.map((e) => e.field)).toEqual([
      'select[0].field',
      'select[1].agg',
      'select[2].alias',
      'filter.conditions[0].value[1]',
      'filter.conditions[1].value',
      'filter.conditions[2].conditions',
      'time.range',
    ]);
  });
});

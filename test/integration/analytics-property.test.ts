/**
 * Property: for random valid queries over a generated dataset, Hookgate answers exactly what an
 * independent in-memory evaluation answers; random hostile names and values are refused or
 * matched as plain data. Bounded run counts keep the file to a few seconds on both databases.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { insertRows } from '../e2e/analytics-dataset';
import { evaluate, sameCell, type FieldTypes, type FilterBody, type QueryBody, type Row } from './analytics-oracle';

const TYPES: FieldTypes = {
  id: 'INTEGER',
  cat: 'STRING',
  n: 'INTEGER',
  x: 'FLOAT',
  d: 'DECIMAL',
  flag: 'BOOLEAN',
  ts: 'TIMESTAMP',
  day: 'DATE',
};
const FIELDS = Object.keys(TYPES);
const CATS = ['alpha', 'beta', 'gamma', 'delta', 'alphabet'];
const HOSTILE = [
  "a'b",
  "'; DROP TABLE facts; --",
  '"facts"',
  'é',
  '😀',
  '%',
  '_',
  'ALPHA',
  '/* x */',
  'x'.repeat(3000),
];
const FROM_MS = Date.parse('2025-01-01T00:00:00.000Z');
const SPAN_MS = 2 * 365 * 24 * 3600 * 1000;
const RUNS = Number(process.env.ANALYTICS_PROPERTY_RUNS ?? 60);

/** A seeded generator, so a failure names a dataset that can be built again. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function dataset(count: number, seed = 42): Row[] {
  const rnd = lcg(seed);
  const maybe = <T>(p: number, v: () => T): T | null => (rnd() < p ? null : v());
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    cat: maybe(0.1, () => CATS[Math.floor(rnd() * CATS.length)]),
    n: maybe(0.1, () => Math.floor(rnd() * 26) - 5),
    x: maybe(0.1, () => Math.round((rnd() * 20 - 10) * 4) / 4),
    d: maybe(0.1, () => Math.round(rnd() * 10000) / 100),
    flag: maybe(0.15, () => rnd() < 0.5),
    ts: maybe(0.05, () => new Date(FROM_MS + Math.floor(rnd() * SPAN_MS)).toISOString()),
    day: maybe(0.1, () => new Date(FROM_MS + Math.floor(rnd() * SPAN_MS)).toISOString().slice(0, 10)),
  }));
}

const ROWS = dataset(240);

const dateArb = fc
  .integer({ min: -30, max: 760 })
  .map((days) => new Date(FROM_MS + days * 86_400_000).toISOString().slice(0, 10));
const tsArb = fc
  .integer({ min: -10 * 86_400_000, max: SPAN_MS + 10 * 86_400_000 })
  .map((ms) => new Date(FROM_MS + ms).toISOString());
const existing = (field: string) => fc.constantFrom(...ROWS.map((r) => r[field]).filter((v) => v !== null));

function valueArb(field: string, forOrdering: boolean): fc.Arbitrary<unknown> {
  switch (TYPES[field]) {
    case 'STRING':
      return forOrdering ? fc.constantFrom(...CATS, 'b', 'zzz') : fc.constantFrom(...CATS, ...HOSTILE);
    case 'INTEGER':
      return fc.oneof(fc.integer({ min: -7, max: 250 }), existing(field));
    case 'FLOAT':
      return fc.oneof(
        fc.integer({ min: -44, max: 44 }).map((q) => q / 4),
        existing(field),
      );
    case 'DECIMAL':
      return fc.oneof(
        fc.integer({ min: -100, max: 10100 }).map((c) => c / 100),
        existing(field),
      );
    case 'BOOLEAN':
      return fc.boolean();
    case 'TIMESTAMP':
      return fc.oneof(tsArb, existing(field));
    case 'DATE':
      return fc.oneof(dateArb, existing(field));
  }
  throw new Error('unreachable');
}

const conditionArb: fc.Arbitrary<FilterBody> = fc.constantFrom(...FIELDS).chain((field) => {
  const type = TYPES[field];
  const ops = ['EQ', 'NE', 'IN', 'NOT_IN', 'IS_NULL', 'IS_NOT_NULL'];
  if (type !== 'BOOLEAN') ops.push('GT', 'GTE', 'LT', 'LTE', 'BETWEEN');
  if (type === 'STRING') ops.push('LIKE', 'ILIKE');
  return fc.constantFrom(...ops).chain((op): fc.Arbitrary<FilterBody> => {
    const ordering = ['GT', 'GTE', 'LT', 'LTE', 'BETWEEN'].includes(op);
    if (op === 'IS_NULL' || op === 'IS_NOT_NULL') return fc.constant({ field, op });
    if (op === 'IN' || op === 'NOT_IN')
      return fc.array(valueArb(field, false), { minLength: 1, maxLength: 4 }).map((value) => ({ field, op, value }));
    if (op === 'BETWEEN')
      return fc.tuple(valueArb(field, true), valueArb(field, true)).map((value) => ({ field, op, value }));
    if (op === 'LIKE' || op === 'ILIKE') {
      return fc
        .constantFrom('a%', '%a', '%ph%', '_eta', 'ALPHA%', 'gamma', '%', "%'%", '%\\%%')
        .map((value) => ({ field, op, value }));
    }
    return valueArb(field, ordering).map((value) => ({ field, op, value }));
  });
});

const filterArb: fc.Arbitrary<FilterBody> = fc.letrec<{ node: FilterBody }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    conditionArb,
    fc.record({ op: fc.constantFrom('AND', 'OR'), conditions: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    tie('node').map((c) => ({ op: 'NOT', conditions: [c] })),
  ),
})).node;

const AGG_FITS: Record<string, string[]> = {
  STRING: ['COUNT', 'COUNT_DISTINCT', 'MIN', 'MAX'],
  INTEGER: ['COUNT', 'COUNT_DISTINCT', 'SUM', 'AVG', 'MIN', 'MAX'],
  FLOAT: ['COUNT', 'COUNT_DISTINCT', 'SUM', 'AVG', 'MIN', 'MAX'],
  DECIMAL: ['COUNT', 'COUNT_DISTINCT', 'SUM', 'AVG', 'MIN', 'MAX'],
  BOOLEAN: ['COUNT', 'COUNT_DISTINCT', 'MIN', 'MAX'],
  TIMESTAMP: ['COUNT', 'COUNT_DISTINCT', 'MIN', 'MAX'],
  DATE: ['COUNT', 'COUNT_DISTINCT', 'MIN', 'MAX'],
};

const selectItemArb = fc.oneof(
  fc.constantFrom(...FIELDS).map((field) => ({ field })),
  fc
    .constantFrom(...FIELDS)
    .chain((field) => fc.constantFrom(...AGG_FITS[TYPES[field]]).map((agg) => ({ field, agg }))),
  fc.constant({ agg: 'COUNT' }),
);

const timeArb = fc.option(
  fc.record(
    {
      granularity: fc.constantFrom('MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'),
      range: fc.tuple(dateArb, fc.integer({ min: 0, max: 400 })).map(([from, days]) => ({
        from,
        to: new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10),
      })),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

const queryArb: fc.Arbitrary<QueryBody> = fc
  .record(
    {
      select: fc.array(selectItemArb, { minLength: 1, maxLength: 4 }),
      filter: filterArb,
      time: timeArb,
      limit: fc.integer({ min: 1, max: 60 }),
      offset: fc.integer({ min: 0, max: 30 }),
    },
    { requiredKeys: ['select'] },
  )
  .map((q) => ({ ...q, select: q.select.map((s, i) => ({ ...s, alias: `c${i}` })) }));

describe('analytics answers match an independent in-memory evaluation', () => {
  let t: TestApp;
  let h: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    h = await t.headers(uniqueTenant('prop'));
    const fields = FIELDS.map((name) => ({ name, type: TYPES[name] }));
    const def = await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: h,
      payload: { name: 'facts', fields, primaryKey: 'id', timeField: 'ts' },
    });
    expect(def.statusCode, def.body).toBe(201);
    await insertRows(t, h['x-tenant-id'], 'facts', ROWS);
    const metric = await t.app.inject({
      method: 'POST',
      url: '/metadata/metrics',
      headers: h,
      payload: { name: 'per_day', entity: 'facts', aggregation: 'COUNT', timeField: 'day' },
    });
    expect(metric.statusCode, metric.body).toBe(201);
  });
  afterAll(() => t.close());

  function expectSame(
    got: { columns: string[]; rows: unknown[][] },
    want: { columns: string[]; rows: unknown[][] },
    q: unknown,
  ) {
    const why = JSON.stringify(q);
    expect(got.columns, why).toEqual(want.columns);
    expect(got.rows.length, why).toBe(want.rows.length);
    got.rows.forEach((row, i) => {
      row.forEach((cell, j) => {
        if (!sameCell(cell, want.rows[i][j]))
          expect({ row: i, column: j, cell, query: q }).toEqual({ row: i, column: j, cell: want.rows[i][j], query: q });
      });
    });
  }

  it('entity queries (A1)', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, async (q) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/analytics/query',
          headers: h,
          payload: { entity: 'facts', ...q },
        });
        expect(res.statusCode, res.body).toBe(200);
        expectSame(res.json().data, evaluate(q, ROWS, TYPES, 'id', 'ts'), q);
      }),
      { numRuns: RUNS, seed: Number(process.env.ANALYTICS_PROPERTY_SEED ?? 20261126) },
    );
  });

  it('metric queries over a DATE time field (A4)', async () => {
    const paramsArb = fc.record(
      {
        dimensions: fc.uniqueArray(fc.constantFrom('cat', 'flag', 'n'), { maxLength: 2 }),
        filter: filterArb,
        time: timeArb,
        limit: fc.integer({ min: 1, max: 60 }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(paramsArb, async (params) => {
        const res = await t.app.inject({
          method: 'POST',
          url: '/analytics/metrics/per_day/query',
          headers: h,
          payload: params,
        });
        expect(res.statusCode, res.body).toBe(200);
        const q: QueryBody = {
          ...params,
          select: [...(params.dimensions ?? []).map((field) => ({ field })), { agg: 'COUNT', alias: 'per_day' }],
        };
        expectSame(res.json().data, evaluate(q, ROWS, TYPES, 'id', 'day'), params);
      }),
      { numRuns: Math.ceil(RUNS / 2), seed: Number(process.env.ANALYTICS_PROPERTY_SEED ?? 20261126) },
    );
  });

  it('refuses hostile names and matches hostile values as plain text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 80 }),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 200 }),
        async (name, value) => {
          fc.pre(!FIELDS.includes(name));
          const asField = await t.app.inject({
            method: 'POST',
            url: '/analytics/query',
            headers: h,
            payload: { entity: 'facts', select: [{ field: name }] },
          });
          expect(asField.statusCode).toBe(400);
          expect(asField.json().error.code).toBe('INVALID_QUERY');
          const asEntity = await t.app.inject({
            method: 'POST',
            url: '/analytics/query',
            headers: h,
            payload: { entity: name || 'x y', select: [{ field: 'id' }] },
          });
          expect(asEntity.statusCode).toBe(404);
          const q: QueryBody = {
            select: [{ field: 'id' }],
            filter: {
              op: 'OR',
              conditions: [
                { field: 'cat', op: 'EQ', value },
                { field: 'cat', op: 'LIKE', value: value.replace(/\\/g, '') || 'x' },
              ],
            },
          };
          const res = await t.app.inject({
            method: 'POST',
            url: '/analytics/query',
            headers: h,
            payload: { entity: 'facts', ...q },
          });
          if (value.includes('\0')) {
            // PostgreSQL text cannot hold NUL: refused before any SQL runs.
            expect(res.statusCode).toBe(400);
            return;
          }
          expect(res.statusCode, res.body).toBe(200);
          expectSame(res.json().data, evaluate(q, ROWS, TYPES, 'id', 'ts'), q);
        },
      ),
      { numRuns: RUNS },
    );
    // Still all there.
    const count = await t.app.inject({
      method: 'POST',
      url: '/analytics/query',
      headers: h,
      payload: { entity: 'facts', select: [{ agg: 'COUNT' }] },
    });
    expect(count.json().data.rows).toEqual([[ROWS.length]]);
  });
});

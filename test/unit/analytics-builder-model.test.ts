import { describe, expect, it } from 'vitest';
import {
  bodyText,
  readBody,
  toBody,
  typedValue,
  type Built,
  type Catalogue,
} from '../../console/src/components/analytics/builderModel';

const catalogue: Catalogue = {
  entities: [
    {
      name: 'orders',
      primaryKey: 'id',
      timeField: 'placed_at',
      createdAt: '',
      updatedAt: '',
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'region', type: 'STRING' },
        { name: 'amount', type: 'DECIMAL' },
        { name: 'qty', type: 'INTEGER' },
        { name: 'paid', type: 'BOOLEAN' },
        { name: 'meta', type: 'JSON' },
        { name: 'placed_at', type: 'TIMESTAMP' },
      ],
    },
  ],
  metrics: [
    { name: 'revenue', entity: 'orders', aggregation: 'SUM', field: 'amount', timeField: 'placed_at', filter: null },
  ],
  views: [
    {
      name: 'big_orders',
      entity: 'orders',
      filter: { field: 'amount', op: 'GTE', value: { $param: 'min' } },
      select: [{ field: 'id', agg: null, alias: null }],
      parameters: [
        { name: 'min', type: 'DECIMAL', required: true, default: null },
        { name: 'paid', type: 'BOOLEAN', required: false, default: null },
      ],
    },
  ],
};

const roundTrip = (body: object) => {
  const read = readBody(JSON.stringify(body), catalogue);
  expect(read.problem).toBeUndefined();
  return toBody(read.built!, catalogue);
};

describe('the analytics builder: JSON and controls', () => {
  it('reads an entity query into controls and writes the same query back', () => {
    const body = {
      entity: 'orders',
      select: [{ field: 'region' }, { field: 'amount', agg: 'SUM', alias: 'revenue' }, { agg: 'COUNT' }],
      filter: {
        op: 'AND',
        conditions: [
          { field: 'region', op: 'IN', value: ['eu', 'us'] },
          { field: 'qty', op: 'BETWEEN', value: [1, 5] },
          { field: 'paid', op: 'EQ', value: true },
          { field: 'meta', op: 'IS_NOT_NULL' },
          { field: 'region', op: 'ILIKE', value: 'e%' },
        ],
      },
      time: { granularity: 'DAY', range: { from: '2026-11-01', to: '2026-11-30' } },
      limit: 50,
    };
    expect(roundTrip(body)).toEqual(body);
    const built = readBody(JSON.stringify(body), catalogue).built!;
    expect(built.groupBy).toEqual(['region']);
    expect(built.measures).toEqual([
      { agg: 'SUM', field: 'amount', alias: 'revenue' },
      { agg: 'COUNT', field: '', alias: '' },
    ]);
    expect(built.filters[0]).toMatchObject({ op: 'IN', value: 'eu, us' });
    expect(built.filters[1]).toMatchObject({ op: 'BETWEEN', value: '1', high: '5' });
  });

  it('reads metric and view queries, typing view parameters by their definitions', () => {
    const metric = { metric: 'revenue', dimensions: ['region'], time: { granularity: 'WEEK' } };
    expect(roundTrip(metric)).toEqual(metric);
    const built = readBody(JSON.stringify({ view: 'big_orders', params: { min: 10 } }), catalogue).built!;
    expect(toBody({ ...built, params: { min: '10.50', paid: 'false' } }, catalogue)).toEqual({
      view: 'big_orders',
      params: { min: '10.50', paid: false },
    });
  });

  it('types values by field: numbers, exact decimals as digits, booleans, JSON, text as typed', () => {
    expect(typedValue('INTEGER', '42')).toBe(42);
    expect(typedValue('DECIMAL', '1.5')).toBe(1.5);
    expect(typedValue('DECIMAL', '12345678901234567890.123')).toBe('12345678901234567890.123');
    expect(typedValue('FLOAT', 'abc')).toBe('abc');
    expect(typedValue('BOOLEAN', 'true')).toBe(true);
    expect(typedValue('JSON', '{"a":1}')).toEqual({ a: 1 });
    expect(typedValue('STRING', ' 007 ')).toBe(' 007 ');
  });

  it('names what the controls cannot show instead of showing part of it', () => {
    const problem = (body: unknown) =>
      readBody(typeof body === 'string' ? body : JSON.stringify(body), catalogue).problem;
    expect(problem('{ "entity": ')).toMatch(/^The JSON does not parse/);
    expect(problem([1])).toMatch(/not an object/);
    expect(problem({ entity: 'nope', select: [] })).toMatch(/"nope" is no entity/);
    const base = { entity: 'orders', select: [{ agg: 'COUNT' }] };
    expect(problem({ ...base, filter: { op: 'OR', conditions: [] } })).toMatch(/OR groups/);
    expect(problem({ ...base, offset: 10 })).toMatch(/"offset", which the controls do not offer/);
    expect(problem({ ...base, filter: { field: 'region', op: 'IN', value: ['a,b'] } })).toMatch(/holds a comma/);
    expect(problem({ ...base, filter: { field: 'amount', op: 'LIKE', value: '1%' } })).toMatch(/LIKE does not apply/);
    expect(problem({ entity: 'orders', select: [{ field: 'region', agg: 'SUM' }] })).toMatch(/SUM does not apply/);
    expect(problem({ entity: 'orders', select: [{ agg: 'COUNT' }, { field: 'region' }] })).toMatch(/after a measure/);
    expect(problem({ metric: 'revenue', dimensions: ['nope'] })).toMatch(/dimensions are not all fields/);
    expect(problem({ view: 'big_orders', params: { max: 1 } })).toMatch(/no parameter "max"/);
  });

  it('writes one condition alone and several as an AND group, leaving out what is empty', () => {
    const built: Built = {
      source: 'entity',
      name: 'orders',
      groupBy: [],
      measures: [{ agg: 'COUNT', field: '', alias: '' }],
      filters: [{ field: 'qty', op: 'GT', value: '3', high: '' }],
      params: {},
      granularity: '',
      from: '',
      to: '',
      limit: '',
    };
    expect(JSON.parse(bodyText(built, catalogue))).toEqual({
      entity: 'orders',
      select: [{ agg: 'COUNT' }],
      filter: { field: 'qty', op: 'GT', value: 3 },
    });
    const two = toBody(
      { ...built, filters: [...built.filters, { field: 'paid', op: 'IS_NULL', value: '', high: '' }] },
      catalogue,
    );
    expect(two.filter).toEqual({
      op: 'AND',
      conditions: [
        { field: 'qty', op: 'GT', value: 3 },
        { field: 'paid', op: 'IS_NULL' },
      ],
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../src/catalog/model';
import {
  changeMatcher,
  checkChangeFilter,
  type FilteredChange,
  type FilterEntity,
} from '../../src/webhooks/change-filter';

const FIELDS: FieldDefinition[] = [
  { name: 'id', type: 'INTEGER' },
  { name: 'status', type: 'STRING' },
  { name: 'ratio', type: 'FLOAT' },
  { name: 'amount', type: 'DECIMAL' },
  { name: 'paid', type: 'BOOLEAN' },
  { name: 'at', type: 'TIMESTAMP' },
  { name: 'day', type: 'DATE' },
  { name: 'meta', type: 'JSON' },
];
const orders: FilterEntity = { name: 'orders', fields: FIELDS };

type Row = Record<string, unknown>;
const row = (values: Row): Row => ({
  id: 1,
  status: null,
  ratio: null,
  amount: null,
  paid: null,
  at: null,
  day: null,
  meta: null,
  ...values,
});
const insert = (data: Row): FilteredChange => ({ operation: 'INSERT', data: row(data), previous: null });
const update = (previous: Row, data: Row, operation = 'UPDATE'): FilteredChange => ({
  operation,
  data: row(data),
  previous: row(previous),
});
const remove = (previous: Row): FilteredChange => ({ operation: 'DELETE', data: null, previous: row(previous) });

let configs = 0;
/** A fresh configuration id per matcher, so no test reads another's compiled filter. */
function matcher(filter: Row | null, changedFields: string[] | null = null, entity: FilterEntity = orders) {
  return changeMatcher({ id: `config-${++configs}`, filter, changed_fields: changedFields }, entity);
}
const cond = (field: string, op: string, value?: unknown) => ({ field, op, ...(value === undefined ? {} : { value }) });

describe('change filter: checked against the entity', () => {
  it('accepts operation, data.<field> and previous.<field> with every operator', () => {
    const filter = {
      op: 'AND',
      conditions: [
        cond('operation', 'IN', ['INSERT', 'UPDATE']),
        cond('data.status', 'LIKE', 'p%'),
        cond('previous.amount', 'BETWEEN', [1, '2.5']),
        { op: 'NOT', conditions: [cond('data.meta', 'IS_NULL')] },
        cond('data.at', 'GTE', '2026-01-01T00:00:00Z'),
      ],
    };
    expect(checkChangeFilter(orders, filter, ['status', 'amount'])).toEqual([]);
  });

  it('names the path of each problem', () => {
    const errors = checkChangeFilter(
      orders,
      {
        op: 'AND',
        conditions: [
          cond('data.status', 'EQ', 'paid'),
          cond('data.ghost', 'EQ', 1),
          cond('status', 'EQ', 'paid'),
          cond('operation', 'EQ', 'CREATE'),
          cond('operation', 'NOT_IN', ['DELETE', 'MERGE']),
          cond('data.paid', 'GT', true),
          cond('previous.amount', 'EQ', 'lots'),
          cond('data.status', 'SIMILAR', 'x'),
        ],
      },
      ['status', 'ghost', 'status'],
    );
    expect(errors.map((e) => e.field)).toEqual([
      'filter.conditions[1].field',
      'filter.conditions[2].field',
      'filter.conditions[5].value',
      'filter.conditions[6].value',
      'filter.conditions[7].op',
      'changedFields[1]',
      'changedFields[2]',
    ]);
    expect(errors[0].message).toBe('must be operation, data.<field> or previous.<field> of entity orders');
    // Operation values are checked once the rest of the filter reads (so here after a clean filter).
    expect(
      checkChangeFilter(
        orders,
        { op: 'OR', conditions: [cond('operation', 'EQ', 'CREATE'), cond('operation', 'NOT_IN', ['DELETE', 'MERGE'])] },
        null,
      ).map((e) => e.field),
    ).toEqual(['filter.conditions[0].value', 'filter.conditions[1].value[1]']);
  });
});

describe('change filter: evaluation', () => {
  it('a transition filter matches only the change into the state', () => {
    const toPaid = matcher({
      op: 'AND',
      conditions: [cond('previous.status', 'NE', 'paid'), cond('data.status', 'EQ', 'paid')],
    });
    expect(toPaid(update({ status: 'pending' }, { status: 'paid' }))).toBe(true);
    expect(toPaid(update({ status: 'paid' }, { status: 'paid', amount: 3 }))).toBe(false);
    expect(toPaid(update({ status: 'paid' }, { status: 'refunded' }))).toBe(false);
    // NULL follows SQL: previous.status of an INSERT is NULL, and NULL <> 'paid' is not true.
    expect(toPaid(insert({ status: 'paid' }))).toBe(false);
    expect(toPaid(update({ status: null }, { status: 'paid' }))).toBe(false);
  });

  it('NULL: comparisons are unknown, IS_NULL and IS_NOT_NULL decide, NOT of unknown is unknown', () => {
    const cases: Array<[Row, boolean]> = [
      [cond('data.status', 'EQ', 'x'), false],
      [cond('data.status', 'NE', 'x'), false],
      [cond('data.status', 'NOT_IN', ['x']), false],
      [cond('data.status', 'IN', ['x']), false],
      [cond('data.status', 'LIKE', '%'), false],
      [cond('data.amount', 'LT', 5), false],
      [cond('data.amount', 'BETWEEN', [0, 5]), false],
      [cond('data.status', 'IS_NULL'), true],
      [cond('data.status', 'IS_NOT_NULL'), false],
      [{ op: 'NOT', conditions: [cond('data.status', 'EQ', 'x')] }, false],
      [{ op: 'OR', conditions: [cond('data.status', 'EQ', 'x'), cond('data.id', 'EQ', 1)] }, true],
      [
        {
          op: 'NOT',
          conditions: [{ op: 'AND', conditions: [cond('data.status', 'EQ', 'x'), cond('data.id', 'EQ', 2)] }],
        },
        true,
      ],
      [cond('previous.id', 'IS_NULL'), true],
    ];
    for (const [filter, expected] of cases)
      expect(matcher(filter)(insert({ id: 1 })), JSON.stringify(filter)).toBe(expected);
    // An UPSERT that inserted has no previous record; one that replaced a record has.
    const upsertInserted = matcher({
      op: 'AND',
      conditions: [cond('operation', 'EQ', 'UPSERT'), cond('previous.id', 'IS_NULL')],
    });
    expect(upsertInserted({ operation: 'UPSERT', data: row({ id: 1 }), previous: null })).toBe(true);
    expect(upsertInserted(update({ id: 1 }, { id: 1 }, 'UPSERT'))).toBe(false);
    // DELETE: data is NULL, previous holds the record.
    expect(matcher(cond('data.id', 'IS_NULL'))(remove({ id: 1 }))).toBe(true);
    expect(matcher(cond('previous.id', 'EQ', 1))(remove({ id: 1 }))).toBe(true);
  });

  it('every operator on every type', () => {
    const change = insert({
      id: 7,
      status: 'Paid in full',
      ratio: 0.5,
      amount: 12.5,
      paid: true,
      at: '2026-11-28T10:00:00.000Z',
      day: '2026-11-28',
      meta: { tags: ['a', 'b'], n: 1 },
    });
    const cases: Array<[Row, boolean]> = [
      [cond('data.id', 'EQ', 7), true],
      [cond('data.id', 'NE', 7), false],
      [cond('data.id', 'GT', 6), true],
      [cond('data.id', 'GTE', 7), true],
      [cond('data.id', 'LT', 7), false],
      [cond('data.id', 'LTE', 7), true],
      [cond('data.id', 'IN', [1, 7]), true],
      [cond('data.id', 'NOT_IN', [1, 7]), false],
      [cond('data.id', 'BETWEEN', [7, 7]), true],
      [cond('data.id', 'BETWEEN', [8, 1]), false],
      [cond('data.ratio', 'LT', 0.75), true],
      [cond('data.amount', 'EQ', '12.50'), true],
      [cond('data.amount', 'GT', '12.4'), true],
      [cond('data.status', 'LIKE', 'Paid%'), true],
      [cond('data.status', 'LIKE', 'paid%'), false],
      [cond('data.status', 'ILIKE', 'paid%'), true],
      [cond('data.status', 'LIKE', 'Paid_in_full'), true],
      [cond('data.status', 'LIKE', 'Paid\\_in full'), false],
      [cond('data.status', 'LIKE', 'P.id%'), false],
      [cond('data.status', 'GT', 'Paid'), true],
      [cond('data.status', 'IN', ['paid in full']), false],
      [cond('data.paid', 'EQ', true), true],
      [cond('data.paid', 'NE', true), false],
      [cond('data.at', 'EQ', '2026-11-28T11:00:00+01:00'), true],
      [cond('data.at', 'LT', '2026-11-28T10:00:00.001Z'), true],
      [cond('data.at', 'BETWEEN', ['2026-11-28', '2026-11-29']), true],
      [cond('data.day', 'GT', '2026-11-27'), true],
      [cond('data.day', 'LTE', '2026-11-27'), false],
      [cond('data.meta', 'EQ', { n: 1.0, tags: ['a', 'b'] }), true],
      [cond('data.meta', 'EQ', { tags: ['b', 'a'], n: 1 }), false],
      [cond('data.meta', 'NE', { n: 2 }), true],
      [cond('operation', 'EQ', 'INSERT'), true],
      [cond('operation', 'NOT_IN', ['INSERT', 'UPSERT']), false],
    ];
    for (const [filter, expected] of cases) {
      expect(checkChangeFilter(orders, filter, null), JSON.stringify(filter)).toEqual([]);
      expect(matcher(filter)(change), JSON.stringify(filter)).toBe(expected);
    }
  });

  it('LIKE takes every character literally but %, _ and the backslash', () => {
    const text = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), 'é', '𝄞', '\n'];
    for (const c of text) {
      const literal = c === '%' || c === '_' || c === '\\' ? `\\${c}` : c;
      for (const op of ['LIKE', 'ILIKE']) {
        const m = matcher(cond('data.status', op, `a${literal}b%`));
        expect(m(insert({ status: `a${c}bcd` })), `${op} ${literal}`).toBe(true);
        expect(m(insert({ status: `a${c === '#' ? '$' : '#'}b` })), `${op} ${literal}`).toBe(false);
      }
    }
  });

  it('changedFields: an update passes when one named field differs; inserts and deletes pass', () => {
    const m = matcher(null, ['status', 'meta']);
    expect(m(update({ status: 'a' }, { status: 'b' }))).toBe(true);
    expect(m(update({ status: 'a' }, { status: null }))).toBe(true);
    expect(m(update({ status: null }, { status: null, amount: 2 }))).toBe(false);
    expect(m(update({ status: 'a', meta: { x: 1 } }, { status: 'a', meta: { x: 1 }, amount: 9 }))).toBe(false);
    expect(m(update({ meta: { x: 1 } }, { meta: { x: 2 } }))).toBe(true);
    expect(m(update({ status: 'a' }, { status: 'a', amount: 1 }, 'UPSERT'))).toBe(false);
    expect(m(update({ status: 'a' }, { status: 'c' }, 'UPSERT'))).toBe(true);
    expect(m({ operation: 'UPSERT', data: row({ status: 'a' }), previous: null })).toBe(true);
    expect(m(insert({ status: 'a' }))).toBe(true);
    expect(m(remove({ status: 'a' }))).toBe(true);
  });

  it('filter and changedFields together must both pass', () => {
    const m = matcher(cond('data.status', 'EQ', 'paid'), ['amount']);
    expect(m(update({ status: 'paid', amount: 1 }, { status: 'paid', amount: 2 }))).toBe(true);
    expect(m(update({ status: 'paid', amount: 1 }, { status: 'paid', amount: 1, ratio: 3 }))).toBe(false);
    expect(m(update({ status: 'open', amount: 1 }, { status: 'open', amount: 2 }))).toBe(false);
  });

  it('a filter that no longer fits its entity matches nothing; no filter matches everything', () => {
    const redefined: FilterEntity = { name: 'orders', fields: FIELDS.filter((f) => f.name !== 'status') };
    const retyped: FilterEntity = {
      name: 'orders',
      fields: FIELDS.map((f) => (f.name === 'status' ? { name: 'status', type: 'INTEGER' as const } : f)),
    };
    const filter = cond('data.status', 'IS_NULL');
    expect(matcher(filter)(insert({}))).toBe(true);
    expect(matcher(filter, null, redefined)(insert({}))).toBe(false);
    expect(matcher(cond('data.status', 'EQ', 'x'), null, retyped)(insert({ status: 'x' }))).toBe(false);
    expect(matcher(null, ['status'], redefined)(insert({}))).toBe(false);
    expect(matcher(null, null, redefined)(insert({}))).toBe(true);
  });

  it('compiles a configuration once per version of its filter and its entity', () => {
    const config = { id: 'cached', filter: cond('data.id', 'EQ', 1), changed_fields: null };
    const first = changeMatcher(config, orders);
    expect(changeMatcher({ ...config, filter: cond('data.id', 'EQ', 1) }, orders)).toBe(first);
    const changed = changeMatcher({ ...config, filter: cond('data.id', 'EQ', 2) }, orders);
    expect(changed).not.toBe(first);
    expect(changed(insert({ id: 2 }))).toBe(true);
    const again = changeMatcher({ ...config, filter: cond('data.id', 'EQ', 2) }, { ...orders, fields: [...FIELDS] });
    expect(again).toBe(changed);
    expect(changeMatcher(config, { name: 'orders', fields: FIELDS.slice(0, 3) })).not.toBe(changed);
  });
});

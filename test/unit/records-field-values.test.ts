import { describe, expect, it } from 'vitest';
import {
  checkRecord,
  checkValue,
  keyIdentity,
  parseDate,
  parseRecordId,
  parseTimestamp,
  rowToRecord,
} from '../../src/catalog/field-values';
import { fieldMap, Problems, readFilter, readTime } from '../../src/query/parse';
import type { EntityDefinition, FieldType } from '../../src/catalog/model';
import type { FieldError } from '../../src/errors';

describe('record values against field types', () => {
  it('reads ISO 8601 timestamps into UTC with milliseconds; no zone means UTC', () => {
    expect(parseTimestamp('2026-11-26T09:30:00.123+01:00')).toBe('2026-11-26T08:30:00.123Z');
    expect(parseTimestamp('2026-11-26T08:30:00Z')).toBe('2026-11-26T08:30:00.000Z');
    expect(parseTimestamp('2026-11-26t08:30z')).toBe('2026-11-26T08:30:00.000Z');
    expect(parseTimestamp('2026-11-26 08:30:00.5-0230')).toBe('2026-11-26T11:00:00.500Z');
    expect(parseTimestamp('2026-11-26T08:30:00')).toBe('2026-11-26T08:30:00.000Z');
    expect(parseTimestamp('2026-11-26')).toBe('2026-11-26T00:00:00.000Z');
    expect(parseTimestamp('0001-01-01T00:00:00Z')).toBe('0001-01-01T00:00:00.000Z');
    expect(parseTimestamp('2026-11-26T10:00:00+05')).toBe('2026-11-26T05:00:00.000Z');
    for (const bad of [
      '2026-11-26T24:00:00Z',
      '2026-02-30T00:00:00Z',
      '2026-11-26T08:60Z',
      '0000-01-01',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:00:00-02:00',
      '26-11-2026',
      'now',
      '',
      5,
      null,
    ]) {
      expect(parseTimestamp(bad), String(bad)).toBeUndefined();
    }
  });

  it('reads dates as real calendar days only', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('2000-02-29')).toBe('2000-02-29');
    for (const bad of [
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-00-10',
      '2024-1-1',
      '2024-01-01T00:00:00Z',
      '0000-01-01',
      20240101,
    ]) {
      expect(parseDate(bad), String(bad)).toBeUndefined();
    }
  });

  it('checks each type', () => {
    const ok = (type: Parameters<typeof checkValue>[0], v: unknown) => checkValue(type, v).ok;
    expect([ok('STRING', 'x'), ok('STRING', 1), ok('STRING', 'a\u0000'), ok('STRING', '\ud800x')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([
      ok('INTEGER', 5),
      ok('INTEGER', -(2 ** 53 - 1)),
      ok('INTEGER', 2 ** 53),
      ok('INTEGER', 1.5),
      ok('INTEGER', '5'),
    ]).toEqual([true, true, false, false, false]);
    expect([ok('FLOAT', 1.5), ok('FLOAT', 1e308), ok('FLOAT', Infinity), ok('FLOAT', '1.5')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([
      ok('DECIMAL', 1.5),
      ok('DECIMAL', '-12.50'),
      ok('DECIMAL', '1e5'),
      ok('DECIMAL', 'NaN'),
      ok('DECIMAL', '1e400'),
      ok('DECIMAL', '1,5'),
    ]).toEqual([true, true, true, false, false, false]);
    expect([ok('BOOLEAN', false), ok('BOOLEAN', 'true'), ok('BOOLEAN', 0)]).toEqual([true, false, false]);
    expect([
      ok('JSON', { a: [1, 'x', null] }),
      ok('JSON', 'text'),
      ok('JSON', { 'k\u0000': 1 }),
      ok('JSON', [['\u0000']]),
    ]).toEqual([true, true, false, false]);
  });

  const entity: EntityDefinition = {
    name: 'orders',
    fields: [
      { name: 'constructor', type: 'INTEGER' },
      { name: 'at', type: 'TIMESTAMP' },
    ],
    primaryKey: 'constructor',
    timeField: 'at',
    tableName: 'orders',
    createdAt: new Date(),
    updatedAt: new Date(),
  };

  it('checks records: unknown fields, a missing or null key (even one named like an Object property)', () => {
    const errors: FieldError[] = [];
    expect(checkRecord(entity, { at: '2026-01-01' }, 'records[0]', errors)).toBeUndefined();
    expect(checkRecord(entity, { constructor: null }, 'records[1]', errors)).toBeUndefined();
    expect(checkRecord(entity, { constructor: 1, other: 2 }, 'records[2]', errors)).toBeUndefined();
    expect(errors.map((e) => e.field)).toEqual([
      'records[0].constructor',
      'records[1].constructor',
      'records[2].other',
    ]);
    expect(checkRecord(entity, { constructor: 1, at: '2026-01-01T01:00:00+01:00' }, 'r', [])).toEqual({
      constructor: 1,
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(checkRecord(entity, { at: null }, '', [], { partial: true })).toEqual({ at: null });
  });

  it('reads record ids by key type; ids no row could have are undefined', () => {
    expect(parseRecordId({ name: 'id', type: 'INTEGER' }, '0042')).toBe('42');
    expect(parseRecordId({ name: 'id', type: 'INTEGER' }, '1.5')).toBeUndefined();
    expect(parseRecordId({ name: 'id', type: 'INTEGER' }, '99999999999999999')).toBeUndefined();
    expect(parseRecordId({ name: 'id', type: 'STRING' }, 'a/b')).toBe('a/b');
    expect(parseRecordId({ name: 'id', type: 'DATE' }, '2024-02-30')).toBeUndefined();
    expect(parseRecordId({ name: 'id', type: 'TIMESTAMP' }, '2026-01-01T01:00:00+01:00')).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(keyIdentity('DECIMAL', '1.50')).toBe(keyIdentity('DECIMAL', 1.5));
  });

  it('answers rows in JSON form', () => {
    expect(rowToRecord(entity, { constructor: 1, at: new Date('2026-01-01T00:00:00Z') })).toEqual({
      constructor: 1,
      at: '2026-01-01T00:00:00.000Z',
    });
    expect(rowToRecord(entity, { constructor: 1 })).toEqual({ constructor: 1, at: null });
  });

  it('applies one rule to a record write and to an analytics filter value', () => {
    // The same literal is accepted (as the same canonical value) or refused (with the same message)
    // by both: they used to differ, e.g. DECIMAL '1e3' was written but refused in a filter.
    const cases: Array<[FieldType, unknown]> = [
      ['DECIMAL', '1e3'],
      ['DECIMAL', '-.5'],
      ['DECIMAL', '12.50'],
      ['DECIMAL', '1e400'],
      ['INTEGER', 42],
      ['INTEGER', '42'],
      ['INTEGER', 2 ** 53],
      ['INTEGER', '9223372036854775807'],
      ['FLOAT', 1.5],
      ['STRING', 'x'],
      ['STRING', '\ud800x'],
      ['TIMESTAMP', '2026-11-26T10:00:00+05'],
      ['TIMESTAMP', '2026-11-26T10:00:00.123456Z'],
      ['TIMESTAMP', '0000-01-01'],
      ['DATE', '0050-06-01'],
      ['DATE', '2023-02-29'],
      ['BOOLEAN', 'true'],
      ['JSON', { a: ['\u0000'] }],
      ['JSON', [1, 'x']],
    ];
    for (const [type, literal] of cases) {
      const target: EntityDefinition = {
        ...entity,
        fields: [
          { name: 'k', type: 'STRING' },
          { name: 'v', type },
        ],
        primaryKey: 'k',
      };
      const writeErrors: FieldError[] = [];
      const written = checkRecord(target, { k: 'a', v: literal }, 'r', writeErrors);
      const p = new Problems();
      const filter = readFilter({ field: 'v', op: 'IN', value: [literal] }, fieldMap(target.fields), p);
      const label = `${type} ${JSON.stringify(literal)}`;
      if (written) {
        expect(p.list, label).toEqual([]);
        expect(filter, label).toEqual({ kind: 'condition', field: 'v', op: 'IN', values: [written.v] });
      } else {
        expect(filter, label).toBeUndefined();
        expect(
          p.list.map((e) => e.message),
          label,
        ).toEqual(writeErrors.map((e) => e.message));
      }
    }
  });

  it('reads an analytics date range with the same calendar rule as a DATE value', () => {
    const p = new Problems();
    const time = readTime({ range: { from: '0050-06-01', to: '2024-02-29' } }, { name: 'at', type: 'TIMESTAMP' }, p);
    expect(p.list).toEqual([]);
    expect(time).toEqual({ range: { from: '0050-06-01', to: '2024-02-29' } });
    readTime({ range: { from: '2023-02-29', to: '2024-01-01' } }, { name: 'at', type: 'TIMESTAMP' }, p);
    expect(p.list).toEqual([{ field: 'time.range.from', message: 'must be a date YYYY-MM-DD' }]);
  });
});

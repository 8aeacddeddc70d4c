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
import type { EntityDefinition } from '../../src/catalog/model';
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
});

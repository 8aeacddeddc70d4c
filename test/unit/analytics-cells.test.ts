import { describe, expect, it } from 'vitest';
import { cellOf } from '../../src/analytics/cells';

describe('analytics cells', () => {
  it('answers a time bucket as the ISO instant of its UTC wall-clock start, to the millisecond', () => {
    const viaDate = (v: string) => new Date(`${v.replace(' ', 'T')}Z`).toISOString();
    for (const v of [
      '2026-03-01 00:00:00',
      '2026-03-01 13:45:00.5',
      '2026-03-01 13:45:00.123456',
      '0001-01-01 00:00:00',
      '1969-12-31 23:59:59.999',
      '2024-02-29 10:00:00.12',
    ]) {
      expect(cellOf('TIME', v)).toBe(viaDate(v));
    }
    expect(cellOf('TIME', '2026-03-01 13:45:00.987654')).toBe('2026-03-01T13:45:00.987Z');
    // What no Date can hold stays as PostgreSQL wrote it.
    expect(cellOf('TIME', 'infinity')).toBe('infinity');
    expect(cellOf('TIME', null)).toBeNull();
  });

  it('answers numbers a JSON number carries as numbers, and larger DECIMAL values as their exact digits', () => {
    expect(cellOf('DECIMAL', '12.50')).toBe(12.5);
    expect(cellOf('DECIMAL', '-1.7976931348623157e308')).toBe(-Number.MAX_VALUE);
    expect(cellOf('INTEGER', '9007199254740991')).toBe(9007199254740991);
    expect(cellOf('FLOAT', 1e308)).toBe(1e308);
    const sum = `28${'0'.repeat(307)}`;
    expect(cellOf('DECIMAL', sum)).toBe(sum);
    expect(cellOf('DECIMAL', `-${sum}.5`)).toBe(`-${sum}.5`);
    expect(cellOf('DECIMAL', 'NaN')).toBe('NaN');
    expect(cellOf('DECIMAL', 'Infinity')).toBe('Infinity');
    expect(cellOf('FLOAT', Number.NEGATIVE_INFINITY)).toBe('-Infinity');
    expect(cellOf('DECIMAL', null)).toBeNull();
    // What an answer carries: a string, never null.
    expect(JSON.parse(JSON.stringify([cellOf('DECIMAL', sum)]))).toEqual([sum]);
  });
});

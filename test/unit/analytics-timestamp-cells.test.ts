import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cellOf, rowsOf } from '../../src/analytics/cells';

/** What the answer was when node-postgres parsed every timestamptz into a Date. */
const viaDriver = (v: string) =>
  cellOf('TIMESTAMP', (pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (s: string) => unknown)(v));

describe('analytics timestamp cells', () => {
  it("answers PostgreSQL's timestamptz text as the driver's Date would, without one at offset +00", () => {
    for (const v of [
      '2026-03-01 00:00:00+00',
      '2026-03-01 13:45:00.5+00',
      '2026-03-01 13:45:00.291+00',
      '2026-03-01 13:45:00.123456+00',
      '2026-03-01 13:45:00.999999+00',
      '1969-12-31 23:59:59.999+00',
      '0050-06-01 12:00:00+00',
      '2024-02-29 10:00:00.12+00',
      // Other offsets and forms go through the driver's own parser.
      '2026-03-01 13:45:00.5+05:30',
      '2026-03-01 13:45:00-08',
      '12026-03-01 00:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      'infinity',
      '-infinity',
    ]) {
      expect(cellOf('TIMESTAMP', v)).toEqual(viaDriver(v));
    }
    expect(cellOf('TIMESTAMP', '2026-03-01 13:45:00.291+00')).toBe('2026-03-01T13:45:00.291Z');
    expect(cellOf('TIMESTAMP', new Date('2026-03-01T13:45:00.291Z'))).toBe('2026-03-01T13:45:00.291Z');
    expect(cellOf('TIMESTAMP', null)).toBeNull();
  });

  it('types rows in place and leaves out cells past the columns (a guard)', () => {
    const rows = [
      ['12.50', '2026-03-01 00:00:00+00', true],
      [null, null, true],
    ];
    expect(rowsOf(['DECIMAL', 'TIMESTAMP'], rows)).toEqual([
      [12.5, '2026-03-01T00:00:00.000Z'],
      [null, null],
    ]);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { allowPreparedStatements, queryPrepared } from '../../src/db/prepared';
import { arrayParameter } from '../../src/db/sql';

const embedded = inject('embedded');

/** Strings an array literal must keep as they are: quotes, backslashes, separators, the word NULL. */
const AWKWARD = [
  '',
  'NULL',
  'null',
  'a,b',
  '{x}',
  'say "hi"',
  'back\\slash',
  '\\"',
  ' leading and trailing ',
  'line\nbreak\ttab',
  'ünïcødé ✓ 😀',
  '{"error":"upstream \\"timeout\\""}',
];

describe.skipIf(embedded)('arrayParameter (real PostgreSQL)', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
  });

  it('reads back as the same text[] as the array itself, nulls included', async () => {
    const values = [...AWKWARD, null];
    const { rows } = await client.query<{ ours: (string | null)[]; same: boolean }>(
      'SELECT $1::text[] AS ours, $1::text[] IS NOT DISTINCT FROM $2::text[] AS same',
      [arrayParameter(values), values],
    );
    expect(rows[0].ours).toEqual(values);
    expect(rows[0].same).toBe(true);
  });

  it('writes numbers that bigint[], int[] and float8[] read back exactly', async () => {
    const ids = ['1', '9007199254740993', '42'];
    const ints = [0, -7, 2147483647, null];
    const floats = [1732780000000.5, 0.1, -2.5e-7, 1e21, null];
    const { rows } = await client.query<{ ids: string[]; ints: (number | null)[]; floats: (number | null)[] }>(
      'SELECT $1::bigint[]::text[] AS ids, $2::int[] AS ints, $3::float8[] AS floats',
      [arrayParameter(ids), arrayParameter(ints), arrayParameter(floats)],
    );
    expect(rows[0].ids).toEqual(ids);
    expect(rows[0].ints).toEqual(ints);
    expect(rows[0].floats).toEqual(floats);
  });

  it('unnests to one row per element, in order, as the settle reads it', async () => {
    const { rows } = await client.query<{ n: number; s: string | null }>(
      'SELECT n, s FROM unnest($1::int[], $2::text[]) WITH ORDINALITY AS u(n, s, i) ORDER BY i',
      [arrayParameter([1, 2, 3]), arrayParameter(['a"b', null, ''])],
    );
    expect(rows).toEqual([
      { n: 1, s: 'a"b' },
      { n: 2, s: null },
      { n: 3, s: '' },
    ]);
  });

  it('an empty array is an empty literal', async () => {
    const { rows } = await client.query<{ n: number }>('SELECT cardinality($1::text[]) AS n', [arrayParameter([])]);
    expect(rows[0].n).toBe(0);
  });

  it('queryPrepared writes such arrays itself and leaves any other to node-postgres, prepared or not', async () => {
    const strings = [...AWKWARD, null];
    const dates = [new Date('2026-01-02T03:04:05.678Z'), null];
    for (const prepare of [true, false]) {
      const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
      if (prepare) allowPreparedStatements(pool);
      try {
        const { rows } = await queryPrepared<{ strings: (string | null)[]; ids: string[]; dates: (Date | null)[] }>(
          pool,
          {
            text: 'SELECT $1::text[] AS strings, $2::bigint[]::text[] AS ids, $3::timestamptz[] AS dates',
            values: [strings, ['1', '9007199254740993'], dates],
          },
        );
        expect(rows[0].strings).toEqual(strings);
        expect(rows[0].ids).toEqual(['1', '9007199254740993']);
        expect(rows[0].dates).toEqual(dates);
      } finally {
        await pool.end();
      }
    }
  });
});

import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { allowPreparedStatements, queryPrepared } from '../../src/db/prepared';

const embedded = inject('embedded');

/** The names prepared in the backend session of `client`, as PostgreSQL itself reports them. */
async function preparedInSession(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT name FROM pg_prepared_statements WHERE name LIKE 'hg\\_%' ORDER BY name`,
  );
  return rows.map((r) => r.name);
}

describe.skipIf(embedded)('prepared statements (real PostgreSQL)', () => {
  const pools: pg.Pool[] = [];
  const newPool = (allow: boolean, perConnection?: number) => {
    const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 1 });
    if (allow) allowPreparedStatements(pool, perConnection);
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.end()));
  });

  it('prepares a statement once per connection and answers like an unnamed one', async () => {
    const pool = newPool(true);
    const text = 'SELECT $1::int * 2 AS doubled';
    for (const n of [1, 2, 3]) {
      const { rows } = await queryPrepared<{ doubled: number }>(pool, { text, values: [n] });
      expect(rows).toEqual([{ doubled: n * 2 }]);
    }
    const client = await pool.connect();
    try {
      expect(await preparedInSession(client)).toHaveLength(1);
      // Inside a caller's transaction too, on the caller's connection.
      await client.query('BEGIN');
      const { rows } = await queryPrepared<{ doubled: number }>(client, { text, values: [21] });
      await client.query('COMMIT');
      expect(rows).toEqual([{ doubled: 42 }]);
      expect(await preparedInSession(client)).toHaveLength(1);
    } finally {
      client.release();
    }
  });

  it("keeps at most the pool's number of statements per connection, then starts over and keeps working", async () => {
    const perConnection = 20;
    const pool = newPool(true, perConnection);
    const texts = Array.from({ length: perConnection + 5 }, (_, i) => `SELECT $1::int + ${i} AS v`);
    for (const [i, text] of texts.entries()) {
      const { rows } = await queryPrepared<{ v: number }>(pool, { text, values: [1000] });
      expect(rows[0].v).toBe(1000 + i);
    }
    const client = await pool.connect();
    try {
      const names = await preparedInSession(client);
      expect(names.length).toBeLessThanOrEqual(perConnection);
      expect(names).toHaveLength(5);
    } finally {
      client.release();
    }
    // A statement deallocated by the reset is prepared again, not executed under a stale name.
    const { rows } = await queryPrepared<{ v: number }>(pool, { text: texts[0], values: [7] });
    expect(rows[0].v).toBe(7);
  });

  it('leaves connections of other pools unnamed', async () => {
    const pool = newPool(false);
    await queryPrepared(pool, { text: 'SELECT $1::int AS v', values: [1] });
    const client = await pool.connect();
    try {
      expect(await preparedInSession(client)).toEqual([]);
    } finally {
      client.release();
    }
  });

  it('does not reuse a connection whose statement failed, and the pool goes on', async () => {
    const pool = newPool(true);
    await expect(queryPrepared(pool, { text: 'SELECT 1 / $1::int AS v', values: [0] })).rejects.toThrow(
      /division by zero/,
    );
    const { rows } = await queryPrepared<{ v: number }>(pool, { text: 'SELECT 1 / $1::int AS v', values: [1] });
    expect(rows[0].v).toBe(1);
  });

  it('reads each run by the columns PostgreSQL described for it, not by those of an earlier run of the same text', async () => {
    const setup = newPool(false);
    const table = `prepared_shape_${process.pid}`;
    await setup.query(`DROP TABLE IF EXISTS ${table}; CREATE TABLE ${table} (id int PRIMARY KEY, v int)`);
    try {
      await setup.query(`INSERT INTO ${table} VALUES (1, 5)`);
      const text = `SELECT * FROM ${table} WHERE id = $1`;
      const first = newPool(true);
      for (let i = 0; i < 2; i++) {
        const { rows } = await queryPrepared(first, { text, values: [1] });
        expect(rows).toEqual([{ id: 1, v: 5 }]);
      }
      // Same text, so the same statement name, on a connection that prepares it after the table changed:
      // another column, and another type for v.
      await setup.query(`ALTER TABLE ${table} ADD COLUMN note text DEFAULT 'n', ALTER COLUMN v TYPE text`);
      const second = newPool(true);
      for (let i = 0; i < 2; i++) {
        const { rows } = await queryPrepared(second, { text, values: [1] });
        expect(rows).toEqual([{ id: 1, v: '5', note: 'n' }]);
      }
    } finally {
      await setup.query(`DROP TABLE IF EXISTS ${table}`);
    }
  });

  it("parses each connection's results with that connection's type parsers", async () => {
    const plain = newPool(true);
    const custom = new pg.Pool({
      connectionString: inject('databaseUrl'),
      max: 1,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === 23 ? (value: string) => `int:${value}` : pg.types.getTypeParser(oid, format as 'text')) as never,
      },
    });
    allowPreparedStatements(custom);
    pools.push(custom);
    const text = 'SELECT $1::int AS v';
    for (let i = 0; i < 2; i++) {
      expect((await queryPrepared(plain, { text, values: [5] })).rows).toEqual([{ v: 5 }]);
      expect((await queryPrepared(custom, { text, values: [5] })).rows).toEqual([{ v: 'int:5' }]);
    }
  });
});

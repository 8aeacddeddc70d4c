import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { inTransaction } from '../../src/db/database';
import { isLostRace, retryOnLostRace } from '../../src/db/retry';

const embedded = inject('embedded');

// PGlite serves one session, so two transactions can never deadlock there.
describe.skipIf(embedded)('retryOnLostRace on a real deadlock', () => {
  let pool: pg.Pool;
  const table = `retry_race_${process.pid}`;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 4 });
    await pool.query(`CREATE TABLE ${table} (id int PRIMARY KEY, n int NOT NULL)`);
    await pool.query(`INSERT INTO ${table} VALUES (1, 0), (2, 0)`);
  });
  afterAll(async () => {
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.end();
  });

  /** Locks `first`, waits until the other transaction holds `second`, then wants `second`. */
  function crossing(first: number, second: number, bothHoldOne: Promise<void>, held: () => void) {
    return inTransaction(pool, async (client) => {
      await client.query(`UPDATE ${table} SET n = n + 1 WHERE id = $1`, [first]);
      held();
      await bothHoldOne;
      await client.query(`UPDATE ${table} SET n = n + 1 WHERE id = $1`, [second]);
    });
  }

  it('runs the transaction that lost the deadlock again, so both changes commit', async () => {
    let holders = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const held = () => {
      if (++holders === 2) release();
    };
    let tries = 0;
    const errors: unknown[] = [];
    // Only the first try of each crosses the other; a retry runs alone and succeeds.
    const run = (first: number, second: number) =>
      retryOnLostRace(async () => {
        tries++;
        try {
          return await (tries <= 2
            ? crossing(first, second, bothHoldOne, held)
            : crossing(first, second, Promise.resolve(), () => undefined));
        } catch (err) {
          errors.push(err);
          throw err;
        }
      });
    await Promise.all([run(1, 2), run(2, 1)]);
    // By SQLSTATE (or message), so that a failure says which errors the tries met.
    expect(errors.map((e) => (e as { code?: string }).code ?? String(e))).toEqual(['40P01']);
    expect(isLostRace(errors[0])).toBe(true);
    expect(tries).toBe(3);
    const { rows } = await pool.query(`SELECT id, n FROM ${table} ORDER BY id`);
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('throws any other error at once, without a second try', async () => {
    let tries = 0;
    await expect(
      retryOnLostRace(async () => {
        tries++;
        await pool.query('SELECT 1/0');
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect(tries).toBe(1);
  });

  it('gives up after three tries that all lose', async () => {
    let tries = 0;
    const lost = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    await expect(
      retryOnLostRace(async () => {
        tries++;
        throw lost;
      }),
    ).rejects.toBe(lost);
    expect(tries).toBe(3);
  });
});

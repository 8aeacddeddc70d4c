import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { QueryRunner } from '../../src/analytics/runner';
import { AppError } from '../../src/errors';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';

const compiled = (sql: string, values: unknown[] = []) => ({ sql, values, columns: ['x'], types: ['STRING' as const] });

describe('analytics query runner', () => {
  let t: TestApp;
  let schema: string;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    schema = await t.runtime.services.tenants.ensure(uniqueTenant('run'));
  });
  afterAll(() => t.close());

  it('runs statements in a read-only transaction with pg_catalog first, then the tenant schema', async () => {
    const runner = new QueryRunner(t.runtime.db, 5_000);
    const path = await runner.run(schema, compiled("SELECT current_setting('search_path')"));
    expect(path.rows[0][0]).toBe(`pg_catalog, ${schema}`);
    const readOnly = await runner.run(schema, compiled("SELECT current_setting('transaction_read_only')"));
    expect(readOnly.rows).toEqual([['on']]);
    const write = runner.run(schema, compiled(`CREATE TABLE "${schema}".sneaky (x int)`));
    await expect(write).rejects.toMatchObject({ code: '25006' });
    const tables = await t.runtime.db.pool.query('SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = $2', [
      schema,
      'sneaky',
    ]);
    expect(tables.rowCount).toBe(0);
    // Nothing of the transaction's settings outlives it.
    const after = await t.runtime.db.pool.query("SELECT current_setting('transaction_read_only') AS ro");
    expect(after.rows[0].ro).toBe('off');
  });

  it.skipIf(inject('embedded'))(
    'stops a statement at the configured timeout with INVALID_QUERY (PGlite has no statement timer)',
    async () => {
      const runner = new QueryRunner(t.runtime.db, 200);
      const started = Date.now();
      const err = await runner.run(schema, compiled('SELECT pg_sleep(3)')).catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err.code).toBe('INVALID_QUERY');
      expect(err.message).toContain('200 ms');
      expect(Date.now() - started).toBeLessThan(2500);
    },
  );

  it('sets each statement to its own tenant schema and timeout, whichever runner used the connection before', async () => {
    const other = await t.runtime.services.tenants.ensure(uniqueTenant('run'));
    const slow = new QueryRunner(t.runtime.db, 5_000);
    const fast = new QueryRunner(t.runtime.db, 300);
    const settings = compiled(
      "SELECT current_setting('search_path') || ' ' || current_setting('statement_timeout') || ' ' || current_setting('transaction_read_only')",
    );
    // One after another, so they reuse the same idle connections.
    for (const [runner, s, expected] of [
      [slow, schema, `pg_catalog, ${schema} 5s on`],
      [fast, other, `pg_catalog, ${other} 300ms on`],
      [slow, other, `pg_catalog, ${other} 5s on`],
      [fast, schema, `pg_catalog, ${schema} 300ms on`],
      [fast, schema, `pg_catalog, ${schema} 300ms on`],
    ] as const) {
      expect((await runner.run(s, settings)).rows).toEqual([[expected]]);
    }
    // A failed statement leaves the next one's settings as they should be.
    await expect(fast.run(other, compiled('SELECT $1::int', ['x']))).rejects.toMatchObject({ code: 'INVALID_QUERY' });
    await expect(slow.run(schema, compiled(`CREATE TABLE "${schema}".sneaky2 (x int)`))).rejects.toMatchObject({
      code: '25006',
    });
    expect((await slow.run(other, settings)).rows).toEqual([[`pg_catalog, ${other} 5s on`]]);
  });

  it('answers a value PostgreSQL refuses as INVALID_QUERY without its text', async () => {
    const runner = new QueryRunner(t.runtime.db, 5_000);
    const err = await runner.run(schema, compiled('SELECT $1::bigint', ['12x'])).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('INVALID_QUERY');
    expect(err.message).not.toMatch(/SELECT|bigint|12x/);
  });
});

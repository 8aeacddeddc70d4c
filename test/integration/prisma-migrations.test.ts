import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, inject, it } from 'vitest';
import { readMigrations } from '../../src/db/migrate';
import { diffEmptyToSchema } from '../../scripts/lib/schema-engine';

/** Everything about the public schema that a migration decides, in a comparable form. */
async function describeSchema(db: PGlite): Promise<string[]> {
  const columns = await db.query<Record<string, unknown>>(`
    SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, datetime_precision, character_maximum_length
      FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`);
  const indexes = await db.query<Record<string, unknown>>(`
    SELECT tablename, indexname, indexdef FROM pg_indexes
     WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'`);
  const constraints = await db.query<Record<string, unknown>>(`
    SELECT c.conrelid::regclass::text AS table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) AS def
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '_prisma_migrations'`);
  return [...columns.rows, ...indexes.rows, ...constraints.rows].map((r) => JSON.stringify(r)).sort();
}

describe('prisma/schema.prisma and prisma/migrations', () => {
  it('describe the same database', async () => {
    const expectedSql = await diffEmptyToSchema(
      path.resolve(__dirname, '../../prisma/schema.prisma'),
      inject('databaseUrl'),
    );
    expect(expectedSql).toContain('CREATE TABLE');

    const fromSchema = await PGlite.create();
    const fromMigrations = await PGlite.create();
    try {
      await fromSchema.exec(expectedSql);
      for (const m of readMigrations()) await fromMigrations.exec(m.sql);
      const want = await describeSchema(fromSchema);
      const got = await describeSchema(fromMigrations);
      // A readable failure: what the schema has that the migrations lack, and the reverse.
      expect({
        missingFromMigrations: want.filter((x) => !got.includes(x)),
        notInSchema: got.filter((x) => !want.includes(x)),
      }).toEqual({
        missingFromMigrations: [],
        notInSchema: [],
      });
    } finally {
      await fromSchema.close();
      await fromMigrations.close();
    }
  });
});

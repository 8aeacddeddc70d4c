/**
 * Prints the SQL that creates the whole shared schema from prisma/schema.prisma, exactly as
 * `prisma migrate diff --from-empty` would. Use it to write a new migration offline: copy the
 * statements of your new models into prisma/migrations/<timestamp>_<name>/migration.sql.
 * The test test/integration/prisma-migrations.test.ts fails when the two disagree.
 */
import path from 'node:path';
import { diffEmptyToSchema } from './lib/schema-engine';

diffEmptyToSchema(
  path.resolve(__dirname, '../prisma/schema.prisma'),
  process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres',
)
  .then((sql) => {
    process.stdout.write(sql);
    process.exit(0);
  })
  .catch((err) => {
    process.stderr.write(`prisma-diff: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });

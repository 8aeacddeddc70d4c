import { defineConfig } from 'prisma/config';

// Prisma's CLI downloads a native schema engine before every command, which fails without internet.
// `generate`, `validate` and `format` only need the variable to name an existing file; migrations
// are applied by our own runner (src/db/migrate.ts), so nothing here ever executes this binary.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= '/bin/false';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});

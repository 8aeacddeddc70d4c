import 'reflect-metadata';
import { buildGraphQLSchema, SCHEMA_FILE } from '../src/graphql/schema';

// Writes schema.graphql from the type-graphql classes (sorted, so the file is deterministic).
buildGraphQLSchema(true)
  .then(() => process.stdout.write(`wrote ${SCHEMA_FILE}\n`))
  .catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });

import 'reflect-metadata';
import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray } from 'type-graphql';
import { WebhookConfigResolver } from './webhooks/webhook-config.resolver';
// area:resolver-imports

// One resolver class per type; each area adds its own here.
export const resolvers: NonEmptyArray<Function> = [
  WebhookConfigResolver,
  // area:resolvers
];

export const SCHEMA_FILE = path.resolve(__dirname, '../../schema.graphql');

/**
 * Builds the executable schema. Validation happens in the services (shared with REST), so
 * type-graphql's class-validator integration stays off.
 */
export function buildGraphQLSchema(emit = false): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers,
    validate: false,
    emitSchemaFile: emit ? { path: SCHEMA_FILE, sortedSchema: true } : false,
  });
}

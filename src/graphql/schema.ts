import 'reflect-metadata';
import path from 'node:path';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray } from 'type-graphql';
import { WebhookConfigResolver } from './webhooks/webhook-config.resolver';
import { TriggerResolver } from './triggers/trigger.resolver';
import { TriggerEventResolver } from './triggers/trigger-event.resolver';
import { EntityResolver, MetricResolver, ViewResolver } from './catalog/catalog.resolver';
import { RecordResolver } from './records/record.resolver';
import { AnalyticsResolver } from './analytics/analytics.resolver';
import { OutboxRecordResolver } from './outbox/outbox-record.resolver';
import { EventCatalogResolver } from './events/event-catalog.resolver';
import { PortalSessionResolver } from './portal/portal.resolver';

// One resolver class per type; each area adds its own here.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- type-graphql's own type for resolver classes
const resolvers: NonEmptyArray<Function> = [
  WebhookConfigResolver,
  TriggerResolver,
  TriggerEventResolver,
  EntityResolver,
  RecordResolver,
  AnalyticsResolver,
  MetricResolver,
  ViewResolver,
  OutboxRecordResolver,
  EventCatalogResolver,
  PortalSessionResolver,
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

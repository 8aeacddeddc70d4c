import type { EntityDefinition, FieldDefinition, FieldType } from '../catalog/model';
import { exampleRecord } from '../catalog/example-record';
import {
  CHANGE_OPERATIONS,
  OPERATIONAL_EVENT_KINDS,
  OPERATIONS_ENTITY,
  type ChangeOperation,
  type OperationalEventKind,
} from '../webhooks/model';

/**
 * The event catalog: for each kind of event a tenant's webhooks receive, the JSON Schema (draft
 * 2020-12) of its payload exactly as the outbox writes it (src/outbox/enqueue.ts), and an example
 * that validates against it. Pure functions of the tenant's entities: no I/O here.
 */

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

type JsonSchema = Record<string, unknown>;

/** One entry of the catalog: what a receiver gets for one entity (or kind) and operation. */
export interface EventType {
  entityName: string;
  operation: string;
  schema: JsonSchema;
  example: Record<string, unknown>;
}

/** What `data` or `previous` holds in a payload of one operation. */
type Slot = 'record' | 'null' | 'record-or-null';

interface ChangeKind {
  operation: ChangeOperation;
  data: Slot;
  previous: Slot;
  description: string;
}

/**
 * The kinds of entity change, with what `data` and `previous` hold in each (docs/api.md#payload).
 * Keyed by operation so the compiler insists on every one; new kinds of event join
 * `eventCatalog` beside these rather than changing them.
 */
const CHANGE_KINDS: Readonly<Record<ChangeOperation, Omit<ChangeKind, 'operation'>>> = {
  INSERT: { data: 'record', previous: 'null', description: 'A record was inserted' },
  UPDATE: { data: 'record', previous: 'record', description: 'A record was changed' },
  UPSERT: {
    data: 'record',
    previous: 'record-or-null',
    description: 'A record was upserted: `previous` is null when it inserted, the replaced record when it updated',
  },
  DELETE: { data: 'null', previous: 'record', description: 'A record was deleted' },
};

const ENTITY_CHANGE_KINDS: readonly ChangeKind[] = CHANGE_OPERATIONS.map((operation) => ({
  operation,
  ...CHANGE_KINDS[operation],
}));

const ISO_UTC_MILLIS = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$';
const TIMESTAMP_SCHEMA = {
  type: 'string',
  format: 'date-time',
  pattern: ISO_UTC_MILLIS,
  description: 'ISO 8601 UTC with milliseconds',
};
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * Each field type as a payload carries it (src/catalog/field-values.ts, rowToRecord): INTEGER,
 * FLOAT and DECIMAL as JSON numbers, TIMESTAMP as ISO 8601 UTC text with milliseconds, DATE as
 * YYYY-MM-DD, JSON as the stored value itself (any JSON).
 */
const FIELD_SCHEMAS: Readonly<Record<FieldType, { type?: string } & JsonSchema>> = {
  STRING: { type: 'string' },
  INTEGER: { type: 'integer', minimum: -MAX_SAFE, maximum: MAX_SAFE },
  FLOAT: { type: 'number' },
  DECIMAL: { type: 'number', description: 'A decimal, sent as a JSON number' },
  BOOLEAN: { type: 'boolean' },
  TIMESTAMP: TIMESTAMP_SCHEMA,
  DATE: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
  JSON: { description: 'Any JSON value' },
};

/** Example values of each type; `alt` gives the record before an example change. */

/** The schema of one field's value: every field but the primary key may be null. */
function fieldSchema(field: FieldDefinition, nullable: boolean): JsonSchema {
  const base = FIELD_SCHEMAS[field.type];
  if (!nullable || base.type === undefined) return { ...base };
  return { ...base, type: [base.type, 'null'] };
}

/** The schema of a record of `entity` as a payload's `data` or `previous` carries it. */
function recordSchema(entity: EntityDefinition): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(entity.fields.map((f) => [f.name, fieldSchema(f, f.name !== entity.primaryKey)])),
    required: entity.fields.map((f) => f.name),
    additionalProperties: false,
  };
}

function slotSchema(slot: Slot, record: JsonSchema, description: string): JsonSchema {
  if (slot === 'null') return { type: 'null', description };
  if (slot === 'record') return { ...record, description };
  return { description, anyOf: [record, { type: 'null' }] };
}

function slotExample(slot: Slot, record: Record<string, unknown>): Record<string, unknown> | null {
  return slot === 'null' ? null : record;
}

const UUID = { type: 'string', format: 'uuid' };

interface PayloadParts {
  tenantId: string;
  entityName: string;
  operation: string;
  description: string;
  data: JsonSchema;
  previous: JsonSchema;
  /** Default: a non-empty string (an entity change's). */
  writeRequestId?: JsonSchema;
}

/**
 * The schema of a whole payload (docs/api.md#payload): the same envelope for every kind of event,
 * only `data` and `previous` differ. Every property is required and no other is allowed.
 */
function payloadSchema(p: PayloadParts): JsonSchema {
  const properties = {
    eventId: { ...UUID, description: 'Identifies the change; shared by its records for several configurations' },
    tenantId: { const: p.tenantId },
    entityName: { const: p.entityName },
    operation: { const: p.operation },
    requestId: { ...UUID, description: 'The idempotency key: equals the request id header of every attempt' },
    writeRequestId: p.writeRequestId ?? {
      type: 'string',
      minLength: 1,
      description: 'The API request that made the change (its X-Request-Id when sent)',
    },
    occurredAt: { ...TIMESTAMP_SCHEMA, description: 'When the change was committed, ISO 8601 UTC' },
    data: p.data,
    previous: p.previous,
  };
  return {
    $schema: JSON_SCHEMA_DIALECT,
    title: `${p.entityName} ${p.operation}`,
    description: p.description,
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

/** The fixed identifiers of every example payload. */
const EXAMPLE_IDS = {
  eventId: '8d7c2f4e-3b1a-4c5d-9e6f-0a1b2c3d4e5f',
  requestId: '1f2e3d4c-5b6a-4789-8a9b-0c1d2e3f4a5b',
  writeRequestId: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  occurredAt: '2026-11-26T08:30:00.000Z',
};

/** The catalog entry of one entity and one kind of change. */
function entityEventType(tenantId: string, entity: EntityDefinition, kind: ChangeKind): EventType {
  const record = recordSchema(entity);
  const schema = payloadSchema({
    tenantId,
    entityName: entity.name,
    operation: kind.operation,
    description: kind.description,
    data: slotSchema(kind.data, record, 'The record after the change'),
    previous: slotSchema(kind.previous, record, 'The record before the change'),
  });
  const example = {
    eventId: EXAMPLE_IDS.eventId,
    tenantId,
    entityName: entity.name,
    operation: kind.operation,
    requestId: EXAMPLE_IDS.requestId,
    writeRequestId: EXAMPLE_IDS.writeRequestId,
    occurredAt: EXAMPLE_IDS.occurredAt,
    data: slotExample(kind.data, exampleRecord(entity)),
    previous: slotExample(kind.previous, exampleRecord(entity, true)),
  };
  return { entityName: entity.name, operation: kind.operation, schema, example };
}

const COUNT = { type: 'integer', minimum: 1, description: 'How many, all of them (the ids list the first 100)' };
const ERROR_TEXT = { type: ['string', 'null'] };
const ids = (description: string, item: JsonSchema) => ({ type: 'array', items: item, maxItems: 100, description });

/** `data` of CIRCUIT_OPENED and CIRCUIT_CLOSED alike. */
const CIRCUIT_PROPERTIES = {
  webhookConfigId: UUID,
  entityName: { type: 'string' },
  consecutiveFailures: { type: 'integer', minimum: 0 },
  lastError: ERROR_TEXT,
};

/**
 * What `data` holds in each operational event (docs/api.md#operational-events), in the order the
 * payload carries it, with an example. Keyed by kind so the compiler insists on every one.
 */
const OPERATIONAL_DATA: Readonly<
  Record<OperationalEventKind, { description: string; properties: JsonSchema; example: Record<string, unknown> }>
> = {
  DELIVERY_DEAD: {
    description:
      "Records of a configuration went DEAD: one notice per configuration and UTC minute, sent at the minute's end",
    properties: {
      webhookConfigId: UUID,
      entityName: { type: 'string' },
      count: COUNT,
      outboxRecordIds: ids('The first 100 records, as outboxRecord(id) takes them', { type: 'string' }),
      lastError: { ...ERROR_TEXT, description: 'The last error of the latest of them' },
      firstAt: { ...TIMESTAMP_SCHEMA, description: 'When the first of them went DEAD' },
      lastAt: { ...TIMESTAMP_SCHEMA, description: 'When the last of them went DEAD' },
    },
    example: {
      webhookConfigId: '3c1f0e2d-4b5a-4697-8877-665544332211',
      entityName: 'orders',
      count: 2,
      outboxRecordIds: ['ob_YWNtZS8xMjM', 'ob_YWNtZS8xMjQ'],
      lastError: 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503',
      firstAt: '2026-11-26T08:30:04.120Z',
      lastAt: '2026-11-26T08:30:41.007Z',
    },
  },
  CIRCUIT_OPENED: {
    description: "A configuration's circuit opened: its deliveries pause",
    properties: CIRCUIT_PROPERTIES,
    example: {
      webhookConfigId: '3c1f0e2d-4b5a-4697-8877-665544332211',
      entityName: 'orders',
      consecutiveFailures: 20,
      lastError: 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503',
    },
  },
  CIRCUIT_CLOSED: {
    description: "A configuration's circuit closed after a successful probe; consecutiveFailures is the count it ended",
    properties: CIRCUIT_PROPERTIES,
    example: {
      webhookConfigId: '3c1f0e2d-4b5a-4697-8877-665544332211',
      entityName: 'orders',
      consecutiveFailures: 21,
      lastError: null,
    },
  },
  TRIGGER_ACTION_FAILED: {
    description:
      "Events of a RECORD trigger were stored with a FAILED action: one notice per trigger and UTC minute, sent at the minute's end",
    properties: {
      triggerId: UUID,
      count: COUNT,
      triggerEventIds: ids('The first 100 events', UUID),
      actionError: { ...ERROR_TEXT, description: "The latest event's actionError" },
      firstAt: { ...TIMESTAMP_SCHEMA, description: 'When the first of them was stored' },
      lastAt: { ...TIMESTAMP_SCHEMA, description: 'When the last of them was stored' },
    },
    example: {
      triggerId: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716',
      count: 1,
      triggerEventIds: ['0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d'],
      actionError: 'body is not JSON',
      firstAt: '2026-11-26T08:30:04.120Z',
      lastAt: '2026-11-26T08:30:04.120Z',
    },
  },
};

/** The catalog entry of one operational event, as an `$operations` configuration receives it. */
function operationalEventType(tenantId: string, kind: OperationalEventKind): EventType {
  const { description, properties, example } = OPERATIONAL_DATA[kind];
  const schema = payloadSchema({
    tenantId,
    entityName: OPERATIONS_ENTITY,
    operation: kind,
    description,
    data: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
    previous: { type: 'null' },
    writeRequestId: { type: 'null' },
  });
  return {
    entityName: OPERATIONS_ENTITY,
    operation: kind,
    schema,
    example: {
      eventId: EXAMPLE_IDS.eventId,
      tenantId,
      entityName: OPERATIONS_ENTITY,
      operation: kind,
      requestId: EXAMPLE_IDS.requestId,
      writeRequestId: null,
      occurredAt: EXAMPLE_IDS.occurredAt,
      data: example,
      previous: null,
    },
  };
}

/**
 * Every event a tenant's webhooks can receive: each entity (by name) with each kind of change,
 * then each operational event.
 */
export function eventCatalog(tenantId: string, entities: readonly EntityDefinition[]): EventType[] {
  const byName = [...entities].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return [
    ...byName.flatMap((entity) => ENTITY_CHANGE_KINDS.map((kind) => entityEventType(tenantId, entity, kind))),
    ...OPERATIONAL_EVENT_KINDS.map((kind) => operationalEventType(tenantId, kind)),
  ];
}

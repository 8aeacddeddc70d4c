/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export const Aggregation = {
  Avg: 'AVG',
  Count: 'COUNT',
  CountDistinct: 'COUNT_DISTINCT',
  Max: 'MAX',
  Min: 'MIN',
  Sum: 'SUM'
} as const;

export type Aggregation = typeof Aggregation[keyof typeof Aggregation];
/** A kind of entity change */
export const ChangeOperation = {
  Delete: 'DELETE',
  Insert: 'INSERT',
  Update: 'UPDATE',
  Upsert: 'UPSERT'
} as const;

export type ChangeOperation = typeof ChangeOperation[keyof typeof ChangeOperation];
/** OPEN: no attempts until it is due for a probe; HALF_OPEN: one probe attempt decides */
export const CircuitState = {
  Closed: 'CLOSED',
  HalfOpen: 'HALF_OPEN',
  Open: 'OPEN'
} as const;

export type CircuitState = typeof CircuitState[keyof typeof CircuitState];
export type CreateTriggerInput = {
  /** Default STORE */
  action?: TriggerAction | null | undefined;
  /** Default true */
  enabled?: boolean | null | undefined;
  name: string;
  /** Required with action RECORD: an entity of the tenant */
  recordEntity?: string | null | undefined;
  /** RECORD: entity field → RFC 6901 JSON Pointer into the body (per record), "$eventId" or "$receivedAt"; null: the body's top-level keys that name entity fields */
  recordFieldMap?: Record<string, unknown> | null | undefined;
  /** Default UPSERT */
  recordOperation?: TriggerRecordOperation | null | undefined;
  /** Default HMAC_HEX */
  signatureScheme?: TriggerSignatureScheme | null | undefined;
  /** Default 300 */
  webhookMaxSkewSeconds?: number | null | undefined;
  /** Signing secret (write-only); without one, intake is not verified */
  webhookSecret?: string | null | undefined;
  /** Default X-Signature */
  webhookSignatureHeader?: string | null | undefined;
  /** Default X-Timestamp */
  webhookTimestampHeader?: string | null | undefined;
};

export type CreateWebhookConfigInput = {
  backoffFactor?: number | null | undefined;
  backoffInitialSeconds?: number | null | undefined;
  /** An update is sent only when one of these fields changed; null clears it */
  changedFields?: Array<string> | null | undefined;
  enabled?: boolean | null | undefined;
  entityName: string;
  /** Required, except on an $operations configuration */
  events?: Array<ChangeOperation> | null | undefined;
  /** Which changes are sent: the analytics filter language over operation, data.<field> and previous.<field>; null clears it */
  filter?: unknown;
  headersJson?: string | null | undefined;
  httpMethod?: string | null | undefined;
  maxInFlight?: number | null | undefined;
  maxRetries?: number | null | undefined;
  /** Only, and required, on an $operations configuration */
  operationalEvents?: Array<OperationalEventKind> | null | undefined;
  ordering?: DeliveryOrdering | null | undefined;
  rateLimitPerSecond?: number | null | undefined;
  /** Signing secret (write-only) */
  secret?: string | null | undefined;
  /** Default HOOKGATE_V1 */
  signatureScheme?: SignatureScheme | null | undefined;
  timeoutMs?: number | null | undefined;
  webhookUrl: string;
};

/** Calendar days, both included */
export type DateRangeInput = {
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD */
  to: string;
};

/** Names match ^[a-z][a-z0-9_]{0,62}$; the names of the service's own tables (mutation_webhook_outbox, delivery_attempts) are refused with VALIDATION_FAILED */
export type DefineEntityInput = {
  /** At most 200 fields */
  fields: Array<EntityFieldInput>;
  /** The entity's name, also its table's name */
  name: string;
  /** A STRING, INTEGER, DECIMAL, DATE or TIMESTAMP field */
  primaryKey: string;
  /** A TIMESTAMP or DATE field; it is indexed */
  timeField?: string | null | undefined;
};

export type DefineMetricInput = {
  aggregation: Aggregation;
  entity: string;
  field?: string | null | undefined;
  filter?: FilterInput | null | undefined;
  name: string;
  /** Defaults to the entity's time field */
  timeField?: string | null | undefined;
};

export type DefineViewInput = {
  entity: string;
  /** Conditions may take { "$param": name } as a value */
  filter?: FilterInput | null | undefined;
  name: string;
  parameters?: Array<ViewParameterInput> | null | undefined;
  select: Array<SelectItemInput>;
};

/** PER_KEY: a record waits while an older record of the same key is PENDING or RETRYING */
export const DeliveryOrdering = {
  None: 'NONE',
  PerKey: 'PER_KEY'
} as const;

export type DeliveryOrdering = typeof DeliveryOrdering[keyof typeof DeliveryOrdering];
export type EntityFieldInput = {
  name: string;
  type: FieldType;
};

export type EntityQueryInput = {
  /** An entity, or a view without required parameters */
  entity: string;
  filter?: FilterInput | null | undefined;
  /** Default 100, at most 10000 */
  limit?: number | null | undefined;
  /** Default 0 */
  offset?: number | null | undefined;
  select: Array<SelectItemInput>;
  time?: TimeConfigInput | null | undefined;
};

/** The type of an entity field */
export const FieldType = {
  Boolean: 'BOOLEAN',
  Date: 'DATE',
  Decimal: 'DECIMAL',
  Float: 'FLOAT',
  Integer: 'INTEGER',
  Json: 'JSON',
  String: 'STRING',
  Timestamp: 'TIMESTAMP'
} as const;

export type FieldType = typeof FieldType[keyof typeof FieldType];
/** A condition (field, op, value) or a group (op AND/OR/NOT with conditions) */
export type FilterInput = {
  conditions?: Array<FilterInput> | null | undefined;
  field?: string | null | undefined;
  op: FilterOp;
  /** A value; an array for IN, NOT_IN and BETWEEN; none for IS_NULL and IS_NOT_NULL */
  value?: unknown;
};

/** A filter operator, or a group (AND, OR, NOT) over conditions */
export const FilterOp = {
  And: 'AND',
  Between: 'BETWEEN',
  Eq: 'EQ',
  Gt: 'GT',
  Gte: 'GTE',
  Ilike: 'ILIKE',
  In: 'IN',
  IsNotNull: 'IS_NOT_NULL',
  IsNull: 'IS_NULL',
  Like: 'LIKE',
  Lt: 'LT',
  Lte: 'LTE',
  Ne: 'NE',
  Not: 'NOT',
  NotIn: 'NOT_IN',
  Or: 'OR'
} as const;

export type FilterOp = typeof FilterOp[keyof typeof FilterOp];
/** Time bucket size; buckets start in UTC (weeks on Monday) */
export const Granularity = {
  Day: 'DAY',
  Hour: 'HOUR',
  Minute: 'MINUTE',
  Month: 'MONTH',
  Quarter: 'QUARTER',
  Week: 'WEEK',
  Year: 'YEAR'
} as const;

export type Granularity = typeof Granularity[keyof typeof Granularity];
export type MetricQueryParamsInput = {
  dimensions?: Array<string> | null | undefined;
  filter?: FilterInput | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
  time?: TimeConfigInput | null | undefined;
};

/** A kind of operational event, received by a configuration whose entityName is $operations */
export const OperationalEventKind = {
  CircuitClosed: 'CIRCUIT_CLOSED',
  CircuitOpened: 'CIRCUIT_OPENED',
  DeliveryDead: 'DELIVERY_DEAD',
  TriggerActionFailed: 'TRIGGER_ACTION_FAILED'
} as const;

export type OperationalEventKind = typeof OperationalEventKind[keyof typeof OperationalEventKind];
/** What a record reports: an entity change, or an operational event of an $operations configuration */
export const OutboxOperation = {
  CircuitClosed: 'CIRCUIT_CLOSED',
  CircuitOpened: 'CIRCUIT_OPENED',
  Delete: 'DELETE',
  DeliveryDead: 'DELIVERY_DEAD',
  Insert: 'INSERT',
  TriggerActionFailed: 'TRIGGER_ACTION_FAILED',
  Update: 'UPDATE',
  Upsert: 'UPSERT'
} as const;

export type OutboxOperation = typeof OutboxOperation[keyof typeof OutboxOperation];
/** Which outbox records replayOutboxRecords puts back; every field narrows the match */
export type OutboxReplayFilter = {
  entityName?: string | null | undefined;
  /** createdAt at or after */
  since?: unknown;
  /** DEAD and/or DELIVERED; default [DEAD] */
  status?: Array<OutboxStatus> | null | undefined;
  /** createdAt at or before */
  until?: unknown;
  webhookConfigId?: string | number | null | undefined;
};

/** Delivery state of an outbox record */
export const OutboxStatus = {
  Dead: 'DEAD',
  Delivered: 'DELIVERED',
  Pending: 'PENDING',
  Retrying: 'RETRYING'
} as const;

export type OutboxStatus = typeof OutboxStatus[keyof typeof OutboxStatus];
/** One output column: a field, optionally aggregated; COUNT without a field (or with "*") counts rows */
export type SelectItemInput = {
  agg?: Aggregation | null | undefined;
  /** The column name; the field when absent */
  alias?: string | null | undefined;
  field?: string | null | undefined;
};

/** How deliveries are signed: X-<prefix>-Signature (HOOKGATE_V1) or the Standard Webhooks headers */
export const SignatureScheme = {
  HookgateV1: 'HOOKGATE_V1',
  StandardWebhooks: 'STANDARD_WEBHOOKS'
} as const;

export type SignatureScheme = typeof SignatureScheme[keyof typeof SignatureScheme];
export type TimeConfigInput = {
  granularity?: Granularity | null | undefined;
  range?: DateRangeInput | null | undefined;
};

/** STORE keeps the event; RECORD also writes its body as records of an entity, in the same commit */
export const TriggerAction = {
  Record: 'RECORD',
  Store: 'STORE'
} as const;

export type TriggerAction = typeof TriggerAction[keyof typeof TriggerAction];
/** What became of an event's action: NONE (STORE trigger), APPLIED or FAILED */
export const TriggerActionStatus = {
  Applied: 'APPLIED',
  Failed: 'FAILED',
  None: 'NONE'
} as const;

export type TriggerActionStatus = typeof TriggerActionStatus[keyof typeof TriggerActionStatus];
export const TriggerRecordOperation = {
  Insert: 'INSERT',
  Upsert: 'UPSERT'
} as const;

export type TriggerRecordOperation = typeof TriggerRecordOperation[keyof typeof TriggerRecordOperation];
/** How intake requests of a trigger are signed */
export const TriggerSignatureScheme = {
  Github: 'GITHUB',
  HmacHex: 'HMAC_HEX',
  HookgateV1: 'HOOKGATE_V1',
  Slack: 'SLACK',
  StandardWebhooks: 'STANDARD_WEBHOOKS',
  Stripe: 'STRIPE'
} as const;

export type TriggerSignatureScheme = typeof TriggerSignatureScheme[keyof typeof TriggerSignatureScheme];
/** Fields to change; omitted fields stay as they are */
export type UpdateTriggerInput = {
  /** Default STORE */
  action?: TriggerAction | null | undefined;
  enabled?: boolean | null | undefined;
  name?: string | null | undefined;
  /** Required with action RECORD: an entity of the tenant */
  recordEntity?: string | null | undefined;
  /** RECORD: entity field → RFC 6901 JSON Pointer into the body (per record), "$eventId" or "$receivedAt"; null: the body's top-level keys that name entity fields */
  recordFieldMap?: Record<string, unknown> | null | undefined;
  /** Default UPSERT */
  recordOperation?: TriggerRecordOperation | null | undefined;
  /** Default HMAC_HEX */
  signatureScheme?: TriggerSignatureScheme | null | undefined;
  webhookMaxSkewSeconds?: number | null | undefined;
  /** New signing secret; null removes it */
  webhookSecret?: string | null | undefined;
  webhookSignatureHeader?: string | null | undefined;
  webhookTimestampHeader?: string | null | undefined;
};

/** Fields to change; omitted fields stay as they are */
export type UpdateWebhookConfigInput = {
  backoffFactor?: number | null | undefined;
  backoffInitialSeconds?: number | null | undefined;
  /** An update is sent only when one of these fields changed; null clears it */
  changedFields?: Array<string> | null | undefined;
  enabled?: boolean | null | undefined;
  entityName?: string | null | undefined;
  events?: Array<ChangeOperation> | null | undefined;
  /** Which changes are sent: the analytics filter language over operation, data.<field> and previous.<field>; null clears it */
  filter?: unknown;
  headersJson?: string | null | undefined;
  httpMethod?: string | null | undefined;
  maxInFlight?: number | null | undefined;
  maxRetries?: number | null | undefined;
  /** Only on an $operations configuration */
  operationalEvents?: Array<OperationalEventKind> | null | undefined;
  ordering?: DeliveryOrdering | null | undefined;
  rateLimitPerSecond?: number | null | undefined;
  /** New signing secret; null removes it. Ends a rotation grace */
  secret?: string | null | undefined;
  /** null: HOOKGATE_V1. A change ends a rotation grace */
  signatureScheme?: SignatureScheme | null | undefined;
  timeoutMs?: number | null | undefined;
  webhookUrl?: string | null | undefined;
};

export type ViewParameterInput = {
  default?: unknown;
  name: string;
  required?: boolean | null | undefined;
  type: FieldType;
};

export type ConsoleCreateTriggerMutationVariables = Exact<{
  input: CreateTriggerInput;
}>;


export type ConsoleCreateTriggerMutation = { createTrigger: { id: string, name: string, enabled: boolean, hasWebhookSecret: boolean, signatureScheme: TriggerSignatureScheme, webhookTimestampHeader: string, webhookSignatureHeader: string, webhookMaxSkewSeconds: number, action: TriggerAction, recordEntity: string | null, recordOperation: TriggerRecordOperation, recordFieldMap: Record<string, unknown> | null, createdAt: string, updatedAt: string } };

export type ConsoleCreateWebhookConfigMutationVariables = Exact<{
  input: CreateWebhookConfigInput;
}>;


export type ConsoleCreateWebhookConfigMutation = { createWebhookConfig: { id: string, entityName: string, webhookUrl: string, events: Array<ChangeOperation>, operationalEvents: Array<OperationalEventKind> | null, filter: unknown, changedFields: Array<string> | null, enabled: boolean, hasSecret: boolean, signatureScheme: SignatureScheme, previousSecretExpiresAt: string | null, httpMethod: string, headersJson: string | null, timeoutMs: number, maxRetries: number, backoffInitialSeconds: number, backoffFactor: number, rateLimitPerSecond: number | null, maxInFlight: number | null, ordering: DeliveryOrdering, createdAt: string, updatedAt: string } };

export type ConsoleDefineEntityMutationVariables = Exact<{
  input: DefineEntityInput;
}>;


export type ConsoleDefineEntityMutation = { defineEntity: { name: string, primaryKey: string, timeField: string | null, createdAt: string, updatedAt: string, fields: Array<{ name: string, type: FieldType }> } };

export type ConsoleDefineMetricMutationVariables = Exact<{
  input: DefineMetricInput;
}>;


export type ConsoleDefineMetricMutation = { defineMetric: { name: string } };

export type ConsoleDefineViewMutationVariables = Exact<{
  input: DefineViewInput;
}>;


export type ConsoleDefineViewMutation = { defineView: { name: string } };

export type ConsoleDeleteTriggerMutationVariables = Exact<{
  id: string | number;
}>;


export type ConsoleDeleteTriggerMutation = { deleteTrigger: boolean };

export type ConsoleDeleteWebhookConfigMutationVariables = Exact<{
  id: string | number;
}>;


export type ConsoleDeleteWebhookConfigMutation = { deleteWebhookConfig: boolean };

export type ConsoleDropEntityMutationVariables = Exact<{
  name: string;
}>;


export type ConsoleDropEntityMutation = { dropEntity: boolean };

export type ConsoleEntitiesQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleEntitiesQuery = { entities: Array<{ name: string, primaryKey: string, timeField: string | null, createdAt: string, updatedAt: string, fields: Array<{ name: string, type: FieldType }> }> };

export type ConsoleEntityQueryQueryVariables = Exact<{
  input: EntityQueryInput;
}>;


export type ConsoleEntityQueryQuery = { entityQuery: { columns: Array<string>, rows: Array<Array<unknown> | null> } };

export type ConsoleEventCatalogQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleEventCatalogQuery = { eventCatalog: Array<{ entityName: string, operation: string, schema: unknown, example: unknown }> };

export type ConsoleMetricQueryQueryVariables = Exact<{
  metricName: string;
  params?: MetricQueryParamsInput | null | undefined;
}>;


export type ConsoleMetricQueryQuery = { metricQuery: { columns: Array<string>, rows: Array<Array<unknown> | null> } };

export type ConsoleMetricsAndViewsQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleMetricsAndViewsQuery = { metrics: Array<{ name: string, entity: string, aggregation: Aggregation, field: string | null, timeField: string | null, filter: unknown }>, views: Array<{ name: string, entity: string, filter: unknown, select: Array<{ field: string | null, agg: Aggregation | null, alias: string | null }>, parameters: Array<{ name: string, type: FieldType, required: boolean, default: unknown }> }> };

export type ConsoleOutboxRecordQueryVariables = Exact<{
  id: string | number;
}>;


export type ConsoleOutboxRecordQuery = { outboxRecord: { requestId: string, payloadJson: string, id: string, entityName: string, operation: OutboxOperation, webhookConfigId: string, status: OutboxStatus, retryCount: number, maxRetries: number, nextRetryAt: string, lastError: string | null, createdAt: string, updatedAt: string, deliveredAt: string | null, attempts: Array<{ attemptNumber: number, startedAt: string, durationMs: number, statusCode: number | null, error: string | null, responseBody: string | null }> } | null };

export type ConsoleOutboxRecordSummaryFragment = { id: string, entityName: string, operation: OutboxOperation, webhookConfigId: string, status: OutboxStatus, retryCount: number, maxRetries: number, nextRetryAt: string, lastError: string | null, createdAt: string, updatedAt: string, deliveredAt: string | null };

export type ConsoleOutboxRecordsQueryVariables = Exact<{
  status?: OutboxStatus | null | undefined;
  webhookConfigId?: string | number | null | undefined;
  requestId?: string | null | undefined;
  createdAfter?: unknown;
  createdBefore?: unknown;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ConsoleOutboxRecordsQuery = { outboxRecords: { nextCursor: string | null, items: Array<{ id: string, entityName: string, operation: OutboxOperation, webhookConfigId: string, status: OutboxStatus, retryCount: number, maxRetries: number, nextRetryAt: string, lastError: string | null, createdAt: string, updatedAt: string, deliveredAt: string | null }> } };

export type ConsoleRedeliverOutboxRecordMutationVariables = Exact<{
  id: string | number;
}>;


export type ConsoleRedeliverOutboxRecordMutation = { redeliverOutboxRecord: { id: string, entityName: string, operation: OutboxOperation, webhookConfigId: string, status: OutboxStatus, retryCount: number, maxRetries: number, nextRetryAt: string, lastError: string | null, createdAt: string, updatedAt: string, deliveredAt: string | null } };

export type ConsoleReplayOutboxRecordsMutationVariables = Exact<{
  filter: OutboxReplayFilter;
}>;


export type ConsoleReplayOutboxRecordsMutation = { replayOutboxRecords: number };

export type ConsoleRetryTriggerEventMutationVariables = Exact<{
  id: string | number;
}>;


export type ConsoleRetryTriggerEventMutation = { retryTriggerEvent: { id: string, actionStatus: TriggerActionStatus, actionError: string | null } };

export type ConsoleRotateWebhookSecretMutationVariables = Exact<{
  id: string | number;
  graceSeconds?: number | null | undefined;
}>;


export type ConsoleRotateWebhookSecretMutation = { rotateWebhookSecret: string };

export type ConsoleSendTestDeliveryMutationVariables = Exact<{
  webhookConfigId: string | number;
  data?: unknown;
}>;


export type ConsoleSendTestDeliveryMutation = { sendTestDelivery: { attemptNumber: number, startedAt: string, durationMs: number, statusCode: number | null, error: string | null, responseBody: string | null } };

export type ConsoleTriggerEventsQueryVariables = Exact<{
  triggerId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type ConsoleTriggerEventsQuery = { triggerEvents: { nextCursor: string | null, items: Array<{ id: string, triggerId: string, receivedAt: string, contentType: string | null, body: string, signatureVerified: boolean, actionStatus: TriggerActionStatus, actionError: string | null }> } };

export type ConsoleTriggerFragment = { id: string, name: string, enabled: boolean, hasWebhookSecret: boolean, signatureScheme: TriggerSignatureScheme, webhookTimestampHeader: string, webhookSignatureHeader: string, webhookMaxSkewSeconds: number, action: TriggerAction, recordEntity: string | null, recordOperation: TriggerRecordOperation, recordFieldMap: Record<string, unknown> | null, createdAt: string, updatedAt: string };

export type ConsoleTriggersQueryVariables = Exact<{ [key: string]: never; }>;


export type ConsoleTriggersQuery = { triggers: Array<{ id: string, name: string, enabled: boolean, hasWebhookSecret: boolean, signatureScheme: TriggerSignatureScheme, webhookTimestampHeader: string, webhookSignatureHeader: string, webhookMaxSkewSeconds: number, action: TriggerAction, recordEntity: string | null, recordOperation: TriggerRecordOperation, recordFieldMap: Record<string, unknown> | null, createdAt: string, updatedAt: string }> };

export type ConsoleUpdateTriggerMutationVariables = Exact<{
  id: string | number;
  input: UpdateTriggerInput;
}>;


export type ConsoleUpdateTriggerMutation = { updateTrigger: { id: string, name: string, enabled: boolean, hasWebhookSecret: boolean, signatureScheme: TriggerSignatureScheme, webhookTimestampHeader: string, webhookSignatureHeader: string, webhookMaxSkewSeconds: number, action: TriggerAction, recordEntity: string | null, recordOperation: TriggerRecordOperation, recordFieldMap: Record<string, unknown> | null, createdAt: string, updatedAt: string } };

export type ConsoleUpdateWebhookConfigMutationVariables = Exact<{
  id: string | number;
  input: UpdateWebhookConfigInput;
}>;


export type ConsoleUpdateWebhookConfigMutation = { updateWebhookConfig: { id: string, entityName: string, webhookUrl: string, events: Array<ChangeOperation>, operationalEvents: Array<OperationalEventKind> | null, filter: unknown, changedFields: Array<string> | null, enabled: boolean, hasSecret: boolean, signatureScheme: SignatureScheme, previousSecretExpiresAt: string | null, httpMethod: string, headersJson: string | null, timeoutMs: number, maxRetries: number, backoffInitialSeconds: number, backoffFactor: number, rateLimitPerSecond: number | null, maxInFlight: number | null, ordering: DeliveryOrdering, createdAt: string, updatedAt: string } };

export type ConsoleUpsertRecordsMutationVariables = Exact<{
  entity: string;
  records: Array<Record<string, unknown>> | Record<string, unknown>;
}>;


export type ConsoleUpsertRecordsMutation = { upsertRecords: { count: number, requestId: string } };

export type ConsoleViewQueryQueryVariables = Exact<{
  viewName: string;
  params?: Record<string, unknown> | null | undefined;
  time?: TimeConfigInput | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type ConsoleViewQueryQuery = { viewQuery: { columns: Array<string>, rows: Array<Array<unknown> | null> } };

export type ConsoleWebhookConfigFragment = { id: string, entityName: string, webhookUrl: string, events: Array<ChangeOperation>, operationalEvents: Array<OperationalEventKind> | null, filter: unknown, changedFields: Array<string> | null, enabled: boolean, hasSecret: boolean, signatureScheme: SignatureScheme, previousSecretExpiresAt: string | null, httpMethod: string, headersJson: string | null, timeoutMs: number, maxRetries: number, backoffInitialSeconds: number, backoffFactor: number, rateLimitPerSecond: number | null, maxInFlight: number | null, ordering: DeliveryOrdering, createdAt: string, updatedAt: string };

export type ConsoleWebhookConfigsQueryVariables = Exact<{
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
}>;


export type ConsoleWebhookConfigsQuery = { webhookConfigs: { page: number, pageSize: number, total: number, totalPages: number, items: Array<{ id: string, entityName: string, webhookUrl: string, events: Array<ChangeOperation>, operationalEvents: Array<OperationalEventKind> | null, filter: unknown, changedFields: Array<string> | null, enabled: boolean, hasSecret: boolean, signatureScheme: SignatureScheme, previousSecretExpiresAt: string | null, httpMethod: string, headersJson: string | null, timeoutMs: number, maxRetries: number, backoffInitialSeconds: number, backoffFactor: number, rateLimitPerSecond: number | null, maxInFlight: number | null, ordering: DeliveryOrdering, createdAt: string, updatedAt: string }> } };

export type ConsoleWebhookConfigsWithHealthQueryVariables = Exact<{
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
}>;


export type ConsoleWebhookConfigsWithHealthQuery = { webhookConfigs: { page: number, pageSize: number, total: number, totalPages: number, items: Array<{ id: string, entityName: string, webhookUrl: string, events: Array<ChangeOperation>, operationalEvents: Array<OperationalEventKind> | null, filter: unknown, changedFields: Array<string> | null, enabled: boolean, hasSecret: boolean, signatureScheme: SignatureScheme, previousSecretExpiresAt: string | null, httpMethod: string, headersJson: string | null, timeoutMs: number, maxRetries: number, backoffInitialSeconds: number, backoffFactor: number, rateLimitPerSecond: number | null, maxInFlight: number | null, ordering: DeliveryOrdering, createdAt: string, updatedAt: string, health: { circuit: CircuitState, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, attempts24h: number, failures24h: number, p95DurationMs24h: number | null } }> } };

export type ConsoleInsertRecordsMutationVariables = Exact<{
  entity: string;
  records: Array<Record<string, unknown>> | Record<string, unknown>;
}>;


export type ConsoleInsertRecordsMutation = { insertRecords: { count: number, requestId: string } };

export const ConsoleOutboxRecordSummaryFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleOutboxRecordSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OutboxRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"webhookConfigId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"nextRetryAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<ConsoleOutboxRecordSummaryFragment, unknown>;
export const ConsoleTriggerFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleTrigger"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Trigger"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasWebhookSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"webhookTimestampHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSignatureHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookMaxSkewSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"recordEntity"}},{"kind":"Field","name":{"kind":"Name","value":"recordOperation"}},{"kind":"Field","name":{"kind":"Name","value":"recordFieldMap"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ConsoleTriggerFragment, unknown>;
export const ConsoleWebhookConfigFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleWebhookConfig"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookConfig"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"operationalEvents"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"changedFields"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"httpMethod"}},{"kind":"Field","name":{"kind":"Name","value":"headersJson"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"backoffInitialSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"backoffFactor"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"maxInFlight"}},{"kind":"Field","name":{"kind":"Name","value":"ordering"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ConsoleWebhookConfigFragment, unknown>;
export const ConsoleCreateTriggerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleCreateTrigger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTriggerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTrigger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleTrigger"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleTrigger"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Trigger"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasWebhookSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"webhookTimestampHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSignatureHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookMaxSkewSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"recordEntity"}},{"kind":"Field","name":{"kind":"Name","value":"recordOperation"}},{"kind":"Field","name":{"kind":"Name","value":"recordFieldMap"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ConsoleCreateTriggerMutation, ConsoleCreateTriggerMutationVariables>;
export const ConsoleCreateWebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleCreateWebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleWebhookConfig"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleWebhookConfig"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookConfig"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"operationalEvents"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"changedFields"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"httpMethod"}},{"kind":"Field","name":{"kind":"Name","value":"headersJson"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"backoffInitialSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"backoffFactor"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"maxInFlight"}},{"kind":"Field","name":{"kind":"Name","value":"ordering"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ConsoleCreateWebhookConfigMutation, ConsoleCreateWebhookConfigMutationVariables>;
export const ConsoleDefineEntityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleDefineEntity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DefineEntityInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"defineEntity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"primaryKey"}},{"kind":"Field","name":{"kind":"Name","value":"timeField"}},{"kind":"Field","name":{"kind":"Name","value":"fields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<ConsoleDefineEntityMutation, ConsoleDefineEntityMutationVariables>;
export const ConsoleDefineMetricDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleDefineMetric"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DefineMetricInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"defineMetric"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<ConsoleDefineMetricMutation, ConsoleDefineMetricMutationVariables>;
export const ConsoleDefineViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleDefineView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DefineViewInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"defineView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<ConsoleDefineViewMutation, ConsoleDefineViewMutationVariables>;
export const ConsoleDeleteTriggerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleDeleteTrigger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTrigger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<ConsoleDeleteTriggerMutation, ConsoleDeleteTriggerMutationVariables>;
export const ConsoleDeleteWebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleDeleteWebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<ConsoleDeleteWebhookConfigMutation, ConsoleDeleteWebhookConfigMutationVariables>;
export const ConsoleDropEntityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleDropEntity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dropEntity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<ConsoleDropEntityMutation, ConsoleDropEntityMutationVariables>;
export const ConsoleEntitiesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleEntities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"primaryKey"}},{"kind":"Field","name":{"kind":"Name","value":"timeField"}},{"kind":"Field","name":{"kind":"Name","value":"fields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<ConsoleEntitiesQuery, ConsoleEntitiesQueryVariables>;
export const ConsoleEntityQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleEntityQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EntityQueryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityQuery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"columns"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}}]}}]}}]} as unknown as DocumentNode<ConsoleEntityQueryQuery, ConsoleEntityQueryQueryVariables>;
export const ConsoleEventCatalogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleEventCatalog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventCatalog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"schema"}},{"kind":"Field","name":{"kind":"Name","value":"example"}}]}}]}}]} as unknown as DocumentNode<ConsoleEventCatalogQuery, ConsoleEventCatalogQueryVariables>;
export const ConsoleMetricQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleMetricQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"metricName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"params"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MetricQueryParamsInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metricQuery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"metricName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"metricName"}}},{"kind":"Argument","name":{"kind":"Name","value":"params"},"value":{"kind":"Variable","name":{"kind":"Name","value":"params"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"columns"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}}]}}]}}]} as unknown as DocumentNode<ConsoleMetricQueryQuery, ConsoleMetricQueryQueryVariables>;
export const ConsoleMetricsAndViewsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleMetricsAndViews"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"entity"}},{"kind":"Field","name":{"kind":"Name","value":"aggregation"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"timeField"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}}]}},{"kind":"Field","name":{"kind":"Name","value":"views"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"entity"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"select"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"agg"}},{"kind":"Field","name":{"kind":"Name","value":"alias"}}]}},{"kind":"Field","name":{"kind":"Name","value":"parameters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"default"}}]}}]}}]}}]} as unknown as DocumentNode<ConsoleMetricsAndViewsQuery, ConsoleMetricsAndViewsQueryVariables>;
export const ConsoleOutboxRecordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleOutboxRecord"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"outboxRecord"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleOutboxRecordSummary"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"payloadJson"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attemptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"responseBody"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleOutboxRecordSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OutboxRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"webhookConfigId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"nextRetryAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<ConsoleOutboxRecordQuery, ConsoleOutboxRecordQueryVariables>;
export const ConsoleOutboxRecordsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleOutboxRecords"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OutboxStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"webhookConfigId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"requestId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"createdAfter"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"createdBefore"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"DateTime"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"outboxRecords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"webhookConfigId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"webhookConfigId"}}},{"kind":"Argument","name":{"kind":"Name","value":"requestId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"requestId"}}},{"kind":"Argument","name":{"kind":"Name","value":"createdAfter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"createdAfter"}}},{"kind":"Argument","name":{"kind":"Name","value":"createdBefore"},"value":{"kind":"Variable","name":{"kind":"Name","value":"createdBefore"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleOutboxRecordSummary"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleOutboxRecordSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OutboxRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"webhookConfigId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"nextRetryAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<ConsoleOutboxRecordsQuery, ConsoleOutboxRecordsQueryVariables>;
export const ConsoleRedeliverOutboxRecordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleRedeliverOutboxRecord"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverOutboxRecord"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleOutboxRecordSummary"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleOutboxRecordSummary"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"OutboxRecord"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"webhookConfigId"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"nextRetryAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}}]}}]} as unknown as DocumentNode<ConsoleRedeliverOutboxRecordMutation, ConsoleRedeliverOutboxRecordMutationVariables>;
export const ConsoleReplayOutboxRecordsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleReplayOutboxRecords"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OutboxReplayFilter"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replayOutboxRecords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<ConsoleReplayOutboxRecordsMutation, ConsoleReplayOutboxRecordsMutationVariables>;
export const ConsoleRetryTriggerEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleRetryTriggerEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryTriggerEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"actionStatus"}},{"kind":"Field","name":{"kind":"Name","value":"actionError"}}]}}]}}]} as unknown as DocumentNode<ConsoleRetryTriggerEventMutation, ConsoleRetryTriggerEventMutationVariables>;
export const ConsoleRotateWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleRotateWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"graceSeconds"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"graceSeconds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"graceSeconds"}}}]}]}}]} as unknown as DocumentNode<ConsoleRotateWebhookSecretMutation, ConsoleRotateWebhookSecretMutationVariables>;
export const ConsoleSendTestDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleSendTestDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"webhookConfigId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"data"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendTestDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"webhookConfigId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"webhookConfigId"}}},{"kind":"Argument","name":{"kind":"Name","value":"data"},"value":{"kind":"Variable","name":{"kind":"Name","value":"data"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attemptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"responseBody"}}]}}]}}]} as unknown as DocumentNode<ConsoleSendTestDeliveryMutation, ConsoleSendTestDeliveryMutationVariables>;
export const ConsoleTriggerEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleTriggerEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"triggerId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"triggerEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"triggerId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"triggerId"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"triggerId"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"signatureVerified"}},{"kind":"Field","name":{"kind":"Name","value":"actionStatus"}},{"kind":"Field","name":{"kind":"Name","value":"actionError"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<ConsoleTriggerEventsQuery, ConsoleTriggerEventsQueryVariables>;
export const ConsoleTriggersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleTriggers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"triggers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleTrigger"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleTrigger"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Trigger"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasWebhookSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"webhookTimestampHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSignatureHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookMaxSkewSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"recordEntity"}},{"kind":"Field","name":{"kind":"Name","value":"recordOperation"}},{"kind":"Field","name":{"kind":"Name","value":"recordFieldMap"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ConsoleTriggersQuery, ConsoleTriggersQueryVariables>;
export const ConsoleUpdateTriggerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleUpdateTrigger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTriggerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTrigger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleTrigger"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleTrigger"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Trigger"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasWebhookSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"webhookTimestampHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSignatureHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookMaxSkewSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"recordEntity"}},{"kind":"Field","name":{"kind":"Name","value":"recordOperation"}},{"kind":"Field","name":{"kind":"Name","value":"recordFieldMap"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ConsoleUpdateTriggerMutation, ConsoleUpdateTriggerMutationVariables>;
export const ConsoleUpdateWebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleUpdateWebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleWebhookConfig"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleWebhookConfig"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookConfig"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"operationalEvents"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"changedFields"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"httpMethod"}},{"kind":"Field","name":{"kind":"Name","value":"headersJson"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"backoffInitialSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"backoffFactor"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"maxInFlight"}},{"kind":"Field","name":{"kind":"Name","value":"ordering"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ConsoleUpdateWebhookConfigMutation, ConsoleUpdateWebhookConfigMutationVariables>;
export const ConsoleUpsertRecordsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleUpsertRecords"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"records"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"upsertRecords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entity"}}},{"kind":"Argument","name":{"kind":"Name","value":"records"},"value":{"kind":"Variable","name":{"kind":"Name","value":"records"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}}]}}]}}]} as unknown as DocumentNode<ConsoleUpsertRecordsMutation, ConsoleUpsertRecordsMutationVariables>;
export const ConsoleViewQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleViewQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"viewName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"params"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"time"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TimeConfigInput"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewQuery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"viewName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"viewName"}}},{"kind":"Argument","name":{"kind":"Name","value":"params"},"value":{"kind":"Variable","name":{"kind":"Name","value":"params"}}},{"kind":"Argument","name":{"kind":"Name","value":"time"},"value":{"kind":"Variable","name":{"kind":"Name","value":"time"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"columns"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}}]}}]}}]} as unknown as DocumentNode<ConsoleViewQueryQuery, ConsoleViewQueryQueryVariables>;
export const ConsoleWebhookConfigsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleWebhookConfigs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"pageSize"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookConfigs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"pageSize"},"value":{"kind":"Variable","name":{"kind":"Name","value":"pageSize"}}},{"kind":"Argument","name":{"kind":"Name","value":"sortBy"},"value":{"kind":"EnumValue","value":"CREATED_AT"}},{"kind":"Argument","name":{"kind":"Name","value":"sortDirection"},"value":{"kind":"EnumValue","value":"DESC"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleWebhookConfig"}}]}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"pageSize"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"totalPages"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleWebhookConfig"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookConfig"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"operationalEvents"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"changedFields"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"httpMethod"}},{"kind":"Field","name":{"kind":"Name","value":"headersJson"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"backoffInitialSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"backoffFactor"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"maxInFlight"}},{"kind":"Field","name":{"kind":"Name","value":"ordering"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ConsoleWebhookConfigsQuery, ConsoleWebhookConfigsQueryVariables>;
export const ConsoleWebhookConfigsWithHealthDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ConsoleWebhookConfigsWithHealth"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"pageSize"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookConfigs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"pageSize"},"value":{"kind":"Variable","name":{"kind":"Name","value":"pageSize"}}},{"kind":"Argument","name":{"kind":"Name","value":"sortBy"},"value":{"kind":"EnumValue","value":"CREATED_AT"}},{"kind":"Argument","name":{"kind":"Name","value":"sortDirection"},"value":{"kind":"EnumValue","value":"DESC"}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"ConsoleWebhookConfig"}},{"kind":"Field","name":{"kind":"Name","value":"health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"circuit"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveFailures"}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastFailureAt"}},{"kind":"Field","name":{"kind":"Name","value":"attempts24h"}},{"kind":"Field","name":{"kind":"Name","value":"failures24h"}},{"kind":"Field","name":{"kind":"Name","value":"p95DurationMs24h"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"pageSize"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"totalPages"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"ConsoleWebhookConfig"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookConfig"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"operationalEvents"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"changedFields"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}},{"kind":"Field","name":{"kind":"Name","value":"httpMethod"}},{"kind":"Field","name":{"kind":"Name","value":"headersJson"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"backoffInitialSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"backoffFactor"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"maxInFlight"}},{"kind":"Field","name":{"kind":"Name","value":"ordering"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]} as unknown as DocumentNode<ConsoleWebhookConfigsWithHealthQuery, ConsoleWebhookConfigsWithHealthQueryVariables>;
export const ConsoleInsertRecordsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ConsoleInsertRecords"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"records"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"insertRecords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entity"}}},{"kind":"Argument","name":{"kind":"Name","value":"records"},"value":{"kind":"Variable","name":{"kind":"Name","value":"records"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}}]}}]}}]} as unknown as DocumentNode<ConsoleInsertRecordsMutation, ConsoleInsertRecordsMutationVariables>;
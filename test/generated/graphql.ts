/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
export type Aggregation =
  | 'AVG'
  | 'COUNT'
  | 'COUNT_DISTINCT'
  | 'MAX'
  | 'MIN'
  | 'SUM';

/** A kind of entity change */
export type ChangeOperation =
  | 'DELETE'
  | 'INSERT'
  | 'UPDATE'
  | 'UPSERT';

/** OPEN: no attempts until it is due for a probe; HALF_OPEN: one probe attempt decides */
export type CircuitState =
  | 'CLOSED'
  | 'HALF_OPEN'
  | 'OPEN';

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
export type DeliveryOrdering =
  | 'NONE'
  | 'PER_KEY';

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
export type FieldType =
  | 'BOOLEAN'
  | 'DATE'
  | 'DECIMAL'
  | 'FLOAT'
  | 'INTEGER'
  | 'JSON'
  | 'STRING'
  | 'TIMESTAMP';

/** A condition (field, op, value) or a group (op AND/OR/NOT with conditions) */
export type FilterInput = {
  conditions?: Array<FilterInput> | null | undefined;
  field?: string | null | undefined;
  op: FilterOp;
  /** A value; an array for IN, NOT_IN and BETWEEN; none for IS_NULL and IS_NOT_NULL */
  value?: unknown;
};

/** A filter operator, or a group (AND, OR, NOT) over conditions */
export type FilterOp =
  | 'AND'
  | 'BETWEEN'
  | 'EQ'
  | 'GT'
  | 'GTE'
  | 'ILIKE'
  | 'IN'
  | 'IS_NOT_NULL'
  | 'IS_NULL'
  | 'LIKE'
  | 'LT'
  | 'LTE'
  | 'NE'
  | 'NOT'
  | 'NOT_IN'
  | 'OR';

/** Time bucket size; buckets start in UTC (weeks on Monday) */
export type Granularity =
  | 'DAY'
  | 'HOUR'
  | 'MINUTE'
  | 'MONTH'
  | 'QUARTER'
  | 'WEEK'
  | 'YEAR';

export type MetricQueryParamsInput = {
  dimensions?: Array<string> | null | undefined;
  filter?: FilterInput | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
  time?: TimeConfigInput | null | undefined;
};

/** A kind of operational event, received by a configuration whose entityName is $operations */
export type OperationalEventKind =
  | 'CIRCUIT_CLOSED'
  | 'CIRCUIT_OPENED'
  | 'DELIVERY_DEAD'
  | 'TRIGGER_ACTION_FAILED';

/** What a record reports: an entity change, or an operational event of an $operations configuration */
export type OutboxOperation =
  | 'CIRCUIT_CLOSED'
  | 'CIRCUIT_OPENED'
  | 'DELETE'
  | 'DELIVERY_DEAD'
  | 'INSERT'
  | 'TRIGGER_ACTION_FAILED'
  | 'UPDATE'
  | 'UPSERT';

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
export type OutboxStatus =
  | 'DEAD'
  | 'DELIVERED'
  | 'PENDING'
  | 'RETRYING';

/** One output column: a field, optionally aggregated; COUNT without a field (or with "*") counts rows */
export type SelectItemInput = {
  agg?: Aggregation | null | undefined;
  /** The column name; the field when absent */
  alias?: string | null | undefined;
  field?: string | null | undefined;
};

/** How deliveries are signed: X-<prefix>-Signature (HOOKGATE_V1) or the Standard Webhooks headers */
export type SignatureScheme =
  | 'HOOKGATE_V1'
  | 'STANDARD_WEBHOOKS';

export type SortDirection =
  | 'ASC'
  | 'DESC';

export type TimeConfigInput = {
  granularity?: Granularity | null | undefined;
  range?: DateRangeInput | null | undefined;
};

/** STORE keeps the event; RECORD also writes its body as records of an entity, in the same commit */
export type TriggerAction =
  | 'RECORD'
  | 'STORE';

/** What became of an event's action: NONE (STORE trigger), APPLIED or FAILED */
export type TriggerActionStatus =
  | 'APPLIED'
  | 'FAILED'
  | 'NONE';

export type TriggerRecordOperation =
  | 'INSERT'
  | 'UPSERT';

/** How intake requests of a trigger are signed */
export type TriggerSignatureScheme =
  | 'GITHUB'
  | 'HMAC_HEX'
  | 'HOOKGATE_V1'
  | 'SLACK'
  | 'STANDARD_WEBHOOKS'
  | 'STRIPE';

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

export type WebhookConfigSortField =
  | 'CREATED_AT'
  | 'ENABLED'
  | 'ENTITY_NAME'
  | 'UPDATED_AT'
  | 'WEBHOOK_URL';

export type BatchMetricQueryQueryVariables = Exact<{
  metrics: Array<string> | string;
  params?: MetricQueryParamsInput | null | undefined;
}>;


export type BatchMetricQueryQuery = { batchMetricQuery: Array<{ metric: string, result: { columns: Array<string>, rows: Array<Array<unknown> | null> } }> };

export type CheckEntityQueryQueryVariables = Exact<{
  input: EntityQueryInput;
}>;


export type CheckEntityQueryQuery = { checkEntityQuery: { valid: boolean, errors: Array<{ field: string, message: string }> } };

export type CreateFilteredWebhookConfigMutationVariables = Exact<{
  input: CreateWebhookConfigInput;
}>;


export type CreateFilteredWebhookConfigMutation = { createWebhookConfig: { id: string, entityName: string, events: Array<ChangeOperation>, filter: unknown, changedFields: Array<string> | null } };

export type CreateOperationsWebhookConfigMutationVariables = Exact<{
  input: CreateWebhookConfigInput;
}>;


export type CreateOperationsWebhookConfigMutation = { createWebhookConfig: { id: string, entityName: string, events: Array<ChangeOperation>, operationalEvents: Array<OperationalEventKind> | null, webhookUrl: string, hasSecret: boolean } };

export type CreateSignedWebhookConfigMutationVariables = Exact<{
  input: CreateWebhookConfigInput;
}>;


export type CreateSignedWebhookConfigMutation = { createWebhookConfig: { id: string, hasSecret: boolean, signatureScheme: SignatureScheme, previousSecretExpiresAt: string | null } };

export type CreateTriggerMutationVariables = Exact<{
  input: CreateTriggerInput;
}>;


export type CreateTriggerMutation = { createTrigger: { id: string, tenantId: string, name: string, enabled: boolean, hasWebhookSecret: boolean, webhookTimestampHeader: string, webhookSignatureHeader: string, webhookMaxSkewSeconds: number, createdAt: string, updatedAt: string, createdBy: string | null, updatedBy: string | null } };

export type CreateWebhookConfigMutationVariables = Exact<{
  input: CreateWebhookConfigInput;
}>;


export type CreateWebhookConfigMutation = { createWebhookConfig: { id: string, tenantId: string, entityName: string, events: Array<ChangeOperation>, webhookUrl: string, httpMethod: string, headersJson: string | null, timeoutMs: number, maxRetries: number, backoffInitialSeconds: number, backoffFactor: number, enabled: boolean, hasSecret: boolean, rateLimitPerSecond: number | null, maxInFlight: number | null, ordering: DeliveryOrdering, createdAt: string, updatedAt: string, createdBy: string | null, updatedBy: string | null } };

export type DefineEntityMutationVariables = Exact<{
  input: DefineEntityInput;
}>;


export type DefineEntityMutation = { defineEntity: { name: string, primaryKey: string, timeField: string | null, createdAt: string, updatedAt: string, fields: Array<{ name: string, type: FieldType }> } };

export type DefineMetricMutationVariables = Exact<{
  input: DefineMetricInput;
}>;


export type DefineMetricMutation = { defineMetric: { name: string, entity: string, aggregation: Aggregation, field: string | null, timeField: string | null, filter: unknown, createdAt: string, updatedAt: string } };

export type DefineViewMutationVariables = Exact<{
  input: DefineViewInput;
}>;


export type DefineViewMutation = { defineView: { name: string, entity: string, filter: unknown, createdAt: string, updatedAt: string, select: Array<{ field: string | null, agg: Aggregation | null, alias: string | null }>, parameters: Array<{ name: string, type: FieldType, required: boolean, default: unknown }> } };

export type DeleteRecordMutationVariables = Exact<{
  entity: string;
  id: string | number;
}>;


export type DeleteRecordMutation = { deleteRecord: boolean };

export type DeleteTriggerMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteTriggerMutation = { deleteTrigger: boolean };

export type DeleteWebhookConfigMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteWebhookConfigMutation = { deleteWebhookConfig: boolean };

export type DropEntityMutationVariables = Exact<{
  name: string;
}>;


export type DropEntityMutation = { dropEntity: boolean };

export type DropMetricMutationVariables = Exact<{
  name: string;
}>;


export type DropMetricMutation = { dropMetric: boolean };

export type DropViewMutationVariables = Exact<{
  name: string;
}>;


export type DropViewMutation = { dropView: boolean };

export type EntitiesQueryVariables = Exact<{ [key: string]: never; }>;


export type EntitiesQuery = { entities: Array<{ name: string, primaryKey: string, timeField: string | null, createdAt: string, updatedAt: string, fields: Array<{ name: string, type: FieldType }> }> };

export type EntityQueryVariables = Exact<{
  name: string;
}>;


export type EntityQuery = { entity: { name: string, primaryKey: string, timeField: string | null, createdAt: string, updatedAt: string, fields: Array<{ name: string, type: FieldType }> } };

export type EntityQueryQueryVariables = Exact<{
  input: EntityQueryInput;
}>;


export type EntityQueryQuery = { entityQuery: { columns: Array<string>, rows: Array<Array<unknown> | null> } };

export type EntityQueryPlanQueryVariables = Exact<{
  input: EntityQueryInput;
}>;


export type EntityQueryPlanQuery = { entityQueryPlan: string };

export type EventCatalogQueryVariables = Exact<{ [key: string]: never; }>;


export type EventCatalogQuery = { eventCatalog: Array<{ entityName: string, operation: string, schema: unknown, example: unknown }> };

export type InsertRecordsMutationVariables = Exact<{
  entity: string;
  records: Array<Record<string, unknown>> | Record<string, unknown>;
}>;


export type InsertRecordsMutation = { insertRecords: { count: number, requestId: string } };

export type MetricQueryVariables = Exact<{
  name: string;
}>;


export type MetricQuery = { metric: { name: string, entity: string, aggregation: Aggregation, field: string | null, timeField: string | null, filter: unknown, createdAt: string, updatedAt: string } };

export type MetricQueryQueryVariables = Exact<{
  metricName: string;
  params?: MetricQueryParamsInput | null | undefined;
}>;


export type MetricQueryQuery = { metricQuery: { columns: Array<string>, rows: Array<Array<unknown> | null> } };

export type MetricsQueryVariables = Exact<{ [key: string]: never; }>;


export type MetricsQuery = { metrics: Array<{ name: string, entity: string, aggregation: Aggregation, field: string | null, timeField: string | null, filter: unknown, createdAt: string, updatedAt: string }> };

export type OutboxRecordQueryVariables = Exact<{
  id: string | number;
}>;


export type OutboxRecordQuery = { outboxRecord: { id: string, entityName: string, operation: OutboxOperation, requestId: string, webhookConfigId: string, payloadJson: string, status: OutboxStatus, retryCount: number, maxRetries: number, nextRetryAt: string, lastError: string | null, createdAt: string, updatedAt: string, deliveredAt: string | null, attempts: Array<{ attemptNumber: number, startedAt: string, durationMs: number, statusCode: number | null, error: string | null }> } | null };

export type OutboxRecordResponsesQueryVariables = Exact<{
  id: string | number;
}>;


export type OutboxRecordResponsesQuery = { outboxRecord: { id: string, status: OutboxStatus, attempts: Array<{ attemptNumber: number, statusCode: number | null, error: string | null, responseBody: string | null }> } | null };

export type OutboxRecordsQueryVariables = Exact<{
  status?: OutboxStatus | null | undefined;
  entityName?: string | null | undefined;
  webhookConfigId?: string | number | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type OutboxRecordsQuery = { outboxRecords: { nextCursor: string | null, items: Array<{ id: string, entityName: string, operation: OutboxOperation, requestId: string, webhookConfigId: string, payloadJson: string, status: OutboxStatus, retryCount: number, maxRetries: number, nextRetryAt: string, lastError: string | null, createdAt: string, updatedAt: string, deliveredAt: string | null, attempts: Array<{ attemptNumber: number, startedAt: string, durationMs: number, statusCode: number | null, error: string | null }> }> } };

export type RedeliverOutboxRecordMutationVariables = Exact<{
  id: string | number;
}>;


export type RedeliverOutboxRecordMutation = { redeliverOutboxRecord: { id: string, entityName: string, operation: OutboxOperation, requestId: string, webhookConfigId: string, payloadJson: string, status: OutboxStatus, retryCount: number, maxRetries: number, nextRetryAt: string, lastError: string | null, createdAt: string, updatedAt: string, deliveredAt: string | null, attempts: Array<{ attemptNumber: number, startedAt: string, durationMs: number, statusCode: number | null, error: string | null }> } };

export type ReplayOutboxRecordsMutationVariables = Exact<{
  filter: OutboxReplayFilter;
}>;


export type ReplayOutboxRecordsMutation = { replayOutboxRecords: number };

export type RetryTriggerEventMutationVariables = Exact<{
  id: string | number;
}>;


export type RetryTriggerEventMutation = { retryTriggerEvent: { id: string, triggerId: string, actionStatus: TriggerActionStatus, actionError: string | null } };

export type RotateWebhookSecretMutationVariables = Exact<{
  id: string | number;
}>;


export type RotateWebhookSecretMutation = { rotateWebhookSecret: string };

export type RotateWebhookSecretWithGraceMutationVariables = Exact<{
  id: string | number;
  graceSeconds?: number | null | undefined;
}>;


export type RotateWebhookSecretWithGraceMutation = { rotateWebhookSecret: string };

export type SendTestDeliveryMutationVariables = Exact<{
  webhookConfigId: string | number;
  data?: unknown;
}>;


export type SendTestDeliveryMutation = { sendTestDelivery: { attemptNumber: number, startedAt: string, durationMs: number, statusCode: number | null, error: string | null, responseBody: string | null } };

export type TriggerQueryVariables = Exact<{
  id: string | number;
}>;


export type TriggerQuery = { trigger: { id: string, tenantId: string, name: string, enabled: boolean, hasWebhookSecret: boolean, webhookTimestampHeader: string, webhookSignatureHeader: string, webhookMaxSkewSeconds: number, createdAt: string, updatedAt: string, createdBy: string | null, updatedBy: string | null } };

export type TriggerActionSettingsQueryVariables = Exact<{
  id: string | number;
}>;


export type TriggerActionSettingsQuery = { trigger: { id: string, hasWebhookSecret: boolean, signatureScheme: TriggerSignatureScheme, action: TriggerAction, recordEntity: string | null, recordOperation: TriggerRecordOperation, recordFieldMap: Record<string, unknown> | null } };

export type TriggerEventActionsQueryVariables = Exact<{
  triggerId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type TriggerEventActionsQuery = { triggerEvents: { nextCursor: string | null, items: Array<{ id: string, receivedAt: string, body: string, signatureVerified: boolean, actionStatus: TriggerActionStatus, actionError: string | null }> } };

export type TriggerEventsQueryVariables = Exact<{
  triggerId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type TriggerEventsQuery = { triggerEvents: { nextCursor: string | null, items: Array<{ id: string, triggerId: string, receivedAt: string, contentType: string | null, body: string, bodyBase64: string, signatureVerified: boolean, headers: Array<{ name: string, value: string }> }> } };

export type TriggersQueryVariables = Exact<{ [key: string]: never; }>;


export type TriggersQuery = { triggers: Array<{ id: string, name: string }> };

export type UpdateOperationsWebhookConfigMutationVariables = Exact<{
  id: string | number;
  input: UpdateWebhookConfigInput;
}>;


export type UpdateOperationsWebhookConfigMutation = { updateWebhookConfig: { id: string, entityName: string, events: Array<ChangeOperation>, operationalEvents: Array<OperationalEventKind> | null } };

export type UpdateRecordMutationVariables = Exact<{
  entity: string;
  id: string | number;
  patch: Record<string, unknown>;
}>;


export type UpdateRecordMutation = { updateRecord: Record<string, unknown> };

export type UpdateTriggerMutationVariables = Exact<{
  id: string | number;
  input: UpdateTriggerInput;
}>;


export type UpdateTriggerMutation = { updateTrigger: { id: string, tenantId: string, name: string, enabled: boolean, hasWebhookSecret: boolean, webhookTimestampHeader: string, webhookSignatureHeader: string, webhookMaxSkewSeconds: number, createdAt: string, updatedAt: string, createdBy: string | null, updatedBy: string | null } };

export type UpdateWebhookConfigMutationVariables = Exact<{
  id: string | number;
  input: UpdateWebhookConfigInput;
}>;


export type UpdateWebhookConfigMutation = { updateWebhookConfig: { id: string, tenantId: string, entityName: string, events: Array<ChangeOperation>, webhookUrl: string, httpMethod: string, headersJson: string | null, timeoutMs: number, maxRetries: number, backoffInitialSeconds: number, backoffFactor: number, enabled: boolean, hasSecret: boolean, rateLimitPerSecond: number | null, maxInFlight: number | null, ordering: DeliveryOrdering, createdAt: string, updatedAt: string, createdBy: string | null, updatedBy: string | null } };

export type UpdateWebhookConfigFilterMutationVariables = Exact<{
  id: string | number;
  input: UpdateWebhookConfigInput;
}>;


export type UpdateWebhookConfigFilterMutation = { updateWebhookConfig: { id: string, filter: unknown, changedFields: Array<string> | null } };

export type UpdateWebhookConfigSigningMutationVariables = Exact<{
  id: string | number;
  input: UpdateWebhookConfigInput;
}>;


export type UpdateWebhookConfigSigningMutation = { updateWebhookConfig: { id: string, hasSecret: boolean, signatureScheme: SignatureScheme, previousSecretExpiresAt: string | null } };

export type UpsertRecordsMutationVariables = Exact<{
  entity: string;
  records: Array<Record<string, unknown>> | Record<string, unknown>;
}>;


export type UpsertRecordsMutation = { upsertRecords: { count: number, requestId: string } };

export type ViewQueryVariables = Exact<{
  name: string;
}>;


export type ViewQuery = { view: { name: string, entity: string, filter: unknown, createdAt: string, updatedAt: string, select: Array<{ field: string | null, agg: Aggregation | null, alias: string | null }>, parameters: Array<{ name: string, type: FieldType, required: boolean, default: unknown }> } };

export type ViewQueryQueryVariables = Exact<{
  viewName: string;
  params?: Record<string, unknown> | null | undefined;
  time?: TimeConfigInput | null | undefined;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type ViewQueryQuery = { viewQuery: { columns: Array<string>, rows: Array<Array<unknown> | null> } };

export type ViewsQueryVariables = Exact<{ [key: string]: never; }>;


export type ViewsQuery = { views: Array<{ name: string, entity: string, filter: unknown, createdAt: string, updatedAt: string, select: Array<{ field: string | null, agg: Aggregation | null, alias: string | null }>, parameters: Array<{ name: string, type: FieldType, required: boolean, default: unknown }> }> };

export type WebhookConfigQueryVariables = Exact<{
  id: string | number;
}>;


export type WebhookConfigQuery = { webhookConfig: { id: string, tenantId: string, entityName: string, events: Array<ChangeOperation>, webhookUrl: string, httpMethod: string, headersJson: string | null, timeoutMs: number, maxRetries: number, backoffInitialSeconds: number, backoffFactor: number, enabled: boolean, hasSecret: boolean, rateLimitPerSecond: number | null, maxInFlight: number | null, ordering: DeliveryOrdering, createdAt: string, updatedAt: string, createdBy: string | null, updatedBy: string | null } };

export type WebhookConfigFilterQueryVariables = Exact<{
  id: string | number;
}>;


export type WebhookConfigFilterQuery = { webhookConfig: { id: string, filter: unknown, changedFields: Array<string> | null } };

export type WebhookConfigHealthQueryVariables = Exact<{
  id: string | number;
}>;


export type WebhookConfigHealthQuery = { webhookConfig: { id: string, health: { circuit: CircuitState, consecutiveFailures: number, lastSuccessAt: string | null, lastFailureAt: string | null, attempts24h: number, failures24h: number, p95DurationMs24h: number | null } } };

export type WebhookConfigSigningQueryVariables = Exact<{
  id: string | number;
}>;


export type WebhookConfigSigningQuery = { webhookConfig: { id: string, hasSecret: boolean, signatureScheme: SignatureScheme, previousSecretExpiresAt: string | null } };

export type WebhookConfigsQueryVariables = Exact<{
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
  entityName?: string | null | undefined;
  sortBy?: WebhookConfigSortField | null | undefined;
  sortDirection?: SortDirection | null | undefined;
}>;


export type WebhookConfigsQuery = { webhookConfigs: { page: number, pageSize: number, total: number, totalPages: number, items: Array<{ id: string, tenantId: string, entityName: string, events: Array<ChangeOperation>, webhookUrl: string, httpMethod: string, headersJson: string | null, timeoutMs: number, maxRetries: number, backoffInitialSeconds: number, backoffFactor: number, enabled: boolean, hasSecret: boolean, rateLimitPerSecond: number | null, maxInFlight: number | null, ordering: DeliveryOrdering, createdAt: string, updatedAt: string, createdBy: string | null, updatedBy: string | null }> } };

export type WebhookConfigsByEntityQueryVariables = Exact<{
  entityName: string;
}>;


export type WebhookConfigsByEntityQuery = { webhookConfigsByEntity: Array<{ id: string, tenantId: string, entityName: string, events: Array<ChangeOperation>, webhookUrl: string, httpMethod: string, headersJson: string | null, timeoutMs: number, maxRetries: number, backoffInitialSeconds: number, backoffFactor: number, enabled: boolean, hasSecret: boolean, rateLimitPerSecond: number | null, maxInFlight: number | null, ordering: DeliveryOrdering, createdAt: string, updatedAt: string, createdBy: string | null, updatedBy: string | null }> };


export const BatchMetricQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"BatchMetricQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"metrics"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"params"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MetricQueryParamsInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"batchMetricQuery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"metrics"},"value":{"kind":"Variable","name":{"kind":"Name","value":"metrics"}}},{"kind":"Argument","name":{"kind":"Name","value":"params"},"value":{"kind":"Variable","name":{"kind":"Name","value":"params"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metric"}},{"kind":"Field","name":{"kind":"Name","value":"result"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"columns"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}}]}}]}}]}}]} as unknown as DocumentNode<BatchMetricQueryQuery, BatchMetricQueryQueryVariables>;
export const CheckEntityQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"CheckEntityQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EntityQueryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"checkEntityQuery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"valid"}},{"kind":"Field","name":{"kind":"Name","value":"errors"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"message"}}]}}]}}]}}]} as unknown as DocumentNode<CheckEntityQueryQuery, CheckEntityQueryQueryVariables>;
export const CreateFilteredWebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateFilteredWebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"changedFields"}}]}}]}}]} as unknown as DocumentNode<CreateFilteredWebhookConfigMutation, CreateFilteredWebhookConfigMutationVariables>;
export const CreateOperationsWebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateOperationsWebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"operationalEvents"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}}]}}]}}]} as unknown as DocumentNode<CreateOperationsWebhookConfigMutation, CreateOperationsWebhookConfigMutationVariables>;
export const CreateSignedWebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateSignedWebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}}]}}]}}]} as unknown as DocumentNode<CreateSignedWebhookConfigMutation, CreateSignedWebhookConfigMutationVariables>;
export const CreateTriggerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateTrigger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateTriggerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createTrigger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasWebhookSecret"}},{"kind":"Field","name":{"kind":"Name","value":"webhookTimestampHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSignatureHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookMaxSkewSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"}}]}}]}}]} as unknown as DocumentNode<CreateTriggerMutation, CreateTriggerMutationVariables>;
export const CreateWebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateWebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateWebhookConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"httpMethod"}},{"kind":"Field","name":{"kind":"Name","value":"headersJson"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"backoffInitialSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"backoffFactor"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"maxInFlight"}},{"kind":"Field","name":{"kind":"Name","value":"ordering"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"}}]}}]}}]} as unknown as DocumentNode<CreateWebhookConfigMutation, CreateWebhookConfigMutationVariables>;
export const DefineEntityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DefineEntity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DefineEntityInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"defineEntity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"fields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"primaryKey"}},{"kind":"Field","name":{"kind":"Name","value":"timeField"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<DefineEntityMutation, DefineEntityMutationVariables>;
export const DefineMetricDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DefineMetric"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DefineMetricInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"defineMetric"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"entity"}},{"kind":"Field","name":{"kind":"Name","value":"aggregation"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"timeField"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<DefineMetricMutation, DefineMetricMutationVariables>;
export const DefineViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DefineView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"DefineViewInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"defineView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"entity"}},{"kind":"Field","name":{"kind":"Name","value":"select"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"agg"}},{"kind":"Field","name":{"kind":"Name","value":"alias"}}]}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"default"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<DefineViewMutation, DefineViewMutationVariables>;
export const DeleteRecordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteRecord"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteRecord"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entity"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteRecordMutation, DeleteRecordMutationVariables>;
export const DeleteTriggerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteTrigger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteTrigger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteTriggerMutation, DeleteTriggerMutationVariables>;
export const DeleteWebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteWebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<DeleteWebhookConfigMutation, DeleteWebhookConfigMutationVariables>;
export const DropEntityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DropEntity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dropEntity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<DropEntityMutation, DropEntityMutationVariables>;
export const DropMetricDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DropMetric"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dropMetric"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<DropMetricMutation, DropMetricMutationVariables>;
export const DropViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DropView"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"dropView"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}]}]}}]} as unknown as DocumentNode<DropViewMutation, DropViewMutationVariables>;
export const EntitiesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Entities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entities"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"fields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"primaryKey"}},{"kind":"Field","name":{"kind":"Name","value":"timeField"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<EntitiesQuery, EntitiesQueryVariables>;
export const EntityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Entity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"fields"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}}]}},{"kind":"Field","name":{"kind":"Name","value":"primaryKey"}},{"kind":"Field","name":{"kind":"Name","value":"timeField"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<EntityQuery, EntityQueryVariables>;
export const EntityQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EntityQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EntityQueryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityQuery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"columns"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}}]}}]}}]} as unknown as DocumentNode<EntityQueryQuery, EntityQueryQueryVariables>;
export const EntityQueryPlanDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EntityQueryPlan"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"EntityQueryInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityQueryPlan"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}]}]}}]} as unknown as DocumentNode<EntityQueryPlanQuery, EntityQueryPlanQueryVariables>;
export const EventCatalogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"EventCatalog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"eventCatalog"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"schema"}},{"kind":"Field","name":{"kind":"Name","value":"example"}}]}}]}}]} as unknown as DocumentNode<EventCatalogQuery, EventCatalogQueryVariables>;
export const InsertRecordsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"InsertRecords"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"records"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"insertRecords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entity"}}},{"kind":"Argument","name":{"kind":"Name","value":"records"},"value":{"kind":"Variable","name":{"kind":"Name","value":"records"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}}]}}]}}]} as unknown as DocumentNode<InsertRecordsMutation, InsertRecordsMutationVariables>;
export const MetricDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Metric"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metric"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"entity"}},{"kind":"Field","name":{"kind":"Name","value":"aggregation"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"timeField"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<MetricQuery, MetricQueryVariables>;
export const MetricQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"MetricQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"metricName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"params"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"MetricQueryParamsInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metricQuery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"metricName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"metricName"}}},{"kind":"Argument","name":{"kind":"Name","value":"params"},"value":{"kind":"Variable","name":{"kind":"Name","value":"params"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"columns"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}}]}}]}}]} as unknown as DocumentNode<MetricQueryQuery, MetricQueryQueryVariables>;
export const MetricsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"metrics"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"entity"}},{"kind":"Field","name":{"kind":"Name","value":"aggregation"}},{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"timeField"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<MetricsQuery, MetricsQueryVariables>;
export const OutboxRecordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OutboxRecord"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"outboxRecord"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"webhookConfigId"}},{"kind":"Field","name":{"kind":"Name","value":"payloadJson"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"nextRetryAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attemptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}}]} as unknown as DocumentNode<OutboxRecordQuery, OutboxRecordQueryVariables>;
export const OutboxRecordResponsesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OutboxRecordResponses"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"outboxRecord"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attemptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"responseBody"}}]}}]}}]}}]} as unknown as DocumentNode<OutboxRecordResponsesQuery, OutboxRecordResponsesQueryVariables>;
export const OutboxRecordsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"OutboxRecords"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"status"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"OutboxStatus"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityName"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"webhookConfigId"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"outboxRecords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"status"},"value":{"kind":"Variable","name":{"kind":"Name","value":"status"}}},{"kind":"Argument","name":{"kind":"Name","value":"entityName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityName"}}},{"kind":"Argument","name":{"kind":"Name","value":"webhookConfigId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"webhookConfigId"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"webhookConfigId"}},{"kind":"Field","name":{"kind":"Name","value":"payloadJson"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"nextRetryAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attemptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<OutboxRecordsQuery, OutboxRecordsQueryVariables>;
export const RedeliverOutboxRecordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RedeliverOutboxRecord"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverOutboxRecord"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"operation"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}},{"kind":"Field","name":{"kind":"Name","value":"webhookConfigId"}},{"kind":"Field","name":{"kind":"Name","value":"payloadJson"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"retryCount"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"nextRetryAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastError"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"deliveredAt"}},{"kind":"Field","name":{"kind":"Name","value":"attempts"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attemptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}}]}}]}}]}}]} as unknown as DocumentNode<RedeliverOutboxRecordMutation, RedeliverOutboxRecordMutationVariables>;
export const ReplayOutboxRecordsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"ReplayOutboxRecords"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"filter"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"OutboxReplayFilter"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"replayOutboxRecords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"filter"},"value":{"kind":"Variable","name":{"kind":"Name","value":"filter"}}}]}]}}]} as unknown as DocumentNode<ReplayOutboxRecordsMutation, ReplayOutboxRecordsMutationVariables>;
export const RetryTriggerEventDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RetryTriggerEvent"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"retryTriggerEvent"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"triggerId"}},{"kind":"Field","name":{"kind":"Name","value":"actionStatus"}},{"kind":"Field","name":{"kind":"Name","value":"actionError"}}]}}]}}]} as unknown as DocumentNode<RetryTriggerEventMutation, RetryTriggerEventMutationVariables>;
export const RotateWebhookSecretDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateWebhookSecret"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}]}]}}]} as unknown as DocumentNode<RotateWebhookSecretMutation, RotateWebhookSecretMutationVariables>;
export const RotateWebhookSecretWithGraceDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateWebhookSecretWithGrace"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"graceSeconds"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateWebhookSecret"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"graceSeconds"},"value":{"kind":"Variable","name":{"kind":"Name","value":"graceSeconds"}}}]}]}}]} as unknown as DocumentNode<RotateWebhookSecretWithGraceMutation, RotateWebhookSecretWithGraceMutationVariables>;
export const SendTestDeliveryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"SendTestDelivery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"webhookConfigId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"data"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSON"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"sendTestDelivery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"webhookConfigId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"webhookConfigId"}}},{"kind":"Argument","name":{"kind":"Name","value":"data"},"value":{"kind":"Variable","name":{"kind":"Name","value":"data"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"attemptNumber"}},{"kind":"Field","name":{"kind":"Name","value":"startedAt"}},{"kind":"Field","name":{"kind":"Name","value":"durationMs"}},{"kind":"Field","name":{"kind":"Name","value":"statusCode"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"responseBody"}}]}}]}}]} as unknown as DocumentNode<SendTestDeliveryMutation, SendTestDeliveryMutationVariables>;
export const TriggerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Trigger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trigger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasWebhookSecret"}},{"kind":"Field","name":{"kind":"Name","value":"webhookTimestampHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSignatureHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookMaxSkewSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"}}]}}]}}]} as unknown as DocumentNode<TriggerQuery, TriggerQueryVariables>;
export const TriggerActionSettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TriggerActionSettings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"trigger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"hasWebhookSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"recordEntity"}},{"kind":"Field","name":{"kind":"Name","value":"recordOperation"}},{"kind":"Field","name":{"kind":"Name","value":"recordFieldMap"}}]}}]}}]} as unknown as DocumentNode<TriggerActionSettingsQuery, TriggerActionSettingsQueryVariables>;
export const TriggerEventActionsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TriggerEventActions"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"triggerId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"triggerEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"triggerId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"triggerId"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"signatureVerified"}},{"kind":"Field","name":{"kind":"Name","value":"actionStatus"}},{"kind":"Field","name":{"kind":"Name","value":"actionError"}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<TriggerEventActionsQuery, TriggerEventActionsQueryVariables>;
export const TriggerEventsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"TriggerEvents"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"triggerId"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"first"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"after"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"triggerEvents"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"triggerId"},"value":{"kind":"Variable","name":{"kind":"Name","value":"triggerId"}}},{"kind":"Argument","name":{"kind":"Name","value":"first"},"value":{"kind":"Variable","name":{"kind":"Name","value":"first"}}},{"kind":"Argument","name":{"kind":"Name","value":"after"},"value":{"kind":"Variable","name":{"kind":"Name","value":"after"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"triggerId"}},{"kind":"Field","name":{"kind":"Name","value":"receivedAt"}},{"kind":"Field","name":{"kind":"Name","value":"contentType"}},{"kind":"Field","name":{"kind":"Name","value":"body"}},{"kind":"Field","name":{"kind":"Name","value":"bodyBase64"}},{"kind":"Field","name":{"kind":"Name","value":"signatureVerified"}},{"kind":"Field","name":{"kind":"Name","value":"headers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"value"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"nextCursor"}}]}}]}}]} as unknown as DocumentNode<TriggerEventsQuery, TriggerEventsQueryVariables>;
export const TriggersDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Triggers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"triggers"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]} as unknown as DocumentNode<TriggersQuery, TriggersQueryVariables>;
export const UpdateOperationsWebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateOperationsWebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"operationalEvents"}}]}}]}}]} as unknown as DocumentNode<UpdateOperationsWebhookConfigMutation, UpdateOperationsWebhookConfigMutationVariables>;
export const UpdateRecordDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateRecord"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"patch"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateRecord"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entity"}}},{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"patch"},"value":{"kind":"Variable","name":{"kind":"Name","value":"patch"}}}]}]}}]} as unknown as DocumentNode<UpdateRecordMutation, UpdateRecordMutationVariables>;
export const UpdateTriggerDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateTrigger"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateTriggerInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateTrigger"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasWebhookSecret"}},{"kind":"Field","name":{"kind":"Name","value":"webhookTimestampHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookSignatureHeader"}},{"kind":"Field","name":{"kind":"Name","value":"webhookMaxSkewSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"}}]}}]}}]} as unknown as DocumentNode<UpdateTriggerMutation, UpdateTriggerMutationVariables>;
export const UpdateWebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"httpMethod"}},{"kind":"Field","name":{"kind":"Name","value":"headersJson"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"backoffInitialSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"backoffFactor"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"maxInFlight"}},{"kind":"Field","name":{"kind":"Name","value":"ordering"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"}}]}}]}}]} as unknown as DocumentNode<UpdateWebhookConfigMutation, UpdateWebhookConfigMutationVariables>;
export const UpdateWebhookConfigFilterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhookConfigFilter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"changedFields"}}]}}]}}]} as unknown as DocumentNode<UpdateWebhookConfigFilterMutation, UpdateWebhookConfigFilterMutationVariables>;
export const UpdateWebhookConfigSigningDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateWebhookConfigSigning"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateWebhookConfigInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateWebhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}}]}}]}}]} as unknown as DocumentNode<UpdateWebhookConfigSigningMutation, UpdateWebhookConfigSigningMutationVariables>;
export const UpsertRecordsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpsertRecords"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entity"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"records"}},"type":{"kind":"NonNullType","type":{"kind":"ListType","type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"upsertRecords"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entity"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entity"}}},{"kind":"Argument","name":{"kind":"Name","value":"records"},"value":{"kind":"Variable","name":{"kind":"Name","value":"records"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"requestId"}}]}}]}}]} as unknown as DocumentNode<UpsertRecordsMutation, UpsertRecordsMutationVariables>;
export const ViewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"View"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"name"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"view"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"name"},"value":{"kind":"Variable","name":{"kind":"Name","value":"name"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"entity"}},{"kind":"Field","name":{"kind":"Name","value":"select"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"agg"}},{"kind":"Field","name":{"kind":"Name","value":"alias"}}]}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"default"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<ViewQuery, ViewQueryVariables>;
export const ViewQueryDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"ViewQuery"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"viewName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"params"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"JSONObject"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"time"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"TimeConfigInput"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"viewQuery"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"viewName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"viewName"}}},{"kind":"Argument","name":{"kind":"Name","value":"params"},"value":{"kind":"Variable","name":{"kind":"Name","value":"params"}}},{"kind":"Argument","name":{"kind":"Name","value":"time"},"value":{"kind":"Variable","name":{"kind":"Name","value":"time"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"columns"}},{"kind":"Field","name":{"kind":"Name","value":"rows"}}]}}]}}]} as unknown as DocumentNode<ViewQueryQuery, ViewQueryQueryVariables>;
export const ViewsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Views"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"views"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"entity"}},{"kind":"Field","name":{"kind":"Name","value":"select"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"field"}},{"kind":"Field","name":{"kind":"Name","value":"agg"}},{"kind":"Field","name":{"kind":"Name","value":"alias"}}]}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"parameters"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"required"}},{"kind":"Field","name":{"kind":"Name","value":"default"}}]}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}}]}}]}}]} as unknown as DocumentNode<ViewsQuery, ViewsQueryVariables>;
export const WebhookConfigDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookConfig"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"httpMethod"}},{"kind":"Field","name":{"kind":"Name","value":"headersJson"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"backoffInitialSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"backoffFactor"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"maxInFlight"}},{"kind":"Field","name":{"kind":"Name","value":"ordering"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"}}]}}]}}]} as unknown as DocumentNode<WebhookConfigQuery, WebhookConfigQueryVariables>;
export const WebhookConfigFilterDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookConfigFilter"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"filter"}},{"kind":"Field","name":{"kind":"Name","value":"changedFields"}}]}}]}}]} as unknown as DocumentNode<WebhookConfigFilterQuery, WebhookConfigFilterQueryVariables>;
export const WebhookConfigHealthDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookConfigHealth"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"health"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"circuit"}},{"kind":"Field","name":{"kind":"Name","value":"consecutiveFailures"}},{"kind":"Field","name":{"kind":"Name","value":"lastSuccessAt"}},{"kind":"Field","name":{"kind":"Name","value":"lastFailureAt"}},{"kind":"Field","name":{"kind":"Name","value":"attempts24h"}},{"kind":"Field","name":{"kind":"Name","value":"failures24h"}},{"kind":"Field","name":{"kind":"Name","value":"p95DurationMs24h"}}]}}]}}]}}]} as unknown as DocumentNode<WebhookConfigHealthQuery, WebhookConfigHealthQueryVariables>;
export const WebhookConfigSigningDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookConfigSigning"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookConfig"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"signatureScheme"}},{"kind":"Field","name":{"kind":"Name","value":"previousSecretExpiresAt"}}]}}]}}]} as unknown as DocumentNode<WebhookConfigSigningQuery, WebhookConfigSigningQueryVariables>;
export const WebhookConfigsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookConfigs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"page"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"pageSize"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityName"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sortBy"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"WebhookConfigSortField"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"sortDirection"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"SortDirection"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookConfigs"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"page"},"value":{"kind":"Variable","name":{"kind":"Name","value":"page"}}},{"kind":"Argument","name":{"kind":"Name","value":"pageSize"},"value":{"kind":"Variable","name":{"kind":"Name","value":"pageSize"}}},{"kind":"Argument","name":{"kind":"Name","value":"entityName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityName"}}},{"kind":"Argument","name":{"kind":"Name","value":"sortBy"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sortBy"}}},{"kind":"Argument","name":{"kind":"Name","value":"sortDirection"},"value":{"kind":"Variable","name":{"kind":"Name","value":"sortDirection"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"httpMethod"}},{"kind":"Field","name":{"kind":"Name","value":"headersJson"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"backoffInitialSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"backoffFactor"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"maxInFlight"}},{"kind":"Field","name":{"kind":"Name","value":"ordering"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"}}]}},{"kind":"Field","name":{"kind":"Name","value":"page"}},{"kind":"Field","name":{"kind":"Name","value":"pageSize"}},{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"totalPages"}}]}}]}}]} as unknown as DocumentNode<WebhookConfigsQuery, WebhookConfigsQueryVariables>;
export const WebhookConfigsByEntityDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"WebhookConfigsByEntity"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"entityName"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"webhookConfigsByEntity"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"entityName"},"value":{"kind":"Variable","name":{"kind":"Name","value":"entityName"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"tenantId"}},{"kind":"Field","name":{"kind":"Name","value":"entityName"}},{"kind":"Field","name":{"kind":"Name","value":"events"}},{"kind":"Field","name":{"kind":"Name","value":"webhookUrl"}},{"kind":"Field","name":{"kind":"Name","value":"httpMethod"}},{"kind":"Field","name":{"kind":"Name","value":"headersJson"}},{"kind":"Field","name":{"kind":"Name","value":"timeoutMs"}},{"kind":"Field","name":{"kind":"Name","value":"maxRetries"}},{"kind":"Field","name":{"kind":"Name","value":"backoffInitialSeconds"}},{"kind":"Field","name":{"kind":"Name","value":"backoffFactor"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"hasSecret"}},{"kind":"Field","name":{"kind":"Name","value":"rateLimitPerSecond"}},{"kind":"Field","name":{"kind":"Name","value":"maxInFlight"}},{"kind":"Field","name":{"kind":"Name","value":"ordering"}},{"kind":"Field","name":{"kind":"Name","value":"createdAt"}},{"kind":"Field","name":{"kind":"Name","value":"updatedAt"}},{"kind":"Field","name":{"kind":"Name","value":"createdBy"}},{"kind":"Field","name":{"kind":"Name","value":"updatedBy"}}]}}]}}]} as unknown as DocumentNode<WebhookConfigsByEntityQuery, WebhookConfigsByEntityQueryVariables>;
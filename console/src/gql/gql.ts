/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "mutation ConsoleCreateTrigger($input: CreateTriggerInput!) {\n  createTrigger(input: $input) {\n    ...ConsoleTrigger\n  }\n}": typeof types.ConsoleCreateTriggerDocument,
    "mutation ConsoleCreateWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    ...ConsoleWebhookConfig\n  }\n}": typeof types.ConsoleCreateWebhookConfigDocument,
    "mutation ConsoleDefineEntity($input: DefineEntityInput!) {\n  defineEntity(input: $input) {\n    name\n    primaryKey\n    timeField\n    fields {\n      name\n      type\n    }\n    createdAt\n    updatedAt\n  }\n}": typeof types.ConsoleDefineEntityDocument,
    "mutation ConsoleDefineMetric($input: DefineMetricInput!) {\n  defineMetric(input: $input) {\n    name\n  }\n}": typeof types.ConsoleDefineMetricDocument,
    "mutation ConsoleDefineView($input: DefineViewInput!) {\n  defineView(input: $input) {\n    name\n  }\n}": typeof types.ConsoleDefineViewDocument,
    "mutation ConsoleDeleteTrigger($id: ID!) {\n  deleteTrigger(id: $id)\n}": typeof types.ConsoleDeleteTriggerDocument,
    "mutation ConsoleDeleteWebhookConfig($id: ID!) {\n  deleteWebhookConfig(id: $id)\n}": typeof types.ConsoleDeleteWebhookConfigDocument,
    "mutation ConsoleDropEntity($name: String!) {\n  dropEntity(name: $name)\n}": typeof types.ConsoleDropEntityDocument,
    "query ConsoleEntities {\n  entities {\n    name\n    primaryKey\n    timeField\n    fields {\n      name\n      type\n    }\n    createdAt\n    updatedAt\n  }\n}": typeof types.ConsoleEntitiesDocument,
    "query ConsoleEntityQuery($input: EntityQueryInput!) {\n  entityQuery(input: $input) {\n    columns\n    rows\n  }\n}": typeof types.ConsoleEntityQueryDocument,
    "query ConsoleEventCatalog {\n  eventCatalog {\n    entityName\n    operation\n    schema\n    example\n  }\n}": typeof types.ConsoleEventCatalogDocument,
    "query ConsoleMetricQuery($metricName: String!, $params: MetricQueryParamsInput) {\n  metricQuery(metricName: $metricName, params: $params) {\n    columns\n    rows\n  }\n}": typeof types.ConsoleMetricQueryDocument,
    "query ConsoleMetricsAndViews {\n  metrics {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n  }\n  views {\n    name\n    entity\n    filter\n    select {\n      field\n      agg\n      alias\n    }\n    parameters {\n      name\n      type\n      required\n      default\n    }\n  }\n}": typeof types.ConsoleMetricsAndViewsDocument,
    "query ConsoleOutboxRecord($id: ID!) {\n  outboxRecord(id: $id) {\n    ...ConsoleOutboxRecordSummary\n    requestId\n    payloadJson\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n      responseBody\n    }\n  }\n}": typeof types.ConsoleOutboxRecordDocument,
    "fragment ConsoleOutboxRecordSummary on OutboxRecord {\n  id\n  entityName\n  operation\n  webhookConfigId\n  status\n  retryCount\n  maxRetries\n  nextRetryAt\n  lastError\n  createdAt\n  updatedAt\n  deliveredAt\n}": typeof types.ConsoleOutboxRecordSummaryFragmentDoc,
    "query ConsoleOutboxRecords($status: OutboxStatus, $webhookConfigId: ID, $requestId: String, $createdAfter: DateTime, $createdBefore: DateTime, $first: Int, $after: String) {\n  outboxRecords(\n    status: $status\n    webhookConfigId: $webhookConfigId\n    requestId: $requestId\n    createdAfter: $createdAfter\n    createdBefore: $createdBefore\n    first: $first\n    after: $after\n  ) {\n    items {\n      ...ConsoleOutboxRecordSummary\n    }\n    nextCursor\n  }\n}": typeof types.ConsoleOutboxRecordsDocument,
    "mutation ConsoleRedeliverOutboxRecord($id: ID!) {\n  redeliverOutboxRecord(id: $id) {\n    ...ConsoleOutboxRecordSummary\n  }\n}": typeof types.ConsoleRedeliverOutboxRecordDocument,
    "mutation ConsoleReplayOutboxRecords($filter: OutboxReplayFilter!) {\n  replayOutboxRecords(filter: $filter)\n}": typeof types.ConsoleReplayOutboxRecordsDocument,
    "mutation ConsoleRetryTriggerEvent($id: ID!) {\n  retryTriggerEvent(id: $id) {\n    id\n    actionStatus\n    actionError\n  }\n}": typeof types.ConsoleRetryTriggerEventDocument,
    "mutation ConsoleRotateWebhookSecret($id: ID!, $graceSeconds: Int) {\n  rotateWebhookSecret(id: $id, graceSeconds: $graceSeconds)\n}": typeof types.ConsoleRotateWebhookSecretDocument,
    "mutation ConsoleSendTestDelivery($webhookConfigId: ID!, $data: JSON) {\n  sendTestDelivery(webhookConfigId: $webhookConfigId, data: $data) {\n    attemptNumber\n    startedAt\n    durationMs\n    statusCode\n    error\n    responseBody\n  }\n}": typeof types.ConsoleSendTestDeliveryDocument,
    "query ConsoleTriggerEvents($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      triggerId\n      receivedAt\n      contentType\n      body\n      signatureVerified\n      actionStatus\n      actionError\n    }\n    nextCursor\n  }\n}": typeof types.ConsoleTriggerEventsDocument,
    "fragment ConsoleTrigger on Trigger {\n  id\n  name\n  enabled\n  hasWebhookSecret\n  signatureScheme\n  webhookTimestampHeader\n  webhookSignatureHeader\n  webhookMaxSkewSeconds\n  action\n  recordEntity\n  recordOperation\n  recordFieldMap\n  createdAt\n  updatedAt\n}": typeof types.ConsoleTriggerFragmentDoc,
    "query ConsoleTriggers {\n  triggers {\n    ...ConsoleTrigger\n  }\n}": typeof types.ConsoleTriggersDocument,
    "mutation ConsoleUpdateTrigger($id: ID!, $input: UpdateTriggerInput!) {\n  updateTrigger(id: $id, input: $input) {\n    ...ConsoleTrigger\n  }\n}": typeof types.ConsoleUpdateTriggerDocument,
    "mutation ConsoleUpdateWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    ...ConsoleWebhookConfig\n  }\n}": typeof types.ConsoleUpdateWebhookConfigDocument,
    "mutation ConsoleUpsertRecords($entity: String!, $records: [JSONObject!]!) {\n  upsertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}": typeof types.ConsoleUpsertRecordsDocument,
    "query ConsoleViewQuery($viewName: String!, $params: JSONObject, $time: TimeConfigInput, $limit: Int, $offset: Int) {\n  viewQuery(\n    viewName: $viewName\n    params: $params\n    time: $time\n    limit: $limit\n    offset: $offset\n  ) {\n    columns\n    rows\n  }\n}": typeof types.ConsoleViewQueryDocument,
    "fragment ConsoleWebhookConfig on WebhookConfig {\n  id\n  entityName\n  webhookUrl\n  events\n  operationalEvents\n  filter\n  changedFields\n  enabled\n  hasSecret\n  signatureScheme\n  previousSecretExpiresAt\n  httpMethod\n  headersJson\n  timeoutMs\n  maxRetries\n  backoffInitialSeconds\n  backoffFactor\n  rateLimitPerSecond\n  maxInFlight\n  ordering\n  createdAt\n  updatedAt\n}": typeof types.ConsoleWebhookConfigFragmentDoc,
    "query ConsoleWebhookConfigs($page: Int, $pageSize: Int) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    sortBy: CREATED_AT\n    sortDirection: DESC\n  ) {\n    items {\n      ...ConsoleWebhookConfig\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}": typeof types.ConsoleWebhookConfigsDocument,
    "query ConsoleWebhookConfigsWithHealth($page: Int, $pageSize: Int) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    sortBy: CREATED_AT\n    sortDirection: DESC\n  ) {\n    items {\n      ...ConsoleWebhookConfig\n      health {\n        circuit\n        consecutiveFailures\n        lastSuccessAt\n        lastFailureAt\n        attempts24h\n        failures24h\n        p95DurationMs24h\n      }\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}": typeof types.ConsoleWebhookConfigsWithHealthDocument,
    "mutation ConsoleInsertRecords($entity: String!, $records: [JSONObject!]!) {\n  insertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}": typeof types.ConsoleInsertRecordsDocument,
};
const documents: Documents = {
    "mutation ConsoleCreateTrigger($input: CreateTriggerInput!) {\n  createTrigger(input: $input) {\n    ...ConsoleTrigger\n  }\n}": types.ConsoleCreateTriggerDocument,
    "mutation ConsoleCreateWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    ...ConsoleWebhookConfig\n  }\n}": types.ConsoleCreateWebhookConfigDocument,
    "mutation ConsoleDefineEntity($input: DefineEntityInput!) {\n  defineEntity(input: $input) {\n    name\n    primaryKey\n    timeField\n    fields {\n      name\n      type\n    }\n    createdAt\n    updatedAt\n  }\n}": types.ConsoleDefineEntityDocument,
    "mutation ConsoleDefineMetric($input: DefineMetricInput!) {\n  defineMetric(input: $input) {\n    name\n  }\n}": types.ConsoleDefineMetricDocument,
    "mutation ConsoleDefineView($input: DefineViewInput!) {\n  defineView(input: $input) {\n    name\n  }\n}": types.ConsoleDefineViewDocument,
    "mutation ConsoleDeleteTrigger($id: ID!) {\n  deleteTrigger(id: $id)\n}": types.ConsoleDeleteTriggerDocument,
    "mutation ConsoleDeleteWebhookConfig($id: ID!) {\n  deleteWebhookConfig(id: $id)\n}": types.ConsoleDeleteWebhookConfigDocument,
    "mutation ConsoleDropEntity($name: String!) {\n  dropEntity(name: $name)\n}": types.ConsoleDropEntityDocument,
    "query ConsoleEntities {\n  entities {\n    name\n    primaryKey\n    timeField\n    fields {\n      name\n      type\n    }\n    createdAt\n    updatedAt\n  }\n}": types.ConsoleEntitiesDocument,
    "query ConsoleEntityQuery($input: EntityQueryInput!) {\n  entityQuery(input: $input) {\n    columns\n    rows\n  }\n}": types.ConsoleEntityQueryDocument,
    "query ConsoleEventCatalog {\n  eventCatalog {\n    entityName\n    operation\n    schema\n    example\n  }\n}": types.ConsoleEventCatalogDocument,
    "query ConsoleMetricQuery($metricName: String!, $params: MetricQueryParamsInput) {\n  metricQuery(metricName: $metricName, params: $params) {\n    columns\n    rows\n  }\n}": types.ConsoleMetricQueryDocument,
    "query ConsoleMetricsAndViews {\n  metrics {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n  }\n  views {\n    name\n    entity\n    filter\n    select {\n      field\n      agg\n      alias\n    }\n    parameters {\n      name\n      type\n      required\n      default\n    }\n  }\n}": types.ConsoleMetricsAndViewsDocument,
    "query ConsoleOutboxRecord($id: ID!) {\n  outboxRecord(id: $id) {\n    ...ConsoleOutboxRecordSummary\n    requestId\n    payloadJson\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n      responseBody\n    }\n  }\n}": types.ConsoleOutboxRecordDocument,
    "fragment ConsoleOutboxRecordSummary on OutboxRecord {\n  id\n  entityName\n  operation\n  webhookConfigId\n  status\n  retryCount\n  maxRetries\n  nextRetryAt\n  lastError\n  createdAt\n  updatedAt\n  deliveredAt\n}": types.ConsoleOutboxRecordSummaryFragmentDoc,
    "query ConsoleOutboxRecords($status: OutboxStatus, $webhookConfigId: ID, $requestId: String, $createdAfter: DateTime, $createdBefore: DateTime, $first: Int, $after: String) {\n  outboxRecords(\n    status: $status\n    webhookConfigId: $webhookConfigId\n    requestId: $requestId\n    createdAfter: $createdAfter\n    createdBefore: $createdBefore\n    first: $first\n    after: $after\n  ) {\n    items {\n      ...ConsoleOutboxRecordSummary\n    }\n    nextCursor\n  }\n}": types.ConsoleOutboxRecordsDocument,
    "mutation ConsoleRedeliverOutboxRecord($id: ID!) {\n  redeliverOutboxRecord(id: $id) {\n    ...ConsoleOutboxRecordSummary\n  }\n}": types.ConsoleRedeliverOutboxRecordDocument,
    "mutation ConsoleReplayOutboxRecords($filter: OutboxReplayFilter!) {\n  replayOutboxRecords(filter: $filter)\n}": types.ConsoleReplayOutboxRecordsDocument,
    "mutation ConsoleRetryTriggerEvent($id: ID!) {\n  retryTriggerEvent(id: $id) {\n    id\n    actionStatus\n    actionError\n  }\n}": types.ConsoleRetryTriggerEventDocument,
    "mutation ConsoleRotateWebhookSecret($id: ID!, $graceSeconds: Int) {\n  rotateWebhookSecret(id: $id, graceSeconds: $graceSeconds)\n}": types.ConsoleRotateWebhookSecretDocument,
    "mutation ConsoleSendTestDelivery($webhookConfigId: ID!, $data: JSON) {\n  sendTestDelivery(webhookConfigId: $webhookConfigId, data: $data) {\n    attemptNumber\n    startedAt\n    durationMs\n    statusCode\n    error\n    responseBody\n  }\n}": types.ConsoleSendTestDeliveryDocument,
    "query ConsoleTriggerEvents($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      triggerId\n      receivedAt\n      contentType\n      body\n      signatureVerified\n      actionStatus\n      actionError\n    }\n    nextCursor\n  }\n}": types.ConsoleTriggerEventsDocument,
    "fragment ConsoleTrigger on Trigger {\n  id\n  name\n  enabled\n  hasWebhookSecret\n  signatureScheme\n  webhookTimestampHeader\n  webhookSignatureHeader\n  webhookMaxSkewSeconds\n  action\n  recordEntity\n  recordOperation\n  recordFieldMap\n  createdAt\n  updatedAt\n}": types.ConsoleTriggerFragmentDoc,
    "query ConsoleTriggers {\n  triggers {\n    ...ConsoleTrigger\n  }\n}": types.ConsoleTriggersDocument,
    "mutation ConsoleUpdateTrigger($id: ID!, $input: UpdateTriggerInput!) {\n  updateTrigger(id: $id, input: $input) {\n    ...ConsoleTrigger\n  }\n}": types.ConsoleUpdateTriggerDocument,
    "mutation ConsoleUpdateWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    ...ConsoleWebhookConfig\n  }\n}": types.ConsoleUpdateWebhookConfigDocument,
    "mutation ConsoleUpsertRecords($entity: String!, $records: [JSONObject!]!) {\n  upsertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}": types.ConsoleUpsertRecordsDocument,
    "query ConsoleViewQuery($viewName: String!, $params: JSONObject, $time: TimeConfigInput, $limit: Int, $offset: Int) {\n  viewQuery(\n    viewName: $viewName\n    params: $params\n    time: $time\n    limit: $limit\n    offset: $offset\n  ) {\n    columns\n    rows\n  }\n}": types.ConsoleViewQueryDocument,
    "fragment ConsoleWebhookConfig on WebhookConfig {\n  id\n  entityName\n  webhookUrl\n  events\n  operationalEvents\n  filter\n  changedFields\n  enabled\n  hasSecret\n  signatureScheme\n  previousSecretExpiresAt\n  httpMethod\n  headersJson\n  timeoutMs\n  maxRetries\n  backoffInitialSeconds\n  backoffFactor\n  rateLimitPerSecond\n  maxInFlight\n  ordering\n  createdAt\n  updatedAt\n}": types.ConsoleWebhookConfigFragmentDoc,
    "query ConsoleWebhookConfigs($page: Int, $pageSize: Int) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    sortBy: CREATED_AT\n    sortDirection: DESC\n  ) {\n    items {\n      ...ConsoleWebhookConfig\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}": types.ConsoleWebhookConfigsDocument,
    "query ConsoleWebhookConfigsWithHealth($page: Int, $pageSize: Int) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    sortBy: CREATED_AT\n    sortDirection: DESC\n  ) {\n    items {\n      ...ConsoleWebhookConfig\n      health {\n        circuit\n        consecutiveFailures\n        lastSuccessAt\n        lastFailureAt\n        attempts24h\n        failures24h\n        p95DurationMs24h\n      }\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}": types.ConsoleWebhookConfigsWithHealthDocument,
    "mutation ConsoleInsertRecords($entity: String!, $records: [JSONObject!]!) {\n  insertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}": types.ConsoleInsertRecordsDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleCreateTrigger($input: CreateTriggerInput!) {\n  createTrigger(input: $input) {\n    ...ConsoleTrigger\n  }\n}"): (typeof documents)["mutation ConsoleCreateTrigger($input: CreateTriggerInput!) {\n  createTrigger(input: $input) {\n    ...ConsoleTrigger\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleCreateWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    ...ConsoleWebhookConfig\n  }\n}"): (typeof documents)["mutation ConsoleCreateWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    ...ConsoleWebhookConfig\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleDefineEntity($input: DefineEntityInput!) {\n  defineEntity(input: $input) {\n    name\n    primaryKey\n    timeField\n    fields {\n      name\n      type\n    }\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["mutation ConsoleDefineEntity($input: DefineEntityInput!) {\n  defineEntity(input: $input) {\n    name\n    primaryKey\n    timeField\n    fields {\n      name\n      type\n    }\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleDefineMetric($input: DefineMetricInput!) {\n  defineMetric(input: $input) {\n    name\n  }\n}"): (typeof documents)["mutation ConsoleDefineMetric($input: DefineMetricInput!) {\n  defineMetric(input: $input) {\n    name\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleDefineView($input: DefineViewInput!) {\n  defineView(input: $input) {\n    name\n  }\n}"): (typeof documents)["mutation ConsoleDefineView($input: DefineViewInput!) {\n  defineView(input: $input) {\n    name\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleDeleteTrigger($id: ID!) {\n  deleteTrigger(id: $id)\n}"): (typeof documents)["mutation ConsoleDeleteTrigger($id: ID!) {\n  deleteTrigger(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleDeleteWebhookConfig($id: ID!) {\n  deleteWebhookConfig(id: $id)\n}"): (typeof documents)["mutation ConsoleDeleteWebhookConfig($id: ID!) {\n  deleteWebhookConfig(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleDropEntity($name: String!) {\n  dropEntity(name: $name)\n}"): (typeof documents)["mutation ConsoleDropEntity($name: String!) {\n  dropEntity(name: $name)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleEntities {\n  entities {\n    name\n    primaryKey\n    timeField\n    fields {\n      name\n      type\n    }\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["query ConsoleEntities {\n  entities {\n    name\n    primaryKey\n    timeField\n    fields {\n      name\n      type\n    }\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleEntityQuery($input: EntityQueryInput!) {\n  entityQuery(input: $input) {\n    columns\n    rows\n  }\n}"): (typeof documents)["query ConsoleEntityQuery($input: EntityQueryInput!) {\n  entityQuery(input: $input) {\n    columns\n    rows\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleEventCatalog {\n  eventCatalog {\n    entityName\n    operation\n    schema\n    example\n  }\n}"): (typeof documents)["query ConsoleEventCatalog {\n  eventCatalog {\n    entityName\n    operation\n    schema\n    example\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleMetricQuery($metricName: String!, $params: MetricQueryParamsInput) {\n  metricQuery(metricName: $metricName, params: $params) {\n    columns\n    rows\n  }\n}"): (typeof documents)["query ConsoleMetricQuery($metricName: String!, $params: MetricQueryParamsInput) {\n  metricQuery(metricName: $metricName, params: $params) {\n    columns\n    rows\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleMetricsAndViews {\n  metrics {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n  }\n  views {\n    name\n    entity\n    filter\n    select {\n      field\n      agg\n      alias\n    }\n    parameters {\n      name\n      type\n      required\n      default\n    }\n  }\n}"): (typeof documents)["query ConsoleMetricsAndViews {\n  metrics {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n  }\n  views {\n    name\n    entity\n    filter\n    select {\n      field\n      agg\n      alias\n    }\n    parameters {\n      name\n      type\n      required\n      default\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleOutboxRecord($id: ID!) {\n  outboxRecord(id: $id) {\n    ...ConsoleOutboxRecordSummary\n    requestId\n    payloadJson\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n      responseBody\n    }\n  }\n}"): (typeof documents)["query ConsoleOutboxRecord($id: ID!) {\n  outboxRecord(id: $id) {\n    ...ConsoleOutboxRecordSummary\n    requestId\n    payloadJson\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n      responseBody\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ConsoleOutboxRecordSummary on OutboxRecord {\n  id\n  entityName\n  operation\n  webhookConfigId\n  status\n  retryCount\n  maxRetries\n  nextRetryAt\n  lastError\n  createdAt\n  updatedAt\n  deliveredAt\n}"): (typeof documents)["fragment ConsoleOutboxRecordSummary on OutboxRecord {\n  id\n  entityName\n  operation\n  webhookConfigId\n  status\n  retryCount\n  maxRetries\n  nextRetryAt\n  lastError\n  createdAt\n  updatedAt\n  deliveredAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleOutboxRecords($status: OutboxStatus, $webhookConfigId: ID, $requestId: String, $createdAfter: DateTime, $createdBefore: DateTime, $first: Int, $after: String) {\n  outboxRecords(\n    status: $status\n    webhookConfigId: $webhookConfigId\n    requestId: $requestId\n    createdAfter: $createdAfter\n    createdBefore: $createdBefore\n    first: $first\n    after: $after\n  ) {\n    items {\n      ...ConsoleOutboxRecordSummary\n    }\n    nextCursor\n  }\n}"): (typeof documents)["query ConsoleOutboxRecords($status: OutboxStatus, $webhookConfigId: ID, $requestId: String, $createdAfter: DateTime, $createdBefore: DateTime, $first: Int, $after: String) {\n  outboxRecords(\n    status: $status\n    webhookConfigId: $webhookConfigId\n    requestId: $requestId\n    createdAfter: $createdAfter\n    createdBefore: $createdBefore\n    first: $first\n    after: $after\n  ) {\n    items {\n      ...ConsoleOutboxRecordSummary\n    }\n    nextCursor\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleRedeliverOutboxRecord($id: ID!) {\n  redeliverOutboxRecord(id: $id) {\n    ...ConsoleOutboxRecordSummary\n  }\n}"): (typeof documents)["mutation ConsoleRedeliverOutboxRecord($id: ID!) {\n  redeliverOutboxRecord(id: $id) {\n    ...ConsoleOutboxRecordSummary\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleReplayOutboxRecords($filter: OutboxReplayFilter!) {\n  replayOutboxRecords(filter: $filter)\n}"): (typeof documents)["mutation ConsoleReplayOutboxRecords($filter: OutboxReplayFilter!) {\n  replayOutboxRecords(filter: $filter)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleRetryTriggerEvent($id: ID!) {\n  retryTriggerEvent(id: $id) {\n    id\n    actionStatus\n    actionError\n  }\n}"): (typeof documents)["mutation ConsoleRetryTriggerEvent($id: ID!) {\n  retryTriggerEvent(id: $id) {\n    id\n    actionStatus\n    actionError\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleRotateWebhookSecret($id: ID!, $graceSeconds: Int) {\n  rotateWebhookSecret(id: $id, graceSeconds: $graceSeconds)\n}"): (typeof documents)["mutation ConsoleRotateWebhookSecret($id: ID!, $graceSeconds: Int) {\n  rotateWebhookSecret(id: $id, graceSeconds: $graceSeconds)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleSendTestDelivery($webhookConfigId: ID!, $data: JSON) {\n  sendTestDelivery(webhookConfigId: $webhookConfigId, data: $data) {\n    attemptNumber\n    startedAt\n    durationMs\n    statusCode\n    error\n    responseBody\n  }\n}"): (typeof documents)["mutation ConsoleSendTestDelivery($webhookConfigId: ID!, $data: JSON) {\n  sendTestDelivery(webhookConfigId: $webhookConfigId, data: $data) {\n    attemptNumber\n    startedAt\n    durationMs\n    statusCode\n    error\n    responseBody\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleTriggerEvents($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      triggerId\n      receivedAt\n      contentType\n      body\n      signatureVerified\n      actionStatus\n      actionError\n    }\n    nextCursor\n  }\n}"): (typeof documents)["query ConsoleTriggerEvents($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      triggerId\n      receivedAt\n      contentType\n      body\n      signatureVerified\n      actionStatus\n      actionError\n    }\n    nextCursor\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ConsoleTrigger on Trigger {\n  id\n  name\n  enabled\n  hasWebhookSecret\n  signatureScheme\n  webhookTimestampHeader\n  webhookSignatureHeader\n  webhookMaxSkewSeconds\n  action\n  recordEntity\n  recordOperation\n  recordFieldMap\n  createdAt\n  updatedAt\n}"): (typeof documents)["fragment ConsoleTrigger on Trigger {\n  id\n  name\n  enabled\n  hasWebhookSecret\n  signatureScheme\n  webhookTimestampHeader\n  webhookSignatureHeader\n  webhookMaxSkewSeconds\n  action\n  recordEntity\n  recordOperation\n  recordFieldMap\n  createdAt\n  updatedAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleTriggers {\n  triggers {\n    ...ConsoleTrigger\n  }\n}"): (typeof documents)["query ConsoleTriggers {\n  triggers {\n    ...ConsoleTrigger\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleUpdateTrigger($id: ID!, $input: UpdateTriggerInput!) {\n  updateTrigger(id: $id, input: $input) {\n    ...ConsoleTrigger\n  }\n}"): (typeof documents)["mutation ConsoleUpdateTrigger($id: ID!, $input: UpdateTriggerInput!) {\n  updateTrigger(id: $id, input: $input) {\n    ...ConsoleTrigger\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleUpdateWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    ...ConsoleWebhookConfig\n  }\n}"): (typeof documents)["mutation ConsoleUpdateWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    ...ConsoleWebhookConfig\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleUpsertRecords($entity: String!, $records: [JSONObject!]!) {\n  upsertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}"): (typeof documents)["mutation ConsoleUpsertRecords($entity: String!, $records: [JSONObject!]!) {\n  upsertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleViewQuery($viewName: String!, $params: JSONObject, $time: TimeConfigInput, $limit: Int, $offset: Int) {\n  viewQuery(\n    viewName: $viewName\n    params: $params\n    time: $time\n    limit: $limit\n    offset: $offset\n  ) {\n    columns\n    rows\n  }\n}"): (typeof documents)["query ConsoleViewQuery($viewName: String!, $params: JSONObject, $time: TimeConfigInput, $limit: Int, $offset: Int) {\n  viewQuery(\n    viewName: $viewName\n    params: $params\n    time: $time\n    limit: $limit\n    offset: $offset\n  ) {\n    columns\n    rows\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ConsoleWebhookConfig on WebhookConfig {\n  id\n  entityName\n  webhookUrl\n  events\n  operationalEvents\n  filter\n  changedFields\n  enabled\n  hasSecret\n  signatureScheme\n  previousSecretExpiresAt\n  httpMethod\n  headersJson\n  timeoutMs\n  maxRetries\n  backoffInitialSeconds\n  backoffFactor\n  rateLimitPerSecond\n  maxInFlight\n  ordering\n  createdAt\n  updatedAt\n}"): (typeof documents)["fragment ConsoleWebhookConfig on WebhookConfig {\n  id\n  entityName\n  webhookUrl\n  events\n  operationalEvents\n  filter\n  changedFields\n  enabled\n  hasSecret\n  signatureScheme\n  previousSecretExpiresAt\n  httpMethod\n  headersJson\n  timeoutMs\n  maxRetries\n  backoffInitialSeconds\n  backoffFactor\n  rateLimitPerSecond\n  maxInFlight\n  ordering\n  createdAt\n  updatedAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleWebhookConfigs($page: Int, $pageSize: Int) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    sortBy: CREATED_AT\n    sortDirection: DESC\n  ) {\n    items {\n      ...ConsoleWebhookConfig\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}"): (typeof documents)["query ConsoleWebhookConfigs($page: Int, $pageSize: Int) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    sortBy: CREATED_AT\n    sortDirection: DESC\n  ) {\n    items {\n      ...ConsoleWebhookConfig\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConsoleWebhookConfigsWithHealth($page: Int, $pageSize: Int) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    sortBy: CREATED_AT\n    sortDirection: DESC\n  ) {\n    items {\n      ...ConsoleWebhookConfig\n      health {\n        circuit\n        consecutiveFailures\n        lastSuccessAt\n        lastFailureAt\n        attempts24h\n        failures24h\n        p95DurationMs24h\n      }\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}"): (typeof documents)["query ConsoleWebhookConfigsWithHealth($page: Int, $pageSize: Int) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    sortBy: CREATED_AT\n    sortDirection: DESC\n  ) {\n    items {\n      ...ConsoleWebhookConfig\n      health {\n        circuit\n        consecutiveFailures\n        lastSuccessAt\n        lastFailureAt\n        attempts24h\n        failures24h\n        p95DurationMs24h\n      }\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ConsoleInsertRecords($entity: String!, $records: [JSONObject!]!) {\n  insertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}"): (typeof documents)["mutation ConsoleInsertRecords($entity: String!, $records: [JSONObject!]!) {\n  insertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
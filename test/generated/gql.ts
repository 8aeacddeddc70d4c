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
    "query BatchMetricQuery($metrics: [String!]!, $params: MetricQueryParamsInput) {\n  batchMetricQuery(metrics: $metrics, params: $params) {\n    metric\n    result {\n      columns\n      rows\n    }\n  }\n}": typeof types.BatchMetricQueryDocument,
    "query CheckEntityQuery($input: EntityQueryInput!) {\n  checkEntityQuery(input: $input) {\n    valid\n    errors {\n      field\n      message\n    }\n  }\n}": typeof types.CheckEntityQueryDocument,
    "mutation CreateFilteredWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    entityName\n    events\n    filter\n    changedFields\n  }\n}": typeof types.CreateFilteredWebhookConfigDocument,
    "mutation CreateOperationsWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    entityName\n    events\n    operationalEvents\n    webhookUrl\n    hasSecret\n  }\n}": typeof types.CreateOperationsWebhookConfigDocument,
    "mutation CreateSignedWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}": typeof types.CreateSignedWebhookConfigDocument,
    "mutation CreateTrigger($input: CreateTriggerInput!) {\n  createTrigger(input: $input) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": typeof types.CreateTriggerDocument,
    "mutation CreateWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": typeof types.CreateWebhookConfigDocument,
    "mutation DefineEntity($input: DefineEntityInput!) {\n  defineEntity(input: $input) {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}": typeof types.DefineEntityDocument,
    "mutation DefineMetric($input: DefineMetricInput!) {\n  defineMetric(input: $input) {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}": typeof types.DefineMetricDocument,
    "mutation DefineView($input: DefineViewInput!) {\n  defineView(input: $input) {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}": typeof types.DefineViewDocument,
    "mutation DeleteRecord($entity: String!, $id: ID!) {\n  deleteRecord(entity: $entity, id: $id)\n}": typeof types.DeleteRecordDocument,
    "mutation DeleteTrigger($id: ID!) {\n  deleteTrigger(id: $id)\n}": typeof types.DeleteTriggerDocument,
    "mutation DeleteWebhookConfig($id: ID!) {\n  deleteWebhookConfig(id: $id)\n}": typeof types.DeleteWebhookConfigDocument,
    "mutation DropEntity($name: String!) {\n  dropEntity(name: $name)\n}": typeof types.DropEntityDocument,
    "mutation DropMetric($name: String!) {\n  dropMetric(name: $name)\n}": typeof types.DropMetricDocument,
    "mutation DropView($name: String!) {\n  dropView(name: $name)\n}": typeof types.DropViewDocument,
    "query Entities {\n  entities {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}": typeof types.EntitiesDocument,
    "query Entity($name: String!) {\n  entity(name: $name) {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}": typeof types.EntityDocument,
    "query EntityQuery($input: EntityQueryInput!) {\n  entityQuery(input: $input) {\n    columns\n    rows\n  }\n}": typeof types.EntityQueryDocument,
    "query EntityQueryPlan($input: EntityQueryInput!) {\n  entityQueryPlan(input: $input)\n}": typeof types.EntityQueryPlanDocument,
    "query EventCatalog {\n  eventCatalog {\n    entityName\n    operation\n    schema\n    example\n  }\n}": typeof types.EventCatalogDocument,
    "mutation InsertRecords($entity: String!, $records: [JSONObject!]!) {\n  insertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}": typeof types.InsertRecordsDocument,
    "query Metric($name: String!) {\n  metric(name: $name) {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}": typeof types.MetricDocument,
    "query MetricQuery($metricName: String!, $params: MetricQueryParamsInput) {\n  metricQuery(metricName: $metricName, params: $params) {\n    columns\n    rows\n  }\n}": typeof types.MetricQueryDocument,
    "query Metrics {\n  metrics {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}": typeof types.MetricsDocument,
    "query OutboxRecord($id: ID!) {\n  outboxRecord(id: $id) {\n    id\n    entityName\n    operation\n    requestId\n    webhookConfigId\n    payloadJson\n    status\n    retryCount\n    maxRetries\n    nextRetryAt\n    lastError\n    createdAt\n    updatedAt\n    deliveredAt\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n    }\n  }\n}": typeof types.OutboxRecordDocument,
    "query OutboxRecordResponses($id: ID!) {\n  outboxRecord(id: $id) {\n    id\n    status\n    attempts {\n      attemptNumber\n      statusCode\n      error\n      responseBody\n    }\n  }\n}": typeof types.OutboxRecordResponsesDocument,
    "query OutboxRecords($status: OutboxStatus, $entityName: String, $webhookConfigId: ID, $first: Int, $after: String) {\n  outboxRecords(\n    status: $status\n    entityName: $entityName\n    webhookConfigId: $webhookConfigId\n    first: $first\n    after: $after\n  ) {\n    items {\n      id\n      entityName\n      operation\n      requestId\n      webhookConfigId\n      payloadJson\n      status\n      retryCount\n      maxRetries\n      nextRetryAt\n      lastError\n      createdAt\n      updatedAt\n      deliveredAt\n      attempts {\n        attemptNumber\n        startedAt\n        durationMs\n        statusCode\n        error\n      }\n    }\n    nextCursor\n  }\n}": typeof types.OutboxRecordsDocument,
    "mutation RedeliverOutboxRecord($id: ID!) {\n  redeliverOutboxRecord(id: $id) {\n    id\n    entityName\n    operation\n    requestId\n    webhookConfigId\n    payloadJson\n    status\n    retryCount\n    maxRetries\n    nextRetryAt\n    lastError\n    createdAt\n    updatedAt\n    deliveredAt\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n    }\n  }\n}": typeof types.RedeliverOutboxRecordDocument,
    "mutation ReplayOutboxRecords($filter: OutboxReplayFilter!) {\n  replayOutboxRecords(filter: $filter)\n}": typeof types.ReplayOutboxRecordsDocument,
    "mutation RetryTriggerEvent($id: ID!) {\n  retryTriggerEvent(id: $id) {\n    id\n    triggerId\n    actionStatus\n    actionError\n  }\n}": typeof types.RetryTriggerEventDocument,
    "mutation RotateWebhookSecret($id: ID!) {\n  rotateWebhookSecret(id: $id)\n}": typeof types.RotateWebhookSecretDocument,
    "mutation RotateWebhookSecretWithGrace($id: ID!, $graceSeconds: Int) {\n  rotateWebhookSecret(id: $id, graceSeconds: $graceSeconds)\n}": typeof types.RotateWebhookSecretWithGraceDocument,
    "mutation SendTestDelivery($webhookConfigId: ID!, $data: JSON) {\n  sendTestDelivery(webhookConfigId: $webhookConfigId, data: $data) {\n    attemptNumber\n    startedAt\n    durationMs\n    statusCode\n    error\n    responseBody\n  }\n}": typeof types.SendTestDeliveryDocument,
    "query Trigger($id: ID!) {\n  trigger(id: $id) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": typeof types.TriggerDocument,
    "query TriggerActionSettings($id: ID!) {\n  trigger(id: $id) {\n    id\n    hasWebhookSecret\n    signatureScheme\n    action\n    recordEntity\n    recordOperation\n    recordFieldMap\n  }\n}": typeof types.TriggerActionSettingsDocument,
    "query TriggerEventActions($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      receivedAt\n      body\n      signatureVerified\n      actionStatus\n      actionError\n    }\n    nextCursor\n  }\n}": typeof types.TriggerEventActionsDocument,
    "query TriggerEvents($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      triggerId\n      receivedAt\n      contentType\n      body\n      bodyBase64\n      signatureVerified\n      headers {\n        name\n        value\n      }\n    }\n    nextCursor\n  }\n}": typeof types.TriggerEventsDocument,
    "query Triggers {\n  triggers {\n    id\n    name\n  }\n}": typeof types.TriggersDocument,
    "mutation UpdateOperationsWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    entityName\n    events\n    operationalEvents\n  }\n}": typeof types.UpdateOperationsWebhookConfigDocument,
    "mutation UpdateRecord($entity: String!, $id: ID!, $patch: JSONObject!) {\n  updateRecord(entity: $entity, id: $id, patch: $patch)\n}": typeof types.UpdateRecordDocument,
    "mutation UpdateTrigger($id: ID!, $input: UpdateTriggerInput!) {\n  updateTrigger(id: $id, input: $input) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": typeof types.UpdateTriggerDocument,
    "mutation UpdateWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": typeof types.UpdateWebhookConfigDocument,
    "mutation UpdateWebhookConfigFilter($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    filter\n    changedFields\n  }\n}": typeof types.UpdateWebhookConfigFilterDocument,
    "mutation UpdateWebhookConfigSigning($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}": typeof types.UpdateWebhookConfigSigningDocument,
    "mutation UpsertRecords($entity: String!, $records: [JSONObject!]!) {\n  upsertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}": typeof types.UpsertRecordsDocument,
    "query View($name: String!) {\n  view(name: $name) {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}": typeof types.ViewDocument,
    "query ViewQuery($viewName: String!, $params: JSONObject, $time: TimeConfigInput, $limit: Int, $offset: Int) {\n  viewQuery(\n    viewName: $viewName\n    params: $params\n    time: $time\n    limit: $limit\n    offset: $offset\n  ) {\n    columns\n    rows\n  }\n}": typeof types.ViewQueryDocument,
    "query Views {\n  views {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}": typeof types.ViewsDocument,
    "query WebhookConfig($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": typeof types.WebhookConfigDocument,
    "query WebhookConfigFilter($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    filter\n    changedFields\n  }\n}": typeof types.WebhookConfigFilterDocument,
    "query WebhookConfigHealth($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    health {\n      circuit\n      consecutiveFailures\n      lastSuccessAt\n      lastFailureAt\n      attempts24h\n      failures24h\n      p95DurationMs24h\n    }\n  }\n}": typeof types.WebhookConfigHealthDocument,
    "query WebhookConfigSigning($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}": typeof types.WebhookConfigSigningDocument,
    "query WebhookConfigs($page: Int, $pageSize: Int, $entityName: String, $sortBy: WebhookConfigSortField, $sortDirection: SortDirection) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    entityName: $entityName\n    sortBy: $sortBy\n    sortDirection: $sortDirection\n  ) {\n    items {\n      id\n      tenantId\n      entityName\n      events\n      webhookUrl\n      httpMethod\n      headersJson\n      timeoutMs\n      maxRetries\n      backoffInitialSeconds\n      backoffFactor\n      enabled\n      hasSecret\n      rateLimitPerSecond\n      maxInFlight\n      ordering\n      createdAt\n      updatedAt\n      createdBy\n      updatedBy\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}": typeof types.WebhookConfigsDocument,
    "query WebhookConfigsByEntity($entityName: String!) {\n  webhookConfigsByEntity(entityName: $entityName) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": typeof types.WebhookConfigsByEntityDocument,
};
const documents: Documents = {
    "query BatchMetricQuery($metrics: [String!]!, $params: MetricQueryParamsInput) {\n  batchMetricQuery(metrics: $metrics, params: $params) {\n    metric\n    result {\n      columns\n      rows\n    }\n  }\n}": types.BatchMetricQueryDocument,
    "query CheckEntityQuery($input: EntityQueryInput!) {\n  checkEntityQuery(input: $input) {\n    valid\n    errors {\n      field\n      message\n    }\n  }\n}": types.CheckEntityQueryDocument,
    "mutation CreateFilteredWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    entityName\n    events\n    filter\n    changedFields\n  }\n}": types.CreateFilteredWebhookConfigDocument,
    "mutation CreateOperationsWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    entityName\n    events\n    operationalEvents\n    webhookUrl\n    hasSecret\n  }\n}": types.CreateOperationsWebhookConfigDocument,
    "mutation CreateSignedWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}": types.CreateSignedWebhookConfigDocument,
    "mutation CreateTrigger($input: CreateTriggerInput!) {\n  createTrigger(input: $input) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": types.CreateTriggerDocument,
    "mutation CreateWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": types.CreateWebhookConfigDocument,
    "mutation DefineEntity($input: DefineEntityInput!) {\n  defineEntity(input: $input) {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}": types.DefineEntityDocument,
    "mutation DefineMetric($input: DefineMetricInput!) {\n  defineMetric(input: $input) {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}": types.DefineMetricDocument,
    "mutation DefineView($input: DefineViewInput!) {\n  defineView(input: $input) {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}": types.DefineViewDocument,
    "mutation DeleteRecord($entity: String!, $id: ID!) {\n  deleteRecord(entity: $entity, id: $id)\n}": types.DeleteRecordDocument,
    "mutation DeleteTrigger($id: ID!) {\n  deleteTrigger(id: $id)\n}": types.DeleteTriggerDocument,
    "mutation DeleteWebhookConfig($id: ID!) {\n  deleteWebhookConfig(id: $id)\n}": types.DeleteWebhookConfigDocument,
    "mutation DropEntity($name: String!) {\n  dropEntity(name: $name)\n}": types.DropEntityDocument,
    "mutation DropMetric($name: String!) {\n  dropMetric(name: $name)\n}": types.DropMetricDocument,
    "mutation DropView($name: String!) {\n  dropView(name: $name)\n}": types.DropViewDocument,
    "query Entities {\n  entities {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}": types.EntitiesDocument,
    "query Entity($name: String!) {\n  entity(name: $name) {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}": types.EntityDocument,
    "query EntityQuery($input: EntityQueryInput!) {\n  entityQuery(input: $input) {\n    columns\n    rows\n  }\n}": types.EntityQueryDocument,
    "query EntityQueryPlan($input: EntityQueryInput!) {\n  entityQueryPlan(input: $input)\n}": types.EntityQueryPlanDocument,
    "query EventCatalog {\n  eventCatalog {\n    entityName\n    operation\n    schema\n    example\n  }\n}": types.EventCatalogDocument,
    "mutation InsertRecords($entity: String!, $records: [JSONObject!]!) {\n  insertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}": types.InsertRecordsDocument,
    "query Metric($name: String!) {\n  metric(name: $name) {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}": types.MetricDocument,
    "query MetricQuery($metricName: String!, $params: MetricQueryParamsInput) {\n  metricQuery(metricName: $metricName, params: $params) {\n    columns\n    rows\n  }\n}": types.MetricQueryDocument,
    "query Metrics {\n  metrics {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}": types.MetricsDocument,
    "query OutboxRecord($id: ID!) {\n  outboxRecord(id: $id) {\n    id\n    entityName\n    operation\n    requestId\n    webhookConfigId\n    payloadJson\n    status\n    retryCount\n    maxRetries\n    nextRetryAt\n    lastError\n    createdAt\n    updatedAt\n    deliveredAt\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n    }\n  }\n}": types.OutboxRecordDocument,
    "query OutboxRecordResponses($id: ID!) {\n  outboxRecord(id: $id) {\n    id\n    status\n    attempts {\n      attemptNumber\n      statusCode\n      error\n      responseBody\n    }\n  }\n}": types.OutboxRecordResponsesDocument,
    "query OutboxRecords($status: OutboxStatus, $entityName: String, $webhookConfigId: ID, $first: Int, $after: String) {\n  outboxRecords(\n    status: $status\n    entityName: $entityName\n    webhookConfigId: $webhookConfigId\n    first: $first\n    after: $after\n  ) {\n    items {\n      id\n      entityName\n      operation\n      requestId\n      webhookConfigId\n      payloadJson\n      status\n      retryCount\n      maxRetries\n      nextRetryAt\n      lastError\n      createdAt\n      updatedAt\n      deliveredAt\n      attempts {\n        attemptNumber\n        startedAt\n        durationMs\n        statusCode\n        error\n      }\n    }\n    nextCursor\n  }\n}": types.OutboxRecordsDocument,
    "mutation RedeliverOutboxRecord($id: ID!) {\n  redeliverOutboxRecord(id: $id) {\n    id\n    entityName\n    operation\n    requestId\n    webhookConfigId\n    payloadJson\n    status\n    retryCount\n    maxRetries\n    nextRetryAt\n    lastError\n    createdAt\n    updatedAt\n    deliveredAt\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n    }\n  }\n}": types.RedeliverOutboxRecordDocument,
    "mutation ReplayOutboxRecords($filter: OutboxReplayFilter!) {\n  replayOutboxRecords(filter: $filter)\n}": types.ReplayOutboxRecordsDocument,
    "mutation RetryTriggerEvent($id: ID!) {\n  retryTriggerEvent(id: $id) {\n    id\n    triggerId\n    actionStatus\n    actionError\n  }\n}": types.RetryTriggerEventDocument,
    "mutation RotateWebhookSecret($id: ID!) {\n  rotateWebhookSecret(id: $id)\n}": types.RotateWebhookSecretDocument,
    "mutation RotateWebhookSecretWithGrace($id: ID!, $graceSeconds: Int) {\n  rotateWebhookSecret(id: $id, graceSeconds: $graceSeconds)\n}": types.RotateWebhookSecretWithGraceDocument,
    "mutation SendTestDelivery($webhookConfigId: ID!, $data: JSON) {\n  sendTestDelivery(webhookConfigId: $webhookConfigId, data: $data) {\n    attemptNumber\n    startedAt\n    durationMs\n    statusCode\n    error\n    responseBody\n  }\n}": types.SendTestDeliveryDocument,
    "query Trigger($id: ID!) {\n  trigger(id: $id) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": types.TriggerDocument,
    "query TriggerActionSettings($id: ID!) {\n  trigger(id: $id) {\n    id\n    hasWebhookSecret\n    signatureScheme\n    action\n    recordEntity\n    recordOperation\n    recordFieldMap\n  }\n}": types.TriggerActionSettingsDocument,
    "query TriggerEventActions($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      receivedAt\n      body\n      signatureVerified\n      actionStatus\n      actionError\n    }\n    nextCursor\n  }\n}": types.TriggerEventActionsDocument,
    "query TriggerEvents($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      triggerId\n      receivedAt\n      contentType\n      body\n      bodyBase64\n      signatureVerified\n      headers {\n        name\n        value\n      }\n    }\n    nextCursor\n  }\n}": types.TriggerEventsDocument,
    "query Triggers {\n  triggers {\n    id\n    name\n  }\n}": types.TriggersDocument,
    "mutation UpdateOperationsWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    entityName\n    events\n    operationalEvents\n  }\n}": types.UpdateOperationsWebhookConfigDocument,
    "mutation UpdateRecord($entity: String!, $id: ID!, $patch: JSONObject!) {\n  updateRecord(entity: $entity, id: $id, patch: $patch)\n}": types.UpdateRecordDocument,
    "mutation UpdateTrigger($id: ID!, $input: UpdateTriggerInput!) {\n  updateTrigger(id: $id, input: $input) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": types.UpdateTriggerDocument,
    "mutation UpdateWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": types.UpdateWebhookConfigDocument,
    "mutation UpdateWebhookConfigFilter($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    filter\n    changedFields\n  }\n}": types.UpdateWebhookConfigFilterDocument,
    "mutation UpdateWebhookConfigSigning($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}": types.UpdateWebhookConfigSigningDocument,
    "mutation UpsertRecords($entity: String!, $records: [JSONObject!]!) {\n  upsertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}": types.UpsertRecordsDocument,
    "query View($name: String!) {\n  view(name: $name) {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}": types.ViewDocument,
    "query ViewQuery($viewName: String!, $params: JSONObject, $time: TimeConfigInput, $limit: Int, $offset: Int) {\n  viewQuery(\n    viewName: $viewName\n    params: $params\n    time: $time\n    limit: $limit\n    offset: $offset\n  ) {\n    columns\n    rows\n  }\n}": types.ViewQueryDocument,
    "query Views {\n  views {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}": types.ViewsDocument,
    "query WebhookConfig($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": types.WebhookConfigDocument,
    "query WebhookConfigFilter($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    filter\n    changedFields\n  }\n}": types.WebhookConfigFilterDocument,
    "query WebhookConfigHealth($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    health {\n      circuit\n      consecutiveFailures\n      lastSuccessAt\n      lastFailureAt\n      attempts24h\n      failures24h\n      p95DurationMs24h\n    }\n  }\n}": types.WebhookConfigHealthDocument,
    "query WebhookConfigSigning($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}": types.WebhookConfigSigningDocument,
    "query WebhookConfigs($page: Int, $pageSize: Int, $entityName: String, $sortBy: WebhookConfigSortField, $sortDirection: SortDirection) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    entityName: $entityName\n    sortBy: $sortBy\n    sortDirection: $sortDirection\n  ) {\n    items {\n      id\n      tenantId\n      entityName\n      events\n      webhookUrl\n      httpMethod\n      headersJson\n      timeoutMs\n      maxRetries\n      backoffInitialSeconds\n      backoffFactor\n      enabled\n      hasSecret\n      rateLimitPerSecond\n      maxInFlight\n      ordering\n      createdAt\n      updatedAt\n      createdBy\n      updatedBy\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}": types.WebhookConfigsDocument,
    "query WebhookConfigsByEntity($entityName: String!) {\n  webhookConfigsByEntity(entityName: $entityName) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}": types.WebhookConfigsByEntityDocument,
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
export function graphql(source: "query BatchMetricQuery($metrics: [String!]!, $params: MetricQueryParamsInput) {\n  batchMetricQuery(metrics: $metrics, params: $params) {\n    metric\n    result {\n      columns\n      rows\n    }\n  }\n}"): (typeof documents)["query BatchMetricQuery($metrics: [String!]!, $params: MetricQueryParamsInput) {\n  batchMetricQuery(metrics: $metrics, params: $params) {\n    metric\n    result {\n      columns\n      rows\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CheckEntityQuery($input: EntityQueryInput!) {\n  checkEntityQuery(input: $input) {\n    valid\n    errors {\n      field\n      message\n    }\n  }\n}"): (typeof documents)["query CheckEntityQuery($input: EntityQueryInput!) {\n  checkEntityQuery(input: $input) {\n    valid\n    errors {\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateFilteredWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    entityName\n    events\n    filter\n    changedFields\n  }\n}"): (typeof documents)["mutation CreateFilteredWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    entityName\n    events\n    filter\n    changedFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateOperationsWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    entityName\n    events\n    operationalEvents\n    webhookUrl\n    hasSecret\n  }\n}"): (typeof documents)["mutation CreateOperationsWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    entityName\n    events\n    operationalEvents\n    webhookUrl\n    hasSecret\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateSignedWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}"): (typeof documents)["mutation CreateSignedWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateTrigger($input: CreateTriggerInput!) {\n  createTrigger(input: $input) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"): (typeof documents)["mutation CreateTrigger($input: CreateTriggerInput!) {\n  createTrigger(input: $input) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"): (typeof documents)["mutation CreateWebhookConfig($input: CreateWebhookConfigInput!) {\n  createWebhookConfig(input: $input) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DefineEntity($input: DefineEntityInput!) {\n  defineEntity(input: $input) {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["mutation DefineEntity($input: DefineEntityInput!) {\n  defineEntity(input: $input) {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DefineMetric($input: DefineMetricInput!) {\n  defineMetric(input: $input) {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["mutation DefineMetric($input: DefineMetricInput!) {\n  defineMetric(input: $input) {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DefineView($input: DefineViewInput!) {\n  defineView(input: $input) {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["mutation DefineView($input: DefineViewInput!) {\n  defineView(input: $input) {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteRecord($entity: String!, $id: ID!) {\n  deleteRecord(entity: $entity, id: $id)\n}"): (typeof documents)["mutation DeleteRecord($entity: String!, $id: ID!) {\n  deleteRecord(entity: $entity, id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteTrigger($id: ID!) {\n  deleteTrigger(id: $id)\n}"): (typeof documents)["mutation DeleteTrigger($id: ID!) {\n  deleteTrigger(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteWebhookConfig($id: ID!) {\n  deleteWebhookConfig(id: $id)\n}"): (typeof documents)["mutation DeleteWebhookConfig($id: ID!) {\n  deleteWebhookConfig(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DropEntity($name: String!) {\n  dropEntity(name: $name)\n}"): (typeof documents)["mutation DropEntity($name: String!) {\n  dropEntity(name: $name)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DropMetric($name: String!) {\n  dropMetric(name: $name)\n}"): (typeof documents)["mutation DropMetric($name: String!) {\n  dropMetric(name: $name)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DropView($name: String!) {\n  dropView(name: $name)\n}"): (typeof documents)["mutation DropView($name: String!) {\n  dropView(name: $name)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Entities {\n  entities {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["query Entities {\n  entities {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Entity($name: String!) {\n  entity(name: $name) {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["query Entity($name: String!) {\n  entity(name: $name) {\n    name\n    fields {\n      name\n      type\n    }\n    primaryKey\n    timeField\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query EntityQuery($input: EntityQueryInput!) {\n  entityQuery(input: $input) {\n    columns\n    rows\n  }\n}"): (typeof documents)["query EntityQuery($input: EntityQueryInput!) {\n  entityQuery(input: $input) {\n    columns\n    rows\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query EntityQueryPlan($input: EntityQueryInput!) {\n  entityQueryPlan(input: $input)\n}"): (typeof documents)["query EntityQueryPlan($input: EntityQueryInput!) {\n  entityQueryPlan(input: $input)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query EventCatalog {\n  eventCatalog {\n    entityName\n    operation\n    schema\n    example\n  }\n}"): (typeof documents)["query EventCatalog {\n  eventCatalog {\n    entityName\n    operation\n    schema\n    example\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation InsertRecords($entity: String!, $records: [JSONObject!]!) {\n  insertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}"): (typeof documents)["mutation InsertRecords($entity: String!, $records: [JSONObject!]!) {\n  insertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Metric($name: String!) {\n  metric(name: $name) {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["query Metric($name: String!) {\n  metric(name: $name) {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MetricQuery($metricName: String!, $params: MetricQueryParamsInput) {\n  metricQuery(metricName: $metricName, params: $params) {\n    columns\n    rows\n  }\n}"): (typeof documents)["query MetricQuery($metricName: String!, $params: MetricQueryParamsInput) {\n  metricQuery(metricName: $metricName, params: $params) {\n    columns\n    rows\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Metrics {\n  metrics {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["query Metrics {\n  metrics {\n    name\n    entity\n    aggregation\n    field\n    timeField\n    filter\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OutboxRecord($id: ID!) {\n  outboxRecord(id: $id) {\n    id\n    entityName\n    operation\n    requestId\n    webhookConfigId\n    payloadJson\n    status\n    retryCount\n    maxRetries\n    nextRetryAt\n    lastError\n    createdAt\n    updatedAt\n    deliveredAt\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n    }\n  }\n}"): (typeof documents)["query OutboxRecord($id: ID!) {\n  outboxRecord(id: $id) {\n    id\n    entityName\n    operation\n    requestId\n    webhookConfigId\n    payloadJson\n    status\n    retryCount\n    maxRetries\n    nextRetryAt\n    lastError\n    createdAt\n    updatedAt\n    deliveredAt\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OutboxRecordResponses($id: ID!) {\n  outboxRecord(id: $id) {\n    id\n    status\n    attempts {\n      attemptNumber\n      statusCode\n      error\n      responseBody\n    }\n  }\n}"): (typeof documents)["query OutboxRecordResponses($id: ID!) {\n  outboxRecord(id: $id) {\n    id\n    status\n    attempts {\n      attemptNumber\n      statusCode\n      error\n      responseBody\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query OutboxRecords($status: OutboxStatus, $entityName: String, $webhookConfigId: ID, $first: Int, $after: String) {\n  outboxRecords(\n    status: $status\n    entityName: $entityName\n    webhookConfigId: $webhookConfigId\n    first: $first\n    after: $after\n  ) {\n    items {\n      id\n      entityName\n      operation\n      requestId\n      webhookConfigId\n      payloadJson\n      status\n      retryCount\n      maxRetries\n      nextRetryAt\n      lastError\n      createdAt\n      updatedAt\n      deliveredAt\n      attempts {\n        attemptNumber\n        startedAt\n        durationMs\n        statusCode\n        error\n      }\n    }\n    nextCursor\n  }\n}"): (typeof documents)["query OutboxRecords($status: OutboxStatus, $entityName: String, $webhookConfigId: ID, $first: Int, $after: String) {\n  outboxRecords(\n    status: $status\n    entityName: $entityName\n    webhookConfigId: $webhookConfigId\n    first: $first\n    after: $after\n  ) {\n    items {\n      id\n      entityName\n      operation\n      requestId\n      webhookConfigId\n      payloadJson\n      status\n      retryCount\n      maxRetries\n      nextRetryAt\n      lastError\n      createdAt\n      updatedAt\n      deliveredAt\n      attempts {\n        attemptNumber\n        startedAt\n        durationMs\n        statusCode\n        error\n      }\n    }\n    nextCursor\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RedeliverOutboxRecord($id: ID!) {\n  redeliverOutboxRecord(id: $id) {\n    id\n    entityName\n    operation\n    requestId\n    webhookConfigId\n    payloadJson\n    status\n    retryCount\n    maxRetries\n    nextRetryAt\n    lastError\n    createdAt\n    updatedAt\n    deliveredAt\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n    }\n  }\n}"): (typeof documents)["mutation RedeliverOutboxRecord($id: ID!) {\n  redeliverOutboxRecord(id: $id) {\n    id\n    entityName\n    operation\n    requestId\n    webhookConfigId\n    payloadJson\n    status\n    retryCount\n    maxRetries\n    nextRetryAt\n    lastError\n    createdAt\n    updatedAt\n    deliveredAt\n    attempts {\n      attemptNumber\n      startedAt\n      durationMs\n      statusCode\n      error\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ReplayOutboxRecords($filter: OutboxReplayFilter!) {\n  replayOutboxRecords(filter: $filter)\n}"): (typeof documents)["mutation ReplayOutboxRecords($filter: OutboxReplayFilter!) {\n  replayOutboxRecords(filter: $filter)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RetryTriggerEvent($id: ID!) {\n  retryTriggerEvent(id: $id) {\n    id\n    triggerId\n    actionStatus\n    actionError\n  }\n}"): (typeof documents)["mutation RetryTriggerEvent($id: ID!) {\n  retryTriggerEvent(id: $id) {\n    id\n    triggerId\n    actionStatus\n    actionError\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RotateWebhookSecret($id: ID!) {\n  rotateWebhookSecret(id: $id)\n}"): (typeof documents)["mutation RotateWebhookSecret($id: ID!) {\n  rotateWebhookSecret(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RotateWebhookSecretWithGrace($id: ID!, $graceSeconds: Int) {\n  rotateWebhookSecret(id: $id, graceSeconds: $graceSeconds)\n}"): (typeof documents)["mutation RotateWebhookSecretWithGrace($id: ID!, $graceSeconds: Int) {\n  rotateWebhookSecret(id: $id, graceSeconds: $graceSeconds)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SendTestDelivery($webhookConfigId: ID!, $data: JSON) {\n  sendTestDelivery(webhookConfigId: $webhookConfigId, data: $data) {\n    attemptNumber\n    startedAt\n    durationMs\n    statusCode\n    error\n    responseBody\n  }\n}"): (typeof documents)["mutation SendTestDelivery($webhookConfigId: ID!, $data: JSON) {\n  sendTestDelivery(webhookConfigId: $webhookConfigId, data: $data) {\n    attemptNumber\n    startedAt\n    durationMs\n    statusCode\n    error\n    responseBody\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Trigger($id: ID!) {\n  trigger(id: $id) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"): (typeof documents)["query Trigger($id: ID!) {\n  trigger(id: $id) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TriggerActionSettings($id: ID!) {\n  trigger(id: $id) {\n    id\n    hasWebhookSecret\n    signatureScheme\n    action\n    recordEntity\n    recordOperation\n    recordFieldMap\n  }\n}"): (typeof documents)["query TriggerActionSettings($id: ID!) {\n  trigger(id: $id) {\n    id\n    hasWebhookSecret\n    signatureScheme\n    action\n    recordEntity\n    recordOperation\n    recordFieldMap\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TriggerEventActions($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      receivedAt\n      body\n      signatureVerified\n      actionStatus\n      actionError\n    }\n    nextCursor\n  }\n}"): (typeof documents)["query TriggerEventActions($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      receivedAt\n      body\n      signatureVerified\n      actionStatus\n      actionError\n    }\n    nextCursor\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TriggerEvents($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      triggerId\n      receivedAt\n      contentType\n      body\n      bodyBase64\n      signatureVerified\n      headers {\n        name\n        value\n      }\n    }\n    nextCursor\n  }\n}"): (typeof documents)["query TriggerEvents($triggerId: ID!, $first: Int, $after: String) {\n  triggerEvents(triggerId: $triggerId, first: $first, after: $after) {\n    items {\n      id\n      triggerId\n      receivedAt\n      contentType\n      body\n      bodyBase64\n      signatureVerified\n      headers {\n        name\n        value\n      }\n    }\n    nextCursor\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Triggers {\n  triggers {\n    id\n    name\n  }\n}"): (typeof documents)["query Triggers {\n  triggers {\n    id\n    name\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateOperationsWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    entityName\n    events\n    operationalEvents\n  }\n}"): (typeof documents)["mutation UpdateOperationsWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    entityName\n    events\n    operationalEvents\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateRecord($entity: String!, $id: ID!, $patch: JSONObject!) {\n  updateRecord(entity: $entity, id: $id, patch: $patch)\n}"): (typeof documents)["mutation UpdateRecord($entity: String!, $id: ID!, $patch: JSONObject!) {\n  updateRecord(entity: $entity, id: $id, patch: $patch)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateTrigger($id: ID!, $input: UpdateTriggerInput!) {\n  updateTrigger(id: $id, input: $input) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"): (typeof documents)["mutation UpdateTrigger($id: ID!, $input: UpdateTriggerInput!) {\n  updateTrigger(id: $id, input: $input) {\n    id\n    tenantId\n    name\n    enabled\n    hasWebhookSecret\n    webhookTimestampHeader\n    webhookSignatureHeader\n    webhookMaxSkewSeconds\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"): (typeof documents)["mutation UpdateWebhookConfig($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateWebhookConfigFilter($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    filter\n    changedFields\n  }\n}"): (typeof documents)["mutation UpdateWebhookConfigFilter($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    filter\n    changedFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateWebhookConfigSigning($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}"): (typeof documents)["mutation UpdateWebhookConfigSigning($id: ID!, $input: UpdateWebhookConfigInput!) {\n  updateWebhookConfig(id: $id, input: $input) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpsertRecords($entity: String!, $records: [JSONObject!]!) {\n  upsertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}"): (typeof documents)["mutation UpsertRecords($entity: String!, $records: [JSONObject!]!) {\n  upsertRecords(entity: $entity, records: $records) {\n    count\n    requestId\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query View($name: String!) {\n  view(name: $name) {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["query View($name: String!) {\n  view(name: $name) {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ViewQuery($viewName: String!, $params: JSONObject, $time: TimeConfigInput, $limit: Int, $offset: Int) {\n  viewQuery(\n    viewName: $viewName\n    params: $params\n    time: $time\n    limit: $limit\n    offset: $offset\n  ) {\n    columns\n    rows\n  }\n}"): (typeof documents)["query ViewQuery($viewName: String!, $params: JSONObject, $time: TimeConfigInput, $limit: Int, $offset: Int) {\n  viewQuery(\n    viewName: $viewName\n    params: $params\n    time: $time\n    limit: $limit\n    offset: $offset\n  ) {\n    columns\n    rows\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Views {\n  views {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}"): (typeof documents)["query Views {\n  views {\n    name\n    entity\n    select {\n      field\n      agg\n      alias\n    }\n    filter\n    parameters {\n      name\n      type\n      required\n      default\n    }\n    createdAt\n    updatedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WebhookConfig($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"): (typeof documents)["query WebhookConfig($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WebhookConfigFilter($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    filter\n    changedFields\n  }\n}"): (typeof documents)["query WebhookConfigFilter($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    filter\n    changedFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WebhookConfigHealth($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    health {\n      circuit\n      consecutiveFailures\n      lastSuccessAt\n      lastFailureAt\n      attempts24h\n      failures24h\n      p95DurationMs24h\n    }\n  }\n}"): (typeof documents)["query WebhookConfigHealth($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    health {\n      circuit\n      consecutiveFailures\n      lastSuccessAt\n      lastFailureAt\n      attempts24h\n      failures24h\n      p95DurationMs24h\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WebhookConfigSigning($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}"): (typeof documents)["query WebhookConfigSigning($id: ID!) {\n  webhookConfig(id: $id) {\n    id\n    hasSecret\n    signatureScheme\n    previousSecretExpiresAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WebhookConfigs($page: Int, $pageSize: Int, $entityName: String, $sortBy: WebhookConfigSortField, $sortDirection: SortDirection) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    entityName: $entityName\n    sortBy: $sortBy\n    sortDirection: $sortDirection\n  ) {\n    items {\n      id\n      tenantId\n      entityName\n      events\n      webhookUrl\n      httpMethod\n      headersJson\n      timeoutMs\n      maxRetries\n      backoffInitialSeconds\n      backoffFactor\n      enabled\n      hasSecret\n      rateLimitPerSecond\n      maxInFlight\n      ordering\n      createdAt\n      updatedAt\n      createdBy\n      updatedBy\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}"): (typeof documents)["query WebhookConfigs($page: Int, $pageSize: Int, $entityName: String, $sortBy: WebhookConfigSortField, $sortDirection: SortDirection) {\n  webhookConfigs(\n    page: $page\n    pageSize: $pageSize\n    entityName: $entityName\n    sortBy: $sortBy\n    sortDirection: $sortDirection\n  ) {\n    items {\n      id\n      tenantId\n      entityName\n      events\n      webhookUrl\n      httpMethod\n      headersJson\n      timeoutMs\n      maxRetries\n      backoffInitialSeconds\n      backoffFactor\n      enabled\n      hasSecret\n      rateLimitPerSecond\n      maxInFlight\n      ordering\n      createdAt\n      updatedAt\n      createdBy\n      updatedBy\n    }\n    page\n    pageSize\n    total\n    totalPages\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query WebhookConfigsByEntity($entityName: String!) {\n  webhookConfigsByEntity(entityName: $entityName) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"): (typeof documents)["query WebhookConfigsByEntity($entityName: String!) {\n  webhookConfigsByEntity(entityName: $entityName) {\n    id\n    tenantId\n    entityName\n    events\n    webhookUrl\n    httpMethod\n    headersJson\n    timeoutMs\n    maxRetries\n    backoffInitialSeconds\n    backoffFactor\n    enabled\n    hasSecret\n    rateLimitPerSecond\n    maxInFlight\n    ordering\n    createdAt\n    updatedAt\n    createdBy\n    updatedBy\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;
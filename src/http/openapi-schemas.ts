import { AGGREGATIONS, FILTER_GROUPS, FILTER_OPERATORS, GRANULARITIES, MAX_LIMIT } from '../query/model';
import { FIELD_TYPES } from '../catalog/model';
import { ERROR_STATUS, type ErrorCode } from '../errors';
import {
  CHANGE_OPERATIONS,
  DELIVERY_ORDERINGS,
  OPERATIONAL_EVENT_KINDS,
  OPERATIONS_ENTITY,
  SIGNATURE_SCHEMES,
  SORT_FIELDS,
} from '../webhooks/model';

/**
 * The JSON Schemas the REST routes carry for their OpenAPI document (GET /openapi.json). They
 * describe; they do not decide: the service layer validates every request with the API's
 * codes, and responses are written as the handlers build them (see openapi.ts). Shared shapes
 * have an `$id` and become `components.schemas` of the document.
 */

const NAME = '^[a-z][a-z0-9_]{0,62}$';
const TIMESTAMP = { type: 'string', format: 'date-time', description: 'ISO 8601 UTC with milliseconds' };
const nullable = (type: string, extra: object = {}) => ({ type: [type, 'null'], ...extra });

const ErrorResponse = {
  $id: 'ErrorResponse',
  description: 'Every REST error. `details` only where there are field errors.',
  type: 'object',
  required: ['success', 'error'],
  additionalProperties: false,
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message', 'requestId'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', description: 'A stable error code, e.g. VALIDATION_FAILED' },
        message: { type: 'string' },
        details: {
          type: 'array',
          items: {
            type: 'object',
            required: ['field', 'message'],
            additionalProperties: false,
            properties: { field: { type: 'string' }, message: { type: 'string' } },
          },
        },
        requestId: { type: 'string', description: 'Equals the X-Request-Id response header' },
      },
    },
  },
};

const FieldError = {
  $id: 'FieldError',
  type: 'object',
  required: ['field', 'message'],
  additionalProperties: false,
  properties: { field: { type: 'string' }, message: { type: 'string' } },
};

/** The fields a create and an update of a webhook configuration take. */
const webhookConfigInputProperties = {
  entityName: { type: 'string', minLength: 1, maxLength: 128, description: 'Matched by exact name' },
  events: {
    type: 'string',
    description:
      `Comma-separated ${CHANGE_OPERATIONS.join(', ')}; trimmed, upper-cased, duplicates dropped. ` +
      `On an ${OPERATIONS_ENTITY} configuration: ${OPERATIONAL_EVENT_KINDS.join(', ')}`,
    examples: ['INSERT,UPDATE'],
  },
  webhookUrl: { type: 'string', format: 'uri', maxLength: 2048, description: 'Absolute http or https URL' },
  httpMethod: { type: 'string', description: 'Stored upper-cased; default POST' },
  headersJson: nullable('string', {
    description:
      'JSON object of header name to string value, as text; null or "" removes it. Host, Content-Length, ' +
      'Transfer-Encoding and Connection are refused (WEBHOOK_HEADERS_INVALID)',
  }),
  timeoutMs: { type: 'integer', minimum: 1, maximum: 60000, default: 3000 },
  maxRetries: { type: 'integer', minimum: 0, maximum: 100, default: 3 },
  backoffInitialSeconds: { type: 'integer', default: 5 },
  backoffFactor: { type: 'number', default: 2 },
  enabled: { type: 'boolean', default: true },
  secret: nullable('string', {
    writeOnly: true,
    maxLength: 1024,
    description:
      'Signing secret, write-only (responses carry hasSecret). null or "" removes it. STANDARD_WEBHOOKS ' +
      'needs whsec_ followed by base64 of 24..64 bytes',
  }),
  signatureScheme: nullable('string', {
    enum: [...SIGNATURE_SCHEMES, null],
    description: 'Any letter case; null = HOOKGATE_V1',
  }),
  rateLimitPerSecond: nullable('integer', { minimum: 1, maximum: 10000, description: 'null = off' }),
  maxInFlight: nullable('integer', { minimum: 1, maximum: 1000, description: 'null = off' }),
  ordering: nullable('string', { enum: [...DELIVERY_ORDERINGS, null], description: 'null = NONE' }),
  filter: nullable('object', {
    description:
      'Which changes are sent: the analytics filter language over operation, data.<field> and previous.<field> ' +
      'of the entity; null clears it',
  }),
  changedFields: nullable('array', {
    items: { type: 'string' },
    minItems: 1,
    description: 'An update is sent only when one of these fields of the entity changed; null clears it',
  }),
};

const CreateWebhookConfig = {
  $id: 'CreateWebhookConfig',
  type: 'object',
  description: 'Unknown fields, id, tenantId and audit fields are ignored.',
  required: ['entityName', 'events', 'webhookUrl'],
  properties: webhookConfigInputProperties,
};

const UpdateWebhookConfig = {
  $id: 'UpdateWebhookConfig',
  type: 'object',
  description: 'Omitted fields stay unchanged.',
  properties: webhookConfigInputProperties,
};

const webhookConfigProperties = {
  id: { type: 'string', format: 'uuid' },
  tenantId: { type: 'string' },
  entityName: { type: 'string' },
  events: { type: 'string', examples: ['INSERT,UPDATE'] },
  webhookUrl: { type: 'string' },
  httpMethod: { type: 'string' },
  headersJson: nullable('string'),
  timeoutMs: { type: 'integer' },
  maxRetries: { type: 'integer' },
  backoffInitialSeconds: { type: 'integer' },
  backoffFactor: { type: 'number' },
  enabled: { type: 'boolean' },
  hasSecret: { type: 'boolean' },
  signatureScheme: { type: 'string', enum: [...SIGNATURE_SCHEMES] },
  rateLimitPerSecond: nullable('integer'),
  maxInFlight: nullable('integer'),
  ordering: { type: 'string', enum: [...DELIVERY_ORDERINGS] },
  filter: nullable('object', { additionalProperties: true }),
  changedFields: nullable('array', { items: { type: 'string' } }),
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP,
  createdBy: nullable('string'),
  updatedBy: nullable('string'),
};

const WebhookConfig = {
  $id: 'WebhookConfig',
  type: 'object',
  required: Object.keys(webhookConfigProperties),
  additionalProperties: false,
  properties: webhookConfigProperties,
};

const WebhookConfigPage = {
  $id: 'WebhookConfigPage',
  type: 'object',
  required: ['items', 'page', 'pageSize', 'total', 'totalPages'],
  additionalProperties: false,
  properties: {
    items: { type: 'array', items: { $ref: 'WebhookConfig#' } },
    page: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100 },
    total: { type: 'integer', minimum: 0 },
    totalPages: { type: 'integer', minimum: 0, description: '0 when total is 0' },
  },
};

const EntityField = {
  $id: 'EntityField',
  type: 'object',
  required: ['name', 'type'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: NAME },
    type: { type: 'string', enum: [...FIELD_TYPES], description: 'Any letter case on input' },
  },
};

const DefineEntity = {
  $id: 'DefineEntity',
  type: 'object',
  required: ['name', 'fields', 'primaryKey'],
  properties: {
    name: { type: 'string', pattern: NAME },
    fields: { type: 'array', minItems: 1, maxItems: 200, items: { $ref: 'EntityField#' } },
    primaryKey: { type: 'string', description: 'A STRING, INTEGER, DECIMAL, DATE or TIMESTAMP field' },
    timeField: nullable('string', { description: 'A TIMESTAMP or DATE field' }),
  },
};

const Entity = {
  $id: 'Entity',
  type: 'object',
  required: ['name', 'fields', 'primaryKey', 'timeField', 'createdAt', 'updatedAt'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    fields: { type: 'array', items: { $ref: 'EntityField#' } },
    primaryKey: { type: 'string' },
    timeField: nullable('string'),
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
};

/** A filter condition or an AND/OR/NOT group of conditions. */
const Filter = {
  $id: 'Filter',
  description:
    'A condition `{ field, op, value }` or a group `{ op: AND|OR|NOT, conditions }` (NOT takes exactly one). ' +
    'IN/NOT_IN take an array, BETWEEN [low, high], IS_NULL/IS_NOT_NULL no value. A view filter may use ' +
    '`{ "$param": "<name>" }` as a value.',
  type: 'object',
  required: ['op'],
  properties: {
    op: { type: 'string', enum: [...FILTER_OPERATORS, ...FILTER_GROUPS] },
    field: { type: 'string' },
    value: {},
    conditions: { type: 'array', items: { $ref: 'Filter#' } },
  },
};

const SelectItem = {
  $id: 'SelectItem',
  type: 'object',
  description: 'COUNT may omit field (or give "*"). Non-aggregated items group when any item is aggregated.',
  properties: {
    field: { type: 'string' },
    agg: { type: 'string', enum: [...AGGREGATIONS] },
    alias: { type: 'string', minLength: 1 },
  },
};

const TimeConfig = {
  $id: 'TimeConfig',
  type: 'object',
  properties: {
    granularity: {
      type: 'string',
      enum: [...GRANULARITIES],
      description: 'Adds the first column `time` (bucket start), grouped and ordered by it',
    },
    range: {
      type: 'object',
      required: ['from', 'to'],
      description: 'Inclusive calendar days',
      properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
    },
  },
};

const paging = {
  limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 100 },
  offset: { type: 'integer', minimum: 0, default: 0 },
};

const EntityQuery = {
  $id: 'EntityQuery',
  type: 'object',
  required: ['entity', 'select'],
  properties: {
    entity: { type: 'string', description: 'An entity, or a view without required parameters' },
    select: { type: 'array', minItems: 1, maxItems: 100, items: { $ref: 'SelectItem#' } },
    filter: { $ref: 'Filter#' },
    time: { $ref: 'TimeConfig#' },
    ...paging,
  },
};

const MetricQueryParams = {
  $id: 'MetricQueryParams',
  type: 'object',
  properties: {
    dimensions: { type: 'array', items: { type: 'string' }, description: "Fields of the metric's entity" },
    filter: { $ref: 'Filter#' },
    time: { $ref: 'TimeConfig#' },
    ...paging,
  },
};

const BatchMetricQuery = {
  $id: 'BatchMetricQuery',
  type: 'object',
  required: ['metrics'],
  properties: {
    metrics: { type: 'array', minItems: 1, maxItems: 50, items: { type: 'string' } },
    params: { $ref: 'MetricQueryParams#' },
  },
};

const ViewQuery = {
  $id: 'ViewQuery',
  type: 'object',
  properties: {
    params: { type: 'object', description: "Values of the view's parameters by name" },
    time: { $ref: 'TimeConfig#' },
    ...paging,
  },
};

const TabularResult = {
  $id: 'TabularResult',
  type: 'object',
  required: ['columns', 'rows'],
  additionalProperties: false,
  properties: {
    columns: { type: 'array', items: { type: 'string' } },
    rows: {
      type: 'array',
      items: { type: 'array', items: {} },
      description:
        'Numbers for INTEGER, FLOAT, DECIMAL and COUNT/SUM/AVG, or a string of exact decimal digits when the value ' +
        "is beyond a JSON number's range (±1.7976931348623157e308); ISO 8601 UTC strings for TIMESTAMP and time; " +
        'YYYY-MM-DD for DATE; BOOLEAN and JSON as they are',
    },
  },
};

const defineMetricProperties = {
  name: { type: 'string', pattern: NAME },
  entity: { type: 'string' },
  aggregation: { type: 'string', enum: [...AGGREGATIONS] },
  field: nullable('string', { description: 'Required except for COUNT' }),
  timeField: nullable('string', { description: "Default: the entity's time field" }),
  filter: { $ref: 'Filter#' },
};

const DefineMetric = {
  $id: 'DefineMetric',
  type: 'object',
  required: ['name', 'entity', 'aggregation'],
  properties: defineMetricProperties,
};

const Metric = {
  $id: 'Metric',
  type: 'object',
  required: ['name', 'entity', 'aggregation', 'field', 'timeField', 'filter', 'createdAt', 'updatedAt'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    entity: { type: 'string' },
    aggregation: { type: 'string', enum: [...AGGREGATIONS] },
    field: nullable('string'),
    timeField: nullable('string'),
    filter: { oneOf: [{ $ref: 'Filter#' }, { type: 'null' }] },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
};

const ViewParameter = {
  $id: 'ViewParameter',
  type: 'object',
  required: ['name', 'type'],
  properties: {
    name: { type: 'string', pattern: NAME },
    type: { type: 'string', enum: [...FIELD_TYPES] },
    required: { type: 'boolean', default: false },
    default: { description: 'A value of the type; not with required' },
  },
};

const DefineView = {
  $id: 'DefineView',
  type: 'object',
  required: ['name', 'entity', 'select'],
  properties: {
    name: { type: 'string', pattern: NAME },
    entity: { type: 'string' },
    select: { type: 'array', minItems: 1, items: { $ref: 'SelectItem#' } },
    filter: { $ref: 'Filter#' },
    parameters: { type: 'array', maxItems: 50, items: { $ref: 'ViewParameter#' } },
  },
};

const View = {
  $id: 'View',
  type: 'object',
  required: ['name', 'entity', 'select', 'filter', 'parameters', 'createdAt', 'updatedAt'],
  additionalProperties: false,
  properties: {
    name: { type: 'string' },
    entity: { type: 'string' },
    select: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'agg', 'alias'],
        additionalProperties: false,
        properties: {
          field: nullable('string'),
          agg: { enum: [...AGGREGATIONS, null] },
          alias: nullable('string'),
        },
      },
    },
    filter: { oneOf: [{ $ref: 'Filter#' }, { type: 'null' }] },
    parameters: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'type', 'required', 'default'],
        additionalProperties: false,
        properties: {
          name: { type: 'string' },
          type: { type: 'string', enum: [...FIELD_TYPES] },
          required: { type: 'boolean' },
          default: {},
        },
      },
    },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
  },
};

/** Every shared schema, registered with app.addSchema before the routes (openapi.ts). */
export const SHARED_SCHEMAS = [
  ErrorResponse,
  FieldError,
  CreateWebhookConfig,
  UpdateWebhookConfig,
  WebhookConfig,
  WebhookConfigPage,
  EntityField,
  DefineEntity,
  Entity,
  Filter,
  SelectItem,
  TimeConfig,
  EntityQuery,
  MetricQueryParams,
  BatchMetricQuery,
  ViewQuery,
  TabularResult,
  DefineMetric,
  Metric,
  ViewParameter,
  DefineView,
  View,
];

/** A route schema key that makes its request body optional in the document (openapi.ts). */
export const OPTIONAL_BODY = 'x-body-optional';

export const ref = (id: string) => ({ $ref: `${id}#` });

/** `{ "success": true, "data": … }`, the envelope of record writes, analytics and intake. */
export function envelope(data: object, description: string, extra: Record<string, object> = {}) {
  return {
    description,
    type: 'object',
    required: ['success', 'data'],
    additionalProperties: false,
    properties: { success: { const: true }, data, ...extra },
  };
}

/** Security of every tenant-scoped route: a bearer JWT and the tenant it acts for. */
export const TENANT_SECURITY = [{ bearerAuth: [], tenantId: [] }];

/** What can go wrong on any tenant-scoped route, before its own checks. */
export const TENANT_ERRORS: ErrorCode[] = [
  'VALIDATION_FAILED',
  'TENANT_REQUIRED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'RATE_LIMITED',
  'UNAVAILABLE',
];

/** And on a route that reads a JSON body. */
export const BODY_ERRORS: ErrorCode[] = ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];

/**
 * Error responses of a route: one per status, in the error shape, with the codes that status can
 * carry there; `default` stands for the rest (408, 414, 431, 500 and the like, on any route).
 */
export function errorResponses(...codes: ErrorCode[]): Record<string, object> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, object> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[status] = {
      description: list.join(', '),
      allOf: [ref('ErrorResponse')],
      properties: { error: { properties: { code: { enum: list } } } },
    };
  }
  out.default = { description: 'Any other error, in the same shape', ...ref('ErrorResponse') };
  return out;
}

/** A 204 answer, which has no body. */
export const NO_CONTENT = { description: 'Done; no body', type: 'null' };

export const NAME_PARAMS = (what: string) => ({
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', description: `The ${what}'s name` } },
});

export const WEBHOOK_LIST_QUERY = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    size: { type: 'integer', minimum: 1, maximum: 100, description: 'Same as pageSize' },
    entityName: { type: 'string', maxLength: 128 },
    sortBy: { type: 'string', enum: [...SORT_FIELDS], default: 'createdAt' },
    sortDirection: { type: 'string', enum: ['ASC', 'DESC'], default: 'DESC', description: 'Any letter case' },
  },
};

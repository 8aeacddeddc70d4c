import { HEADER_NAME } from '../validation';
import { AppError } from '../errors';
import { FieldReader, parseQueryInt } from '../validation';
import {
  DELIVERY_ORDERINGS,
  SIGNATURE_SCHEMES,
  SORT_FIELDS,
  type ChangeOperation,
  type DeliveryOrdering,
  type ListQuery,
  type OperationalEventKind,
  type SignatureScheme,
  type SortField,
} from './model';
import { readEventKinds } from './event-kinds';
import { readChangeFilterShape } from './change-filter';
import { DEFAULT_ROTATION_GRACE_SECONDS, MAX_ROTATION_GRACE_SECONDS } from './secrets';

/** The validated, normalised fields of a create or update; absent fields are undefined. */
export interface WebhookConfigFields {
  entityName?: string;
  events?: ChangeOperation[];
  /** Set (to a list, or [] on an entity configuration) only when the body decides it. */
  operationalEvents?: OperationalEventKind[];
  webhookUrl?: string;
  httpMethod?: string;
  headersJson?: string | null;
  timeoutMs?: number;
  maxRetries?: number;
  backoffInitialSeconds?: number;
  backoffFactor?: number;
  enabled?: boolean;
  secret?: string | null;
  signatureScheme?: SignatureScheme;
  rateLimitPerSecond?: number | null;
  maxInFlight?: number | null;
  ordering?: DeliveryOrdering;
  /** Shapes only here; checked against the entity by the service (change-filter.ts). */
  filter?: Record<string, unknown> | null;
  changedFields?: string[] | null;
}

/** Longest header name a configuration may set. */
const MAX_HEADER_NAME = 256;
// Visible ASCII, space and tab (RFC 9110 field-value), so no CR/LF can split a request.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]{0,8192}$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Headers that decide where and how a delivery is framed: a configured value would redirect it
 * (Host, through a shared proxy or virtual host) or corrupt it (docs/api.md#delivery).
 */
const FORBIDDEN_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);

/**
 * headersJson must be JSON text of an object whose values are strings. Broken ones are
 * WEBHOOK_HEADERS_INVALID (not VALIDATION_FAILED), the code docs/api.md#errors gives them.
 */
function parseHeadersJson(text: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('WEBHOOK_HEADERS_INVALID', 'headersJson is not valid JSON', [
      { field: 'headersJson', message: 'is not valid JSON' },
    ]);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AppError('WEBHOOK_HEADERS_INVALID', 'headersJson must be a JSON object', [
      { field: 'headersJson', message: 'must be a JSON object of header name to string value' },
    ]);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') {
      throw new AppError('WEBHOOK_HEADERS_INVALID', 'headersJson values must be strings', [
        { field: 'headersJson', message: `value of "${name.slice(0, 64)}" must be a string` },
      ]);
    }
    if (name.length > MAX_HEADER_NAME || !HEADER_NAME.test(name) || !HEADER_VALUE.test(value)) {
      throw new AppError('WEBHOOK_HEADERS_INVALID', 'headersJson holds an invalid header', [
        { field: 'headersJson', message: `"${name.slice(0, 64)}" is not a valid header name and value` },
      ]);
    }
    if (FORBIDDEN_HEADERS.has(name.toLowerCase())) {
      throw new AppError('WEBHOOK_HEADERS_INVALID', `headersJson may not set ${name.slice(0, 64)}`, [
        {
          field: 'headersJson',
          message: `"${name.slice(0, 64)}" is set by the HTTP client; Host, Content-Length, Transfer-Encoding and Connection may not be configured`,
        },
      ]);
    }
    headers[name] = value;
  }
  return headers;
}

/**
 * Validates a create (all required fields) or update (any subset) body. Unknown fields are ignored.
 * `storedEntityName`: an update's stored entity, which decides (unless the body moves it) whether
 * the event kinds are entity changes or operational events.
 */
export function readWebhookConfigFields(
  body: unknown,
  mode: 'create' | 'update',
  storedEntityName?: string,
): WebhookConfigFields {
  const r = FieldReader.of(body);
  const required = mode === 'create';
  const out: WebhookConfigFields = {};
  out.entityName =
    r.string('entityName', {
      required,
      max: 128,
      pattern: /^[^\x00-\x1f\x7f]+$/,
      patternText: 'must not contain control characters',
    }) ?? undefined;
  readEventKinds(r, out, mode, storedEntityName);
  const url = r.string('webhookUrl', { required, max: 2048 });
  if (typeof url === 'string') {
    if (!isHttpUrl(url)) r.fail('webhookUrl', 'must be an absolute http or https URL');
    else out.webhookUrl = url;
  }
  const method = r.string('httpMethod', {
    max: 16,
    min: 1,
    pattern: /^[A-Za-z]+$/,
    patternText: 'must be an HTTP method name',
  });
  if (typeof method === 'string') out.httpMethod = method.toUpperCase();
  const headers = r.string('headersJson', { nullable: true, max: 16384 });
  if (headers === null || headers === '') out.headersJson = null;
  else if (typeof headers === 'string') out.headersJson = headers;
  out.timeoutMs = r.integer('timeoutMs', { min: 1, max: 60_000 });
  out.maxRetries = r.integer('maxRetries', { min: 0, max: 100 });
  out.backoffInitialSeconds = r.integer('backoffInitialSeconds', { min: -2_147_483_648, max: 2_147_483_647 });
  out.backoffFactor = r.number('backoffFactor', { min: -1e9, max: 1e9 });
  out.enabled = r.boolean('enabled');
  if (r.has('secret')) {
    const secret = r.raw('secret');
    if (secret === null || secret === '') out.secret = null;
    else if (typeof secret !== 'string') r.fail('secret', 'must be a string');
    else if (secret.length > 1024 || secret.includes('\0'))
      r.fail('secret', 'must be at most 1024 characters without NUL');
    else out.secret = secret;
  }
  readSignatureScheme(r, out);
  readDeliveryControl(r, out);
  readChangeFilterShape(r, out);
  r.done();
  // Checked after the field errors so a body with both reports VALIDATION_FAILED first.
  if (typeof out.headersJson === 'string') parseHeadersJson(out.headersJson);
  for (const key of Object.keys(out) as Array<keyof WebhookConfigFields>) if (out[key] === undefined) delete out[key];
  return out;
}

/**
 * signatureScheme: trimmed and upper-cased like events; null means the default, HOOKGATE_V1.
 * Whether the secret fits the scheme depends on the stored row too: the service checks that.
 */
function readSignatureScheme(r: FieldReader, out: WebhookConfigFields): void {
  if (!r.has('signatureScheme')) return;
  const raw = r.raw('signatureScheme');
  if (raw === null) {
    out.signatureScheme = 'HOOKGATE_V1';
    return;
  }
  const scheme = typeof raw === 'string' ? raw.trim().toUpperCase() : undefined;
  if (scheme === undefined || !(SIGNATURE_SCHEMES as readonly string[]).includes(scheme)) {
    r.fail('signatureScheme', `must be one of ${SIGNATURE_SCHEMES.join(', ')}`);
    return;
  }
  out.signatureScheme = scheme as SignatureScheme;
}

/** rotateWebhookSecret's graceSeconds: 0 (drop the old secret now) up to 30 days; default one day. */
export function readRotationGrace(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_ROTATION_GRACE_SECONDS;
  const r = new FieldReader({ graceSeconds: value });
  const grace = r.integer('graceSeconds', { min: 0, max: MAX_ROTATION_GRACE_SECONDS });
  r.done();
  return grace!;
}

/** The delivery controls (docs/api.md#delivery-control): null (or absent on create) = off. */
function readDeliveryControl(r: FieldReader, out: WebhookConfigFields): void {
  const nullableInt = (field: 'rateLimitPerSecond' | 'maxInFlight', max: number) => {
    if (r.has(field) && r.raw(field) === null) out[field] = null;
    else out[field] = r.integer(field, { min: 1, max });
  };
  nullableInt('rateLimitPerSecond', 10_000);
  nullableInt('maxInFlight', 1000);
  if (r.has('ordering')) {
    const raw = r.raw('ordering');
    const ordering = raw === null ? 'NONE' : typeof raw === 'string' ? raw.trim().toUpperCase() : undefined;
    if (ordering === undefined || !(DELIVERY_ORDERINGS as readonly string[]).includes(ordering))
      r.fail('ordering', `must be one of ${DELIVERY_ORDERINGS.join(', ')}`);
    else out.ordering = ordering as DeliveryOrdering;
  }
}

const SORT_ALIASES: Record<string, SortField> = Object.fromEntries(
  SORT_FIELDS.flatMap((f) => [
    [f.toLowerCase(), f],
    [f.replace(/[A-Z]/g, (c) => '_' + c).toLowerCase(), f],
  ]),
);

/** List parameters from a query string (REST) or arguments (GraphQL). */
export function readListQuery(q: Record<string, unknown>): ListQuery {
  const r = new FieldReader({});
  const pageRaw = q.page;
  const sizeRaw = q.pageSize ?? q.size;
  const page = pageRaw === undefined || pageRaw === '' ? 1 : parseQueryInt(pageRaw);
  const pageSize = sizeRaw === undefined || sizeRaw === '' ? 20 : parseQueryInt(sizeRaw);
  if (page === undefined || page < 1) r.fail('page', 'must be an integer of at least 1');
  if (pageSize === undefined || pageSize < 1 || pageSize > 100) r.fail('pageSize', 'must be an integer from 1 to 100');
  let sortBy: SortField = 'createdAt';
  if (q.sortBy !== undefined && q.sortBy !== '') {
    const found = typeof q.sortBy === 'string' ? SORT_ALIASES[q.sortBy.trim().toLowerCase()] : undefined;
    if (!found) r.fail('sortBy', `must be one of ${SORT_FIELDS.join(', ')}`);
    else sortBy = found;
  }
  let sortDirection: 'ASC' | 'DESC' = 'DESC';
  if (q.sortDirection !== undefined && q.sortDirection !== '') {
    const d = typeof q.sortDirection === 'string' ? q.sortDirection.trim().toUpperCase() : '';
    if (d !== 'ASC' && d !== 'DESC') r.fail('sortDirection', 'must be ASC or DESC');
    else sortDirection = d;
  }
  let entityName: string | undefined;
  if (q.entityName !== undefined && q.entityName !== '') {
    if (typeof q.entityName !== 'string' || q.entityName.length > 128 || q.entityName.includes('\0')) {
      r.fail('entityName', 'must be a string of at most 128 characters without NUL');
    } else entityName = q.entityName.trim();
  }
  r.done();
  return { page: page!, pageSize: pageSize!, entityName, sortBy, sortDirection };
}

/** A path or query value used as an entity name; NUL cannot be stored or compared by PostgreSQL. */
export function readEntityNameParam(value: string): string {
  if (value.length === 0 || value.length > 128 || value.includes('\0')) {
    throw new AppError('VALIDATION_FAILED', 'entityName is invalid', [
      { field: 'entityName', message: 'must be 1..128 characters without NUL' },
    ]);
  }
  return value;
}

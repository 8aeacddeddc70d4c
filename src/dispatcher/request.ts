import type { DeliveryConfig } from '../outbox/model';
import { HEADER_NAME } from '../validation';
import { createSigner, signingHeaderNames, type DeliverySigner } from './signature';
import type { DispatchOutcome } from './transitions';

export type { DeliveryConfig };

export interface DeliveryRequest {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
// Visible ASCII, space, tab and obs-text: no CR, LF or NUL, which would split or end the header.
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
// Connection-level headers belong to the HTTP client, not to a configuration: a value from
// headersJson would corrupt the framing of the request, so they are not sent.
const CONNECTION_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-connection',
]);

/** `httpMethod` upper-cased when it is one the contract allows; anything else falls back to POST. */
export function deliveryMethod(httpMethod: string | null): string {
  const m = (httpMethod ?? '').trim().toUpperCase();
  return METHODS.has(m) ? m : 'POST';
}

/** Parses headersJson into headers, or returns why it is invalid. */
export function parseConfiguredHeaders(
  headersJson: string | null,
): { headers: Record<string, string> } | { error: string } {
  if (headersJson === null || headersJson.trim() === '') return { headers: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(headersJson);
  } catch {
    return { error: 'headersJson is not valid JSON' };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    return { error: 'headersJson is not a JSON object' };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') return { error: `header "${name.slice(0, 64)}" does not have a string value` };
    if (!HEADER_NAME.test(name)) return { error: `"${name.slice(0, 64)}" is not a valid header name` };
    if (!HEADER_VALUE.test(value)) return { error: `header "${name}" has a value with control characters` };
    headers[name] = value;
  }
  return { headers };
}

/**
 * What every delivery of one configuration shares, worked out once per claimed batch: its URL,
 * method, timeout, configured headers (checked and filtered) and signer.
 */
export interface DeliveryEndpoint {
  url: URL;
  method: string;
  timeoutMs: number;
  /** headersJson's headers, less the reserved and connection-level ones. */
  headers: Record<string, string>;
  sign: DeliverySigner;
}

/**
 * The endpoint of a configuration, or the outcome that ends its records without a request (in the
 * order docs/api.md#delivery gives: configuration, URL, headers, signature). The fixed headers (Content-Type and every
 * signature scheme's) are reserved: a configured header of the same name (any case) is dropped, so
 * it never poses as a signature the receiver might check.
 */
export function prepareEndpoint(
  config: DeliveryConfig | null,
  headerPrefix: string,
): { endpoint: DeliveryEndpoint } | { refused: DispatchOutcome } {
  if (!config) return { refused: { kind: 'config-missing' } };
  if (!config.enabled) return { refused: { kind: 'config-disabled' } };
  if (config.webhookUrl === null || config.webhookUrl.trim() === '') return { refused: { kind: 'url-missing' } };
  let url: URL;
  try {
    url = new URL(config.webhookUrl.trim());
  } catch {
    return { refused: { kind: 'url-invalid', reason: 'not an absolute URL' } };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { refused: { kind: 'url-invalid', reason: 'not an http or https URL' } };
  const configured = parseConfiguredHeaders(config.headersJson);
  if ('error' in configured) return { refused: { kind: 'headers-invalid', reason: configured.error } };
  let sign: DeliverySigner;
  try {
    sign = createSigner(
      {
        scheme: config.signatureScheme ?? 'HOOKGATE_V1',
        secret: config.secret,
        previousSecret: config.previousSecret ?? null,
      },
      headerPrefix,
    );
  } catch (err) {
    return { refused: { kind: 'signature-failed', reason: (err as Error).name } };
  }
  const reserved = reservedHeaderNames(headerPrefix);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(configured.headers)) {
    const lower = name.toLowerCase();
    if (!reserved.has(lower) && !CONNECTION_HEADERS.has(lower)) headers[name] = value;
  }
  return {
    endpoint: {
      url,
      method: deliveryMethod(config.httpMethod),
      timeoutMs: Math.max(1, config.timeoutMs),
      headers,
      sign,
    },
  };
}

/** One record's request to a prepared endpoint: the configured headers, then the fixed ones. */
export function signedRequest(
  endpoint: DeliveryEndpoint,
  record: { requestId: string; payloadJson: string },
  timestampSeconds: number,
): DeliveryRequest {
  const headers: Record<string, string> = { ...endpoint.headers, 'Content-Type': 'application/json' };
  Object.assign(headers, endpoint.sign(record.requestId, timestampSeconds, record.payloadJson));
  return {
    url: endpoint.url,
    method: endpoint.method,
    headers,
    body: record.payloadJson,
    timeoutMs: endpoint.timeoutMs,
  };
}

/** Builds the request of one delivery, or the outcome that ends the record without one (see prepareEndpoint). */
export function prepareDelivery(
  record: { requestId: string; payloadJson: string },
  config: DeliveryConfig | null,
  headerPrefix: string,
  timestampSeconds: number,
): { request: DeliveryRequest } | { refused: DispatchOutcome } {
  const prepared = prepareEndpoint(config, headerPrefix);
  if ('refused' in prepared) return prepared;
  return { request: signedRequest(prepared.endpoint, record, timestampSeconds) };
}

/** Content-Type and every signature scheme's headers, lower-cased, per header prefix. */
const reservedByPrefix = new Map<string, ReadonlySet<string>>();

function reservedHeaderNames(headerPrefix: string): ReadonlySet<string> {
  let names = reservedByPrefix.get(headerPrefix);
  if (!names) {
    names = new Set(['content-type', ...signingHeaderNames(headerPrefix)]);
    reservedByPrefix.set(headerPrefix, names);
  }
  return names;
}

import { HEADER_NAME } from '../validation';
import type { SignatureScheme } from '../webhooks/model';
import { signingHeaderNames, signingHeaders } from './signature';
import type { DispatchOutcome } from './transitions';

/** The configuration fields a delivery reads (service-spec "Delivery procedure"). */
export interface DeliveryConfig {
  id: string;
  enabled: boolean;
  webhookUrl: string | null;
  httpMethod: string | null;
  headersJson: string | null;
  timeoutMs: number;
  backoffInitialSeconds: number;
  backoffFactor: number;
  secret: string | null;
  /** Absent: HOOKGATE_V1. */
  signatureScheme?: SignatureScheme;
  /** The secret a rotation replaced, only while its grace runs (the claim leaves out an expired one). */
  previousSecret?: string | null;
}

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
 * Builds the request of one delivery, or the outcome that ends the record without a request
 * (in the spec's order: configuration, URL, headers, signature). The fixed headers (Content-Type
 * and the signature scheme's) win over headers of the same name (any case) from headersJson.
 */
export function prepareDelivery(
  record: { requestId: string; payloadJson: string },
  config: DeliveryConfig | null,
  headerPrefix: string,
  timestampSeconds: number,
): { request: DeliveryRequest } | { refused: DispatchOutcome } {
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

  const fixed: Record<string, string> = { 'Content-Type': 'application/json' };
  try {
    Object.assign(
      fixed,
      signingHeaders(
        {
          scheme: config.signatureScheme ?? 'HOOKGATE_V1',
          secret: config.secret,
          previousSecret: config.previousSecret ?? null,
        },
        { requestId: record.requestId, timestampSeconds, body: record.payloadJson, headerPrefix },
      ),
    );
  } catch (err) {
    return { refused: { kind: 'signature-failed', reason: (err as Error).name } };
  }
  // Every scheme's headers are reserved, whichever scheme signs: a configured header never
  // poses as a signature the receiver might check.
  const reserved = new Set(['content-type', ...signingHeaderNames(headerPrefix)]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(configured.headers)) {
    const lower = name.toLowerCase();
    if (!reserved.has(lower) && !CONNECTION_HEADERS.has(lower)) headers[name] = value;
  }
  Object.assign(headers, fixed);
  return {
    request: {
      url,
      method: deliveryMethod(config.httpMethod),
      headers,
      body: record.payloadJson,
      timeoutMs: Math.max(1, config.timeoutMs),
    },
  };
}

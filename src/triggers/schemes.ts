import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { checkSignature, checkTimestamp } from './signature';

/**
 * The intake signature schemes (docs/api.md#intake-schemes), as pure functions of the request and a clock
 * reading. Each scheme reads its own fixed headers (HMAC_HEX: the trigger's two), checks the
 * timestamp where it has one (401 TRIGGER_TIMESTAMP_INVALID) before the signature (401
 * TRIGGER_SIGNATURE_INVALID), compares in constant time, and names the request's replay key.
 */
export const SIGNATURE_SCHEMES = ['HMAC_HEX', 'STANDARD_WEBHOOKS', 'GITHUB', 'STRIPE', 'SLACK', 'HOOKGATE_V1'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];

export interface SchemeSettings {
  scheme: SignatureScheme;
  secret: string;
  maxSkewSeconds: number;
  /** HMAC_HEX only; lower-case header names. */
  timestampHeader: string;
  signatureHeader: string;
  /** WEBHOOK_HEADER_PREFIX, for HOOKGATE_V1's X-<P>-* headers. */
  headerPrefix: string;
}

export type SchemeVerdict =
  | {
      ok: true;
      /** Unix seconds the sender signed; null for a scheme without a timestamp (GITHUB). */
      timestamp: number | null;
      /** The signature that matched, as the sender wrote it (without list or prefix). */
      signature: string;
      /** Equal for a request and its replays: `id:<delivery id>` or `sig:<timestamp>:<signature>`. */
      replayKey: string;
    }
  | { ok: false; code: 'TRIGGER_TIMESTAMP_INVALID' | 'TRIGGER_SIGNATURE_INVALID'; reason: string };

/** Delivery ids kept as replay keys: printable ASCII, bounded (a longer one is not an id we key on). */
const DELIVERY_ID = /^[\x21-\x7e]{1,200}$/;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : undefined;
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

const hmac = (key: crypto.BinaryLike | crypto.KeyObject, parts: Array<string | Buffer>) => {
  const h = crypto.createHmac('sha256', key);
  for (const p of parts) h.update(p);
  return h;
};

const badTimestamp = (maxSkewSeconds: number, what: string): SchemeVerdict => ({
  ok: false,
  code: 'TRIGGER_TIMESTAMP_INVALID',
  reason: `${what} must hold Unix seconds within ${maxSkewSeconds} seconds of the server clock`,
});

const badSignature = (what: string): SchemeVerdict => ({
  ok: false,
  code: 'TRIGGER_SIGNATURE_INVALID',
  reason: `${what} is missing or does not match`,
});

const sigKey = (timestamp: number | string, signature: string) => `sig:${timestamp}:${signature}`;
const idKey = (id: string) => `id:${id}`;

/**
 * The key a Standard Webhooks secret stands for: the base64 after `whsec_`, or the secret's own
 * bytes without that prefix. Undefined when the part after `whsec_` is not base64.
 */
export function standardWebhooksKey(secret: string): Buffer | undefined {
  if (!secret.startsWith('whsec_')) return Buffer.from(secret, 'utf8');
  const b64 = secret.slice('whsec_'.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) return undefined;
  const key = Buffer.from(b64, 'base64');
  return key.length > 0 ? key : undefined;
}

function verifyStandardWebhooks(s: SchemeSettings, h: IncomingHttpHeaders, body: Buffer, nowMs: number) {
  const tsText = header(h, 'webhook-timestamp');
  const timestamp = checkTimestamp(tsText, nowMs, s.maxSkewSeconds);
  if (timestamp === null) return badTimestamp(s.maxSkewSeconds, 'webhook-timestamp');
  const id = header(h, 'webhook-id');
  const given = header(h, 'webhook-signature');
  const key = standardWebhooksKey(s.secret);
  if (id === undefined || !DELIVERY_ID.test(id) || !given || !key) return badSignature('webhook-signature');
  const expected = hmac(key, [`${id}.${tsText}.`, body]).digest('base64');
  for (const part of given.split(' ')) {
    const comma = part.indexOf(',');
    if (comma < 0 || part.slice(0, comma) !== 'v1') continue;
    const sig = part.slice(comma + 1);
    if (sameText(sig, expected)) return { ok: true as const, timestamp, signature: sig, replayKey: idKey(id) };
  }
  return badSignature('webhook-signature');
}

function verifyGithub(s: SchemeSettings, h: IncomingHttpHeaders, body: Buffer): SchemeVerdict {
  const given = header(h, 'x-hub-signature-256');
  if (!given?.startsWith('sha256=')) return badSignature('X-Hub-Signature-256');
  const sig = given.slice('sha256='.length);
  if (!sameText(sig, hmac(s.secret, [body]).digest('hex'))) return badSignature('X-Hub-Signature-256');
  const delivery = header(h, 'x-github-delivery');
  // Without a delivery id (not GitHub itself, or a proxy that dropped it) the body's signature is
  // the key: a request repeated byte for byte is one event.
  const replayKey = delivery !== undefined && DELIVERY_ID.test(delivery) ? idKey(delivery) : sigKey('', sig);
  return { ok: true, timestamp: null, signature: sig, replayKey };
}

function verifyStripe(s: SchemeSettings, h: IncomingHttpHeaders, body: Buffer, nowMs: number): SchemeVerdict {
  const given = header(h, 'stripe-signature') ?? '';
  let tsText: string | undefined;
  const candidates: string[] = [];
  for (const item of given.split(',')) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const name = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (name === 't' && tsText === undefined) tsText = value;
    else if (name === 'v1') candidates.push(value);
  }
  const timestamp = checkTimestamp(tsText, nowMs, s.maxSkewSeconds);
  if (timestamp === null) return badTimestamp(s.maxSkewSeconds, 'The t= of Stripe-Signature');
  const expected = hmac(s.secret, [`${tsText}.`, body]).digest('hex');
  const sig = candidates.find((c) => sameText(c, expected));
  if (sig === undefined) return badSignature('The v1= of Stripe-Signature');
  return { ok: true, timestamp, signature: sig, replayKey: sigKey(timestamp, sig) };
}

function verifySlack(s: SchemeSettings, h: IncomingHttpHeaders, body: Buffer, nowMs: number): SchemeVerdict {
  const tsText = header(h, 'x-slack-request-timestamp');
  const timestamp = checkTimestamp(tsText, nowMs, s.maxSkewSeconds);
  if (timestamp === null) return badTimestamp(s.maxSkewSeconds, 'X-Slack-Request-Timestamp');
  const given = header(h, 'x-slack-signature');
  if (!given?.startsWith('v0=')) return badSignature('X-Slack-Signature');
  const sig = given.slice('v0='.length);
  if (!sameText(sig, hmac(s.secret, [`v0:${tsText}:`, body]).digest('hex'))) return badSignature('X-Slack-Signature');
  return { ok: true, timestamp, signature: sig, replayKey: sigKey(timestamp, sig) };
}

function verifyHookgate(s: SchemeSettings, h: IncomingHttpHeaders, body: Buffer, nowMs: number): SchemeVerdict {
  const p = s.headerPrefix.toLowerCase();
  const tsText = header(h, `x-${p}-timestamp`);
  const timestamp = checkTimestamp(tsText, nowMs, s.maxSkewSeconds);
  if (timestamp === null) return badTimestamp(s.maxSkewSeconds, `X-${s.headerPrefix}-Timestamp`);
  const given = header(h, `x-${p}-signature`);
  if (!given) return badSignature(`X-${s.headerPrefix}-Signature`);
  const expected = hmac(s.secret, [`${tsText}.`, body]).digest('base64');
  // During a secret rotation the sender signs with both secrets: `v1=<new> v1=<old>`.
  for (const part of given.split(' ')) {
    if (!part.startsWith('v1=')) continue;
    const sig = part.slice('v1='.length);
    if (!sameText(sig, expected)) continue;
    const requestId = header(h, `x-${p}-request-id`);
    const replayKey =
      requestId !== undefined && DELIVERY_ID.test(requestId) ? idKey(requestId) : sigKey(timestamp, sig);
    return { ok: true, timestamp, signature: sig, replayKey };
  }
  return badSignature(`X-${s.headerPrefix}-Signature`);
}

function verifyHmacHex(s: SchemeSettings, h: IncomingHttpHeaders, body: Buffer, nowMs: number): SchemeVerdict {
  const tsText = header(h, s.timestampHeader);
  const timestamp = checkTimestamp(tsText, nowMs, s.maxSkewSeconds);
  if (timestamp === null) return badTimestamp(s.maxSkewSeconds, 'The timestamp header');
  const signature = checkSignature(s.secret, tsText!, body, header(h, s.signatureHeader));
  if (signature === null) return badSignature('The signature header');
  return { ok: true, timestamp, signature, replayKey: sigKey(timestamp, signature) };
}

/** Timestamp (where the scheme has one) first, then signature: the intake's order of the two 401s. */
export function verifyScheme(
  s: SchemeSettings,
  headers: IncomingHttpHeaders,
  body: Buffer,
  nowMs: number,
): SchemeVerdict {
  switch (s.scheme) {
    case 'STANDARD_WEBHOOKS':
      return verifyStandardWebhooks(s, headers, body, nowMs);
    case 'GITHUB':
      return verifyGithub(s, headers, body);
    case 'STRIPE':
      return verifyStripe(s, headers, body, nowMs);
    case 'SLACK':
      return verifySlack(s, headers, body, nowMs);
    case 'HOOKGATE_V1':
      return verifyHookgate(s, headers, body, nowMs);
    default:
      return verifyHmacHex(s, headers, body, nowMs);
  }
}

/** Headers a scheme reads, kept with the event (lower-case) so a consumer can trace the sender's delivery. */
export function schemeHeaders(
  s: Pick<SchemeSettings, 'scheme' | 'timestampHeader' | 'signatureHeader' | 'headerPrefix'>,
) {
  switch (s.scheme) {
    case 'STANDARD_WEBHOOKS':
      return ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
    case 'GITHUB':
      return ['x-hub-signature-256', 'x-github-delivery', 'x-github-event', 'x-github-hook-id'];
    case 'STRIPE':
      return ['stripe-signature'];
    case 'SLACK':
      return ['x-slack-request-timestamp', 'x-slack-signature'];
    case 'HOOKGATE_V1': {
      const p = s.headerPrefix.toLowerCase();
      return [`x-${p}-timestamp`, `x-${p}-signature`, `x-${p}-request-id`];
    }
    default:
      return [s.timestampHeader, s.signatureHeader];
  }
}

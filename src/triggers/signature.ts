import crypto from 'node:crypto';
import { isUtf8 } from 'node:buffer';

/**
 * Verification of a signed intake request (docs/api.md#intake), as pure
 * functions of the request and a clock reading, so every edge can be tested without a server.
 */

export interface SigningSettings {
  secret: string;
  maxSkewSeconds: number;
}

export type Verdict =
  | { ok: true; timestamp: number; signature: string }
  | { ok: false; code: 'TRIGGER_TIMESTAMP_INVALID' | 'TRIGGER_SIGNATURE_INVALID'; reason: string };

const SIGNATURE_PREFIX = 'sha256=';
// Digits only: no sign, blank, fraction or exponent. Fifteen digits keep it an exact JS number
// and are far outside any window anyway.
const UNIX_SECONDS = /^\d{1,15}$/;

/** The timestamp header as Unix seconds, or null when it is missing, not an integer or outside the window. */
export function checkTimestamp(value: string | undefined, nowMs: number, maxSkewSeconds: number): number | null {
  if (value === undefined || !UNIX_SECONDS.test(value)) return null;
  const seconds = Number(value);
  // Whole seconds on both sides: a timestamp made "now" by a client on this clock is never a
  // fraction of a second into the past.
  const now = Math.floor(nowMs / 1000);
  return Math.abs(now - seconds) <= maxSkewSeconds ? seconds : null;
}

/** Lowercase-hex HMAC-SHA256 of `<timestamp>.<body>`, the body taken as the given bytes. */
function signBytes(secret: string, timestamp: string, body: Buffer): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

function equalInConstantTime(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  // timingSafeEqual throws on different lengths; a wrong length is simply a wrong signature.
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The canonical signature when `header` (with or without `sha256=`) matches, else null.
 * The spec signs "the body as a UTF-8 string". For a body that is valid UTF-8 that is exactly its
 * bytes. For one that is not, clients differ: some sign the raw bytes, some the decoded text
 * (where invalid sequences became U+FFFD); both are keyed with the secret, so both are accepted.
 */
export function checkSignature(
  secret: string,
  timestamp: string,
  body: Buffer,
  header: string | undefined,
): string | null {
  if (header === undefined || header === '') return null;
  const given = header.startsWith(SIGNATURE_PREFIX) ? header.slice(SIGNATURE_PREFIX.length) : header;
  const expected = signBytes(secret, timestamp, body);
  if (equalInConstantTime(given, expected)) return expected;
  if (!isUtf8(body)) {
    const asText = signBytes(secret, timestamp, Buffer.from(body.toString('utf8'), 'utf8'));
    if (equalInConstantTime(given, asText)) return asText;
  }
  return null;
}

/** Timestamp first, then signature: the intake's order of the two 401s (docs/api.md#intake). */
export function verifyRequest(
  settings: SigningSettings,
  timestampHeader: string | undefined,
  signatureHeader: string | undefined,
  body: Buffer,
  nowMs: number,
): Verdict {
  const timestamp = checkTimestamp(timestampHeader, nowMs, settings.maxSkewSeconds);
  if (timestamp === null) {
    return {
      ok: false,
      code: 'TRIGGER_TIMESTAMP_INVALID',
      reason: `The timestamp header must hold Unix seconds within ${settings.maxSkewSeconds} seconds of the server clock`,
    };
  }
  const signature = checkSignature(settings.secret, timestampHeader!, body, signatureHeader);
  if (signature === null) {
    return {
      ok: false,
      code: 'TRIGGER_SIGNATURE_INVALID',
      reason: 'The signature header is missing or does not match',
    };
  }
  return { ok: true, timestamp, signature };
}

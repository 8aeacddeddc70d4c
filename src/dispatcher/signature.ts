import crypto from 'node:crypto';
import { openSecret } from '../secrets';
import type { SignatureScheme } from '../webhooks/model';
import { decodeStandardWebhooksSecret } from '../webhooks/secrets';

/**
 * The delivery signature (docs/api.md#hookgate_v1): `v1=` followed by the
 * Base64 HMAC-SHA256, keyed with the configuration's secret, of `<timestamp>.<body>`.
 */
export function signDelivery(secret: string, timestampSeconds: number, body: string): string {
  return `v1=${hmacBase64(secret, `${timestampSeconds}.`, body)}`;
}

/**
 * The key of a Standard Webhooks signature (`v1,` followed by the Base64 HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>`): the decoded bytes of a `whsec_` secret.
 */
function standardWebhooksKey(secret: string): Buffer {
  const key = decodeStandardWebhooksSecret(secret);
  // Stored secrets are checked on every write; a row changed behind the API's back is refused here.
  if (!key) throw new SecretFormatError();
  return key;
}

function hmacBase64(key: string | Buffer, prefix: string, body: string): string {
  return crypto.createHmac('sha256', key).update(prefix).update(body).digest('base64');
}

class SecretFormatError extends Error {
  constructor() {
    super('the stored secret is not a whsec_ secret');
    this.name = 'SecretFormatError';
  }
}

/**
 * The secrets that sign a delivery: the current one, and the one a rotation replaced while its
 * grace runs, as stored (sealed, or in clear; see src/secrets).
 */
export interface SigningKeys {
  scheme: SignatureScheme;
  secret: string | null;
  previousSecret: string | null;
}

/** Names of every header a signature scheme sets, lower-cased: a configured header never overrides one. */
export function signingHeaderNames(headerPrefix: string): string[] {
  return [
    `x-${headerPrefix}-request-id`,
    `x-${headerPrefix}-timestamp`,
    `x-${headerPrefix}-signature`,
    'webhook-id',
    'webhook-timestamp',
    'webhook-signature',
  ].map((n) => n.toLowerCase());
}

/** The identity, time and signature headers of one delivery. */
export type DeliverySigner = (requestId: string, timestampSeconds: number, body: string) => Record<string, string>;

/**
 * A signer for one configuration's scheme and secrets (docs/api.md#signatures, #secret-rotation), made once per claimed
 * batch: the header names are built and a `whsec_` secret decoded once, not per delivery. Without
 * a secret, the signature header is left out. During a rotation's grace both signatures are sent,
 * the new one first, one space between them. Stored secrets are opened here, once per
 * configuration and batch (and kept opened by src/secrets). Throws when a stored secret cannot be
 * opened (SecretDecryptError) or a `whsec_` secret does not decode.
 */
export function createSigner(keys: SigningKeys, headerPrefix: string): DeliverySigner {
  const secrets = [openSecret(keys.secret), openSecret(keys.previousSecret)].filter(
    (s): s is string => s !== null && s !== '',
  );
  if (keys.scheme === 'STANDARD_WEBHOOKS') {
    const decoded = keys.secret ? secrets.map(standardWebhooksKey) : [];
    return (requestId, timestampSeconds, body) => {
      const headers: Record<string, string> = {
        'webhook-id': requestId,
        'webhook-timestamp': String(timestampSeconds),
      };
      if (decoded.length > 0) {
        const signed = `${requestId}.${timestampSeconds}.`;
        headers['webhook-signature'] = decoded.map((key) => `v1,${hmacBase64(key, signed, body)}`).join(' ');
      }
      return headers;
    };
  }
  const idHeader = `X-${headerPrefix}-Request-Id`;
  const timestampHeader = `X-${headerPrefix}-Timestamp`;
  const signatureHeader = `X-${headerPrefix}-Signature`;
  const signing = keys.secret ? secrets : [];
  return (requestId, timestampSeconds, body) => {
    const headers: Record<string, string> = { [idHeader]: requestId, [timestampHeader]: String(timestampSeconds) };
    // One secret is the common case: no array built per delivery for it.
    if (signing.length === 1) headers[signatureHeader] = signDelivery(signing[0], timestampSeconds, body);
    else if (signing.length > 1)
      headers[signatureHeader] = signing.map((s) => signDelivery(s, timestampSeconds, body)).join(' ');
    return headers;
  };
}

/** The identity, time and signature headers of one delivery in the configuration's scheme (see createSigner). */
export function signingHeaders(
  keys: SigningKeys,
  args: { requestId: string; timestampSeconds: number; body: string; headerPrefix: string },
): Record<string, string> {
  return createSigner(keys, args.headerPrefix)(args.requestId, args.timestampSeconds, args.body);
}

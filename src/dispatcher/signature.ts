import crypto from 'node:crypto';
import type { SignatureScheme } from '../webhooks/model';
import { decodeStandardWebhooksSecret } from '../webhooks/secrets';

/**
 * The delivery signature (service-spec "Outbound delivery signature"): `v1=` followed by the
 * Base64 HMAC-SHA256, keyed with the configuration's secret, of `<timestamp>.<body>`.
 */
export function signDelivery(secret: string, timestampSeconds: number, body: string): string {
  const mac = crypto.createHmac('sha256', secret).update(`${timestampSeconds}.`).update(body).digest('base64');
  return `v1=${mac}`;
}

/**
 * A Standard Webhooks signature: `v1,` followed by the Base64 HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>`, keyed with the decoded bytes of a `whsec_` secret.
 */
function signStandardWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = decodeStandardWebhooksSecret(secret);
  // Stored secrets are checked on every write; a row changed behind the API's back is refused here.
  if (!key) throw new SecretFormatError();
  const mac = crypto.createHmac('sha256', key).update(`${id}.${timestampSeconds}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

class SecretFormatError extends Error {
  constructor() {
    super('the stored secret is not a whsec_ secret');
    this.name = 'SecretFormatError';
  }
}

/** The secrets that sign a delivery: the current one, and the one a rotation replaced while its grace runs. */
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

/**
 * The identity, time and signature headers of one delivery in the configuration's scheme (CONTRACT
 * §5 and §10). Without a secret, the signature header is left out. During a rotation's grace both
 * signatures are sent, the new one first, one space between them.
 */
export function signingHeaders(
  keys: SigningKeys,
  args: { requestId: string; timestampSeconds: number; body: string; headerPrefix: string },
): Record<string, string> {
  const secrets = [keys.secret, keys.previousSecret].filter((s): s is string => s !== null && s !== '');
  if (keys.scheme === 'STANDARD_WEBHOOKS') {
    const headers: Record<string, string> = {
      'webhook-id': args.requestId,
      'webhook-timestamp': String(args.timestampSeconds),
    };
    if (keys.secret) {
      headers['webhook-signature'] = secrets
        .map((s) => signStandardWebhook(s, args.requestId, args.timestampSeconds, args.body))
        .join(' ');
    }
    return headers;
  }
  const headers: Record<string, string> = {
    [`X-${args.headerPrefix}-Request-Id`]: args.requestId,
    [`X-${args.headerPrefix}-Timestamp`]: String(args.timestampSeconds),
  };
  if (keys.secret) {
    headers[`X-${args.headerPrefix}-Signature`] = secrets
      .map((s) => signDelivery(s, args.timestampSeconds, args.body))
      .join(' ');
  }
  return headers;
}

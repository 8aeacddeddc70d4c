import crypto from 'node:crypto';
import type { FieldError } from '../errors';
import type { SignatureScheme } from './model';

/** Prefix of a Standard Webhooks secret; what follows is the key in standard base64. */
const STANDARD_WEBHOOKS_SECRET_PREFIX = 'whsec_';
const STANDARD_KEY_MIN_BYTES = 24;
const STANDARD_KEY_MAX_BYTES = 64;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The longest grace a rotation may give the old secret: 30 days. */
export const MAX_ROTATION_GRACE_SECONDS = 30 * 24 * 3600;
export const DEFAULT_ROTATION_GRACE_SECONDS = 86_400;

/**
 * The key bytes of a Standard Webhooks secret (`whsec_` + canonical base64 of 24..64 bytes), or
 * undefined when the text is not one. Canonical: re-encoding gives the same text, so no two
 * spellings of one key exist and the libraries of every language decode it alike.
 */
export function decodeStandardWebhooksSecret(secret: string): Buffer | undefined {
  if (!secret.startsWith(STANDARD_WEBHOOKS_SECRET_PREFIX)) return undefined;
  const encoded = secret.slice(STANDARD_WEBHOOKS_SECRET_PREFIX.length);
  if (!BASE64.test(encoded)) return undefined;
  const key = Buffer.from(encoded, 'base64');
  if (key.length < STANDARD_KEY_MIN_BYTES || key.length > STANDARD_KEY_MAX_BYTES) return undefined;
  return key.toString('base64') === encoded ? key : undefined;
}

/** Why a secret cannot be used with a scheme, as a field error; undefined when it can. */
export function secretSchemeMismatch(scheme: SignatureScheme, secret: string | null): FieldError | undefined {
  if (scheme !== 'STANDARD_WEBHOOKS' || secret === null) return undefined;
  if (decodeStandardWebhooksSecret(secret)) return undefined;
  return {
    field: 'secret',
    message: `must be "${STANDARD_WEBHOOKS_SECRET_PREFIX}" followed by base64 of ${STANDARD_KEY_MIN_BYTES} to ${STANDARD_KEY_MAX_BYTES} bytes with signatureScheme STANDARD_WEBHOOKS`,
  };
}

/** A new random secret in the form the scheme expects (32 random bytes either way). */
export function newSecret(scheme: SignatureScheme): string {
  const key = crypto.randomBytes(32);
  return scheme === 'STANDARD_WEBHOOKS'
    ? STANDARD_WEBHOOKS_SECRET_PREFIX + key.toString('base64')
    : key.toString('base64url');
}

import crypto from 'node:crypto';

/**
 * The delivery signature (service-spec "Outbound delivery signature"): `v1=` followed by the
 * Base64 HMAC-SHA256, keyed with the configuration's secret, of `<timestamp>.<body>`.
 */
export function signDelivery(secret: string, timestampSeconds: number, body: string): string {
  const mac = crypto.createHmac('sha256', secret).update(`${timestampSeconds}.`).update(body).digest('base64');
  return `v1=${mac}`;
}

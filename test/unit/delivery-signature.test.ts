import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { prepareDelivery, type DeliveryConfig } from '../../src/dispatcher/request';
import { signingHeaders } from '../../src/dispatcher/signature';

const record = { requestId: '6f8e1c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b', payloadJson: '{"name":"Zoë"}' };
const now = Math.floor(Date.now() / 1000);
const whsec = () => 'whsec_' + crypto.randomBytes(32).toString('base64');
const args = { requestId: record.requestId, timestampSeconds: now, body: record.payloadJson, headerPrefix: 'Acme' };

describe('signing headers per scheme', () => {
  it('STANDARD_WEBHOOKS: webhook-id, webhook-timestamp and a signature the standardwebhooks package verifies', () => {
    const secret = whsec();
    const headers = signingHeaders({ scheme: 'STANDARD_WEBHOOKS', secret, previousSecret: null }, args);
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(headers['webhook-id']).toBe(record.requestId);
    expect(headers['webhook-timestamp']).toBe(String(now));
    expect(new Webhook(secret).verify(record.payloadJson, headers)).toEqual({ name: 'Zoë' });
    expect(() => new Webhook(whsec()).verify(record.payloadJson, headers)).toThrow();
    expect(() => new Webhook(secret).verify(record.payloadJson + ' ', headers)).toThrow();
    // Independently: HMAC-SHA256 keyed with the decoded secret over "<id>.<ts>.<body>".
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const mac = crypto.createHmac('sha256', key).update(`${record.requestId}.${now}.${record.payloadJson}`).digest();
    expect(headers['webhook-signature']).toBe(`v1,${mac.toString('base64')}`);
  });

  it('during a grace: both signatures, new first, one space; each secret alone verifies', () => {
    const [fresh, old] = [whsec(), whsec()];
    const std = signingHeaders({ scheme: 'STANDARD_WEBHOOKS', secret: fresh, previousSecret: old }, args);
    const parts = std['webhook-signature'].split(' ');
    expect(parts).toHaveLength(2);
    expect(parts[0]).toBe(
      signingHeaders({ scheme: 'STANDARD_WEBHOOKS', secret: fresh, previousSecret: null }, args)['webhook-signature'],
    );
    expect(parts[1]).toBe(
      signingHeaders({ scheme: 'STANDARD_WEBHOOKS', secret: old, previousSecret: null }, args)['webhook-signature'],
    );
    expect(() => new Webhook(fresh).verify(record.payloadJson, std)).not.toThrow();
    expect(() => new Webhook(old).verify(record.payloadJson, std)).not.toThrow();

    const v1 = signingHeaders({ scheme: 'HOOKGATE_V1', secret: 'new-one', previousSecret: 'old-one' }, args);
    const hmac = (k: string) =>
      'v1=' + crypto.createHmac('sha256', k).update(`${now}.${record.payloadJson}`).digest('base64');
    expect(v1).toEqual({
      'X-Acme-Request-Id': record.requestId,
      'X-Acme-Timestamp': String(now),
      'X-Acme-Signature': `${hmac('new-one')} ${hmac('old-one')}`,
    });
  });

  it('without a secret: identity and time only; a stored secret that is no whsec_ one refuses the delivery', () => {
    expect(signingHeaders({ scheme: 'STANDARD_WEBHOOKS', secret: null, previousSecret: null }, args)).toEqual({
      'webhook-id': record.requestId,
      'webhook-timestamp': String(now),
    });
    expect(signingHeaders({ scheme: 'HOOKGATE_V1', secret: null, previousSecret: null }, args)).toEqual({
      'X-Acme-Request-Id': record.requestId,
      'X-Acme-Timestamp': String(now),
    });
    const config: DeliveryConfig = {
      id: 'c',
      enabled: true,
      webhookUrl: 'https://example.com/hook',
      httpMethod: 'POST',
      headersJson: JSON.stringify({ 'Webhook-Id': 'forged', 'x-acme-signature': 'forged', 'X-Keep': 'k' }),
      timeoutMs: 3000,
      backoffInitialSeconds: 5,
      backoffFactor: 2,
      secret: 'not-whsec',
      signatureScheme: 'STANDARD_WEBHOOKS',
    };
    expect(prepareDelivery(record, config, 'Acme', now)).toEqual({
      refused: { kind: 'signature-failed', reason: 'SecretFormatError' },
    });
    const ok = prepareDelivery(record, { ...config, secret: whsec() }, 'Acme', now);
    expect('request' in ok && ok.request.headers).toEqual({
      'X-Keep': 'k',
      'Content-Type': 'application/json',
      'webhook-id': record.requestId,
      'webhook-timestamp': String(now),
      'webhook-signature': expect.stringMatching(/^v1,/),
    });
  });
});

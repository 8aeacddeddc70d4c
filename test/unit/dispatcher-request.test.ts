import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  deliveryMethod,
  parseConfiguredHeaders,
  prepareDelivery,
  prepareEndpoint,
  signedRequest,
  type DeliveryConfig,
} from '../../src/dispatcher/request';
import { forbiddenReason } from '../../src/dispatcher/ssrf';

const config: DeliveryConfig = {
  id: 'c',
  enabled: true,
  webhookUrl: 'https://example.com/hook',
  httpMethod: 'POST',
  headersJson: null,
  timeoutMs: 3000,
  backoffInitialSeconds: 5,
  backoffFactor: 2,
  secret: null,
};
const record = { requestId: '7d3c6a3e-0000-4000-8000-000000000001', payloadJson: '{"x":1}' };

describe('prepareDelivery (the delivery procedure)', () => {
  it('checks in order: configuration, enabled, URL, headers', () => {
    expect(prepareDelivery(record, null, 'Hookgate', 1)).toEqual({ refused: { kind: 'config-missing' } });
    expect(prepareDelivery(record, { ...config, enabled: false, webhookUrl: '' }, 'Hookgate', 1)).toEqual({
      refused: { kind: 'config-disabled' },
    });
    expect(prepareDelivery(record, { ...config, webhookUrl: '  ', headersJson: 'x' }, 'Hookgate', 1)).toEqual({
      refused: { kind: 'url-missing' },
    });
    expect(prepareDelivery(record, { ...config, webhookUrl: null }, 'Hookgate', 1)).toEqual({
      refused: { kind: 'url-missing' },
    });
    expect(prepareDelivery(record, { ...config, webhookUrl: 'ftp://x/y' }, 'Hookgate', 1)).toMatchObject({
      refused: { kind: 'url-invalid' },
    });
    expect(prepareDelivery(record, { ...config, headersJson: '{' }, 'Hookgate', 1)).toEqual({
      refused: { kind: 'headers-invalid', reason: 'headersJson is not valid JSON' },
    });
  });

  it('sets the fixed headers, which win over configured ones of any case, and signs only with a secret', () => {
    const headersJson = JSON.stringify({
      'x-acme-request-id': 'forged',
      'X-Acme-Timestamp': '1',
      'CONTENT-TYPE': 'text/plain',
      'x-acme-signature': 'f',
      'X-Extra': 'e',
      'Content-Length': '1',
    });
    const unsigned = prepareDelivery(record, { ...config, headersJson, httpMethod: 'patch' }, 'Acme', 1700000000);
    expect(unsigned).toEqual({
      request: {
        url: new URL('https://example.com/hook'),
        method: 'PATCH',
        headers: {
          'X-Extra': 'e',
          'Content-Type': 'application/json',
          'X-Acme-Request-Id': record.requestId,
          'X-Acme-Timestamp': '1700000000',
        },
        body: '{"x":1}',
        timeoutMs: 3000,
      },
    });
    const signed = prepareDelivery(record, { ...config, secret: 'secret' }, 'Acme', 1700000000);
    expect('request' in signed && signed.request.headers['X-Acme-Signature']).toMatch(/^v1=[A-Za-z0-9+/]+=*$/);
  });

  it('one endpoint per configuration serves every record of a batch, each signed on its own', () => {
    const prepared = prepareEndpoint(
      { ...config, secret: 'new-one', previousSecret: 'old-one', headersJson: '{"X-Extra":"e"}' },
      'Acme',
    );
    if (!('endpoint' in prepared)) throw new Error('expected an endpoint');
    const second = { requestId: '7d3c6a3e-0000-4000-8000-000000000002', payloadJson: '{"x":2}' };
    const [a, b] = [record, second].map((r) => signedRequest(prepared.endpoint, r, 1700000000));
    const mac = (secret: string, body: string) =>
      'v1=' + crypto.createHmac('sha256', secret).update(`1700000000.${body}`).digest('base64');
    expect(a.headers).toEqual({
      'X-Extra': 'e',
      'Content-Type': 'application/json',
      'X-Acme-Request-Id': record.requestId,
      'X-Acme-Timestamp': '1700000000',
      'X-Acme-Signature': `${mac('new-one', record.payloadJson)} ${mac('old-one', record.payloadJson)}`,
    });
    expect(b.headers['X-Acme-Request-Id']).toBe(second.requestId);
    expect(b.headers['X-Acme-Signature']).toBe(
      `${mac('new-one', second.payloadJson)} ${mac('old-one', second.payloadJson)}`,
    );
    expect(b.body).toBe(second.payloadJson);
    // The endpoint's own headers are never changed by a request built from it.
    expect(prepared.endpoint.headers).toEqual({ 'X-Extra': 'e' });
  });

  it('refuses a STANDARD_WEBHOOKS configuration whose stored secret does not decode, after the header checks', () => {
    const standard = { ...config, signatureScheme: 'STANDARD_WEBHOOKS' as const, secret: 'not-whsec' };
    expect(prepareEndpoint(standard, 'Acme')).toEqual({
      refused: { kind: 'signature-failed', reason: 'SecretFormatError' },
    });
    expect(prepareEndpoint({ ...standard, headersJson: '[' }, 'Acme')).toMatchObject({
      refused: { kind: 'headers-invalid' },
    });
  });

  it('falls back to POST for a method outside GET, POST, PUT, PATCH, DELETE', () => {
    expect(['get', 'Post', 'PUT', 'patch', 'delete'].map(deliveryMethod)).toEqual([
      'GET',
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
    ]);
    expect(['HEAD', 'OPTIONS', 'TRACE', 'CONNECT', 'BREW', '', 'P OST'].map(deliveryMethod)).toEqual(
      Array(7).fill('POST'),
    );
    expect(deliveryMethod(null)).toBe('POST');
  });

  it('accepts only an object of string values with valid names and values as headersJson', () => {
    expect(parseConfiguredHeaders('')).toEqual({ headers: {} });
    expect(parseConfiguredHeaders('{"A":"1"}')).toEqual({ headers: { A: '1' } });
    for (const bad of [
      '[]',
      '"x"',
      'null',
      '{"A":1}',
      '{"A":null}',
      '{"bad name":"x"}',
      '{"A":"x\\r\\nB: y"}',
      '{"A":"x\\u0000"}',
    ]) {
      expect(parseConfiguredHeaders(bad), bad).toHaveProperty('error');
    }
  });
});

describe('forbiddenReason (the SSRF guard)', () => {
  it('refuses loopback, private, link-local, metadata and reserved addresses in every notation', () => {
    const refused = [
      '127.0.0.1',
      '127.255.0.9',
      '::1',
      '[::1]',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '169.254.0.1',
      'fe80::1',
      'fe80::1%eth0',
      'fd00:ec2::254',
      'fc00::1',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      '255.255.255.255',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:c0a8:0101::1',
      '100.100.100.200',
      '168.63.129.16',
    ];
    for (const a of refused) expect(forbiddenReason(a), a).toBeDefined();
    expect(forbiddenReason('127.0.0.1')).toBe('a loopback address');
    expect(forbiddenReason('169.254.169.254')).toBe('a link-local or cloud metadata address');
    expect(forbiddenReason('10.0.0.1')).toBe('a private address');
  });

  it('allows public addresses', () => {
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '1.1.1.1'])
      expect(forbiddenReason(a), a).toBeUndefined();
  });
});

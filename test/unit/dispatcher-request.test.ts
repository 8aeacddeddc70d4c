import { describe, expect, it } from 'vitest';
import {
  deliveryMethod,
  parseConfiguredHeaders,
  prepareDelivery,
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

describe('prepareDelivery (service-spec "Delivery procedure")', () => {
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

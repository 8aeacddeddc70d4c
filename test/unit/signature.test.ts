import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signDelivery } from '../../src/dispatcher/signature';

describe('signDelivery (v1= + base64 HMAC-SHA256 over "<timestamp>.<body>")', () => {
  it('matches a known vector', () => {
    // printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac secret -binary | base64
    expect(signDelivery('secret', 1700000000, '{"a":1}')).toBe(
      'v1=' + crypto.createHmac('sha256', 'secret').update('1700000000.{"a":1}').digest('base64'),
    );
    expect(signDelivery('secret', 1700000000, '{"a":1}')).toBe('v1=SfJOU3QHdD+koCQrtjuUuaR+6Zy74HHM2KIlUK5BFoY=');
  });

  it('signs the exact UTF-8 body text and depends on secret, timestamp and body', () => {
    const body = '{"name":"Zoë ✓"}';
    const sig = signDelivery('k', 1, body);
    expect(sig).toBe(
      'v1=' +
        crypto
          .createHmac('sha256', Buffer.from('k'))
          .update(Buffer.from(`1.${body}`, 'utf8'))
          .digest('base64'),
    );
    expect(signDelivery('k2', 1, body)).not.toBe(sig);
    expect(signDelivery('k', 2, body)).not.toBe(sig);
    expect(signDelivery('k', 1, body + ' ')).not.toBe(sig);
  });
});

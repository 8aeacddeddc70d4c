import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSignature, checkTimestamp, verifyRequest } from '../../src/triggers/signature';

/** Independent of the service: what a sender computes. */
const hmacHex = (secret: string, ts: string, body: string | Buffer) =>
  crypto.createHmac('sha256', secret).update(`${ts}.`).update(body).digest('hex');

const T = 1_800_000_000;
const AT = (seconds: number, ms = 0) => seconds * 1000 + ms;

describe('checkTimestamp', () => {
  it('accepts integers within the window in both directions, edges included', () => {
    for (const ms of [0, 999]) {
      expect(checkTimestamp(String(T), AT(T, ms), 300)).toBe(T);
      expect(checkTimestamp(String(T - 300), AT(T, ms), 300)).toBe(T - 300);
      expect(checkTimestamp(String(T + 300), AT(T, ms), 300)).toBe(T + 300);
      expect(checkTimestamp(String(T - 301), AT(T, ms), 300)).toBeNull();
      expect(checkTimestamp(String(T + 301), AT(T, ms), 300)).toBeNull();
    }
    expect(checkTimestamp(String(T - 1), AT(T), 1)).toBe(T - 1);
    expect(checkTimestamp(String(T - 2), AT(T), 1)).toBeNull();
  });

  it('refuses anything but plain decimal digits', () => {
    for (const v of [
      undefined,
      '',
      ' ',
      `${T}.0`,
      '12.5',
      '1e9',
      ` ${T}`,
      `${T} `,
      `+${T}`,
      `-${T}`,
      '0x6B49D200',
      `${T}\n`,
      'NaN',
      'Infinity',
      '１８００',
      '9'.repeat(16),
    ]) {
      expect(checkTimestamp(v, AT(T), 300)).toBeNull();
    }
    expect(checkTimestamp(`000${T}`, AT(T), 300)).toBe(T);
  });
});

describe('checkSignature', () => {
  const secret = 'k3y';
  const ts = String(T);

  it('accepts the lowercase hex HMAC, with or without sha256=, and returns it', () => {
    const sig = hmacHex(secret, ts, '{"a":1}');
    expect(checkSignature(secret, ts, Buffer.from('{"a":1}'), sig)).toBe(sig);
    expect(checkSignature(secret, ts, Buffer.from('{"a":1}'), `sha256=${sig}`)).toBe(sig);
  });

  it('refuses wrong, missing and differently encoded signatures without throwing', () => {
    const body = Buffer.from('payload');
    const sig = hmacHex(secret, ts, body);
    for (const given of [
      undefined,
      '',
      'sha256=',
      sig.toUpperCase(),
      sig.slice(2),
      `${sig}00`,
      `sha256:${sig}`,
      `v1=${sig}`,
      ` ${sig}`,
      hmacHex('other', ts, body),
      hmacHex(secret, String(T + 1), body),
      '\u00e9'.repeat(64),
      Buffer.from(sig, 'hex').toString('base64'),
    ]) {
      expect(checkSignature(secret, ts, body, given)).toBeNull();
    }
    expect(checkSignature(secret, ts, Buffer.from('payload '), sig)).toBeNull();
  });

  it('accepts a body that is not UTF-8 signed as raw bytes or as decoded text', () => {
    const body = Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3]);
    const raw = hmacHex(secret, ts, body);
    const asText = crypto
      .createHmac('sha256', secret)
      .update(`${ts}.${body.toString('utf8')}`)
      .digest('hex');
    expect(raw).not.toBe(asText);
    expect(checkSignature(secret, ts, body, raw)).toBe(raw);
    expect(checkSignature(secret, ts, body, asText)).toBe(asText);
  });

  it('matches an independent HMAC for any body and secret, and only that', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.uint8Array({ maxLength: 256 }),
        fc.integer({ min: 0, max: 2 ** 40 }),
        (key, bytes, t) => {
          const body = Buffer.from(bytes);
          const sig = hmacHex(key, String(t), body);
          expect(checkSignature(key, String(t), body, sig)).toBe(sig);
          const flipped = (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1);
          expect(checkSignature(key, String(t), body, flipped)).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('verifyRequest', () => {
  const settings = { secret: 's', maxSkewSeconds: 300 };
  it('reports the timestamp before the signature', () => {
    expect(verifyRequest(settings, undefined, undefined, Buffer.alloc(0), AT(T))).toMatchObject({
      ok: false,
      code: 'TRIGGER_TIMESTAMP_INVALID',
    });
    expect(
      verifyRequest(settings, String(T - 1000), hmacHex('s', String(T - 1000), ''), Buffer.alloc(0), AT(T)),
    ).toMatchObject({ ok: false, code: 'TRIGGER_TIMESTAMP_INVALID' });
    expect(verifyRequest(settings, String(T), 'nope', Buffer.alloc(0), AT(T))).toMatchObject({
      ok: false,
      code: 'TRIGGER_SIGNATURE_INVALID',
    });
    const sig = hmacHex('s', String(T), 'b');
    expect(verifyRequest(settings, String(T), sig, Buffer.from('b'), AT(T))).toEqual({
      ok: true,
      timestamp: T,
      signature: sig,
    });
  });
});

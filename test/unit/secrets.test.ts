import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import {
  isEncrypted,
  keyIdOf,
  loadOrCreateSecretsKey,
  parseSecretsKey,
  SecretDecryptError,
  SecretKeyring,
  sealedKeyId,
} from '../../src/secrets';

const keyA = crypto.randomBytes(32);
const keyB = crypto.randomBytes(32);
const SECRET = 'whsec_' + crypto.randomBytes(32).toString('base64');

describe('secrets at rest', () => {
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const ring = new SecretKeyring(keyA);
    const one = ring.seal(SECRET);
    const two = ring.seal(SECRET);
    expect(one).not.toBe(two);
    expect(isEncrypted(one)).toBe(true);
    expect(one.split(':')).toHaveLength(5);
    expect(sealedKeyId(one)).toBe(keyIdOf(keyA));
    expect(one).not.toContain(SECRET);
    expect(one).not.toContain(Buffer.from(SECRET).toString('base64'));
    expect(ring.open(one)).toBe(SECRET);
    expect(ring.open(two)).toBe(SECRET);
    // Unicode survives, and a value in clear (stored before a key was set) reads as itself.
    expect(ring.open(ring.seal('ключ🔑'))).toBe('ключ🔑');
    expect(ring.open('plain-old-secret')).toBe('plain-old-secret');
    expect(isEncrypted('plain-old-secret')).toBe(false);
  });

  it('refuses a value under a key it does not hold, naming the key id and never the value', () => {
    const sealed = new SecretKeyring(keyA).seal(SECRET);
    const err = (() => {
      try {
        new SecretKeyring(keyB).open(sealed);
      } catch (e) {
        return e as Error;
      }
    })();
    expect(err).toBeInstanceOf(SecretDecryptError);
    expect(err!.message).toContain(keyIdOf(keyA));
    expect(err!.message).toMatch(/neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS/);
    expect(err!.message).not.toContain(SECRET);
    expect(() => new SecretKeyring(undefined).open(sealed)).toThrow(/SECRETS_KEY is unset/);
  });

  it('rejects an altered ciphertext, tag or IV', () => {
    const ring = new SecretKeyring(keyA);
    const [v, id, iv, ct, tag] = ring.seal(SECRET).split(':');
    const flip = (b64: string) => {
      const buf = Buffer.from(b64, 'base64');
      buf[0] ^= 1;
      return buf.toString('base64');
    };
    for (const altered of [
      [v, id, iv, flip(ct), tag],
      [v, id, iv, ct, flip(tag)],
      [v, id, flip(iv), ct, tag],
    ]) {
      expect(() => ring.open(altered.join(':'))).toThrow(/failed authentication/);
    }
  });

  it('opens values under SECRETS_KEY_PREVIOUS and seals only under SECRETS_KEY', () => {
    const old = new SecretKeyring(keyA).seal(SECRET);
    const ring = new SecretKeyring(keyB, [keyA]);
    expect(ring.open(old)).toBe(SECRET);
    expect(ring.needsReseal(old)).toBe(true);
    const resealed = ring.seal(ring.open(old));
    expect(sealedKeyId(resealed)).toBe(keyIdOf(keyB));
    expect(ring.needsReseal(resealed)).toBe(false);
    expect(ring.needsReseal('in clear')).toBe(true);
    expect(new SecretKeyring(keyA).needsReseal('in clear')).toBe(true);
    expect(new SecretKeyring(undefined).needsReseal('in clear')).toBe(false);
  });

  it('does not open a value relabelled with another key id', () => {
    const ring = new SecretKeyring(keyB, [keyA]);
    const parts = new SecretKeyring(keyA).seal(SECRET).split(':');
    parts[1] = keyIdOf(keyB);
    expect(() => ring.open(parts.join(':'))).toThrow(SecretDecryptError);
  });

  it('takes SECRETS_KEY as base64 of exactly 32 bytes and stops start-up otherwise', () => {
    expect(parseSecretsKey('SECRETS_KEY', keyA.toString('base64'))).toEqual(keyA);
    expect(parseSecretsKey('SECRETS_KEY', undefined)).toBeUndefined();
    for (const bad of [
      crypto.randomBytes(31).toString('base64'),
      crypto.randomBytes(33).toString('base64'),
      'not base64!',
    ]) {
      expect(() => loadConfig({ SECRETS_KEY: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SECRETS_KEY: bad })).toThrow(/^SECRETS_KEY must be base64 of exactly 32/);
      expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: bad })).toThrow(/^SECRETS_KEY_PREVIOUS must be base64/);
    }
    expect(loadConfig({ SECRETS_KEY: keyA.toString('base64') }).secrets.key).toEqual(keyA);
  });

  it('refuses NODE_ENV=production without SECRETS_KEY, with a message naming it', () => {
    const auth = { AUTH_JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...auth })).toThrow(
      /NODE_ENV=production and SECRETS_KEY is not set: refusing to start/,
    );
    expect(() => loadConfig({ NODE_ENV: 'Production ', ...auth })).toThrow(/SECRETS_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', ...auth, SECRETS_KEY: keyA.toString('base64') }).production).toBe(true);
  });

  it('generates the embedded key once, owner-only (0600), and reads the same key afterwards', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-secrets-'));
    try {
      const key = loadOrCreateSecretsKey(dir);
      expect(key).toHaveLength(32);
      const file = path.join(dir, 'secrets-key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadOrCreateSecretsKey(dir)).toEqual(key);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

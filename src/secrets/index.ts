import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config-error';

/**
 * Secrets at rest: webhook and trigger secrets are stored as
 * `v1:<keyId>:<iv base64>:<ciphertext base64>:<tag base64>` (AES-256-GCM, a random 12-byte IV per
 * value) in the columns that held them in clear. Same columns, so every guarded update
 * (`WHERE secret = <stored>`) and every copy in SQL (a rotation keeps the old value as
 * previous_secret) works on the sealed text unchanged, and no migration is needed. The key id
 * (first 8 hex digits of the key's SHA-256) says which key opens a value, and is bound into the
 * tag as associated data, so a value relabelled with another key's id does not open.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const SEALED = /^v1:([0-9a-f]{8}):([A-Za-z0-9+/]{16}):([A-Za-z0-9+/]*={0,2}):([A-Za-z0-9+/]{22}==)$/;

/** A stored secret that cannot be opened; its message names key ids, never the value. */
export class SecretDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretDecryptError';
  }
}

/** The id kept with each value sealed under `key`: the first 8 hex digits of its SHA-256. */
export function keyIdOf(key: Buffer): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** Whether a stored value is sealed (in the `v1:` format) rather than a secret in clear. */
export function isEncrypted(value: string): boolean {
  return SEALED.test(value);
}

/** The key id a sealed value names; undefined for a value in clear. */
export function sealedKeyId(value: string): string | undefined {
  return SEALED.exec(value)?.[1];
}

/** A setting holding base64 of exactly 32 bytes, as a key; undefined when unset. */
export function parseSecretsKey(name: string, raw: string | undefined): Buffer | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const text = raw.trim();
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (key.length !== KEY_BYTES) {
    throw new ConfigError(
      `${name} must be base64 of exactly ${KEY_BYTES} random bytes (for example: openssl rand -base64 32)`,
    );
  }
  return key;
}

/**
 * The keys of one process: `current` seals new values (none: values stay in clear) and opens its
 * own; `previous` keys only open values sealed before a key change.
 */
export class SecretKeyring {
  private readonly keys = new Map<string, Buffer>();
  readonly currentKeyId: string | undefined;

  constructor(
    private readonly current: Buffer | undefined,
    previous: Array<Buffer | undefined> = [],
  ) {
    for (const key of previous) if (key) this.keys.set(keyIdOf(key), key);
    if (current) {
      this.currentKeyId = keyIdOf(current);
      this.keys.set(this.currentKeyId, current);
    }
  }

  /** Whether new values are sealed (a current key is set). */
  get encrypting(): boolean {
    return this.current !== undefined;
  }

  /** Ids of every key this ring can open values with. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  /** A ring that seals with this ring's key and also opens what `other` opens. */
  withFallback(other: SecretKeyring): SecretKeyring {
    const ring = new SecretKeyring(this.current, [...other.keys.values(), ...this.keys.values()]);
    return ring;
  }

  /** The stored form of a secret: sealed under the current key, or the text itself without one. */
  seal(clear: string): string {
    if (!this.current || this.currentKeyId === undefined) return clear;
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.current, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(`${VERSION}:${this.currentKeyId}`));
    const ciphertext = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
    return [
      VERSION,
      this.currentKeyId,
      iv.toString('base64'),
      ciphertext.toString('base64'),
      cipher.getAuthTag().toString('base64'),
    ].join(':');
  }

  /** The secret a stored value holds. A value in clear (stored before a key was set) is itself. */
  open(stored: string): string {
    const m = SEALED.exec(stored);
    if (!m) return stored;
    const [, keyId, iv, ciphertext, tag] = m;
    const key = this.keys.get(keyId);
    if (!key) {
      const known = this.keyIds.length ? `keys ${this.keyIds.join(', ')}` : 'no key (SECRETS_KEY is unset)';
      throw new SecretDecryptError(
        `a stored secret is sealed under key ${keyId}, which is neither SECRETS_KEY nor SECRETS_KEY_PREVIOUS (this process has ${known})`,
      );
    }
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(`${VERSION}:${keyId}`));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretDecryptError(`a stored secret under key ${keyId} failed authentication (altered or corrupt)`);
    }
  }

  /** Whether a stored value should be sealed again: in clear, or under a key other than the current one. */
  needsReseal(stored: string): boolean {
    if (!this.encrypting || stored === '') return false;
    return sealedKeyId(stored) !== this.currentKeyId;
  }
}

/** The process's key ring, installed at start-up (startRuntime); without one values stay in clear. */
let active = new SecretKeyring(undefined);
/** Opened values by their stored text (which includes a random IV): bounded, cleared when full. */
const opened = new Map<string, string>();
const OPENED_MAX = 1024;

/**
 * Makes `ring` the process's key ring. Keys of a ring installed before keep opening values (a
 * process holding two runtimes, as tests do, reads both databases).
 */
export function installKeyring(ring: SecretKeyring): void {
  active = ring.withFallback(active);
}

/** The stored form of a secret under the process's key ring; null and '' (no secret) stay as they are. */
export function sealSecret<T extends string | null | undefined>(clear: T): T {
  if (clear === null || clear === undefined || clear === '') return clear;
  return active.seal(clear) as T;
}

/**
 * The secret a stored value holds (null and '' stay as they are). Throws SecretDecryptError when
 * no key of the process opens it. Opened values are kept in a small map: the dispatcher signs
 * with the same few secrets batch after batch.
 */
export function openSecret<T extends string | null | undefined>(stored: T): T {
  if (stored === null || stored === undefined || stored === '' || !isEncrypted(stored)) return stored;
  const hit = opened.get(stored);
  if (hit !== undefined) return hit as T;
  const clear = active.open(stored);
  if (opened.size >= OPENED_MAX) opened.clear();
  opened.set(stored, clear);
  return clear as T;
}

const KEY_FILE = 'secrets-key';

/**
 * The embedded database's generated key, kept in DATA_DIR readable by the server's user only
 * (like the development signing secret): created on first start, read afterwards.
 */
export function loadOrCreateSecretsKey(dataDir: string): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    return parseSecretsKey(file, fs.readFileSync(file, 'utf8'))!;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    try {
      fs.writeFileSync(file, crypto.randomBytes(KEY_BYTES).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
    } catch (writeErr) {
      // Another process made it first: read theirs.
      if ((writeErr as NodeJS.ErrnoException).code !== 'EEXIST') throw writeErr;
    }
    return parseSecretsKey(file, fs.readFileSync(file, 'utf8'))!;
  }
}

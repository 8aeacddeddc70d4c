import { FieldReader, parseQueryInt } from '../validation';
import { validationError } from '../errors';
import { EVENT_PAGE_DEFAULT, EVENT_PAGE_MAX } from './model';

/** Trigger fields as given by a caller, checked; absent fields are undefined. */
export interface TriggerFields {
  name?: string;
  enabled?: boolean;
  /** null: no secret (unsigned trigger). */
  webhookSecret?: string | null;
  webhookTimestampHeader?: string;
  webhookSignatureHeader?: string;
  webhookMaxSkewSeconds?: number;
}

// An HTTP field name (RFC 9110 token).
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
const MAX_SECRET_LENGTH = 1024;
export const MAX_SKEW_SECONDS = 86_400;

function readSecret(r: FieldReader): string | null | undefined {
  if (!r.has('webhookSecret')) return undefined;
  const v = r.raw('webhookSecret');
  if (v === null || v === '') return null;
  // Not trimmed: the secret is key material, every byte counts on the sender's side too.
  if (typeof v !== 'string') return r.fail('webhookSecret', 'must be a string');
  if (v.length > MAX_SECRET_LENGTH) return r.fail('webhookSecret', `must be at most ${MAX_SECRET_LENGTH} characters`);
  return v;
}

/**
 * Reads and checks trigger fields. `create` requires a name; `update` takes any subset.
 * `current` holds the header names a field left out stands for (stored ones, or the defaults), to
 * check that the two headers differ.
 */
export function readTriggerFields(
  body: unknown,
  mode: 'create' | 'update',
  current?: { webhookTimestampHeader: string; webhookSignatureHeader: string },
): TriggerFields {
  const r = FieldReader.of(body);
  const headerOpts = {
    required: false,
    pattern: HEADER_NAME,
    patternText: 'must be an HTTP header name (letters, digits, -, at most 100)',
  };
  const f: TriggerFields = {
    name: r.string('name', { required: mode === 'create', max: 200 }) ?? undefined,
    enabled: r.boolean('enabled'),
    webhookSecret: readSecret(r),
    webhookTimestampHeader: r.string('webhookTimestampHeader', headerOpts) ?? undefined,
    webhookSignatureHeader: r.string('webhookSignatureHeader', headerOpts) ?? undefined,
    webhookMaxSkewSeconds: r.integer('webhookMaxSkewSeconds', { min: 1, max: MAX_SKEW_SECONDS }),
  };
  if (f.name === '') r.fail('name', 'must not be empty');
  const timestampHeader = f.webhookTimestampHeader ?? current?.webhookTimestampHeader;
  const signatureHeader = f.webhookSignatureHeader ?? current?.webhookSignatureHeader;
  if (timestampHeader && signatureHeader && timestampHeader.toLowerCase() === signatureHeader.toLowerCase()) {
    r.fail('webhookSignatureHeader', 'must differ from webhookTimestampHeader');
  }
  r.done();
  return f;
}

/** `first` and `after` of triggerEvents: page size and the seq to continue below. */
export function readEventPaging(first: unknown, after: unknown): { first: number; beforeSeq: bigint | undefined } {
  const errors = [];
  let size = EVENT_PAGE_DEFAULT;
  if (first !== undefined && first !== null) {
    const n = parseQueryInt(first);
    if (n === undefined || n < 1 || n > EVENT_PAGE_MAX)
      errors.push({ field: 'first', message: `must be an integer in 1..${EVENT_PAGE_MAX}` });
    else size = n;
  }
  let beforeSeq: bigint | undefined;
  if (after !== undefined && after !== null) {
    const seq = typeof after === 'string' ? decodeCursor(after) : undefined;
    if (seq === undefined) errors.push({ field: 'after', message: 'is not a cursor returned by triggerEvents' });
    else beforeSeq = seq;
  }
  if (errors.length) throw validationError(errors);
  return { first: size, beforeSeq };
}

/** Cursors are opaque to clients: the position (seq) of the last event of a page. */
export function encodeCursor(seq: bigint): string {
  return Buffer.from(`e:${seq}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): bigint | undefined {
  if (!/^[A-Za-z0-9_-]{1,40}$/.test(cursor)) return undefined;
  const m = /^e:(\d{1,19})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? BigInt(m[1]) : undefined;
}

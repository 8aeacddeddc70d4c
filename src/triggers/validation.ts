import { FieldReader, parseQueryInt } from '../validation';
import { validationError } from '../errors';
import { EVENT_PAGE_DEFAULT, EVENT_PAGE_MAX, TRIGGER_ACTIONS, type TriggerAction } from './model';
import { BATCH_OPERATIONS, type BatchOperation } from '../records/record-service';
import { EVENT_ID_SOURCE, RECEIVED_AT_SOURCE, parsePointer } from './record-mapping';
import { SIGNATURE_SCHEMES, standardWebhooksKey, type SignatureScheme } from './schemes';

/** Trigger fields as given by a caller, checked; absent fields are undefined. */
export interface TriggerFields {
  name?: string;
  enabled?: boolean;
  /** null: no secret (unsigned trigger). */
  webhookSecret?: string | null;
  webhookTimestampHeader?: string;
  webhookSignatureHeader?: string;
  webhookMaxSkewSeconds?: number;
  signatureScheme?: SignatureScheme;
  action?: TriggerAction;
  /** null: none. */
  recordEntity?: string | null;
  recordOperation?: BatchOperation;
  /** null: the body's top-level keys. */
  recordFieldMap?: Record<string, string> | null;
}

/** The stored (or default) values a field left out stands for, for checks across fields. */
export interface TriggerBaseline {
  webhookTimestampHeader: string;
  webhookSignatureHeader: string;
  signatureScheme: string;
  hasWebhookSecret: boolean;
  action: string;
  recordEntity: string | null;
}

// Letters, digits and `-`: every real header name fits, and a name shown in a copyable example or
// sent by a script never carries shell or quoting characters.
const TRIGGER_HEADER_NAME = /^[A-Za-z0-9-]{1,64}$/;
const MAX_SECRET_LENGTH = 1024;
const MAX_SKEW_SECONDS = 86_400;
const MAX_FIELD_MAP_ENTRIES = 200;
const MAX_POINTER_LENGTH = 1000;
const ENTITY_NAME = /^[a-z][a-z0-9_]{0,62}$/;

function readEnum<T extends string>(r: FieldReader, field: string, values: readonly T[]): T | undefined {
  if (!r.has(field)) return undefined;
  const v = r.raw(field);
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v.trim().toUpperCase()))
    return r.fail(field, `must be one of ${values.join(', ')}`);
  return v.trim().toUpperCase() as T;
}

function readFieldMap(r: FieldReader): Record<string, string> | null | undefined {
  if (!r.has('recordFieldMap')) return undefined;
  const v = r.raw('recordFieldMap');
  if (v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) return r.fail('recordFieldMap', 'must be a JSON object');
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length === 0 || entries.length > MAX_FIELD_MAP_ENTRIES)
    return r.fail('recordFieldMap', `must map 1 to ${MAX_FIELD_MAP_ENTRIES} fields`);
  const map: Record<string, string> = {};
  let ok = true;
  for (const [field, source] of entries) {
    const at = `recordFieldMap.${field.slice(0, 100)}`;
    if (!ENTITY_NAME.test(field)) ok = !!r.fail(at, 'is not a field name');
    else if (
      typeof source !== 'string' ||
      source.length > MAX_POINTER_LENGTH ||
      (source !== EVENT_ID_SOURCE && source !== RECEIVED_AT_SOURCE && parsePointer(source) === undefined)
    ) {
      ok = !!r.fail(
        at,
        `must be a JSON Pointer ("" or "/a/b", at most ${MAX_POINTER_LENGTH} characters), "${EVENT_ID_SOURCE}" or "${RECEIVED_AT_SOURCE}"`,
      );
    } else map[field] = source;
  }
  return ok ? map : undefined;
}

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
 * `current` holds what a field left out stands for (stored values, or the defaults), for the
 * checks across fields: the two HMAC_HEX headers differ, a provider scheme has a secret (and a
 * Standard Webhooks `whsec_` secret is base64), a RECORD trigger names its entity and has a
 * secret. Whether the entity and its fields exist is the service's check.
 */
export function readTriggerFields(body: unknown, mode: 'create' | 'update', current: TriggerBaseline): TriggerFields {
  const r = FieldReader.of(body);
  const headerOpts = {
    required: false,
    max: 64,
    pattern: TRIGGER_HEADER_NAME,
    patternText: 'must be 1 to 64 letters, digits or -',
  };
  const f: TriggerFields = {
    name: r.string('name', { required: mode === 'create', max: 200 }) ?? undefined,
    enabled: r.boolean('enabled'),
    webhookSecret: readSecret(r),
    webhookTimestampHeader: r.string('webhookTimestampHeader', headerOpts) ?? undefined,
    webhookSignatureHeader: r.string('webhookSignatureHeader', headerOpts) ?? undefined,
    webhookMaxSkewSeconds: r.integer('webhookMaxSkewSeconds', { min: 1, max: MAX_SKEW_SECONDS }),
    signatureScheme: readEnum(r, 'signatureScheme', SIGNATURE_SCHEMES),
    action: readEnum(r, 'action', TRIGGER_ACTIONS),
    recordEntity: r.string('recordEntity', {
      nullable: true,
      pattern: ENTITY_NAME,
      patternText: 'must be an entity name',
    }),
    recordOperation: readEnum(r, 'recordOperation', BATCH_OPERATIONS),
    recordFieldMap: readFieldMap(r),
  };
  if (f.name === '') r.fail('name', 'must not be empty');
  const timestampHeader = f.webhookTimestampHeader ?? current.webhookTimestampHeader;
  const signatureHeader = f.webhookSignatureHeader ?? current.webhookSignatureHeader;
  if (timestampHeader && signatureHeader && timestampHeader.toLowerCase() === signatureHeader.toLowerCase()) {
    r.fail('webhookSignatureHeader', 'must differ from webhookTimestampHeader');
  }
  const scheme = f.signatureScheme ?? current.signatureScheme;
  const hasSecret = f.webhookSecret === undefined ? current.hasWebhookSecret : f.webhookSecret !== null;
  if (scheme !== 'HMAC_HEX' && !hasSecret && (f.signatureScheme !== undefined || f.webhookSecret !== undefined)) {
    r.fail('webhookSecret', `is required with signatureScheme ${scheme}`);
  }
  if (scheme === 'STANDARD_WEBHOOKS' && typeof f.webhookSecret === 'string' && !standardWebhooksKey(f.webhookSecret)) {
    r.fail('webhookSecret', 'must be whsec_ followed by base64 (or a secret without the whsec_ prefix)');
  }
  const action = f.action ?? current.action;
  const entity = f.recordEntity === undefined ? current.recordEntity : f.recordEntity;
  if (action === 'RECORD' && !entity) r.fail('recordEntity', 'is required with action RECORD');
  // Unsigned intake must not write records. Checked when the action or the secret changes, so a
  // trigger stored before this rule can still be renamed or disabled.
  if (
    action === 'RECORD' &&
    !hasSecret &&
    (mode === 'create' || f.action !== undefined || f.webhookSecret !== undefined)
  ) {
    r.fail('webhookSecret', 'is required with action RECORD (unsigned requests must not write records)');
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

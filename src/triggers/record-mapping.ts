import { isUtf8 } from 'node:buffer';
import { checkRecord } from '../catalog/field-values';
import type { EntityDefinition } from '../catalog/model';
import type { FieldError } from '../errors';
import { MAX_BATCH_RECORDS } from '../records/record-service';

/**
 * From an event's body to the records a RECORD trigger writes: a JSON object is
 * one record, an array of objects one record each. With a field map each entity field takes the
 * value an RFC 6901 JSON Pointer names (or the event's id or receive time; null when it names
 * nothing, except for the primary key, which must be there); without one, the body's top-level
 * keys that name entity fields. Every record is checked against the entity here, before any SQL;
 * the first problem is the event's actionError.
 */

export const EVENT_ID_SOURCE = '$eventId';
export const RECEIVED_AT_SOURCE = '$receivedAt';

type Row = Record<string, unknown>;

export type MappedRecords = { ok: true; records: Row[] } | { ok: false; error: string };

/** The reference tokens of a JSON Pointer, or undefined when it is not one ("" is the whole document). */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const tokens = pointer.slice(1).split('/');
  // `~` must be followed by 0 or 1.
  if (tokens.some((t) => /~(?![01])/.test(t))) return undefined;
  return tokens.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value `tokens` name in `doc`; undefined when there is none. */
export function resolvePointer(doc: unknown, tokens: string[]): unknown {
  let at: unknown = doc;
  for (const token of tokens) {
    if (Array.isArray(at)) {
      // RFC 6901: array indexes are decimal without leading zeros.
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      at = at[Number(token)];
    } else if (at !== null && typeof at === 'object') {
      at = Object.hasOwn(at, token) ? (at as Row)[token] : undefined;
    } else return undefined;
    if (at === undefined) return undefined;
  }
  return at;
}

const first = (errors: FieldError[]) => `${errors[0].field}: ${errors[0].message}`;

export function mapRecords(
  entity: EntityDefinition,
  fieldMap: Record<string, string> | null,
  body: Buffer,
  event: { id: string; receivedAt: Date },
): MappedRecords {
  if (!isUtf8(body)) return { ok: false, error: 'body: is not UTF-8 text' };
  let doc: unknown;
  try {
    doc = JSON.parse(body.toString('utf8'));
  } catch {
    return { ok: false, error: 'body: is not JSON' };
  }
  const items = Array.isArray(doc) ? doc : [doc];
  if (Array.isArray(doc) && (doc.length === 0 || doc.length > MAX_BATCH_RECORDS)) {
    return { ok: false, error: `body: an array must hold 1 to ${MAX_BATCH_RECORDS} objects` };
  }
  const fieldNames = new Set(entity.fields.map((f) => f.name));
  const pointers = fieldMap
    ? Object.entries(fieldMap).map(([field, source]) => ({ field, source, tokens: parsePointer(source) }))
    : null;
  const records: Row[] = [];
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    const at = Array.isArray(doc) ? `body[${i}]` : 'body';
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      return { ok: false, error: `${at}: must be a JSON object` };
    }
    const raw: Row = {};
    if (pointers) {
      for (const { field, source, tokens } of pointers) {
        if (source === EVENT_ID_SOURCE) raw[field] = event.id;
        else if (source === RECEIVED_AT_SOURCE) raw[field] = event.receivedAt.toISOString();
        else {
          const value = tokens ? resolvePointer(item, tokens) : undefined;
          // Senders leave optional values out; only the key decides which record this is.
          if (value === undefined && field === entity.primaryKey)
            return { ok: false, error: `${at}${source}: is missing (for field ${field})` };
          raw[field] = value ?? null;
        }
      }
    } else {
      for (const [key, value] of Object.entries(item as Row)) if (fieldNames.has(key)) raw[key] = value;
    }
    const errors: FieldError[] = [];
    const checked = checkRecord(entity, raw, at, errors);
    if (!checked) return { ok: false, error: first(errors) };
    records.push(checked);
  }
  return { ok: true, records };
}

import type { FieldError } from '../errors';
import type { EntityDefinition, FieldDefinition, FieldType, FieldValue } from './model';

/**
 * Cell values between their JSON form (requests, responses, outbox payloads) and PostgreSQL.
 * Values are checked here, before any SQL runs, so a bad value is a 400 that names its field
 * and never a database error. The one rule for every surface: a record write, an analytics
 * filter, a view parameter and its default all accept exactly the same values of a type.
 */

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Plain decimal notation with optional exponent; NaN and Infinity are not numbers here.
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?$/;
const MAX_DECIMAL_TEXT = 1000;
// Unpaired UTF-16 surrogates cannot be stored as UTF-8 text.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isRealDate(y: number, m: number, d: number): boolean {
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(2000, m, 0)).getUTCDate(); // days in month m of a leap year
  if (d > days) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return !(m === 2 && d === 29 && !leap);
}

/** 'YYYY-MM-DD' of a real calendar date, or undefined. */
export function parseDate(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = ISO_DATE.exec(v);
  return m && isRealDate(+m[1], +m[2], +m[3]) ? v : undefined;
}

/**
 * An ISO 8601 date-time (or a date, meaning its midnight), normalised to UTC with milliseconds,
 * or undefined. Without a zone the time is UTC: the server's own zone never decides a value.
 */
export function parseTimestamp(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const m = ISO_TIMESTAMP.exec(v);
  if (!m) return undefined;
  const [, y, mo, d, hh = '00', mi = '00', ss = '00', frac = '', zone = 'Z'] = m;
  if (!isRealDate(+y, +mo, +d) || +hh > 23 || +mi > 59 || +ss > 59) return undefined;
  const offsetMinutes = zone.length > 3 ? zone.slice(-2) : '00';
  const offset = zone.toUpperCase() === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${offsetMinutes}`;
  if (offset !== 'Z' && (+zone.slice(1, 3) > 23 || +offsetMinutes > 59)) return undefined;
  const t = Date.parse(`${y}-${mo}-${d}T${hh}:${mi}:${ss}.${(frac + '000').slice(0, 3)}${offset}`);
  if (!Number.isFinite(t)) return undefined;
  const iso = new Date(t).toISOString();
  // An offset can move a value of year 1 or 9999 out of the four-digit years PostgreSQL takes here.
  return /^\d{4}-/.test(iso) && iso >= '0001' ? iso : undefined;
}

function badText(s: string): string | undefined {
  if (s.includes('\u0000')) return 'must not contain the NUL character';
  if (LONE_SURROGATE.test(s)) return 'must be valid Unicode text';
  return undefined;
}

/** The first string (or object key) in a JSON value that PostgreSQL cannot store, as an error message. */
function badJson(v: unknown, depth = 0): string | undefined {
  if (depth > 100) return 'is nested too deeply';
  if (typeof v === 'string') return badText(v);
  if (typeof v === 'number') return Number.isFinite(v) ? undefined : 'must be a finite number';
  if (v === null || typeof v === 'boolean') return undefined;
  if (Array.isArray(v)) {
    for (const x of v) {
      const e = badJson(x, depth + 1);
      if (e) return e;
    }
    return undefined;
  }
  if (typeof v === 'object') {
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const e = badText(k) ?? badJson(x, depth + 1);
      if (e) return e;
    }
    return undefined;
  }
  return 'must be a JSON value';
}

export type Checked = { ok: true; value: FieldValue } | { ok: false; message: string };

/**
 * Checks one non-null value against its field type; `value` is its canonical form, what goes to
 * PostgreSQL. INTEGER is a JSON number within ±(2^53-1), since answers carry it as one.
 */
export function checkValue(type: FieldType, v: unknown): Checked {
  const fail = (message: string): Checked => ({ ok: false, message });
  switch (type) {
    case 'STRING': {
      if (typeof v !== 'string') return fail('must be a string');
      const e = badText(v);
      return e ? fail(e) : { ok: true, value: v };
    }
    case 'INTEGER':
      return Number.isSafeInteger(v)
        ? { ok: true, value: v as number }
        : fail('must be an integer between -(2^53-1) and 2^53-1');
    case 'FLOAT':
      return typeof v === 'number' && Number.isFinite(v) ? { ok: true, value: v } : fail('must be a finite number');
    case 'DECIMAL':
      if (typeof v === 'number' && Number.isFinite(v)) return { ok: true, value: v };
      // Answers carry DECIMAL as a JSON number, so a value must also fit one.
      if (typeof v === 'string' && v.length <= MAX_DECIMAL_TEXT && DECIMAL_TEXT.test(v) && Number.isFinite(Number(v)))
        return { ok: true, value: v };
      return fail('must be a number or a decimal string');
    case 'BOOLEAN':
      return typeof v === 'boolean' ? { ok: true, value: v } : fail('must be a boolean');
    case 'TIMESTAMP': {
      const t = parseTimestamp(v);
      return t ? { ok: true, value: t } : fail('must be an ISO 8601 date-time, e.g. 2026-11-26T08:30:00.000Z');
    }
    case 'DATE': {
      const d = parseDate(v);
      return d ? { ok: true, value: d } : fail('must be a real date in the form YYYY-MM-DD');
    }
    case 'JSON': {
      const e = badJson(v);
      return e ? fail(e) : { ok: true, value: v as FieldValue };
    }
  }
}

/**
 * Checks a record (or a patch) against the entity: unknown fields, types, the primary key.
 * Returns the values to store, keyed by field; errors are pushed with `at` as the path prefix.
 */
export function checkRecord(
  entity: EntityDefinition,
  raw: unknown,
  at: string,
  errors: FieldError[],
  opts: { partial?: boolean } = {},
): Record<string, unknown> | undefined {
  const prefix = at ? `${at}.` : '';
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    errors.push({ field: at || 'body', message: 'must be a JSON object' });
    return undefined;
  }
  const before = errors.length;
  const byName = new Map(entity.fields.map((f) => [f.name, f]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const field = byName.get(key);
    if (!field) {
      errors.push({ field: `${prefix}${key.slice(0, 100)}`, message: `is not a field of entity ${entity.name}` });
      continue;
    }
    if (value === undefined) continue;
    if (value === null) {
      if (key === entity.primaryKey)
        errors.push({ field: `${prefix}${key}`, message: 'is the primary key and must not be null' });
      else out[key] = null;
      continue;
    }
    const checked = checkValue(field.type, value);
    if (checked.ok) out[key] = checked.value;
    else errors.push({ field: `${prefix}${key}`, message: checked.message });
  }
  if (
    !opts.partial &&
    !Object.hasOwn(out, entity.primaryKey) &&
    !errors.some((e) => e.field === `${prefix}${entity.primaryKey}`)
  ) {
    errors.push({ field: `${prefix}${entity.primaryKey}`, message: 'is required (primary key)' });
  }
  return errors.length === before ? out : undefined;
}

/**
 * A primary key value from a URL or GraphQL ID, as the text PostgreSQL casts to the key's type;
 * undefined when no row could have that key (so the caller answers RECORD_NOT_FOUND).
 */
export function parseRecordId(field: FieldDefinition, id: string): string | undefined {
  switch (field.type) {
    case 'STRING':
      return badText(id) ? undefined : id;
    case 'INTEGER':
      return /^-?\d{1,16}$/.test(id) && Number.isSafeInteger(Number(id)) ? String(Number(id)) : undefined;
    case 'DECIMAL':
      return id.length <= MAX_DECIMAL_TEXT && DECIMAL_TEXT.test(id) ? id : undefined;
    case 'DATE':
      return parseDate(id);
    case 'TIMESTAMP':
      return parseTimestamp(id);
    default:
      return undefined;
  }
}

/**
 * The identity of a checked primary key value, for comparing keys in JS (duplicates in a batch,
 * a patch that repeats the key). Values of one key compare equal exactly when PostgreSQL's do,
 * except DECIMAL beyond double precision, which PostgreSQL still tells apart.
 */
export function keyIdentity(type: FieldType, checked: unknown): string {
  if (type === 'DECIMAL') return String(Number(checked));
  return String(checked);
}

/** A row as PostgreSQL returned it, in its JSON form: timestamps as ISO 8601 UTC with milliseconds. */
export function rowToRecord(entity: EntityDefinition, row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const f of entity.fields) {
    const v = row[f.name];
    record[f.name] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return record;
}

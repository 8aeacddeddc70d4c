/**
 * Checks an untrusted JSON value against a field type and brings it to one canonical form.
 * The result is only ever bound as a parameter (cast to the column's SQL type), never spliced.
 */
import type { FieldType } from '../catalog/model';
import { MAX_STRING_VALUE, type TypedValue } from './model';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = /^-?\d{1,19}$/;
const DECIMAL_TEXT = /^-?\d{1,100}(\.\d{1,100})?$/;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP_TEXT =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

export type Checked = { ok: true; value: TypedValue } | { ok: false; message: string };

const fail = (message: string): Checked => ({ ok: false, message });
const ok = (value: TypedValue): Checked => ({ ok: true, value });

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const m = DATE_TEXT.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** An ISO 8601 date or date-time (no offset means UTC) as an ISO UTC string, or undefined. */
export function parseTimestamp(text: string): string | undefined {
  const m = TIMESTAMP_TEXT.exec(text);
  if (!m || !isCalendarDate(m[1])) return undefined;
  if (m[2] !== undefined && (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59)) return undefined;
  let offset = m[6] ?? 'Z';
  if (/^[+-]\d{2}$/.test(offset)) offset += ':00';
  else if (/^[+-]\d{4}$/.test(offset)) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`;
  const fraction = m[5] ? m[5].slice(0, 4) : '';
  const iso = `${m[1]}T${m[2] ?? '00'}:${m[3] ?? '00'}:${m[4] ?? '00'}${fraction}${offset.toUpperCase()}`;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** Checks `raw` as a value of a field of type `type`. */
export function checkValue(type: FieldType, raw: unknown): Checked {
  if (raw === null || raw === undefined) return fail('must not be null (use IS_NULL or IS_NOT_NULL)');
  switch (type) {
    case 'STRING':
      if (typeof raw !== 'string') return fail('must be a string');
      if (raw.length > MAX_STRING_VALUE) return fail(`must be at most ${MAX_STRING_VALUE} characters`);
      if (raw.includes('\0')) return fail('must not contain NUL characters');
      return ok(raw);
    case 'INTEGER': {
      if (typeof raw === 'number') {
        return Number.isSafeInteger(raw) ? ok(raw) : fail('must be an integer');
      }
      if (typeof raw === 'string' && INTEGER_TEXT.test(raw)) {
        const n = BigInt(raw);
        if (n < INT64_MIN || n > INT64_MAX) return fail('is out of the 64-bit integer range');
        return ok(Number.isSafeInteger(Number(raw)) ? Number(raw) : n.toString());
      }
      return fail('must be an integer');
    }
    case 'FLOAT':
      return typeof raw === 'number' && Number.isFinite(raw) ? ok(raw) : fail('must be a number');
    case 'DECIMAL':
      if (typeof raw === 'number' && Number.isFinite(raw)) return ok(raw);
      if (typeof raw === 'string' && DECIMAL_TEXT.test(raw)) return ok(raw);
      return fail('must be a number');
    case 'BOOLEAN':
      return typeof raw === 'boolean' ? ok(raw) : fail('must be a boolean');
    case 'TIMESTAMP': {
      if (typeof raw !== 'string') return fail('must be an ISO 8601 date-time string');
      const iso = parseTimestamp(raw);
      return iso ? ok(iso) : fail('must be an ISO 8601 date-time string');
    }
    case 'DATE':
      return typeof raw === 'string' && isCalendarDate(raw) ? ok(raw) : fail('must be a date YYYY-MM-DD');
    case 'JSON': {
      const text = JSON.stringify(raw);
      if (text.length > MAX_STRING_VALUE) return fail(`must be at most ${MAX_STRING_VALUE} characters as JSON`);
      if (text.includes('\\u0000')) return fail('must not contain NUL characters');
      return ok(raw as TypedValue);
    }
  }
}

/** The form a checked value is bound in (text for JSON, so `$n::jsonb` reads it). */
export function bindable(type: FieldType, value: TypedValue): unknown {
  return type === 'JSON' ? JSON.stringify(value) : value;
}

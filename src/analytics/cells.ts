/** Cell values as docs/api.md#analytics answers them, decided by the column's type, not by the driver. */
import pg from 'pg';
import type { ColumnType } from '../query/model';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

function isoUtc(v: unknown): unknown {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (typeof v === 'string') {
    const d = new Date(v);
    return Number.isNaN(d.getTime()) ? v : d.toISOString();
  }
  return v;
}

const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (v: string) => unknown;
const AT_UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(\.\d{1,6})?\+00$/;

/**
 * A timestamptz as PostgreSQL writes it (the runner keeps it as text). At offset +00, the common
 * case, it is rewritten as text into what the driver's Date would answer (milliseconds, truncated
 * as the driver truncates them): a Date per cell was most of the cost of typing a page of rows.
 * Any other form goes through the driver's own parser, as before.
 */
function timestampIso(v: unknown): unknown {
  if (typeof v !== 'string') return isoUtc(v);
  const m = AT_UTC.exec(v);
  if (!m) return isoUtc(parseTimestamptz(v));
  const ms = m[3] ? Math.trunc(1000 * parseFloat(m[3])) : 0;
  return `${m[1]}T${m[2]}.${pad(ms, 3)}Z`;
}

const WALL_CLOCK = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?$/;

/** A bucket start: 'YYYY-MM-DD HH:MM:SS[.ffffff]' in UTC wall-clock time. */
function bucketIso(v: unknown): unknown {
  if (typeof v === 'string') {
    // Rewritten as text: what Date would answer (milliseconds, truncated), without parsing a Date
    // per row, which was most of the cost of typing a result of many buckets.
    const m = WALL_CLOCK.exec(v);
    if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').slice(0, 3).padEnd(3, '0')}Z`;
    const d = new Date(`${v.replace(' ', 'T')}Z`);
    return Number.isNaN(d.getTime()) ? v : d.toISOString();
  }
  return isoUtc(v);
}

function dateOnly(v: unknown): unknown {
  // A driver that parses DATE into a local-midnight Date would shift the day; read it back locally.
  if (v instanceof Date) return `${pad(v.getFullYear(), 4)}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
  return v;
}

/**
 * A JSON number when it carries the value; otherwise the value's text, so that a result is never
 * answered null: a sum of DECIMAL past ±1.7976931348623157e308 keeps PostgreSQL's exact digits.
 */
function numeric(v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) ? v : String(v);
  if (typeof v === 'string' || typeof v === 'bigint') {
    const n = Number(v);
    return Number.isFinite(n) ? n : String(v);
  }
  return v;
}

export function cellOf(type: ColumnType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'INTEGER':
    case 'FLOAT':
    case 'DECIMAL':
      return numeric(v);
    case 'TIMESTAMP':
      return timestampIso(v);
    case 'TIME':
      return bucketIso(v);
    case 'DATE':
      return dateOnly(v);
    default:
      return v;
  }
}

/**
 * Cells past `types` (a guard column) are left out. The driver's rows are this call's own, so they
 * are typed in place rather than copied.
 */
export function rowsOf(types: ColumnType[], rows: unknown[][]): unknown[][] {
  const n = types.length;
  for (const r of rows) {
    for (let i = 0; i < n; i++) r[i] = cellOf(types[i], r[i]);
    r.length = n;
  }
  return rows;
}

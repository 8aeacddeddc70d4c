/**
 * An independent, in-memory evaluation of an analytics query body over plain
 * JavaScript rows: what the service must answer, worked out without SQL. Deliberately simple
 * and slow; it shares no code with src/analytics.
 */
export type Row = Record<string, unknown>;
export type FieldTypes = Record<string, 'STRING' | 'INTEGER' | 'FLOAT' | 'DECIMAL' | 'BOOLEAN' | 'TIMESTAMP' | 'DATE'>;

export interface QueryBody {
  select: Array<{ field?: string; agg?: string; alias?: string }>;
  filter?: FilterBody;
  time?: { granularity?: string; range?: { from: string; to: string } };
  limit?: number;
  offset?: number;
}
export type FilterBody = { op: string; field?: string; value?: unknown; conditions?: FilterBody[] };

type Tri = boolean | null;

const isNull = (v: unknown) => v === null || v === undefined;

/** A comparable key: timestamps as epoch ms, everything else as it is. */
function key(type: string, v: unknown): number | string | boolean {
  if (type === 'TIMESTAMP') return Date.parse(String(v));
  if (type === 'INTEGER' || type === 'FLOAT' || type === 'DECIMAL') return Number(v);
  return v as string | boolean;
}

function cmp(a: number | string | boolean, b: number | string | boolean): number {
  if (typeof a === 'boolean') return Number(a) - Number(b as boolean);
  return a < b ? -1 : a > b ? 1 : 0;
}

function likeRegex(pattern: string, insensitive: boolean): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) re += pattern[++i].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') re += '[\\s\\S]*';
    else if (c === '_') re += '[\\s\\S]';
    else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, insensitive ? 'iu' : 'u');
}

function evalFilter(f: FilterBody, row: Row, types: FieldTypes): Tri {
  if (f.op === 'AND' || f.op === 'OR') {
    const parts = f.conditions!.map((c) => evalFilter(c, row, types));
    if (f.op === 'AND') return parts.includes(false) ? false : parts.includes(null) ? null : true;
    return parts.includes(true) ? true : parts.includes(null) ? null : false;
  }
  if (f.op === 'NOT') {
    const v = evalFilter(f.conditions![0], row, types);
    return v === null ? null : !v;
  }
  const type = types[f.field!];
  const raw = row[f.field!];
  if (f.op === 'IS_NULL') return isNull(raw);
  if (f.op === 'IS_NOT_NULL') return !isNull(raw);
  if (isNull(raw)) return null;
  const v = key(type, raw);
  const k = (x: unknown) => key(type, x);
  switch (f.op) {
    case 'EQ':
      return cmp(v, k(f.value)) === 0;
    case 'NE':
      return cmp(v, k(f.value)) !== 0;
    case 'GT':
      return cmp(v, k(f.value)) > 0;
    case 'GTE':
      return cmp(v, k(f.value)) >= 0;
    case 'LT':
      return cmp(v, k(f.value)) < 0;
    case 'LTE':
      return cmp(v, k(f.value)) <= 0;
    case 'IN':
      return (f.value as unknown[]).some((x) => cmp(v, k(x)) === 0);
    case 'NOT_IN':
      return (f.value as unknown[]).every((x) => cmp(v, k(x)) !== 0);
    case 'BETWEEN': {
      const [lo, hi] = f.value as unknown[];
      return cmp(v, k(lo)) >= 0 && cmp(v, k(hi)) <= 0;
    }
    case 'LIKE':
      return likeRegex(String(f.value), false).test(String(raw));
    case 'ILIKE':
      return likeRegex(String(f.value), true).test(String(raw));
  }
  throw new Error(`oracle: unknown operator ${f.op}`);
}

/** Start of the UTC bucket holding `value` (a TIMESTAMP ISO string or a DATE), as ISO. */
function bucketStart(value: string, granularity: string): string {
  const d = new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (granularity) {
    case 'MINUTE':
      return new Date(Date.UTC(y, m, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes())).toISOString();
    case 'HOUR':
      return new Date(Date.UTC(y, m, d.getUTCDate(), d.getUTCHours())).toISOString();
    case 'DAY':
      return new Date(Date.UTC(y, m, d.getUTCDate())).toISOString();
    case 'WEEK':
      return new Date(Date.UTC(y, m, d.getUTCDate() - ((d.getUTCDay() + 6) % 7))).toISOString();
    case 'MONTH':
      return new Date(Date.UTC(y, m, 1)).toISOString();
    case 'QUARTER':
      return new Date(Date.UTC(y, m - (m % 3), 1)).toISOString();
    case 'YEAR':
      return new Date(Date.UTC(y, 0, 1)).toISOString();
  }
  throw new Error(`oracle: unknown granularity ${granularity}`);
}

function inRange(value: unknown, type: string, range: { from: string; to: string }): boolean {
  if (isNull(value)) return false;
  if (type === 'DATE') return (value as string) >= range.from && (value as string) <= range.to;
  const ms = Date.parse(value as string);
  const to = new Date(`${range.to}T00:00:00.000Z`);
  to.setUTCDate(to.getUTCDate() + 1);
  return ms >= Date.parse(`${range.from}T00:00:00.000Z`) && ms < to.getTime();
}

function aggregate(agg: string, field: string | undefined, rows: Row[], types: FieldTypes): unknown {
  if (agg === 'COUNT' && field === undefined) return rows.length;
  const values = rows.map((r) => r[field!]).filter((v) => !isNull(v));
  const type = types[field!];
  switch (agg) {
    case 'COUNT':
      return values.length;
    case 'COUNT_DISTINCT':
      return new Set(values.map((v) => String(key(type, v)))).size;
    case 'SUM':
      return values.length ? values.reduce((s: number, v) => s + Number(v), 0) : null;
    case 'AVG':
      return values.length ? values.reduce((s: number, v) => s + Number(v), 0) / values.length : null;
    case 'MIN':
    case 'MAX': {
      if (!values.length) return null;
      const sorted = [...values].sort((a, b) => cmp(key(type, a), key(type, b)));
      return agg === 'MIN' ? sorted[0] : sorted[sorted.length - 1];
    }
  }
  throw new Error(`oracle: unknown aggregation ${agg}`);
}

/** Ascending, NULLs last, by each value in turn. */
function compareTuples(a: unknown[], b: unknown[], typesOf: string[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (isNull(x) && isNull(y)) continue;
    if (isNull(x)) return 1;
    if (isNull(y)) return -1;
    const c = cmp(key(typesOf[i], x), key(typesOf[i], y));
    if (c !== 0) return c;
  }
  return 0;
}

/** The expected `{ columns, rows }` of `q` over `rows`; `timeField` is the field `time` uses. */
export function evaluate(
  q: QueryBody,
  data: Row[],
  types: FieldTypes,
  primaryKey: string,
  timeField: string,
): { columns: string[]; rows: unknown[][] } {
  const granularity = q.time?.granularity;
  const range = q.time?.range;
  let rows = data.filter((r) => (q.filter ? evalFilter(q.filter, r, types) === true : true));
  if (range) rows = rows.filter((r) => inRange(r[timeField], types[timeField], range));
  if (granularity) rows = rows.filter((r) => !isNull(r[timeField]));
  const columns = [...(granularity ? ['time'] : []), ...q.select.map((s) => s.alias ?? s.field ?? 'count')];
  const aggregated = !!granularity || q.select.some((s) => s.agg);
  let out: unknown[][];
  if (!aggregated) {
    out = [...rows]
      .sort((a, b) => cmp(key(types[primaryKey], a[primaryKey]), key(types[primaryKey], b[primaryKey])))
      .map((r) => q.select.map((s) => r[s.field!]));
  } else {
    const groupItems = q.select.map((s, i) => ({ s, i })).filter(({ s }) => !s.agg);
    const groupTypes = [...(granularity ? ['TIMESTAMP'] : []), ...groupItems.map(({ s }) => types[s.field!])];
    const groups = new Map<string, { keyValues: unknown[]; rows: Row[] }>();
    for (const r of rows) {
      const keyValues = [
        ...(granularity ? [bucketStart(r[timeField] as string, granularity)] : []),
        ...groupItems.map(({ s }) => r[s.field!] ?? null),
      ];
      const id = JSON.stringify(keyValues.map((v, i) => (isNull(v) ? null : key(groupTypes[i], v))));
      const g = groups.get(id) ?? { keyValues, rows: [] };
      g.rows.push(r);
      groups.set(id, g);
    }
    if (groups.size === 0 && groupTypes.length === 0) groups.set('all', { keyValues: [], rows: [] });
    const sorted = [...groups.values()].sort((a, b) => compareTuples(a.keyValues, b.keyValues, groupTypes));
    out = sorted.map((g) => {
      let k = granularity ? 1 : 0;
      const cells = q.select.map((s) =>
        s.agg ? aggregate(s.agg, s.field === '*' ? undefined : s.field, g.rows, types) : g.keyValues[k++],
      );
      return [...(granularity ? [g.keyValues[0]] : []), ...cells];
    });
  }
  const offset = q.offset ?? 0;
  return { columns, rows: out.slice(offset, offset + (q.limit ?? 100)) };
}

/** Cell equality with a tolerance for floating-point sums and averages. */
export function sameCell(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Reads untrusted query parts (select list, filter tree, time, paging) against the columns of
 * a source. Nothing here throws on a bad input: each problem is collected as a field error with
 * its path, so one answer can list them all (validation answers the list; the others throw INVALID_QUERY).
 */
import { checkValue, parseDate, type Checked } from '../catalog/field-values';
import { FIELD_TYPES, type FieldType, type FieldValue } from '../catalog/model';
import { AppError, type FieldError } from '../errors';
import {
  AGGREGATIONS,
  COUNT_ALL_COLUMN,
  DEFAULT_LIMIT,
  FILTER_GROUPS,
  FILTER_OPERATORS,
  GRANULARITIES,
  MAX_FILTER_CONDITIONS,
  MAX_FILTER_DEPTH,
  MAX_IN_VALUES,
  MAX_LIMIT,
  MAX_OFFSET,
  MAX_SELECT_ITEMS,
  MAX_STRING_VALUE,
  type Aggregation,
  type Filter,
  type FilterGroupOp,
  type FilterOperator,
  type Granularity,
  type SelectItem,
  type SourceField,
  type TimeConfig,
} from './model';

export type Fields = ReadonlyMap<string, SourceField>;

export function fieldMap(fields: readonly SourceField[]): Fields {
  return new Map(fields.map((f) => [f.name, f]));
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
/** GraphQL passes absent optional inputs as null; both mean "not given". */
const given = (v: unknown) => v !== undefined && v !== null;

const NUMERIC: ReadonlySet<FieldType> = new Set(['INTEGER', 'FLOAT', 'DECIMAL']);
const UNORDERED: ReadonlySet<FieldType> = new Set(['BOOLEAN', 'JSON']);
const ALIAS_MAX = 128;

/** Collects field errors under a path prefix. */
export class Problems {
  readonly list: FieldError[] = [];
  add(field: string, message: string): undefined {
    if (this.list.length < 100) this.list.push({ field, message });
    return undefined;
  }
  get any(): boolean {
    return this.list.length > 0;
  }
  /** Throws INVALID_QUERY with every collected error, if any. */
  throwIfAny(): void {
    if (this.any) throw invalidQuery(this.list);
  }
}

export function invalidQuery(details: FieldError[], message = 'The analytics query is not valid'): AppError {
  return new AppError('INVALID_QUERY', message, details);
}

/** The type an aggregation answers for a field type (what a view column of it holds). */
export function aggregateType(agg: Aggregation, fieldType: FieldType | undefined): FieldType {
  switch (agg) {
    case 'COUNT':
    case 'COUNT_DISTINCT':
      return 'INTEGER';
    case 'SUM':
      return fieldType === 'FLOAT' ? 'FLOAT' : 'DECIMAL';
    case 'AVG':
      return fieldType === 'FLOAT' ? 'FLOAT' : 'DECIMAL';
    case 'MIN':
    case 'MAX':
      return fieldType!;
  }
}

/** Whether `agg` applies to a field of `type` (PostgreSQL has no SUM of text or MIN of jsonb). */
export function aggregationFits(agg: Aggregation, type: FieldType): boolean {
  if (agg === 'SUM' || agg === 'AVG') return NUMERIC.has(type);
  if (agg === 'MIN' || agg === 'MAX') return type !== 'JSON';
  return true;
}

/**
 * A value in a filter, a view parameter or its default: the catalogue's rule for its type (the same
 * a record write applies), null refused since conditions test null with IS_NULL, and text bounded
 * so that a hostile body cannot build an enormous statement.
 */
export function checkQueryValue(type: FieldType, raw: unknown): Checked {
  if (raw === null || raw === undefined) return { ok: false, message: 'must not be null (use IS_NULL or IS_NOT_NULL)' };
  if (typeof raw === 'string' && raw.length > MAX_STRING_VALUE)
    return { ok: false, message: `must be at most ${MAX_STRING_VALUE} characters` };
  const checked = checkValue(type, raw);
  if (checked.ok && type === 'JSON' && JSON.stringify(raw).length > MAX_STRING_VALUE)
    return { ok: false, message: `must be at most ${MAX_STRING_VALUE} characters as JSON` };
  return checked;
}

function readEnum<T extends string>(raw: unknown, allowed: readonly T[]): T | undefined {
  return typeof raw === 'string' && (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined;
}

export function readSelect(
  raw: unknown,
  fields: Fields,
  p: Problems,
  path = 'select',
  opts: { aliasPattern?: RegExp } = {},
): SelectItem[] {
  if (!Array.isArray(raw) || raw.length === 0) return p.add(path, 'must be a non-empty array of select items') ?? [];
  if (raw.length > MAX_SELECT_ITEMS) return p.add(path, `must have at most ${MAX_SELECT_ITEMS} items`) ?? [];
  const items: SelectItem[] = [];
  raw.forEach((item, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(item)) return p.add(at, 'must be an object with field, agg and alias');
    let agg: Aggregation | undefined;
    if (given(item.agg)) {
      agg = readEnum(item.agg, AGGREGATIONS);
      if (!agg) return p.add(`${at}.agg`, `must be one of ${AGGREGATIONS.join(', ')}`);
    }
    let field: string | undefined;
    const countAll = agg === 'COUNT' && (!given(item.field) || item.field === '*');
    if (!countAll) {
      if (typeof item.field !== 'string' || item.field === '') return p.add(`${at}.field`, 'is required');
      const def = fields.get(item.field);
      if (!def) return p.add(`${at}.field`, 'is not a field of the queried entity or view');
      if (agg && !aggregationFits(agg, def.type))
        return p.add(`${at}.agg`, `${agg} does not apply to a ${def.type} field`);
      field = def.name;
    }
    let alias: string | undefined;
    if (given(item.alias)) {
      if (
        typeof item.alias !== 'string' ||
        item.alias.length === 0 ||
        item.alias.length > ALIAS_MAX ||
        /[\u0000-\u001f]/.test(item.alias)
      ) {
        return p.add(`${at}.alias`, `must be a string of 1 to ${ALIAS_MAX} printable characters`);
      }
      if (opts.aliasPattern && !opts.aliasPattern.test(item.alias))
        return p.add(`${at}.alias`, `must match ${opts.aliasPattern.source}`);
      alias = item.alias;
    }
    items.push({ field, agg, column: alias ?? field ?? COUNT_ALL_COLUMN });
  });
  return items;
}

/** Reports select columns that share a name (with each other or with `reserved`, e.g. `time`). */
export function checkDistinctColumns(columns: string[], p: Problems, path: string, reserved: string[] = []): void {
  const seen = new Set(reserved);
  columns.forEach((c, i) => {
    if (seen.has(c)) p.add(`${path}[${i}]`, `duplicates the column name "${c.slice(0, 64)}"; give it another alias`);
    seen.add(c);
  });
}

interface FilterState {
  conditions: number;
}

/**
 * True when a raw filter nests groups (`conditions`) deeper than MAX_FILTER_DEPTH. Iterative, so
 * it is safe on any input: callers that walk a raw filter recursively before readFilter (view
 * parameters) ask this first, or a filter nested 30,000 levels deep would exhaust the stack.
 */
export function filterNestsTooDeep(raw: unknown): boolean {
  const stack: Array<[unknown, number]> = [[raw, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (!isObject(node) || !Array.isArray(node.conditions)) continue;
    if (depth > MAX_FILTER_DEPTH) return true;
    for (const c of node.conditions) stack.push([c, depth + 1]);
  }
  return false;
}

export function readFilter(raw: unknown, fields: Fields, p: Problems, path = 'filter'): Filter | undefined {
  if (!given(raw)) return undefined;
  return readFilterNode(raw, fields, p, path, 1, { conditions: 0 });
}

function readFilterNode(
  raw: unknown,
  fields: Fields,
  p: Problems,
  path: string,
  depth: number,
  state: FilterState,
): Filter | undefined {
  if (!isObject(raw)) return p.add(path, 'must be a condition or a group object');
  if (depth > MAX_FILTER_DEPTH) return p.add(path, `nests deeper than ${MAX_FILTER_DEPTH} levels`);
  if (++state.conditions > MAX_FILTER_CONDITIONS)
    return p.add(path, `has more than ${MAX_FILTER_CONDITIONS} conditions`);
  const groupOp = readEnum<FilterGroupOp>(raw.op, FILTER_GROUPS);
  if (groupOp) {
    const list = raw.conditions;
    if (!Array.isArray(list) || list.length === 0)
      return p.add(`${path}.conditions`, `${groupOp} needs a non-empty array of conditions`);
    if (groupOp === 'NOT' && list.length !== 1) return p.add(`${path}.conditions`, 'NOT takes exactly one condition');
    const conditions: Filter[] = [];
    list.forEach((c, i) => {
      const f = readFilterNode(c, fields, p, `${path}.conditions[${i}]`, depth + 1, state);
      if (f) conditions.push(f);
    });
    return conditions.length === list.length ? { kind: 'group', op: groupOp, conditions } : undefined;
  }
  const op = readEnum<FilterOperator>(raw.op, FILTER_OPERATORS);
  if (!op) return p.add(`${path}.op`, `must be one of ${[...FILTER_OPERATORS, ...FILTER_GROUPS].join(', ')}`);
  if (given(raw.conditions)) return p.add(`${path}.conditions`, `a ${op} condition takes no conditions`);
  if (typeof raw.field !== 'string' || raw.field === '') return p.add(`${path}.field`, 'is required');
  const def = fields.get(raw.field);
  if (!def) return p.add(`${path}.field`, 'is not a field of the queried entity or view');
  const values = readOperands(op, def.type, raw.value, p, `${path}.value`);
  return values ? { kind: 'condition', field: def.name, op, values } : undefined;
}

function readOperands(
  op: FilterOperator,
  type: FieldType,
  raw: unknown,
  p: Problems,
  path: string,
): FieldValue[] | undefined {
  const one = (v: unknown, at: string): FieldValue | undefined => {
    const c = checkQueryValue(type, v);
    return c.ok ? c.value : p.add(at, c.message);
  };
  const all = (list: unknown[]): FieldValue[] | undefined => {
    const out = list.map((v, i) => one(v, `${path}[${i}]`));
    return out.every((v) => v !== undefined) ? (out as FieldValue[]) : undefined;
  };
  switch (op) {
    case 'IS_NULL':
    case 'IS_NOT_NULL':
      return given(raw) ? p.add(path, `${op} takes no value`) : [];
    case 'IN':
    case 'NOT_IN':
      if (!Array.isArray(raw) || raw.length === 0) return p.add(path, `${op} needs a non-empty array of values`);
      if (raw.length > MAX_IN_VALUES) return p.add(path, `${op} takes at most ${MAX_IN_VALUES} values`);
      return all(raw);
    case 'BETWEEN':
      if (UNORDERED.has(type)) return p.add(path, `BETWEEN does not apply to a ${type} field`);
      if (!Array.isArray(raw) || raw.length !== 2) return p.add(path, 'BETWEEN needs an array [low, high]');
      return all(raw);
    case 'LIKE':
    case 'ILIKE':
      if (type !== 'STRING') return p.add(path, `${op} applies to STRING fields only`);
      if (typeof raw !== 'string') return p.add(path, 'must be a pattern string');
      return all([raw]);
    case 'GT':
    case 'GTE':
    case 'LT':
    case 'LTE':
      if (UNORDERED.has(type)) return p.add(path, `${op} does not apply to a ${type} field`);
    // falls through
    case 'EQ':
    case 'NE': {
      if (!given(raw)) return p.add(path, `${op} needs a value (use IS_NULL or IS_NOT_NULL for null)`);
      if (Array.isArray(raw) && type !== 'JSON') return p.add(path, `${op} takes one value, not an array`);
      const v = one(raw, path);
      return v === undefined ? undefined : [v];
    }
  }
}

/** Reads `time`; `timeField` is the source's time field, if it has one. */
export function readTime(
  raw: unknown,
  timeField: SourceField | undefined,
  p: Problems,
  path = 'time',
): TimeConfig | undefined {
  if (!given(raw)) return undefined;
  if (!isObject(raw)) return p.add(path, 'must be an object with granularity and range');
  const time: TimeConfig = {};
  if (given(raw.granularity)) {
    const g = readEnum<Granularity>(raw.granularity, GRANULARITIES);
    if (!g) p.add(`${path}.granularity`, `must be one of ${GRANULARITIES.join(', ')}`);
    else time.granularity = g;
  }
  if (given(raw.range)) {
    const r = raw.range;
    if (!isObject(r)) {
      p.add(`${path}.range`, 'must be an object with from and to');
    } else {
      const from = r.from;
      const to = r.to;
      const fromOk = parseDate(from) !== undefined;
      const toOk = parseDate(to) !== undefined;
      if (!fromOk) p.add(`${path}.range.from`, 'must be a date YYYY-MM-DD');
      if (!toOk) p.add(`${path}.range.to`, 'must be a date YYYY-MM-DD');
      if (fromOk && toOk) {
        if ((from as string) > (to as string)) p.add(`${path}.range`, 'from must not be after to');
        else time.range = { from: from as string, to: to as string };
      }
    }
  }
  if ((time.granularity || time.range) && !timeField) {
    p.add(path, 'the queried entity, metric or view has no time field');
    return undefined;
  }
  return time.granularity || time.range ? time : undefined;
}

export function readPaging(body: Record<string, unknown>, p: Problems, prefix = ''): { limit: number; offset: number } {
  const int = (name: string, min: number, max: number, fallback: number): number => {
    const v = body[name];
    if (!given(v)) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      p.add(`${prefix}${name}`, `must be an integer from ${min} to ${max}`);
      return fallback;
    }
    return v;
  };
  return { limit: int('limit', 1, MAX_LIMIT, DEFAULT_LIMIT), offset: int('offset', 0, MAX_OFFSET, 0) };
}

/** Reads `dimensions` of a metric query: distinct field names of the metric's entity. */
export function readDimensions(raw: unknown, fields: Fields, p: Problems, path = 'dimensions'): string[] {
  if (!given(raw)) return [];
  if (!Array.isArray(raw)) return p.add(path, 'must be an array of field names') ?? [];
  if (raw.length > MAX_SELECT_ITEMS) return p.add(path, `must have at most ${MAX_SELECT_ITEMS} items`) ?? [];
  const out: string[] = [];
  raw.forEach((d, i) => {
    if (typeof d !== 'string' || !fields.has(d)) return p.add(`${path}[${i}]`, "is not a field of the metric's entity");
    if (out.includes(d)) return p.add(`${path}[${i}]`, 'is listed twice');
    out.push(d);
  });
  return out;
}

export function isFieldType(v: unknown): v is FieldType {
  return typeof v === 'string' && (FIELD_TYPES as readonly string[]).includes(v);
}

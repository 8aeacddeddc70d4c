/**
 * The change filter's editor state and its two-way translation to the filter JSON a configuration
 * stores. The controls show one group (all or any of a list of conditions); other JSON is edited
 * as JSON. Conditions are always sent inside a group, so the server's `filter.conditions[i]` error
 * paths point at the i-th row.
 */
import { FilterOp } from '../../gql/graphql';

export type Operator = Exclude<FilterOp, 'AND' | 'OR' | 'NOT'>;
export type Match = 'AND' | 'OR';

const GROUPS: readonly string[] = [FilterOp.And, FilterOp.Or, FilterOp.Not];
/** The schema's operators without the groups (a row is one condition). */
export const FILTER_OPERATORS = Object.values(FilterOp).filter((op): op is Operator => !GROUPS.includes(op));

export interface Row {
  field: string;
  op: Operator;
  /** As typed: JSON (a number, true, ["a","b"]) or plain text. */
  value: string;
}

export interface FilterState {
  mode: 'conditions' | 'json';
  match: Match;
  rows: Row[];
  /** The JSON view's text. */
  text: string;
}

/** What a condition's field may name: the operation, or a field of the entity after or before the change. */
export const filterFields = (entityFields: readonly string[]): string[] => [
  'operation',
  ...entityFields.map((f) => `data.${f}`),
  ...entityFields.map((f) => `previous.${f}`),
];

const takesNoValue = (op: Operator) => op === 'IS_NULL' || op === 'IS_NOT_NULL';
const takesArray = (op: Operator) => op === 'IN' || op === 'NOT_IN' || op === 'BETWEEN';
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A typed value: JSON when it reads as JSON, else the text; a list operator's plain text splits at commas. */
function valueOf(row: Row): unknown {
  try {
    return JSON.parse(row.value) as unknown;
  } catch {
    if (!takesArray(row.op)) return row.value;
    return row.value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
}

const rowJson = (r: Row) =>
  takesNoValue(r.op) ? { field: r.field, op: r.op } : { field: r.field, op: r.op, value: valueOf(r) };

/** The filter the rows stand for: null (no filter) without rows. */
export function rowsFilter(match: Match, rows: readonly Row[]): Record<string, unknown> | null {
  return rows.length ? { op: match, conditions: rows.map(rowJson) } : null;
}

/** The filter to save, or why there is none to save (the JSON view does not parse). */
export function stateFilter(s: FilterState): { filter: unknown } | { problem: string } {
  if (s.mode === 'conditions') return { filter: rowsFilter(s.match, s.rows) };
  if (!s.text.trim()) return { filter: null };
  try {
    return { filter: JSON.parse(s.text) as unknown };
  } catch {
    return { problem: 'The filter is not valid JSON.' };
  }
}

/** A value as the Value box shows it: text as it is, unless it would read back as JSON of another type. */
function typedText(v: unknown): string {
  if (typeof v !== 'string') return JSON.stringify(v);
  try {
    JSON.parse(v);
    return JSON.stringify(v);
  } catch {
    return v;
  }
}

function rowOf(raw: unknown): Row | string {
  if (!isObject(raw)) return 'a condition is not an object';
  const extra = Object.keys(raw).find((k) => !['field', 'op', 'value'].includes(k));
  if (extra) return `a condition has "${extra}"`;
  if (typeof raw.field !== 'string') return 'a condition has no field';
  if (!FILTER_OPERATORS.includes(raw.op as Operator)) return `${String(raw.op)} is a group inside the group`;
  const op = raw.op as Operator;
  const value = raw.value === undefined || raw.value === null ? '' : typedText(raw.value);
  return { field: raw.field, op, value };
}

/** Rows for filter JSON, or why the controls cannot show it. */
export function filterRows(filter: unknown): { match: Match; rows: Row[] } | { problem: string } {
  if (filter === null || filter === undefined) return { match: 'AND', rows: [] };
  if (!isObject(filter)) return { problem: 'the filter is not an object' };
  const group = filter.op === 'AND' || filter.op === 'OR';
  const items = group ? filter.conditions : [filter];
  if (group && Object.keys(filter).some((k) => k !== 'op' && k !== 'conditions'))
    return { problem: 'the group has keys besides op and conditions' };
  if (!Array.isArray(items)) return { problem: 'the group has no list of conditions' };
  const rows: Row[] = [];
  for (const item of items) {
    const r = rowOf(item);
    if (typeof r === 'string') return { problem: r };
    rows.push(r);
  }
  return { match: group ? (filter.op as Match) : 'AND', rows };
}

/** The editor's first state for a stored filter: rows when they can show it, else its JSON. */
export function initialFilterState(filter: unknown): FilterState {
  const read = filterRows(filter);
  const text = filter === null || filter === undefined ? '' : JSON.stringify(filter, null, 2);
  return 'problem' in read ? { mode: 'json', match: 'AND', rows: [], text } : { mode: 'conditions', ...read, text };
}

/** Field errors by path (`filter.conditions[1].field`), an `input.` prefix dropped. */
export function detailsByField(error: unknown): Map<string, string> {
  const gql = (error as { graphQLErrors?: Array<{ extensions?: Record<string, unknown> }> } | null)?.graphQLErrors?.[0];
  const details = gql?.extensions?.details;
  const out = new Map<string, string>();
  if (!Array.isArray(details)) return out;
  for (const d of details as Array<{ field?: unknown; message?: unknown }>) {
    if (typeof d.field !== 'string' || typeof d.message !== 'string') continue;
    const field = d.field.replace(/^input\./, '');
    out.set(field, out.has(field) ? `${out.get(field)}; ${d.message}` : d.message);
  }
  return out;
}

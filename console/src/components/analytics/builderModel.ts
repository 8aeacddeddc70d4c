/**
 * The query builder's state and its two-way translation to the JSON of the `Query` box. The state
 * keeps what the controls show (values as typed, so "1." stays "1." while typed); the JSON is made
 * from it when a control changes, and read back into it when the JSON is edited. JSON the controls
 * cannot show (an OR group, a key they have no control for) is named as such, never half-applied.
 */
import {
  FilterOp,
  type Aggregation,
  type ConsoleEntitiesQuery,
  type ConsoleMetricsAndViewsQuery,
  type FieldType,
  type Granularity,
} from '../../gql/graphql';

type Entity = ConsoleEntitiesQuery['entities'][number];
type Metric = ConsoleMetricsAndViewsQuery['metrics'][number];
type View = ConsoleMetricsAndViewsQuery['views'][number];
export interface Catalogue {
  entities: readonly Entity[];
  metrics: readonly Metric[];
  views: readonly View[];
}

export type SourceKind = 'entity' | 'metric' | 'view';
/** A condition's operator: every filter operator but the groups. */
export type Operator = Exclude<FilterOp, 'AND' | 'OR' | 'NOT'>;

export interface Measure {
  agg: Aggregation;
  /** '' counts all rows. */
  field: string;
  alias: string;
}
export interface Condition {
  field: string;
  op: Operator;
  /** The value as typed; IN and NOT_IN: comma-separated; BETWEEN: the low end. */
  value: string;
  /** BETWEEN's high end. */
  high: string;
}
export interface Built {
  source: SourceKind;
  name: string;
  /** Grouping fields (an entity query's non-aggregated columns, a metric's dimensions), in order. */
  groupBy: string[];
  measures: Measure[];
  /** All must match (one AND group). */
  filters: Condition[];
  /** A view's parameters as typed. */
  params: Record<string, string>;
  granularity: Granularity | '';
  from: string;
  to: string;
  limit: string;
}

/** The schema's operators but the groups: a new one shows in the controls without a change here. */
const OPERATORS = Object.values(FilterOp).filter((op): op is Operator => op !== 'AND' && op !== 'OR' && op !== 'NOT');
const AGGREGATIONS: readonly Aggregation[] = ['SUM', 'COUNT', 'COUNT_DISTINCT', 'AVG', 'MIN', 'MAX'];
export const GRANULARITIES: readonly Granularity[] = ['MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'];
const NUMERIC = new Set<FieldType>(['INTEGER', 'FLOAT', 'DECIMAL']);
const UNORDERED = new Set<FieldType>(['BOOLEAN', 'JSON']);
export const takesNoValue = (op: Operator) => op === 'IS_NULL' || op === 'IS_NOT_NULL';
export const takesList = (op: Operator) => op === 'IN' || op === 'NOT_IN';

/** The aggregations that apply to a field of `type` (undefined: all rows, which only COUNT takes). */
export function aggregationsFor(type: FieldType | undefined): Aggregation[] {
  if (!type) return ['COUNT'];
  if (NUMERIC.has(type)) return [...AGGREGATIONS];
  if (type === 'JSON') return ['COUNT', 'COUNT_DISTINCT'];
  return ['COUNT', 'COUNT_DISTINCT', 'MIN', 'MAX'];
}

/** The operators that apply to a field of `type`. */
export function operatorsFor(type: FieldType | undefined): Operator[] {
  return OPERATORS.filter(
    (op) =>
      !((op === 'LIKE' || op === 'ILIKE') && type !== 'STRING') &&
      !(UNORDERED.has(type!) && ['GT', 'GTE', 'LT', 'LTE', 'BETWEEN'].includes(op)),
  );
}

/** The fields the source's filters and grouping name: its entity's (a view has none here). */
export function fieldsOf(b: Pick<Built, 'source' | 'name'>, cat: Catalogue): Entity['fields'] {
  return entityOf(b, cat)?.fields ?? [];
}

export function entityOf(b: Pick<Built, 'source' | 'name'>, cat: Catalogue): Entity | undefined {
  const entityName =
    b.source === 'entity'
      ? b.name
      : b.source === 'metric'
        ? cat.metrics.find((m) => m.name === b.name)?.entity
        : cat.views.find((v) => v.name === b.name)?.entity;
  return cat.entities.find((e) => e.name === entityName);
}

/** A value as typed, as the JSON value of a field or parameter of `type`. */
export function typedValue(type: FieldType | undefined, raw: string): unknown {
  const t = raw.trim();
  if (type && NUMERIC.has(type)) {
    if (t === '' || !Number.isFinite(Number(t))) return raw;
    // A DECIMAL a double would round travels as its digits.
    return type === 'DECIMAL' && String(Number(t)) !== t ? t : Number(t);
  }
  if (type === 'BOOLEAN') return t === 'true' ? true : t === 'false' ? false : raw;
  if (type === 'JSON') {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  return raw;
}

function rawValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function conditionJson(c: Condition, type: FieldType | undefined): Record<string, unknown> {
  if (takesNoValue(c.op)) return { field: c.field, op: c.op };
  if (takesList(c.op)) {
    const values = c.value
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    return { field: c.field, op: c.op, value: values.map((s) => typedValue(type, s)) };
  }
  if (c.op === 'BETWEEN')
    return { field: c.field, op: c.op, value: [typedValue(type, c.value), typedValue(type, c.high)] };
  return { field: c.field, op: c.op, value: typedValue(type, c.value) };
}

/** The request the state stands for: an A1 body, or `{ "metric", … }` / `{ "view", … }`. */
export function toBody(b: Built, cat: Catalogue): Record<string, unknown> {
  const types = new Map(fieldsOf(b, cat).map((f) => [f.name, f.type]));
  const conditions = b.filters.map((c) => conditionJson(c, types.get(c.field)));
  const filter =
    conditions.length === 0 ? undefined : conditions.length === 1 ? conditions[0] : { op: 'AND', conditions };
  const time =
    b.granularity || b.from || b.to
      ? {
          ...(b.granularity ? { granularity: b.granularity } : {}),
          ...(b.from || b.to ? { range: { from: b.from, to: b.to } } : {}),
        }
      : undefined;
  const limit = b.limit.trim() === '' ? undefined : typedValue('INTEGER', b.limit);
  const rest = { ...(time ? { time } : {}), ...(limit !== undefined ? { limit } : {}) };
  if (b.source === 'metric')
    return {
      metric: b.name,
      ...(b.groupBy.length ? { dimensions: b.groupBy } : {}),
      ...(filter ? { filter } : {}),
      ...rest,
    };
  if (b.source === 'view') {
    const view = cat.views.find((v) => v.name === b.name);
    const params = Object.fromEntries(
      (view?.parameters ?? [])
        .filter((p) => (b.params[p.name] ?? '') !== '')
        .map((p) => [p.name, typedValue(p.type, b.params[p.name])]),
    );
    return { view: b.name, ...(Object.keys(params).length ? { params } : {}), ...rest };
  }
  return {
    entity: b.name,
    select: [
      ...b.groupBy.map((field) => ({ field })),
      ...b.measures.map((m) => ({
        ...(m.field ? { field: m.field } : {}),
        agg: m.agg,
        ...(m.alias ? { alias: m.alias } : {}),
      })),
    ],
    ...(filter ? { filter } : {}),
    ...rest,
  };
}

export const bodyText = (b: Built, cat: Catalogue) => JSON.stringify(toBody(b, cat), null, 2);

/** The state the JSON stands for, or why the controls cannot show it. */
export type Read = { built: Built; problem?: undefined } | { built?: undefined; problem: string };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isScalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);

class Unshown extends Error {}
const unshown = (why: string): never => {
  throw new Unshown(why);
};

function onlyKeys(o: Record<string, unknown>, allowed: readonly string[], where: string) {
  const extra = Object.keys(o).filter((k) => !allowed.includes(k));
  if (extra.length) unshown(`${where} has "${extra[0]}", which the controls do not offer`);
}

function readConditions(raw: unknown, types: ReadonlyMap<string, FieldType>): Condition[] {
  if (raw === undefined || raw === null) return [];
  if (!isObject(raw)) return unshown('the filter is not an object');
  if (raw.op === 'AND' && raw.field === undefined && raw.value === undefined) {
    onlyKeys(raw, ['op', 'conditions'], 'the AND group');
    if (!Array.isArray(raw.conditions)) return unshown('the AND group has no list of conditions');
    return raw.conditions.map((c) => readCondition(c, types));
  }
  return [readCondition(raw, types)];
}

function readCondition(raw: unknown, types: ReadonlyMap<string, FieldType>): Condition {
  if (!isObject(raw)) return unshown('a filter condition is not an object');
  const op = raw.op as Operator;
  if (!OPERATORS.includes(op))
    return unshown(`the filter's ${String(raw.op)} groups; the controls combine conditions with AND only`);
  onlyKeys(raw, ['field', 'op', 'value'], 'a filter condition');
  const field = raw.field;
  if (typeof field !== 'string' || !types.has(field))
    return unshown(`the filter names "${String(field)}", not a field of the source`);
  const type = types.get(field)!;
  if (!operatorsFor(type).includes(op)) return unshown(`${op} does not apply to ${field} (${type})`);
  const v = raw.value;
  const c: Condition = { field, op, value: '', high: '' };
  if (takesNoValue(op)) {
    if (v !== undefined && v !== null) unshown(`${op} takes no value`);
  } else if (takesList(op)) {
    if (!Array.isArray(v) || !v.every(isScalar)) return unshown(`${op} on ${field} needs a list of values`);
    if (v.some((x) => /,/.test(String(x)))) return unshown(`a value of ${op} on ${field} holds a comma`);
    c.value = v.map(rawValue).join(', ');
  } else if (op === 'BETWEEN') {
    if (!Array.isArray(v) || v.length !== 2 || !v.every(isScalar))
      return unshown(`BETWEEN on ${field} needs [low, high]`);
    [c.value, c.high] = v.map(rawValue);
  } else {
    if (type !== 'JSON' && !isScalar(v)) return unshown(`${op} on ${field} needs one value`);
    c.value = rawValue(v);
  }
  return c;
}

function readTime(raw: unknown): Pick<Built, 'granularity' | 'from' | 'to'> {
  if (raw === undefined || raw === null) return { granularity: '', from: '', to: '' };
  if (!isObject(raw)) return unshown('time is not an object');
  onlyKeys(raw, ['granularity', 'range'], 'time');
  const g = raw.granularity ?? '';
  if (g !== '' && !GRANULARITIES.includes(g as Granularity))
    return unshown(`the granularity ${String(g)} is not one of ours`);
  const r = raw.range ?? {};
  if (!isObject(r)) return unshown('the range is not an object');
  onlyKeys(r, ['from', 'to'], 'the range');
  const { from = '', to = '' } = r;
  if (typeof from !== 'string' || typeof to !== 'string') return unshown('the range takes dates as text');
  return { granularity: g as Granularity | '', from, to };
}

function readLimit(raw: unknown): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'number') return unshown('the limit is not a number');
  return String(raw);
}

function readNames(raw: unknown, types: ReadonlyMap<string, FieldType>, what: string): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || !raw.every((x) => typeof x === 'string' && types.has(x)))
    return unshown(`${what} are not all fields of the source`);
  if (new Set(raw).size !== raw.length) return unshown(`${what} name a field twice`);
  return raw as string[];
}

function readEntityBody(o: Record<string, unknown>, cat: Catalogue): Built {
  onlyKeys(o, ['entity', 'select', 'filter', 'time', 'limit'], 'the query');
  const entity = cat.entities.find((e) => e.name === o.entity);
  if (!entity) return unshown(`"${String(o.entity)}" is no entity of the catalogue (a view runs with the source View)`);
  const types = new Map(entity.fields.map((f) => [f.name, f.type]));
  if (!Array.isArray(o.select)) return unshown('select is not a list');
  const groupBy: string[] = [];
  const measures: Measure[] = [];
  for (const item of o.select) {
    if (!isObject(item)) return unshown('a select item is not an object');
    onlyKeys(item, ['field', 'agg', 'alias'], 'a select item');
    const { field, agg, alias } = item;
    if (agg === undefined || agg === null) {
      if (measures.length) unshown('a grouping column comes after a measure; the controls put them first');
      if (alias !== undefined && alias !== null) unshown('a grouping column has an alias');
      if (typeof field !== 'string' || !types.has(field))
        return unshown(`"${String(field)}" is not a field of ${entity.name}`);
      if (groupBy.includes(field)) unshown(`${field} is selected twice`);
      groupBy.push(field);
      continue;
    }
    if (!AGGREGATIONS.includes(agg as Aggregation)) return unshown(`${String(agg)} is not an aggregation`);
    const all = field === undefined || field === null || field === '*';
    if (!all && (typeof field !== 'string' || !types.has(field)))
      return unshown(`"${String(field)}" is not a field of ${entity.name}`);
    const type = all ? undefined : types.get(field as string);
    if (!aggregationsFor(type).includes(agg as Aggregation))
      unshown(`${String(agg)} does not apply to ${all ? 'all rows' : `${String(field)} (${type})`}`);
    if (alias !== undefined && alias !== null && typeof alias !== 'string') unshown('an alias is not text');
    measures.push({
      agg: agg as Aggregation,
      field: all ? '' : (field as string),
      alias: (alias as string | null) ?? '',
    });
  }
  return {
    source: 'entity',
    name: entity.name,
    groupBy,
    measures,
    filters: readConditions(o.filter, types),
    params: {},
    ...readTime(o.time),
    limit: readLimit(o.limit),
  };
}

/** Reads the `Query` box's text into the controls' state. */
export function readBody(text: string, cat: Catalogue): Read {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch (err) {
    return { problem: `The JSON does not parse: ${(err as Error).message}` };
  }
  try {
    if (!isObject(o)) return unshown('the JSON is not an object');
    if ('metric' in o) {
      onlyKeys(o, ['metric', 'dimensions', 'filter', 'time', 'limit'], 'the metric query');
      const metric = cat.metrics.find((m) => m.name === o.metric);
      if (!metric) return unshown(`"${String(o.metric)}" is no metric of the catalogue`);
      const types = new Map(fieldsOf({ source: 'metric', name: metric.name }, cat).map((f) => [f.name, f.type]));
      return {
        built: {
          source: 'metric',
          name: metric.name,
          groupBy: readNames(o.dimensions, types, 'the dimensions'),
          measures: [],
          filters: readConditions(o.filter, types),
          params: {},
          ...readTime(o.time),
          limit: readLimit(o.limit),
        },
      };
    }
    if ('view' in o) {
      onlyKeys(o, ['view', 'params', 'time', 'limit'], 'the view query');
      const view = cat.views.find((v) => v.name === o.view);
      if (!view) return unshown(`"${String(o.view)}" is no view of the catalogue`);
      const given = o.params ?? {};
      if (!isObject(given)) return unshown('params is not an object');
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(given)) {
        if (!view.parameters.some((p) => p.name === k)) unshown(`${view.name} has no parameter "${k}"`);
        if (!isScalar(v) && typeof v !== 'object') unshown(`the parameter ${k} has no value`);
        params[k] = rawValue(v);
      }
      return {
        built: {
          source: 'view',
          name: view.name,
          groupBy: [],
          measures: [],
          filters: [],
          params,
          ...readTime(o.time),
          limit: readLimit(o.limit),
        },
      };
    }
    return { built: readEntityBody(o, cat) };
  } catch (err) {
    if (err instanceof Unshown) return { problem: `The controls cannot show this query: ${err.message}.` };
    throw err;
  }
}

/** A fresh query on a source: a count of all rows (per day when it has a time field). */
export function freshQuery(source: SourceKind, name: string, cat: Catalogue): Built {
  const entity = entityOf({ source, name }, cat);
  const timed =
    source === 'entity'
      ? !!entity?.timeField
      : source === 'metric' && !!cat.metrics.find((m) => m.name === name)?.timeField;
  return {
    source,
    name,
    groupBy: [],
    measures: source === 'entity' ? [{ agg: 'COUNT', field: '', alias: 'records' }] : [],
    filters: [],
    params: {},
    granularity: timed ? 'DAY' : '',
    from: '',
    to: '',
    limit: '100',
  };
}

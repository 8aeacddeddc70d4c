/**
 * Turns a validated query into one SELECT statement. Identifiers come only from the catalogue and
 * pass through quoteIdent; every value is a bound parameter cast to its column's type; output
 * columns get positional aliases, so no user-chosen name (alias) ever reaches the SQL text.
 */
import { SQL_TYPES, type FieldType, type FieldValue } from '../catalog/model';
import { quoteIdent, type Params } from '../db/sql';
import type { ColumnType, Filter, Granularity, SelectItem, SourceField, ValidQuery } from '../query/model';
import { aggregateType } from '../query/parse';

/** Where rows come from: a tenant table, or a view's statement as a subquery. */
export interface SqlSource {
  /** The FROM item (already quoted). */
  from: string;
  fields: ReadonlyMap<string, SourceField>;
  /** The SQL expression that reads a field. */
  column(name: string): string;
  /** Plain rows are ordered by these (the primary key of an entity). */
  orderKey: string[];
}

export interface CompiledQuery {
  sql: string;
  values: unknown[];
  columns: string[];
  types: ColumnType[];
  /**
   * The same statement with SUM and AVG of FLOAT summed as numeric, where a double sum would
   * overflow (PostgreSQL then refuses the statement); run only when `sql` does. Same values.
   */
  wideSql?: string;
  /**
   * The statement answers one more column than `columns`, last: true in every row when the
   * catalogue, in the statement's own snapshot, still holds the definition it was compiled from.
   */
  guarded?: boolean;
}

/** date_trunc units; fixed text chosen here, never taken from input. */
const TRUNC_UNIT: Record<Granularity, string> = {
  MINUTE: 'minute',
  HOUR: 'hour',
  DAY: 'day',
  WEEK: 'week',
  MONTH: 'month',
  QUARTER: 'quarter',
  YEAR: 'year',
};

/**
 * Bucket start in UTC, whatever the session's time zone, as a timestamp without time zone (the
 * runner reads it as UTC). The two-argument date_trunc over a UTC wall-clock time is measurably
 * cheaper per row than date_trunc(unit, timestamptz, 'UTC').
 */
function bucket(expr: string, type: FieldType, g: Granularity): string {
  const unit = `'${TRUNC_UNIT[g]}'`;
  return type === 'DATE'
    ? `date_trunc(${unit}, ${expr}::timestamp)`
    : `date_trunc(${unit}, ${expr} AT TIME ZONE 'UTC')`;
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

const COMPARISON: Record<string, string> = {
  EQ: '=',
  NE: '<>',
  GT: '>',
  GTE: '>=',
  LT: '<',
  LTE: '<=',
  LIKE: 'LIKE',
  ILIKE: 'ILIKE',
};

/** The form a checked value is bound in (text for JSON, so `$n::jsonb` reads it). */
function bindable(type: FieldType, value: FieldValue): unknown {
  return type === 'JSON' ? JSON.stringify(value) : value;
}

function compileFilter(f: Filter, source: SqlSource, params: Params): string {
  if (f.kind === 'group') {
    const parts = f.conditions.map((c) => compileFilter(c, source, params));
    if (f.op === 'NOT') return `(NOT ${parts[0]})`;
    return `(${parts.join(f.op === 'AND' ? ' AND ' : ' OR ')})`;
  }
  const field = source.fields.get(f.field)!;
  const col = source.column(f.field);
  // Cast to the column's own type, so comparisons can use its index.
  const cast = SQL_TYPES[field.type];
  const bind = (v: unknown) => `${params.add(bindable(field.type, v as never))}::${cast}`;
  switch (f.op) {
    case 'IS_NULL':
      return `(${col} IS NULL)`;
    case 'IS_NOT_NULL':
      return `(${col} IS NOT NULL)`;
    case 'IN':
      return `(${col} = ANY(${params.add(f.values.map((v) => bindable(field.type, v)))}::${cast}[]))`;
    case 'NOT_IN':
      return `(${col} <> ALL(${params.add(f.values.map((v) => bindable(field.type, v)))}::${cast}[]))`;
    case 'BETWEEN':
      return `(${col} BETWEEN ${bind(f.values[0])} AND ${bind(f.values[1])})`;
    default:
      return `(${col} ${COMPARISON[f.op]} ${bind(f.values[0])})`;
  }
}

function selectExpression(item: SelectItem, source: SqlSource, wide = false): string {
  if (!item.agg) return source.column(item.field!);
  if (item.field === undefined) return 'count(*)';
  const col = source.column(item.field);
  // float8's text is its shortest exact form, so the numeric sum starts from the stored values.
  if (wide && (item.agg === 'SUM' || item.agg === 'AVG') && source.fields.get(item.field)!.type === 'FLOAT')
    return `${item.agg.toLowerCase()}(${col}::text::numeric)`;
  switch (item.agg) {
    case 'COUNT':
      return `count(${col})`;
    case 'COUNT_DISTINCT':
      return `count(DISTINCT ${col})`;
    case 'MIN':
    case 'MAX':
      // PostgreSQL has no min/max of boolean; false < true makes them AND and OR.
      if (source.fields.get(item.field)!.type === 'BOOLEAN')
        return `${item.agg === 'MIN' ? 'bool_and' : 'bool_or'}(${col})`;
      return `${item.agg.toLowerCase()}(${col})`;
    default:
      return `${item.agg.toLowerCase()}(${col})`;
  }
}

function columnType(item: SelectItem, source: SqlSource): FieldType {
  const fieldType = item.field === undefined ? undefined : source.fields.get(item.field)!.type;
  return item.agg ? aggregateType(item.agg, fieldType) : fieldType!;
}

/**
 * Compiles `q` over `source`. With `paging: false` (a view used as a subquery) the statement has
 * neither ORDER BY nor LIMIT: the outer query decides both. `guard`, a boolean SQL expression
 * that reads no row of `source`, becomes the last column (CompiledQuery.guarded).
 */
export function compileQuery(
  source: SqlSource,
  q: ValidQuery,
  params: Params,
  opts: { paging?: boolean; guard?: string } = {},
): CompiledQuery {
  const paging = opts.paging ?? true;
  const exprs: string[] = [];
  const wideExprs: string[] = [];
  const columns: string[] = [];
  const types: ColumnType[] = [];
  const grouped: boolean[] = [];
  if (q.time?.granularity) {
    exprs.push(bucket(source.column(q.timeField!.name), q.timeField!.type, q.time.granularity));
    wideExprs.push(exprs[0]);
    columns.push('time');
    types.push('TIME');
    grouped.push(true);
  }
  for (const item of q.select) {
    exprs.push(selectExpression(item, source));
    wideExprs.push(selectExpression(item, source, true));
    columns.push(item.column);
    types.push(columnType(item, source));
    grouped.push(!item.agg);
  }
  const aggregated = q.select.some((i) => i.agg) || !!q.time?.granularity;

  const where: string[] = [];
  if (q.filter) where.push(compileFilter(q.filter, source, params));
  // A row without a time belongs to no bucket (a range condition already excludes it).
  if (q.time?.granularity && !q.time.range) where.push(`(${source.column(q.timeField!.name)} IS NOT NULL)`);
  if (q.time?.range) {
    const col = source.column(q.timeField!.name);
    if (q.timeField!.type === 'DATE') {
      where.push(
        `(${col} >= ${params.add(q.time.range.from)}::date AND ${col} <= ${params.add(q.time.range.to)}::date)`,
      );
    } else {
      where.push(
        `(${col} >= ${params.add(`${q.time.range.from}T00:00:00.000Z`)}::timestamptz AND ${col} < ${params.add(nextDay(q.time.range.to))}::timestamptz)`,
      );
    }
  }

  let rest = '';
  if (where.length) rest += ` WHERE ${where.join(' AND ')}`;
  const groupPositions = grouped.map((g, i) => (g ? i + 1 : 0)).filter((n) => n > 0);
  if (aggregated && groupPositions.length) rest += ` GROUP BY ${groupPositions.join(', ')}`;
  if (paging) {
    const order = aggregated ? groupPositions.map(String) : source.orderKey;
    if (order.length) rest += ` ORDER BY ${order.map((o) => `${o} ASC NULLS LAST`).join(', ')}`;
    rest += ` LIMIT ${params.add(q.limit)} OFFSET ${params.add(q.offset)}`;
  }
  const statement = (list: string[]) =>
    `SELECT ${(opts.guard ? [...list, opts.guard] : list).map((e, i) => `${e} AS ${quoteIdent(`c${i}`)}`).join(', ')} FROM ${source.from}${rest}`;
  const sql = statement(exprs);
  const compiled: CompiledQuery = { sql, values: params.values, columns, types };
  if (opts.guard) compiled.guarded = true;
  if (wideExprs.some((e, i) => e !== exprs[i])) compiled.wideSql = statement(wideExprs);
  return compiled;
}

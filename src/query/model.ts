/** The analytics query language (docs/api.md#query-language), as validated, typed values. */
import type { FieldType, FieldValue } from '../catalog/model';

export const FILTER_OPERATORS = [
  'EQ',
  'NE',
  'GT',
  'GTE',
  'LT',
  'LTE',
  'IN',
  'NOT_IN',
  'BETWEEN',
  'LIKE',
  'ILIKE',
  'IS_NULL',
  'IS_NOT_NULL',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export const FILTER_GROUPS = ['AND', 'OR', 'NOT'] as const;
export type FilterGroupOp = (typeof FILTER_GROUPS)[number];

export const AGGREGATIONS = ['SUM', 'COUNT', 'COUNT_DISTINCT', 'AVG', 'MIN', 'MAX'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

export const GRANULARITIES = ['MINUTE', 'HOUR', 'DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 10_000;
export const MAX_OFFSET = 1_000_000_000;
/** Bounds that keep a hostile body from building an enormous statement. */
export const MAX_SELECT_ITEMS = 100;
export const MAX_FILTER_DEPTH = 16;
export const MAX_FILTER_CONDITIONS = 500;
export const MAX_IN_VALUES = 1000;
export const MAX_STRING_VALUE = 10_000;
export const MAX_BATCH_METRICS = 50;

/** The column name COUNT without a field gets when it has no alias. */
export const COUNT_ALL_COLUMN = 'count';

/** A column that a query can read: an entity field, or a column of a view. */
export interface SourceField {
  name: string;
  type: FieldType;
}

export type Filter =
  | { kind: 'condition'; field: string; op: FilterOperator; values: FieldValue[] }
  | { kind: 'group'; op: FilterGroupOp; conditions: Filter[] };

export interface SelectItem {
  /** Undefined only for COUNT of all rows. */
  field?: string;
  agg?: Aggregation;
  /** The output column name: the alias, else the field. */
  column: string;
}

export interface TimeConfig {
  granularity?: Granularity;
  /** Inclusive calendar days, 'YYYY-MM-DD'. */
  range?: { from: string; to: string };
}

/** A query after validation against its source: every name exists, every value fits its field. */
export interface ValidQuery {
  select: SelectItem[];
  filter?: Filter;
  time?: TimeConfig;
  /** The field `time` refers to, when `time` is given. */
  timeField?: SourceField;
  limit: number;
  offset: number;
}

/** The type of each output column, which decides how its cells are answered. */
export type ColumnType = FieldType | 'TIME';

export interface TabularResult {
  columns: string[];
  rows: unknown[][];
}

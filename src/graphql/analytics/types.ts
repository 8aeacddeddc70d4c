import { GraphQLJSON } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { AGGREGATIONS, FILTER_GROUPS, FILTER_OPERATORS, GRANULARITIES } from '../../analytics/model';

export enum FilterOp {
  EQ = 'EQ',
  NE = 'NE',
  GT = 'GT',
  GTE = 'GTE',
  LT = 'LT',
  LTE = 'LTE',
  IN = 'IN',
  NOT_IN = 'NOT_IN',
  BETWEEN = 'BETWEEN',
  LIKE = 'LIKE',
  ILIKE = 'ILIKE',
  IS_NULL = 'IS_NULL',
  IS_NOT_NULL = 'IS_NOT_NULL',
  AND = 'AND',
  OR = 'OR',
  NOT = 'NOT',
}
registerEnumType(FilterOp, {
  name: 'FilterOp',
  description: 'A filter operator, or a group (AND, OR, NOT) over conditions',
});

export enum Aggregation {
  SUM = 'SUM',
  COUNT = 'COUNT',
  COUNT_DISTINCT = 'COUNT_DISTINCT',
  AVG = 'AVG',
  MIN = 'MIN',
  MAX = 'MAX',
}
registerEnumType(Aggregation, { name: 'Aggregation' });

export enum Granularity {
  MINUTE = 'MINUTE',
  HOUR = 'HOUR',
  DAY = 'DAY',
  WEEK = 'WEEK',
  MONTH = 'MONTH',
  QUARTER = 'QUARTER',
  YEAR = 'YEAR',
}
registerEnumType(Granularity, {
  name: 'Granularity',
  description: 'Time bucket size; buckets start in UTC (weeks on Monday)',
});

// The GraphQL enums and the query language's lists must not drift apart.
if (Object.values(FilterOp).join() !== [...FILTER_OPERATORS, ...FILTER_GROUPS].join())
  throw new Error('FilterOp enum out of sync');
if (Object.values(Aggregation).join() !== AGGREGATIONS.join()) throw new Error('Aggregation enum out of sync');
if (Object.values(Granularity).join() !== GRANULARITIES.join()) throw new Error('Granularity enum out of sync');

@InputType({
  description: 'One output column: a field, optionally aggregated; COUNT without a field (or with "*") counts rows',
})
export class SelectItemInput {
  @Field(() => String, { nullable: true }) field?: string | null;
  @Field(() => Aggregation, { nullable: true }) agg?: Aggregation | null;
  @Field(() => String, { nullable: true, description: 'The column name; the field when absent' }) alias?: string | null;
}

@InputType({ description: 'A condition (field, op, value) or a group (op AND/OR/NOT with conditions)' })
export class FilterInput {
  @Field(() => String, { nullable: true }) field?: string | null;
  @Field(() => FilterOp) op!: FilterOp;
  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'A value; an array for IN, NOT_IN and BETWEEN; none for IS_NULL and IS_NOT_NULL',
  })
  value?: unknown;
  @Field(() => [FilterInput], { nullable: true }) conditions?: FilterInput[] | null;
}

@InputType({ description: 'Calendar days, both included' })
export class DateRangeInput {
  @Field({ description: 'YYYY-MM-DD' }) from!: string;
  @Field({ description: 'YYYY-MM-DD' }) to!: string;
}

@InputType()
export class TimeConfigInput {
  @Field(() => Granularity, { nullable: true }) granularity?: Granularity | null;
  @Field(() => DateRangeInput, { nullable: true }) range?: DateRangeInput | null;
}

@InputType()
export class EntityQueryInput {
  @Field({ description: 'An entity, or a view without required parameters' }) entity!: string;
  @Field(() => [SelectItemInput]) select!: SelectItemInput[];
  @Field(() => FilterInput, { nullable: true }) filter?: FilterInput | null;
  @Field(() => TimeConfigInput, { nullable: true }) time?: TimeConfigInput | null;
  @Field(() => Int, { nullable: true, description: 'Default 100, at most 10000' }) limit?: number | null;
  @Field(() => Int, { nullable: true, description: 'Default 0' }) offset?: number | null;
}

@InputType()
export class MetricQueryParamsInput {
  @Field(() => [String], { nullable: true }) dimensions?: string[] | null;
  @Field(() => FilterInput, { nullable: true }) filter?: FilterInput | null;
  @Field(() => TimeConfigInput, { nullable: true }) time?: TimeConfigInput | null;
  @Field(() => Int, { nullable: true }) limit?: number | null;
  @Field(() => Int, { nullable: true }) offset?: number | null;
}

@ObjectType({ description: 'Columns and rows; each row is aligned to the columns' })
export class TabularResult {
  @Field(() => [String]) columns!: string[];
  @Field(() => [[GraphQLJSON]], { nullable: 'items' }) rows!: unknown[][];
}

@ObjectType()
export class QueryCheckError {
  @Field() field!: string;
  @Field() message!: string;
}

@ObjectType()
export class QueryCheck {
  @Field() valid!: boolean;
  @Field(() => [QueryCheckError]) errors!: QueryCheckError[];
}

@ObjectType()
export class MetricResult {
  @Field() metric!: string;
  @Field(() => TabularResult) result!: TabularResult;
}

/** Input objects arrive as class instances with undefined members; services read plain JSON. */
export function plainInput<T>(input: T): unknown {
  return input === undefined || input === null ? undefined : JSON.parse(JSON.stringify(input));
}

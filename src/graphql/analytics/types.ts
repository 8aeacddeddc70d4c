import { GraphQLJSON, GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, InputType, Int, ObjectType } from 'type-graphql';
import type { Aggregation, FilterGroupOp, FilterOperator, Granularity } from '../../query/model';
import { AggregationEnum, FilterOpEnum, GranularityEnum } from '../enums';

@InputType({
  description: 'One output column: a field, optionally aggregated; COUNT without a field (or with "*") counts rows',
})
export class SelectItemInput {
  @Field(() => String, { nullable: true }) field?: string | null;
  @Field(() => AggregationEnum, { nullable: true }) agg?: Aggregation | null;
  @Field(() => String, { nullable: true, description: 'The column name; the field when absent' }) alias?: string | null;
}

@InputType({ description: 'A condition (field, op, value) or a group (op AND/OR/NOT with conditions)' })
export class FilterInput {
  @Field(() => String, { nullable: true }) field?: string | null;
  @Field(() => FilterOpEnum) op!: FilterOperator | FilterGroupOp;
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
  @Field(() => GranularityEnum, { nullable: true }) granularity?: Granularity | null;
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

@ArgsType()
export class ViewQueryArgs {
  @Field(() => String) viewName!: string;
  @Field(() => GraphQLJSONObject, { nullable: true }) params?: Record<string, unknown>;
  @Field(() => TimeConfigInput, { nullable: true }) time?: TimeConfigInput;
  @Field(() => Int, { nullable: true }) limit?: number;
  @Field(() => Int, { nullable: true }) offset?: number;
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

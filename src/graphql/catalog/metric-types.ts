import { GraphQLJSON } from 'graphql-scalars';
import { Field, InputType, ObjectType } from 'type-graphql';
import type { Aggregation } from '../../query/model';
import { FilterInput } from '../analytics/types';
import { AggregationEnum } from '../enums';

@ObjectType({ description: 'A named aggregation of one entity' })
export class Metric {
  @Field() name!: string;
  @Field() entity!: string;
  @Field(() => AggregationEnum) aggregation!: Aggregation;
  @Field(() => String, { nullable: true, description: 'Null for COUNT of all rows' }) field!: string | null;
  @Field(() => String, { nullable: true, description: 'The TIMESTAMP or DATE field time buckets and ranges use' })
  timeField!: string | null;
  @Field(() => GraphQLJSON, { nullable: true, description: 'The filter every query of the metric applies' })
  filter!: unknown;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@InputType()
export class DefineMetricInput {
  @Field() name!: string;
  @Field() entity!: string;
  @Field(() => AggregationEnum) aggregation!: Aggregation;
  @Field(() => String, { nullable: true }) field?: string | null;
  @Field(() => String, { nullable: true, description: "Defaults to the entity's time field" }) timeField?:
    string | null;
  @Field(() => FilterInput, { nullable: true }) filter?: FilterInput | null;
}

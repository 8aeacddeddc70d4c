import { GraphQLJSON } from 'graphql-scalars';
import { Field, InputType, ObjectType } from 'type-graphql';
import type { Aggregation } from '../../query/model';
import type { FieldType } from '../../catalog/model';
import { FilterInput, SelectItemInput } from '../analytics/types';
import { AggregationEnum, FieldTypeEnum } from '../enums';

@ObjectType()
export class ViewSelectItem {
  @Field(() => String, { nullable: true }) field!: string | null;
  @Field(() => AggregationEnum, { nullable: true }) agg!: Aggregation | null;
  @Field(() => String, { nullable: true }) alias!: string | null;
}

@ObjectType({ description: 'A declared, typed view parameter' })
export class ViewParameter {
  @Field() name!: string;
  @Field(() => FieldTypeEnum) type!: FieldType;
  @Field() required!: boolean;
  @Field(() => GraphQLJSON, { nullable: true }) default!: unknown;
}

@ObjectType({ description: 'A named structured query with declared parameters' })
export class View {
  @Field() name!: string;
  @Field() entity!: string;
  @Field(() => [ViewSelectItem]) select!: ViewSelectItem[];
  @Field(() => GraphQLJSON, {
    nullable: true,
    description: 'The filter; { "$param": name } marks where a parameter goes',
  })
  filter!: unknown;
  @Field(() => [ViewParameter]) parameters!: ViewParameter[];
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@InputType()
export class ViewParameterInput {
  @Field() name!: string;
  @Field(() => FieldTypeEnum) type!: FieldType;
  @Field(() => Boolean, { nullable: true }) required?: boolean | null;
  @Field(() => GraphQLJSON, { nullable: true }) default?: unknown;
}

@InputType()
export class DefineViewInput {
  @Field() name!: string;
  @Field() entity!: string;
  @Field(() => [SelectItemInput]) select!: SelectItemInput[];
  @Field(() => FilterInput, { nullable: true, description: 'Conditions may take { "$param": name } as a value' })
  filter?: FilterInput | null;
  @Field(() => [ViewParameterInput], { nullable: true }) parameters?: ViewParameterInput[] | null;
}

import { registerEnumType } from 'type-graphql';
import { AGGREGATIONS, FILTER_GROUPS, FILTER_OPERATORS, GRANULARITIES } from '../query/model';
import { FIELD_TYPES } from '../catalog/model';

/**
 * The GraphQL enums of the catalogue and the query language, built from the lists the service
 * layer declares: one declaration of each value list, so the schema cannot drift from the rules.
 */
function enumOf<T extends string>(values: readonly T[]): { [K in T]: K } {
  return Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };
}

export const FilterOpEnum = enumOf([...FILTER_OPERATORS, ...FILTER_GROUPS]);
registerEnumType(FilterOpEnum, {
  name: 'FilterOp',
  description: 'A filter operator, or a group (AND, OR, NOT) over conditions',
});

export const AggregationEnum = enumOf(AGGREGATIONS);
registerEnumType(AggregationEnum, { name: 'Aggregation' });

export const GranularityEnum = enumOf(GRANULARITIES);
registerEnumType(GranularityEnum, {
  name: 'Granularity',
  description: 'Time bucket size; buckets start in UTC (weeks on Monday)',
});

export const FieldTypeEnum = enumOf(FIELD_TYPES);
registerEnumType(FieldTypeEnum, { name: 'FieldType', description: 'The type of an entity field' });

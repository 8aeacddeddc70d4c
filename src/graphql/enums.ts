import { registerEnumType } from 'type-graphql';
import { AGGREGATIONS, FILTER_GROUPS, FILTER_OPERATORS, GRANULARITIES } from '../query/model';
import { FIELD_TYPES } from '../catalog/model';

/**
 * A GraphQL enum built from a list the service layer declares (`as const`): one declaration of
 * each value list, so the schema cannot drift from the rules. Each value is its own name.
 */
export function enumOf<T extends string>(values: readonly T[]): { [K in T]: K } {
  return Object.fromEntries(values.map((v) => [v, v])) as { [K in T]: K };
}

// The enums of the catalogue and the query language.
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

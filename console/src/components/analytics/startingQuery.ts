import type { ConsoleEntitiesQuery } from '../../gql/graphql';

type CatalogueEntity = ConsoleEntitiesQuery['entities'][number];

/** A query that runs as it is on the given entity: a daily count when it has a time field. */
export function startingQuery(entity: CatalogueEntity | undefined): string {
  if (!entity) return '';
  const body = entity.timeField
    ? { entity: entity.name, select: [{ agg: 'COUNT', alias: 'records' }], time: { granularity: 'DAY' }, limit: 100 }
    : { entity: entity.name, select: entity.fields.slice(0, 4).map((f) => ({ field: f.name })), limit: 100 };
  return JSON.stringify(body, null, 2);
}

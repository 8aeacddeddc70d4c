import type { ConsoleEntitiesQuery } from '../../gql/graphql';

export type Entity = ConsoleEntitiesQuery['entities'][number];

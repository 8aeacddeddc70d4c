import { useQuery } from 'urql';
import { ConsoleEntitiesDocument, ConsoleEventCatalogDocument } from '../gql/graphql';
import { usePortalEntities } from './scope';

/**
 * The field names of `entityName`, for the webhook form's changed-fields and filter controls.
 * A portal session may not read entity definitions, but its event catalog has each entity's
 * example record, which carries every field.
 */
export function useEntityFields(entityName: string): string[] {
  const portal = usePortalEntities() !== null;
  const [entities] = useQuery({ query: ConsoleEntitiesDocument, pause: portal });
  const [catalog] = useQuery({ query: ConsoleEventCatalogDocument, pause: !portal });
  const name = entityName.trim();
  if (!portal) return entities.data?.entities.find((e) => e.name === name)?.fields.map((f) => f.name) ?? [];
  const insert = catalog.data?.eventCatalog.find((e) => e.entityName === name && e.operation === 'INSERT');
  const data = (insert?.example as { data?: unknown } | undefined)?.data;
  return data && typeof data === 'object' ? Object.keys(data) : [];
}

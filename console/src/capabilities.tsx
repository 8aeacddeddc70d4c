import { createContext, useContext, type ReactNode } from 'react';
import { useQuery } from 'urql';
import { ConsoleCapabilitiesDocument } from './gql/graphql';

/**
 * Optional schema fields this server has (newer releases add some, e.g. attempts' responseBody or
 * bulk replay). Read once by introspection; with introspection off, none are assumed.
 */
export interface Capabilities {
  attemptResponseBody: boolean;
  replayOutboxRecords: boolean;
  triggerEventActionStatus: boolean;
}

const NONE: Capabilities = { attemptResponseBody: false, replayOutboxRecords: false, triggerEventActionStatus: false };
const Ctx = createContext<Capabilities>(NONE);

export function CapabilitiesProvider({ children }: { children: ReactNode }) {
  const [{ data }] = useQuery({ query: ConsoleCapabilitiesDocument });
  const has = (fields: Array<{ name: string }> | null | undefined, name: string) =>
    !!fields?.some((f) => f.name === name);
  const caps: Capabilities = data
    ? {
        attemptResponseBody: has(data.attempt?.fields, 'responseBody'),
        replayOutboxRecords: has(data.mutation?.fields, 'replayOutboxRecords'),
        triggerEventActionStatus: has(data.triggerEvent?.fields, 'actionStatus'),
      }
    : NONE;
  return <Ctx.Provider value={caps}>{children}</Ctx.Provider>;
}

export const useCapabilities = () => useContext(Ctx);

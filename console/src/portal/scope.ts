import { createContext, useContext } from 'react';

/** The entities a portal session may configure; null outside the portal (any entity of the tenant). */
export const PortalEntities = createContext<readonly string[] | null>(null);

export function usePortalEntities(): readonly string[] | null {
  return useContext(PortalEntities);
}

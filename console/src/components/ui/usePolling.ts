import { useEffect } from 'react';

type Refresh = (opts: { requestPolicy: 'network-only' }) => void;

/** Reads a query again from the server every `ms` while the component is mounted. */
export function usePolling(refresh: Refresh, ms: number) {
  useEffect(() => {
    const t = setInterval(() => refresh({ requestPolicy: 'network-only' }), ms);
    return () => clearInterval(t);
  }, [refresh, ms]);
}

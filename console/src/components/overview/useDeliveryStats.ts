import { useEffect, useState } from 'react';
import { useClient, useQuery } from 'urql';
import {
  ConsoleOutboxRecordsDocument,
  type ConsoleOutboxRecordSummaryFragment,
  type OutboxStatus,
} from '../../gql/graphql';

const PAGE = 500;
const HOUR = 3600_000;

export type Rec = ConsoleOutboxRecordSummaryFragment;

/** Records of one status changed within the last hour (the list is newest first, so it stops early). */
export function useRecentByStatus(status: OutboxStatus) {
  const [res] = useQuery({
    query: ConsoleOutboxRecordsDocument,
    variables: { status, first: PAGE },
    requestPolicy: 'cache-and-network',
  });
  const items = res.data?.outboxRecords.items ?? [];
  const since = Date.now() - HOUR;
  const recent = items.filter((r) => new Date(r.updatedAt).getTime() >= since);
  const more = recent.length === items.length && !!res.data?.outboxRecords.nextCursor;
  return { res, items, recent, more };
}

export type RecentByStatus = ReturnType<typeof useRecentByStatus>;

/** The oldest PENDING or RETRYING record: pages to the end of both lists (newest first). */
export function useOldestWaiting(): { oldest: Rec | null; loading: boolean; error?: Error } {
  const client = useClient();
  const [state, setState] = useState<{ oldest: Rec | null; loading: boolean; error?: Error }>({
    oldest: null,
    loading: true,
  });
  useEffect(() => {
    let live = true;
    const oldestOf = async (status: OutboxStatus): Promise<Rec | null> => {
      let oldest: Rec | null = null;
      let after: string | null | undefined;
      for (let page = 0; page < 20; page++) {
        const r = await client
          .query(ConsoleOutboxRecordsDocument, { status, first: PAGE, after }, { requestPolicy: 'network-only' })
          .toPromise();
        if (r.error) throw r.error;
        const items = r.data!.outboxRecords.items;
        oldest = items[items.length - 1] ?? oldest;
        after = r.data!.outboxRecords.nextCursor;
        if (!after) break;
      }
      return oldest;
    };
    Promise.all([oldestOf('PENDING'), oldestOf('RETRYING')])
      .then(([p, r]) => {
        const oldest = p && r ? (p.createdAt <= r.createdAt ? p : r) : (p ?? r);
        if (live) setState({ oldest, loading: false });
      })
      .catch((error: Error) => live && setState({ oldest: null, loading: false, error }));
    return () => {
      live = false;
    };
  }, [client]);
  return state;
}

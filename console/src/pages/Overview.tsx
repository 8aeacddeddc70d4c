import { useEffect, useState } from 'react';
import { useClient, useQuery } from 'urql';
import {
  ConsoleOutboxRecordsDocument,
  ConsoleWebhookConfigsWithHealthDocument,
  type ConsoleOutboxRecordSummaryFragment,
  type OutboxStatus,
} from '../gql/graphql';
import { Link } from '../router';
import { ago, CircuitBadge, Empty, ErrorBox, ErrorText, formatTime, Loading, StatusBadge } from '../ui';

const STATES: OutboxStatus[] = ['PENDING', 'RETRYING', 'DELIVERED', 'DEAD'];
const PAGE = 500;
const HOUR = 3600_000;

type Rec = ConsoleOutboxRecordSummaryFragment;

/** Records of one status changed within the last hour (the list is newest first, so it stops early). */
function useRecentByStatus(status: OutboxStatus) {
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

/** The oldest PENDING or RETRYING record: pages to the end of both lists (newest first). */
function useOldestWaiting(): { oldest: Rec | null; loading: boolean; error?: Error } {
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

export function OverviewPage() {
  const byStatus = {
    PENDING: useRecentByStatus('PENDING'),
    RETRYING: useRecentByStatus('RETRYING'),
    DELIVERED: useRecentByStatus('DELIVERED'),
    DEAD: useRecentByStatus('DEAD'),
  };
  const oldest = useOldestWaiting();
  const [configs] = useQuery({
    query: ConsoleWebhookConfigsWithHealthDocument,
    variables: { page: 1, pageSize: 100 },
    requestPolicy: 'cache-and-network',
  });
  const error = STATES.map((s) => byStatus[s].res.error).find(Boolean) ?? configs.error;
  const loading = STATES.some((s) => !byStatus[s].res.data) && !error;

  const failing = new Map<string, { dead: number; retrying: number; lastError: string | null; at: string }>();
  for (const s of ['RETRYING', 'DEAD'] as const) {
    for (const r of byStatus[s].recent) {
      const f = failing.get(r.webhookConfigId) ?? { dead: 0, retrying: 0, lastError: null, at: r.updatedAt };
      if (s === 'DEAD') f.dead++;
      else f.retrying++;
      if (r.updatedAt >= f.at || !f.lastError) {
        f.at = r.updatedAt;
        f.lastError = r.lastError ?? f.lastError;
      }
      failing.set(r.webhookConfigId, f);
    }
  }
  const configById = new Map((configs.data?.webhookConfigs.items ?? []).map((c) => [c.id, c]));
  // A configuration whose circuit is not closed is failing too, even with no record changed this hour.
  for (const c of configById.values()) {
    if (c.health.circuit !== 'CLOSED' && !failing.has(c.id))
      failing.set(c.id, { dead: 0, retrying: 0, lastError: null, at: c.health.lastFailureAt ?? '' });
  }

  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      {error ? <ErrorBox error={error} /> : null}
      {loading ? <Loading /> : null}
      <h2>Deliveries in the last hour</h2>
      <ul className="stats" aria-label="Deliveries per state in the last hour">
        {STATES.map((s) => (
          <li key={s} className={`stat stat-${s.toLowerCase()}`}>
            <span className="stat-value">
              {byStatus[s].res.data ? `${byStatus[s].recent.length}${byStatus[s].more ? '+' : ''}` : '…'}
            </span>
            <StatusBadge status={s} />
          </li>
        ))}
      </ul>
      <h2>Oldest waiting record</h2>
      {oldest.error ? <ErrorBox error={oldest.error} /> : null}
      {oldest.loading ? (
        <Loading />
      ) : oldest.oldest ? (
        <p>
          <StatusBadge status={oldest.oldest.status} /> {oldest.oldest.entityName} {oldest.oldest.operation}, created{' '}
          {formatTime(oldest.oldest.createdAt)} ({ago(oldest.oldest.createdAt)}), next attempt{' '}
          {formatTime(oldest.oldest.nextRetryAt)}.{' '}
          <Link to={`/deliveries?record=${encodeURIComponent(oldest.oldest.id)}`}>Open record</Link>
        </p>
      ) : (
        <Empty>Nothing is waiting: every record is delivered or dead.</Empty>
      )}
      <h2>Failing configurations</h2>
      {failing.size === 0 ? (
        <Empty>No configuration failed in the last hour, and every circuit is closed.</Empty>
      ) : (
        <table>
          <caption className="sr-only">
            Configurations with retrying or dead records in the last hour, or a circuit not closed
          </caption>
          <thead>
            <tr>
              <th scope="col">Entity</th>
              <th scope="col">URL</th>
              <th scope="col">Circuit</th>
              <th scope="col">Retrying</th>
              <th scope="col">Dead</th>
              <th scope="col">Last error</th>
            </tr>
          </thead>
          <tbody>
            {[...failing.entries()].map(([id, f]) => {
              const c = configById.get(id);
              return (
                <tr key={id}>
                  <td>{c?.entityName ?? '(deleted configuration)'}</td>
                  <td className="url">
                    <Link to={`/deliveries?config=${encodeURIComponent(id)}`}>{c?.webhookUrl ?? id}</Link>
                  </td>
                  <td>{c ? <CircuitBadge circuit={c.health.circuit} /> : <span className="muted">—</span>}</td>
                  <td>{f.retrying}</td>
                  <td>{f.dead}</td>
                  <td>
                    <ErrorText text={f.lastError} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleOutboxRecordDocument,
  ConsoleOutboxRecordsDocument,
  ConsoleRedeliverOutboxRecordDocument,
  ConsoleReplayOutboxRecordsDocument,
  ConsoleWebhookConfigsDocument,
  type OutboxStatus,
} from '../gql/graphql';
import { navigate, usePath } from '../router';
import { Empty, ErrorBox, ErrorText, formatTime, Loading, StatusBadge } from '../ui';

const STATES: OutboxStatus[] = ['PENDING', 'RETRYING', 'DELIVERED', 'DEAD'];
const PAGE_SIZE = 50;

function setQuery(params: Record<string, string | undefined>) {
  const search = new URLSearchParams(window.location.search);
  for (const [k, v] of Object.entries(params)) {
    if (v) search.set(k, v);
    else search.delete(k);
  }
  const qs = search.toString();
  navigate(`/deliveries${qs ? `?${qs}` : ''}`);
}

export function DeliveriesPage() {
  const { search } = usePath();
  const status = (STATES as string[]).includes(search.get('status') ?? '')
    ? (search.get('status') as OutboxStatus)
    : null;
  const configId = search.get('config') ?? null;
  const recordId = search.get('record');
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const after = cursors[cursors.length - 1];
  useEffect(() => setCursors([null]), [status, configId]);

  const [list, refresh] = useQuery({
    query: ConsoleOutboxRecordsDocument,
    variables: { status, webhookConfigId: configId, first: PAGE_SIZE, after },
    requestPolicy: 'cache-and-network',
  });
  const [configs] = useQuery({ query: ConsoleWebhookConfigsDocument, variables: { page: 1, pageSize: 100 } });
  // Deliveries move on their own: look again every 2 seconds while the page is open.
  useEffect(() => {
    const t = setInterval(() => refresh({ requestPolicy: 'network-only' }), 2000);
    return () => clearInterval(t);
  }, [refresh]);

  const urlOf = new Map((configs.data?.webhookConfigs.items ?? []).map((c) => [c.id, c.webhookUrl]));
  const items = list.data?.outboxRecords.items ?? [];

  return (
    <section aria-labelledby="deliveries-title">
      <div className="page-head">
        <h1 id="deliveries-title">Deliveries</h1>
        <ReplayDead configId={configId} onDone={() => refresh({ requestPolicy: 'network-only' })} />
      </div>
      <div className="filters">
        <div className="field">
          <label htmlFor="status-filter">Status</label>
          <select
            id="status-filter"
            value={status ?? ''}
            onChange={(e) => setQuery({ status: e.target.value, record: undefined })}
          >
            <option value="">All</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="config-filter">Configuration</label>
          <select
            id="config-filter"
            value={configId ?? ''}
            onChange={(e) => setQuery({ config: e.target.value, record: undefined })}
          >
            <option value="">Any configuration</option>
            {(configs.data?.webhookConfigs.items ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.entityName} → {c.webhookUrl}
              </option>
            ))}
          </select>
        </div>
      </div>
      {list.error ? <ErrorBox error={list.error} /> : null}
      {!list.data && !list.error ? <Loading /> : null}
      {list.data && items.length === 0 ? (
        <Empty>No outbox records{status ? ` with status ${status}` : ''}.</Empty>
      ) : null}
      <div className="split">
        {items.length ? (
          <table className="clickable">
            <caption className="sr-only">Outbox records, newest first; open a row for its attempts</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Entity</th>
                <th scope="col">Operation</th>
                <th scope="col">Target</th>
                <th scope="col">Retries</th>
                <th scope="col">Created</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr
                  key={r.id}
                  tabIndex={0}
                  aria-selected={r.id === recordId}
                  onClick={() => setQuery({ record: r.id })}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      setQuery({ record: r.id });
                    }
                  }}
                >
                  <td>
                    <StatusBadge status={r.status} />
                  </td>
                  <td>{r.entityName}</td>
                  <td>{r.operation}</td>
                  <td className="url">{urlOf.get(r.webhookConfigId) ?? '(deleted configuration)'}</td>
                  <td>
                    {r.retryCount}/{r.maxRetries}
                  </td>
                  <td>{formatTime(r.createdAt)}</td>
                  <td>
                    <ErrorText text={r.lastError} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {recordId ? <RecordDetails id={recordId} onClose={() => setQuery({ record: undefined })} /> : null}
      </div>
      <div className="buttons">
        <button
          type="button"
          className="secondary"
          disabled={cursors.length < 2}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!list.data?.outboxRecords.nextCursor}
          onClick={() => setCursors((c) => [...c, list.data!.outboxRecords.nextCursor!])}
        >
          Older
        </button>
      </div>
    </section>
  );
}

/**
 * Bulk replay of DEAD records with `replayOutboxRecords` (CONTRACT §10): every DEAD record of the
 * tenant, or of the selected configuration, put back in one call.
 */
function ReplayDead({ configId, onDone }: { configId: string | null; onDone: () => void }) {
  const [res, run] = useMutation(ConsoleReplayOutboxRecordsDocument);
  const [message, setMessage] = useState<string | null>(null);
  const replay = async () => {
    setMessage(null);
    const r = await run({ filter: { status: ['DEAD'], ...(configId ? { webhookConfigId: configId } : {}) } });
    if (r.error || !r.data) return;
    const count = r.data.replayOutboxRecords;
    setMessage(`${count} dead ${count === 1 ? 'delivery' : 'deliveries'} put back to PENDING.`);
    onDone();
  };
  return (
    <div className="replay">
      <button type="button" onClick={replay} disabled={res.fetching}>
        Replay dead deliveries
      </button>
      {message ? (
        <span role="status" className="ok">
          {message}
        </span>
      ) : null}
      {res.error ? <ErrorBox error={res.error} /> : null}
    </div>
  );
}

function RecordDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const [rec, refresh] = useQuery({
    query: ConsoleOutboxRecordDocument,
    variables: { id },
    requestPolicy: 'cache-and-network',
  });
  const [redelivered, redeliver] = useMutation(ConsoleRedeliverOutboxRecordDocument);
  useEffect(() => {
    const t = setInterval(() => refresh({ requestPolicy: 'network-only' }), 2000);
    return () => clearInterval(t);
  }, [refresh]);
  const r = rec.data?.outboxRecord;
  let payload = r?.payloadJson ?? '';
  try {
    payload = JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    // shown as sent
  }
  return (
    <aside className="details card" aria-labelledby="record-title">
      <div className="page-head">
        <h2 id="record-title">Record {id}</h2>
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {rec.error ? <ErrorBox error={rec.error} /> : null}
      {!rec.data && !rec.error ? <Loading /> : null}
      {r ? (
        <>
          <dl className="facts">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={r.status} />
            </dd>
            <dt>Entity, operation</dt>
            <dd>
              {r.entityName} {r.operation}
            </dd>
            <dt>Request id</dt>
            <dd>
              <code>{r.requestId}</code>
            </dd>
            <dt>Retries</dt>
            <dd>
              {r.retryCount} of {r.maxRetries}
            </dd>
            <dt>Next attempt</dt>
            <dd>{formatTime(r.nextRetryAt)}</dd>
            <dt>Delivered</dt>
            <dd>{formatTime(r.deliveredAt)}</dd>
            <dt>Last error</dt>
            <ErrorText as="dd" text={r.lastError} />
          </dl>
          <button type="button" onClick={() => redeliver({ id: r.id })} disabled={redelivered.fetching}>
            Redeliver
          </button>
          {redelivered.error ? <ErrorBox error={redelivered.error} /> : null}
          {redelivered.data ? (
            <span role="status" className="ok">
              {' '}
              Put back to {redelivered.data.redeliverOutboxRecord.status}.
            </span>
          ) : null}
          <h3>Attempts</h3>
          {r.attempts.length === 0 ? (
            <Empty>No attempt yet.</Empty>
          ) : (
            <table className="attempts">
              <caption className="sr-only">Delivery attempts, each with the response body it got</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Started</th>
                  <th scope="col">Duration</th>
                  <th scope="col">HTTP status</th>
                  <th scope="col">Error</th>
                </tr>
              </thead>
              {r.attempts.map((a) => (
                // One group per attempt: its row, then the response body (up to 4 KiB) below it.
                <tbody key={a.attemptNumber} aria-label={`Attempt ${a.attemptNumber}`}>
                  <tr>
                    <td>{a.attemptNumber}</td>
                    <td className="time">{formatTime(a.startedAt)}</td>
                    <td>{a.durationMs} ms</td>
                    <td>{a.statusCode ?? '—'}</td>
                    <td>
                      <ErrorText text={a.error} />
                    </td>
                  </tr>
                  {a.responseBody ? (
                    <tr className="response">
                      <td />
                      <td colSpan={4}>
                        <small className="muted">Response body</small>
                        <pre className="body">{a.responseBody}</pre>
                      </td>
                    </tr>
                  ) : null}
                </tbody>
              ))}
            </table>
          )}
          <h3>Payload</h3>
          <pre className="body">{payload}</pre>
        </>
      ) : null}
    </aside>
  );
}

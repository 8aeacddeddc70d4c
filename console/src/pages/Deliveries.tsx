import { useEffect, useState } from 'react';
import { gql, useClient, useMutation, useQuery, type TypedDocumentNode } from 'urql';
import { useCapabilities } from '../capabilities';
import {
  ConsoleOutboxRecordDocument,
  ConsoleOutboxRecordsDocument,
  ConsoleRedeliverOutboxRecordDocument,
  ConsoleWebhookConfigsDocument,
  type OutboxStatus,
} from '../gql/graphql';
import { navigate, usePath } from '../router';
import { Empty, ErrorBox, formatTime, Loading, StatusBadge } from '../ui';

const STATES: OutboxStatus[] = ['PENDING', 'RETRYING', 'DELIVERED', 'DEAD'];
const PAGE_SIZE = 50;

// Fields newer servers have (CONTRACT §10); sent only when introspection shows them, so these two
// documents are typed by hand instead of by codegen against this repository's schema.
const ResponseBodiesDocument: TypedDocumentNode<
  { outboxRecord: { id: string; attempts: Array<{ attemptNumber: number; responseBody: string | null }> } | null },
  { id: string }
> = gql`
  query ConsoleAttemptResponseBodies($id: ID!) {
    outboxRecord(id: $id) {
      id
      attempts {
        attemptNumber
        responseBody
      }
    }
  }
`;
const ReplayDocument: TypedDocumentNode<
  { replayOutboxRecords: number },
  { filter: { status: string[]; webhookConfigId?: string } }
> = gql`
  mutation ConsoleReplayOutboxRecords($filter: OutboxReplayFilter!) {
    replayOutboxRecords(filter: $filter)
  }
`;

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
                  <td className="error-text">{r.lastError ?? ''}</td>
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
 * Bulk replay of DEAD records: `replayOutboxRecords` when the server has it (every DEAD record of
 * the tenant, or of the selected configuration), else one `redeliverOutboxRecord` per DEAD record
 * of the first page (at most 500).
 */
function ReplayDead({ configId, onDone }: { configId: string | null; onDone: () => void }) {
  const caps = useCapabilities();
  const client = useClient();
  const [state, setState] = useState<{ busy: boolean; message?: string; error?: Error }>({ busy: false });
  const replay = async () => {
    setState({ busy: true });
    try {
      let count = 0;
      if (caps.replayOutboxRecords) {
        const r = await client
          .mutation(ReplayDocument, {
            filter: { status: ['DEAD'], ...(configId ? { webhookConfigId: configId } : {}) },
          })
          .toPromise();
        if (r.error) throw r.error;
        count = r.data!.replayOutboxRecords;
      } else {
        const dead = await client
          .query(
            ConsoleOutboxRecordsDocument,
            { status: 'DEAD', webhookConfigId: configId, first: 500 },
            { requestPolicy: 'network-only' },
          )
          .toPromise();
        if (dead.error) throw dead.error;
        for (const r of dead.data!.outboxRecords.items) {
          const res = await client.mutation(ConsoleRedeliverOutboxRecordDocument, { id: r.id }).toPromise();
          if (res.error) throw res.error;
          count++;
        }
      }
      setState({
        busy: false,
        message: `${count} dead ${count === 1 ? 'delivery' : 'deliveries'} put back to PENDING.`,
      });
      onDone();
    } catch (error) {
      setState({ busy: false, error: error as Error });
    }
  };
  return (
    <div className="replay">
      <button type="button" onClick={replay} disabled={state.busy}>
        Replay dead deliveries
      </button>
      {state.message ? (
        <span role="status" className="ok">
          {state.message}
        </span>
      ) : null}
      {state.error ? <ErrorBox error={state.error} /> : null}
    </div>
  );
}

function RecordDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const caps = useCapabilities();
  const [rec, refresh] = useQuery({
    query: ConsoleOutboxRecordDocument,
    variables: { id },
    requestPolicy: 'cache-and-network',
  });
  const [bodies] = useQuery({ query: ResponseBodiesDocument, variables: { id }, pause: !caps.attemptResponseBody });
  const [redelivered, redeliver] = useMutation(ConsoleRedeliverOutboxRecordDocument);
  useEffect(() => {
    const t = setInterval(() => refresh({ requestPolicy: 'network-only' }), 2000);
    return () => clearInterval(t);
  }, [refresh]);
  const r = rec.data?.outboxRecord;
  const bodyOf = new Map((bodies.data?.outboxRecord?.attempts ?? []).map((a) => [a.attemptNumber, a.responseBody]));
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
            <dd className="error-text">{r.lastError ?? '—'}</dd>
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
            <table>
              <caption className="sr-only">Delivery attempts</caption>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">Started</th>
                  <th scope="col">Duration</th>
                  <th scope="col">HTTP status</th>
                  <th scope="col">Error</th>
                  {caps.attemptResponseBody ? <th scope="col">Response body</th> : null}
                </tr>
              </thead>
              <tbody>
                {r.attempts.map((a) => (
                  <tr key={a.attemptNumber}>
                    <td>{a.attemptNumber}</td>
                    <td>{formatTime(a.startedAt)}</td>
                    <td>{a.durationMs} ms</td>
                    <td>{a.statusCode ?? '—'}</td>
                    <td className="error-text">{a.error ?? ''}</td>
                    {caps.attemptResponseBody ? (
                      <td>
                        <pre className="body">{bodyOf.get(a.attemptNumber) ?? ''}</pre>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <h3>Payload</h3>
          <pre className="body">{payload}</pre>
        </>
      ) : null}
    </aside>
  );
}

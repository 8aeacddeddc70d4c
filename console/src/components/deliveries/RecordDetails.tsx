import { useMutation, useQuery } from 'urql';
import { ConsoleOutboxRecordDocument, ConsoleRedeliverOutboxRecordDocument } from '../../gql/graphql';
import { formatTime } from '../../format';
import { Empty } from '../ui/Empty';
import { ErrorBox } from '../ui/ErrorBox';
import { ErrorText } from '../ui/ErrorText';
import { Loading } from '../ui/Loading';
import { StatusBadge } from '../ui/StatusBadge';
import { usePolling } from '../ui/usePolling';
import { AttemptsTable } from './AttemptsTable';

/** One outbox record beside the list: its facts, attempts and payload, read again every 2 seconds. */
export function RecordDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const [rec, refresh] = useQuery({
    query: ConsoleOutboxRecordDocument,
    variables: { id },
    requestPolicy: 'cache-and-network',
  });
  const [redelivered, redeliver] = useMutation(ConsoleRedeliverOutboxRecordDocument);
  usePolling(refresh, 2000);
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
      <ErrorBox error={rec.error} />
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
          <ErrorBox error={redelivered.error} />
          {redelivered.data ? (
            <span role="status" className="ok">
              {' '}
              Put back to {redelivered.data.redeliverOutboxRecord.status}.
            </span>
          ) : null}
          <h3>Attempts</h3>
          {r.attempts.length === 0 ? <Empty>No attempt yet.</Empty> : <AttemptsTable attempts={r.attempts} />}
          <h3>Payload</h3>
          <pre className="body">{payload}</pre>
        </>
      ) : null}
    </aside>
  );
}

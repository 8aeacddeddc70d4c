import { useMutation, useQuery } from 'urql';
import { ConsoleRetryTriggerEventDocument, ConsoleTriggerEventsDocument } from '../../gql/graphql';
import { formatTime } from '../../format';
import { Empty } from '../ui/Empty';
import { ErrorBox } from '../ui/ErrorBox';
import { ErrorText } from '../ui/ErrorText';
import { Loading } from '../ui/Loading';
import { StatusBadge } from '../ui/StatusBadge';
import { ColumnHeads } from '../ui/ColumnHeads';

/** A trigger's accepted requests, newest first; a failed record action can be retried. */
export function TriggerEvents({ id }: { id: string }) {
  const [res, refresh] = useQuery({
    query: ConsoleTriggerEventsDocument,
    variables: { triggerId: id, first: 50 },
    requestPolicy: 'cache-and-network',
  });
  const [retried, retry] = useMutation(ConsoleRetryTriggerEventDocument);
  const items = res.data?.triggerEvents.items ?? [];
  return (
    <div>
      <div className="page-head">
        <h3>Events</h3>
        <button type="button" className="secondary" onClick={() => refresh({ requestPolicy: 'network-only' })}>
          Refresh
        </button>
      </div>
      <ErrorBox error={res.error} />
      <ErrorBox error={retried.error} title="Retry" />
      {!res.data && !res.error ? <Loading /> : null}
      {res.data && items.length === 0 ? <Empty>No events received yet.</Empty> : null}
      {items.length ? (
        <table>
          <caption className="sr-only">Accepted intake requests, newest first</caption>
          <ColumnHeads names={['Received', 'Content type', 'Signature', 'Action', 'Body']} />
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td>{formatTime(e.receivedAt)}</td>
                <td>{e.contentType ?? ''}</td>
                <td>{e.signatureVerified ? 'verified' : 'not signed'}</td>
                <td>
                  <div className="action-status">
                    <StatusBadge status={e.actionStatus} />
                    {e.actionStatus === 'FAILED' ? (
                      <>
                        <ErrorText text={e.actionError} />
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => retry({ id: e.id })}
                          disabled={retried.fetching}
                        >
                          Retry
                        </button>
                      </>
                    ) : null}
                  </div>
                </td>
                <td>
                  <pre className="body">{e.body.length > 2000 ? `${e.body.slice(0, 2000)}…` : e.body}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

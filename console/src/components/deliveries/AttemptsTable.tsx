import type { ConsoleOutboxRecordQuery } from '../../gql/graphql';
import { formatTime } from '../../format';
import { ErrorText } from '../ui/ErrorText';
import { ColumnHeads } from '../ui/ColumnHeads';

type Attempt = NonNullable<ConsoleOutboxRecordQuery['outboxRecord']>['attempts'][number];

/** A record's delivery attempts, each with the response body it got. */
export function AttemptsTable({ attempts }: { attempts: Attempt[] }) {
  return (
    <table className="attempts">
      <caption className="sr-only">Delivery attempts, each with the response body it got</caption>
      <ColumnHeads names={['#', 'Started', 'Duration', 'HTTP status', 'Error']} />
      {attempts.map((a) => (
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
  );
}

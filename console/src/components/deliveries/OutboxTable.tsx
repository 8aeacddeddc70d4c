import type { ConsoleOutboxRecordSummaryFragment } from '../../gql/graphql';
import { formatTime } from '../../format';
import { ErrorText } from '../ui/ErrorText';
import { StatusBadge } from '../ui/StatusBadge';
import { ColumnHeads } from '../ui/ColumnHeads';

/** Outbox records, newest first; a row opens (click, Enter or Space) to show its attempts. */
export function OutboxTable({
  items,
  selected,
  urlOf,
  onOpen,
}: {
  items: ConsoleOutboxRecordSummaryFragment[];
  selected: string | null;
  /** A configuration's URL by its id; a record of a deleted one has none. */
  urlOf: Map<string, string>;
  onOpen: (id: string) => void;
}) {
  return (
    <table className="clickable">
      <caption className="sr-only">Outbox records, newest first; open a row for its attempts</caption>
      <ColumnHeads names={['Status', 'Entity', 'Operation', 'Target', 'Retries', 'Created', 'Last error']} />
      <tbody>
        {items.map((r) => (
          <tr
            key={r.id}
            tabIndex={0}
            aria-selected={r.id === selected}
            onClick={() => onOpen(r.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onOpen(r.id);
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
  );
}

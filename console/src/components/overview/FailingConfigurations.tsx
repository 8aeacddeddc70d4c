import type { ConsoleOutboxRecordSummaryFragment, ConsoleWebhookConfigsWithHealthQuery } from '../../gql/graphql';
import { Link } from '../../router';
import { CircuitBadge } from '../ui/CircuitBadge';
import { Empty } from '../ui/Empty';
import { ErrorText } from '../ui/ErrorText';
import { ColumnHeads } from '../ui/ColumnHeads';

type Config = ConsoleWebhookConfigsWithHealthQuery['webhookConfigs']['items'][number];

export interface Failing {
  dead: number;
  retrying: number;
  lastError: string | null;
  at: string;
}

/**
 * Per configuration: its records retrying and dead in the last hour and the newest error among them;
 * a configuration whose circuit is not closed is failing too, even with no record changed this hour.
 */
export function failingOf(
  recent: Record<'RETRYING' | 'DEAD', ConsoleOutboxRecordSummaryFragment[]>,
  configs: Config[],
): Map<string, Failing> {
  const failing = new Map<string, Failing>();
  for (const s of ['RETRYING', 'DEAD'] as const) {
    for (const r of recent[s]) {
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
  for (const c of configs) {
    if (c.health.circuit !== 'CLOSED' && !failing.has(c.id))
      failing.set(c.id, { dead: 0, retrying: 0, lastError: null, at: c.health.lastFailureAt ?? '' });
  }
  return failing;
}

/** Configurations with retrying or dead records in the last hour, or a circuit not closed. */
export function FailingConfigurations({
  failing,
  configById,
}: {
  failing: Map<string, Failing>;
  configById: Map<string, Config>;
}) {
  if (failing.size === 0) {
    return <Empty>No configuration failed in the last hour, and every circuit is closed.</Empty>;
  }
  return (
    <table>
      <caption className="sr-only">
        Configurations with retrying or dead records in the last hour, or a circuit not closed
      </caption>
      <ColumnHeads names={['Entity', 'URL', 'Circuit', 'Retrying', 'Dead', 'Last error']} />
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
  );
}

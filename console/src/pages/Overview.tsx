import { useQuery } from 'urql';
import { ConsoleWebhookConfigsWithHealthDocument, type OutboxStatus } from '../gql/graphql';
import { OUTBOX_STATUSES } from '../enums';
import { FailingConfigurations, failingOf } from '../components/overview/FailingConfigurations';
import { OldestWaiting } from '../components/overview/OldestWaiting';
import { useRecentByStatus, type RecentByStatus } from '../components/overview/useDeliveryStats';
import { ErrorBox } from '../components/ui/ErrorBox';
import { Loading } from '../components/ui/Loading';
import { StatusBadge } from '../components/ui/StatusBadge';

export function OverviewPage() {
  const byStatus: Record<OutboxStatus, RecentByStatus> = {
    PENDING: useRecentByStatus('PENDING'),
    RETRYING: useRecentByStatus('RETRYING'),
    DELIVERED: useRecentByStatus('DELIVERED'),
    DEAD: useRecentByStatus('DEAD'),
  };
  const [configs] = useQuery({
    query: ConsoleWebhookConfigsWithHealthDocument,
    variables: { page: 1, pageSize: 100 },
    requestPolicy: 'cache-and-network',
  });
  const error = OUTBOX_STATUSES.map((s) => byStatus[s].res.error).find(Boolean) ?? configs.error;
  const loading = OUTBOX_STATUSES.some((s) => !byStatus[s].res.data) && !error;

  const configItems = configs.data?.webhookConfigs.items ?? [];
  const configById = new Map(configItems.map((c) => [c.id, c]));
  const failing = failingOf({ RETRYING: byStatus.RETRYING.recent, DEAD: byStatus.DEAD.recent }, configItems);

  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      <ErrorBox error={error} />
      {loading ? <Loading /> : null}
      <h2>Deliveries in the last hour</h2>
      <ul className="stats" aria-label="Deliveries per state in the last hour">
        {OUTBOX_STATUSES.map((s) => (
          <li key={s} className={`stat stat-${s.toLowerCase()}`}>
            <span className="stat-value">
              {byStatus[s].res.data ? `${byStatus[s].recent.length}${byStatus[s].more ? '+' : ''}` : '…'}
            </span>
            <StatusBadge status={s} />
          </li>
        ))}
      </ul>
      <h2>Oldest waiting record</h2>
      <OldestWaiting />
      <h2>Failing configurations</h2>
      <FailingConfigurations failing={failing} configById={configById} />
    </section>
  );
}

import type { ConsoleWebhookConfigsQuery, OutboxStatus } from '../../gql/graphql';
import { OUTBOX_STATUSES } from '../../enums';

type Config = ConsoleWebhookConfigsQuery['webhookConfigs']['items'][number];

/** The status and configuration the list is narrowed to; the empty value means any. */
export function DeliveryFilters({
  status,
  configId,
  configs,
  onChange,
}: {
  status: OutboxStatus | null;
  configId: string | null;
  configs: Config[];
  onChange: (filter: { status?: string; config?: string }) => void;
}) {
  return (
    <div className="filters">
      <div className="field">
        <label htmlFor="status-filter">Status</label>
        <select id="status-filter" value={status ?? ''} onChange={(e) => onChange({ status: e.target.value })}>
          <option value="">All</option>
          {OUTBOX_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="config-filter">Configuration</label>
        <select id="config-filter" value={configId ?? ''} onChange={(e) => onChange({ config: e.target.value })}>
          <option value="">Any configuration</option>
          {configs.map((c) => (
            <option key={c.id} value={c.id}>
              {c.entityName} → {c.webhookUrl}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

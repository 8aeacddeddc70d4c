import { useEffect, useState } from 'react';
import type { ConsoleWebhookConfigsQuery, OutboxStatus } from '../../gql/graphql';
import { OUTBOX_STATUSES } from '../../enums';
import { SelectField } from '../ui/SelectField';

type Config = ConsoleWebhookConfigsQuery['webhookConfigs']['items'][number];

export interface DeliveryFilterChange {
  status?: string;
  config?: string;
  request?: string;
  from?: string;
  to?: string;
}

/**
 * The status, configuration, request id and creation window the list is narrowed to; the empty
 * value means any. The dates are the browser's local time, to the second (datetime-local).
 */
export function DeliveryFilters({
  status,
  configId,
  requestId,
  createdFrom,
  createdTo,
  configs,
  onChange,
}: {
  status: OutboxStatus | null;
  configId: string | null;
  requestId: string;
  createdFrom: string;
  createdTo: string;
  configs: Config[];
  onChange: (filter: DeliveryFilterChange) => void;
}) {
  // Typed text stays here until Enter or leaving the box: one search, not one per keystroke.
  const [requestText, setRequestText] = useState(requestId);
  useEffect(() => setRequestText(requestId), [requestId]);
  const applyRequest = () => {
    if (requestText.trim() !== requestId) onChange({ request: requestText.trim() });
  };
  return (
    <div className="filters" style={{ flexWrap: 'wrap' }}>
      <SelectField
        label="Status"
        value={status ?? ''}
        onChange={(v) => onChange({ status: v })}
        options={[['', 'All'], ...OUTBOX_STATUSES]}
      />
      <SelectField
        label="Configuration"
        value={configId ?? ''}
        onChange={(v) => onChange({ config: v })}
        options={[
          ['', 'Any configuration'],
          ...configs.map((c) => [c.id, `${c.entityName} → ${c.webhookUrl}`] as const),
        ]}
      />
      <form
        role="search"
        className="field"
        onSubmit={(e) => {
          e.preventDefault();
          applyRequest();
        }}
      >
        <label htmlFor="request-filter">Request id</label>
        <input
          id="request-filter"
          type="search"
          placeholder="as the receiver got it"
          spellCheck={false}
          value={requestText}
          onChange={(e) => setRequestText(e.target.value)}
          onBlur={applyRequest}
        />
      </form>
      <div className="field">
        <label htmlFor="created-after-filter">Created after</label>
        <input
          id="created-after-filter"
          type="datetime-local"
          step={1}
          value={createdFrom}
          onChange={(e) => onChange({ from: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="created-before-filter">Created before</label>
        <input
          id="created-before-filter"
          type="datetime-local"
          step={1}
          value={createdTo}
          onChange={(e) => onChange({ to: e.target.value })}
        />
      </div>
    </div>
  );
}

/** A datetime-local value as an instant, or null when empty or unreadable. */
function localInstant(value: string): Date | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * The bounds for outboxRecords. Both ends are included, to the precision shown: "Created before
 * 14:30:15" keeps a record of 14:30:15.400, so that bound is the last millisecond of its second
 * (or minute, when the seconds were left out).
 */
export function createdBounds(from: string, to: string): { createdAfter: string | null; createdBefore: string | null } {
  const after = localInstant(from);
  const before = localInstant(to);
  const unit = /T\d\d:\d\d:\d\d/.test(to) ? 1000 : 60_000;
  return {
    createdAfter: after ? after.toISOString() : null,
    createdBefore: before ? new Date(before.getTime() + unit - 1).toISOString() : null,
  };
}

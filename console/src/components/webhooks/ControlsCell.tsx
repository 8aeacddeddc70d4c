import { Fragment } from 'react';
import type { WebhookConfig } from './types';

/** The configuration's rate limit, in-flight cap and ordering, or "none". */
export function ControlsCell({ config: c }: { config: WebhookConfig }) {
  const parts = [
    c.rateLimitPerSecond !== null && c.rateLimitPerSecond !== undefined ? `≤ ${c.rateLimitPerSecond}/s` : null,
    c.maxInFlight !== null && c.maxInFlight !== undefined ? `≤ ${c.maxInFlight} in flight` : null,
    c.ordering === 'PER_KEY' ? 'ordered per key' : null,
  ].filter(Boolean);
  if (!parts.length) return <span className="muted">none</span>;
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={p}>
          {i ? ', ' : ''}
          <span className="nowrap">{p}</span>
        </Fragment>
      ))}
    </>
  );
}

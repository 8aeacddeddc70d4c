import { CircuitBadge } from '../ui/CircuitBadge';
import { Time } from '../ui/Time';
import type { WebhookHealth } from './types';

/** The circuit as a badge (red when open) and the figures behind it. */
export function HealthCell({ health: h }: { health: WebhookHealth }) {
  return (
    <div className="health">
      <div>
        <CircuitBadge circuit={h.circuit} />
        {h.consecutiveFailures > 0 ? (
          <small className="error-text"> {h.consecutiveFailures} failed in a row</small>
        ) : null}
      </div>
      <small className="muted">
        24 h: {h.attempts24h} {h.attempts24h === 1 ? 'attempt' : 'attempts'}, {h.failures24h} failed
        {h.p95DurationMs24h !== null && h.p95DurationMs24h !== undefined ? `, p95 ${h.p95DurationMs24h} ms` : ''}
      </small>
      <small className="muted">last success {h.lastSuccessAt ? <Time iso={h.lastSuccessAt} /> : 'never'}</small>
      {h.lastFailureAt ? (
        <small className="muted">
          last failure <Time iso={h.lastFailureAt} />
        </small>
      ) : null}
    </div>
  );
}

import type { CircuitState } from '../../gql/graphql';

const CIRCUIT_TEXT: Record<CircuitState, string> = { CLOSED: 'Closed', OPEN: 'Open', HALF_OPEN: 'Half-open' };
const CIRCUIT_MEANING: Record<CircuitState, string> = {
  CLOSED: 'Circuit closed: deliveries flow',
  OPEN: 'Circuit open: the endpoint kept failing; no attempts until the probe',
  HALF_OPEN: 'Circuit half-open: one probe attempt decides',
};

/** A configuration's circuit as a badge, red when open. */
export function CircuitBadge({ circuit }: { circuit: CircuitState }) {
  return (
    <span className={`badge circuit-${circuit.toLowerCase()}`} title={CIRCUIT_MEANING[circuit]}>
      <span className="sr-only">Circuit </span>
      {CIRCUIT_TEXT[circuit]}
    </span>
  );
}

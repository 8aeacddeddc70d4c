import type { CircuitOutcome } from '../outbox/sql/record-circuit-outcomes';

/** One attempt that reached (or tried to reach) an endpoint: a 2xx or not, and when it ended. */
export interface EndpointAttempt {
  configId: string;
  ok: boolean;
  at: number;
}

/** Folds a batch's attempts, in the order they ended, into one outcome per configuration. */
export function circuitOutcomes(attempts: Array<{ configId: string; ok: boolean; at: number }>): CircuitOutcome[] {
  const byConfig = new Map<string, CircuitOutcome>();
  for (const a of attempts) {
    let o = byConfig.get(a.configId);
    if (!o) {
      o = { configId: a.configId, trailingFailures: 0, lastSuccessAt: null, lastFailureAt: null };
      byConfig.set(a.configId, o);
    }
    if (a.ok) {
      o.trailingFailures = 0;
      o.lastSuccessAt = Math.max(o.lastSuccessAt ?? 0, a.at);
    } else {
      o.trailingFailures++;
      o.lastFailureAt = Math.max(o.lastFailureAt ?? 0, a.at);
    }
  }
  return [...byConfig.values()];
}

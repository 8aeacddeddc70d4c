import type { CircuitOutcome } from '../outbox/store';

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

/**
 * Each configuration's last error of a batch (`results` in the order they ended), for the
 * CIRCUIT_OPENED notice of a circuit the batch opens (docs/api.md#operational-events).
 */
export function lastErrorsOf(
  records: ReadonlyArray<{ id: string; config: { id: string } | null }>,
  results: ReadonlyArray<{ id: string; transition: { lastError: string | null } }>,
): Map<string, string> {
  const configOf = new Map(records.map((r) => [r.id, r.config?.id]));
  const out = new Map<string, string>();
  for (const r of results) {
    const configId = configOf.get(r.id);
    if (configId !== undefined && r.transition.lastError !== null) out.set(configId, r.transition.lastError);
  }
  return out;
}

/**
 * Which circuit writes a dispatcher may skip: a batch of successes only, for a configuration
 * whose circuit this process last saw closed with no failure counted, less than `forMs` ago. The
 * common case (a healthy endpoint) then writes its circuit state (and `lastSuccessAt`) about once
 * per `forMs` instead of once per batch. A failure is always written.
 */
export class CleanCircuits {
  private readonly cleanUntil = new Map<string, number>();

  constructor(private readonly forMs = 1000) {}

  /** The attempts whose configuration's state must be written now. */
  toWrite(attempts: EndpointAttempt[]): EndpointAttempt[] {
    const now = Date.now();
    const dirty = new Set<string>();
    for (const a of attempts) if (!a.ok || (this.cleanUntil.get(a.configId) ?? 0) <= now) dirty.add(a.configId);
    return dirty.size === 0 ? [] : attempts.filter((a) => dirty.has(a.configId));
  }

  /** What a write left: clean ones may be skipped for a while, the others never. */
  note(after: Array<{ configId: string; clean: boolean }>): void {
    const until = Date.now() + this.forMs;
    for (const c of after) {
      if (c.clean) this.cleanUntil.set(c.configId, until);
      else this.cleanUntil.delete(c.configId);
    }
    // Bounded: entries of configurations no longer delivered are dropped once expired.
    if (this.cleanUntil.size > 10_000) {
      const now = Date.now();
      for (const [id, t] of this.cleanUntil) if (t <= now) this.cleanUntil.delete(id);
    }
  }
}

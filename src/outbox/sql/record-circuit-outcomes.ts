import type { Queryable } from '../../db/database';
import { queryPrepared } from '../../db/prepared';

/** The attempts of one batch that reached (or tried to reach) one configuration's endpoint. */
export interface CircuitOutcome {
  configId: string;
  /** Failed attempts after the batch's last success (all of them when none succeeded). */
  trailingFailures: number;
  /** Epoch milliseconds of the batch's last success / failure, or null. */
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
}

/**
 * Writes a batch's attempts into the configurations' shared circuit state, one statement: a
 * success resets the count of consecutive failures and closes the circuit; failures add up, and
 * `failures` of them in a row (or any failure of the probe of a circuit not closed) open the
 * circuit for `openMs`. `failures` 0: the count is kept (for `health`) but never opens it.
 */
export async function recordCircuitOutcomes(
  db: Queryable,
  tenantId: string,
  outcomes: CircuitOutcome[],
  circuit: { failures: number; openMs: number },
): Promise<CircuitAfter[]> {
  if (outcomes.length === 0) return [];
  const { rows } = await queryPrepared<{ config_id: string; clean: boolean }>(db, {
    text: `INSERT INTO webhook_delivery_state AS st
                  (config_id, tenant_id, consecutive_failures, circuit_open_until, last_success_at, last_failure_at)
           SELECT u.config_id, $1, u.fails,
                  CASE WHEN $2 > 0 AND u.fails >= $2 THEN now() + $3 * interval '1 millisecond' END,
                  to_timestamp(u.success_ms / 1000.0), to_timestamp(u.failure_ms / 1000.0)
             FROM unnest($4::uuid[], $5::int[], $6::float8[], $7::float8[]) AS u(config_id, fails, success_ms, failure_ms)
           ON CONFLICT (config_id) DO UPDATE SET
             consecutive_failures = CASE WHEN EXCLUDED.last_success_at IS NOT NULL THEN EXCLUDED.consecutive_failures
                                         ELSE st.consecutive_failures + EXCLUDED.consecutive_failures END,
             circuit_open_until = CASE
               WHEN $2 = 0 THEN NULL
               WHEN EXCLUDED.consecutive_failures > 0
                    AND (st.circuit_open_until IS NOT NULL
                         OR (CASE WHEN EXCLUDED.last_success_at IS NOT NULL THEN 0 ELSE st.consecutive_failures END)
                            + EXCLUDED.consecutive_failures >= $2)
                 THEN now() + $3 * interval '1 millisecond'
               WHEN EXCLUDED.last_success_at IS NOT NULL THEN NULL
               ELSE st.circuit_open_until END,
             last_success_at = GREATEST(EXCLUDED.last_success_at, st.last_success_at),
             last_failure_at = GREATEST(EXCLUDED.last_failure_at, st.last_failure_at)
           RETURNING config_id, consecutive_failures = 0 AND circuit_open_until IS NULL AS clean`,
    values: [
      tenantId,
      circuit.failures,
      circuit.openMs,
      outcomes.map((o) => o.configId),
      outcomes.map((o) => o.trailingFailures),
      outcomes.map((o) => o.lastSuccessAt),
      outcomes.map((o) => o.lastFailureAt),
    ],
  });
  return rows.map((r) => ({ configId: r.config_id, clean: r.clean }));
}

/** A configuration's circuit after the write: `clean` when closed with no failure counted. */
export interface CircuitAfter {
  configId: string;
  clean: boolean;
}

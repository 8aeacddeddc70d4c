import type { Queryable } from '../../db/database';
import { queryPrepared, statementText } from '../../db/prepared';
import { OPERATIONS_ENTITY } from '../../webhooks/model';
import type { TenantOutbox } from './tenant-outbox';

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
 *
 * The same statement writes the CIRCUIT_OPENED and CIRCUIT_CLOSED records of the circuits it
 * opened (from closed) or closed (docs/api.md#operational-events), one per receiving `$operations`
 * configuration; never for an `$operations` configuration's own circuit. `lastErrors`: the batch's
 * last error per configuration, for CIRCUIT_OPENED. The state rows are locked first (`before`),
 * so what they were is read after any concurrent write of them committed.
 */
export async function recordCircuitOutcomes(
  db: Queryable,
  outbox: TenantOutbox,
  outcomes: CircuitOutcome[],
  circuit: { failures: number; openMs: number },
  lastErrors: ReadonlyMap<string, string> = new Map(),
): Promise<CircuitAfter[]> {
  if (outcomes.length === 0) return [];
  const text = statementText(
    `circuit outcomes ${outbox.table}`,
    () => `WITH before AS MATERIALIZED (
             SELECT config_id, consecutive_failures, circuit_open_until FROM webhook_delivery_state
              WHERE config_id = ANY($4::uuid[]) ORDER BY config_id FOR UPDATE
           ), after AS (
           INSERT INTO webhook_delivery_state AS st
                  (config_id, tenant_id, consecutive_failures, circuit_open_until, last_success_at, last_failure_at)
           SELECT u.config_id, $1, u.fails,
                  CASE WHEN $2 > 0 AND u.fails >= $2 THEN now() + $3 * interval '1 millisecond' END,
                  to_timestamp(u.success_ms / 1000.0), to_timestamp(u.failure_ms / 1000.0)
             FROM unnest($4::uuid[], $5::int[], $6::float8[], $7::float8[]) AS u(config_id, fails, success_ms, failure_ms)
            -- Reads \`before\` ahead of the first write: locked after this command changed it, a row would be skipped.
            WHERE (SELECT count(*) FROM before) >= 0
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
           RETURNING config_id, consecutive_failures, circuit_open_until,
                     consecutive_failures = 0 AND circuit_open_until IS NULL AS clean
           ), changed AS (
             SELECT a.config_id,
                    CASE WHEN a.circuit_open_until IS NOT NULL THEN 'CIRCUIT_OPENED' ELSE 'CIRCUIT_CLOSED' END AS kind,
                    -- Closing resets the count: the notice tells how many failures the success ended.
                    CASE WHEN a.circuit_open_until IS NOT NULL THEN a.consecutive_failures ELSE b.consecutive_failures END AS failures,
                    CASE WHEN a.circuit_open_until IS NOT NULL THEN e.last_error END AS last_error
               FROM after a
               LEFT JOIN before b ON b.config_id = a.config_id
               LEFT JOIN unnest($4::uuid[], $8::text[]) AS e(config_id, last_error) ON e.config_id = a.config_id
              WHERE (a.circuit_open_until IS NOT NULL) <> (b.circuit_open_until IS NOT NULL)
           ), notices AS (
             SELECT gen_random_uuid() AS request_id, r.id AS receiver_id, r.max_retries, c.kind, c.config_id,
                    s.entity_name, c.failures, c.last_error
               FROM changed c
               JOIN webhook_configs s ON s.id = c.config_id AND s.entity_name <> $9
               JOIN webhook_configs r ON r.tenant_id = $1 AND r.entity_name = $9 AND r.enabled AND NOT r.deleted
                                     AND c.kind = ANY(r.operational_events)
           ), written AS (
             INSERT INTO ${outbox.table} (tenant_id, entity_name, operation, request_id, webhook_config_id, payload_json, max_retries, next_retry_at)
             SELECT $1, $9, n.kind, n.request_id, n.receiver_id,
                    json_build_object('eventId', gen_random_uuid(), 'tenantId', $1::text, 'entityName', $9::text,
                                      'operation', n.kind, 'requestId', n.request_id, 'writeRequestId', NULL,
                                      'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                      'data', json_build_object('webhookConfigId', n.config_id, 'entityName', n.entity_name,
                                                                'consecutiveFailures', n.failures, 'lastError', n.last_error),
                                      'previous', NULL)::text,
                    n.max_retries, date_trunc('milliseconds', now())
               FROM notices n
             RETURNING id, request_id
           ), indexed AS (
             INSERT INTO ${outbox.requestIds} (request_id, record_id) SELECT request_id, id FROM written
           )
           SELECT config_id, clean FROM after`,
  );
  const { rows } = await queryPrepared<{ config_id: string; clean: boolean }>(db, {
    text,
    values: [
      outbox.tenantId,
      circuit.failures,
      circuit.openMs,
      outcomes.map((o) => o.configId),
      outcomes.map((o) => o.trailingFailures),
      outcomes.map((o) => o.lastSuccessAt),
      outcomes.map((o) => o.lastFailureAt),
      outcomes.map((o) => lastErrors.get(o.configId) ?? null),
      OPERATIONS_ENTITY,
    ],
  });
  return rows.map((r) => ({ configId: r.config_id, clean: r.clean }));
}

/** A configuration's circuit after the write: `clean` when closed with no failure counted. */
export interface CircuitAfter {
  configId: string;
  clean: boolean;
}

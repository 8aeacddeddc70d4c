import type { Queryable } from '../../db/database';
import type { TenantOutbox } from './tenant-outbox';

export interface WebhookHealthRow {
  circuit: 'CLOSED' | 'OPEN' | 'HALF_OPEN';
  consecutiveFailures: number;
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  attempts24h: number;
  failures24h: number;
  p95DurationMs24h: number | null;
}

/**
 * One configuration's delivery health (CONTRACT §10): its shared circuit state, and its attempts
 * of the last 24 hours (a failure: anything but a 2xx response), from the attempt log and the
 * first attempts kept on their records (tenant schema 5). Reads the configuration's records
 * through the outbox's configuration index.
 */
export async function readWebhookHealth(
  db: Queryable,
  outbox: TenantOutbox,
  configId: string,
): Promise<WebhookHealthRow> {
  const { rows } = await db.query<{
    circuit: WebhookHealthRow['circuit'];
    consecutive_failures: number;
    last_success_at: Date | null;
    last_failure_at: Date | null;
    attempts: number;
    failures: number;
    p95: number | null;
  }>({
    text: `SELECT CASE WHEN s.circuit_open_until IS NULL THEN 'CLOSED'
                       WHEN s.circuit_open_until > now() THEN 'OPEN' ELSE 'HALF_OPEN' END AS circuit,
                  COALESCE(s.consecutive_failures, 0) AS consecutive_failures,
                  s.last_success_at, s.last_failure_at, a.attempts, a.failures, a.p95
             FROM (SELECT 1) one
             LEFT JOIN webhook_delivery_state s ON s.config_id = $1 AND s.tenant_id = $2
             CROSS JOIN (
               SELECT count(*)::int AS attempts,
                      (count(*) FILTER (WHERE d.status_code IS NULL OR d.status_code NOT BETWEEN 200 AND 299))::int AS failures,
                      percentile_cont(0.95) WITHIN GROUP (ORDER BY d.duration_ms) AS p95
                 FROM (SELECT d.status_code, d.duration_ms
                         FROM ${outbox.table} o JOIN ${outbox.attempts} d ON d.outbox_id = o.id
                        WHERE o.webhook_config_id = $1 AND d.started_at > now() - interval '24 hours'
                       UNION ALL
                       SELECT o.first_attempt_status_code, o.first_attempt_duration_ms
                         FROM ${outbox.table} o
                        WHERE o.webhook_config_id = $1 AND o.first_attempt_started_at > now() - interval '24 hours'
                      ) d
             ) a`,
    values: [configId, outbox.tenantId],
  });
  const r = rows[0];
  return {
    circuit: r.circuit,
    consecutiveFailures: r.consecutive_failures,
    lastSuccessAt: r.last_success_at,
    lastFailureAt: r.last_failure_at,
    attempts24h: r.attempts,
    failures24h: r.failures,
    p95DurationMs24h: r.p95 === null ? null : Math.round(Number(r.p95)),
  };
}

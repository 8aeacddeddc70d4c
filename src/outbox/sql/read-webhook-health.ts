import type { Queryable } from '../../db/database';
import { queryPrepared, statementText } from '../../db/prepared';
import { HEALTH_BUCKET_COLUMNS, p95FromBuckets } from '../health-buckets';
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
 * One configuration's delivery health (docs/api.md#circuit-breaker): its shared circuit state, and its attempts
 * of the last 24 hours (a failure: anything but a 2xx response) from the health counters the
 * settle keeps per minute (tenant schema 7): at most 1,441 rows however many attempts. The window
 * is whole minutes: every attempt started at or after the beginning of the minute 24 hours ago.
 * The p95 is read from the duration histogram (health-buckets.ts): within one bucket of the exact one.
 */
export async function readWebhookHealth(
  db: Queryable,
  outbox: TenantOutbox,
  configId: string,
): Promise<WebhookHealthRow> {
  const { rows } = await queryPrepared<
    {
      circuit: WebhookHealthRow['circuit'];
      consecutive_failures: number;
      last_success_at: Date | null;
      last_failure_at: Date | null;
      attempts: number;
      failures: number;
    } & Record<string, number>
  >(db, {
    // Prepared where the pool allows it: planning its 32 sums costs more than running them.
    text: statementText(
      `health ${outbox.health}`,
      () => `SELECT CASE WHEN s.circuit_open_until IS NULL THEN 'CLOSED'
                       WHEN s.circuit_open_until > now() THEN 'OPEN' ELSE 'HALF_OPEN' END AS circuit,
                  COALESCE(s.consecutive_failures, 0) AS consecutive_failures,
                  s.last_success_at, s.last_failure_at, a.*
             FROM (SELECT 1) one
             LEFT JOIN webhook_delivery_state s ON s.config_id = $1 AND s.tenant_id = $2
             CROSS JOIN (
               SELECT COALESCE(sum(m.attempts), 0)::int AS attempts, COALESCE(sum(m.failures), 0)::int AS failures,
                      ${HEALTH_BUCKET_COLUMNS.map((c, i) => `COALESCE(sum(m.${c}), 0)::int AS b${i}`).join(', ')}
                 FROM ${outbox.health} m
                WHERE m.webhook_config_id = $1 AND m.minute >= date_trunc('minute', now() - interval '24 hours')
             ) a`,
    ),
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
    p95DurationMs24h: p95FromBuckets(HEALTH_BUCKET_COLUMNS.map((_, i) => r[`b${i}`])),
  };
}

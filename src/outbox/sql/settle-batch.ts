import type { Queryable } from '../../db/database';
import { queryPrepared, statementText } from '../../db/prepared';
import { HEALTH_BUCKET_COLUMNS, HEALTH_EDGES_SQL } from '../health-buckets';
import type { Transition } from '../model';
import { successStatusSql } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

/** One record's result, ready to be written. */
export interface Settlement {
  id: string;
  transition: Transition;
  /** `startedAt` in epoch milliseconds (numbers bind far cheaper than Date objects). */
  attempt: {
    startedAt: number;
    durationMs: number;
    statusCode: number | null;
    error: string | null;
    /** The head of the response body; absent or null when no response came. */
    responseBody?: string | null;
  };
}

/**
 * Writes a batch of results in one statement: each record's new state (only while this worker
 * still holds it: a worker whose lease ran out must not overwrite another's decision), its lease
 * cleared, and its attempt. A record delivered at its first attempt keeps that attempt on its own
 * row (tenant schema 5); every other attempt gets an attempt-log row. Every attempt settled is
 * also counted in its configuration's health counters of the minute it started (tenant schema 7).
 * Returns the ids settled.
 */
export async function settleBatch(
  db: Queryable,
  outbox: TenantOutbox,
  args: { workerId: string; batch: Settlement[] },
): Promise<Set<string>> {
  const { batch } = args;
  if (batch.length === 0) return new Set();
  // `kept`: decided on the row as it was (SET reads the old row), reported by RETURNING from the new one.
  const kept = `o.attempt_count = 0 AND s.status = 'DELIVERED' AND s.attempt_error IS NULL`;
  const buckets = HEALTH_BUCKET_COLUMNS;
  const text = statementText(
    `settle ${outbox.table}`,
    () => `WITH s AS (
             SELECT * FROM unnest($2::bigint[], $3::text[], $4::int[], $5::float8[], $6::text[],
                                  $7::float8[], $8::int[], $9::int[], $10::text[], $11::text[])
                    AS s(id, status, retry_count, retry_in, last_error, started_ms, duration_ms, status_code, attempt_error,
                         response_body)
           ), u AS (
             UPDATE ${outbox.table} o SET
                    status = s.status,
                    retry_count = s.retry_count,
                    next_retry_at = CASE WHEN s.retry_in IS NULL THEN o.next_retry_at ELSE now() + s.retry_in * interval '1 second' END,
                    last_error = COALESCE(s.last_error, o.last_error),
                    delivered_at = CASE WHEN s.status = 'DELIVERED' THEN now() ELSE o.delivered_at END,
                    attempt_count = o.attempt_count + 1,
                    first_attempt_started_at = CASE WHEN ${kept} THEN to_timestamp(s.started_ms / 1000.0) ELSE o.first_attempt_started_at END,
                    first_attempt_duration_ms = CASE WHEN ${kept} THEN s.duration_ms ELSE o.first_attempt_duration_ms END,
                    first_attempt_status_code = CASE WHEN ${kept} THEN s.status_code ELSE o.first_attempt_status_code END,
                    first_attempt_response_body = CASE WHEN ${kept} THEN s.response_body ELSE o.first_attempt_response_body END,
                    locked_by = NULL,
                    locked_until = NULL,
                    updated_at = now()
               FROM s
              WHERE o.id = s.id AND o.locked_by = $1
             RETURNING o.id, o.webhook_config_id, o.attempt_count, o.first_attempt_started_at IS NOT NULL AND o.attempt_count = 1 AS kept
           ), logged AS (
             INSERT INTO ${outbox.attempts} (outbox_id, attempt_number, started_at, duration_ms, status_code, error, response_body)
             SELECT u.id, u.attempt_count, to_timestamp(s.started_ms / 1000.0), s.duration_ms, s.status_code, s.attempt_error,
                    s.response_body
               FROM u JOIN s ON s.id = u.id
              WHERE NOT u.kept
           ), counted AS (
             -- In key order, so two settles of one configuration lock its counter rows in the same order.
             INSERT INTO ${outbox.health} AS h (webhook_config_id, minute, attempts, failures, ${buckets.join(', ')})
             SELECT c.webhook_config_id, c.minute, count(*),
                    count(*) FILTER (WHERE NOT COALESCE(${successStatusSql('c.status_code')}, false)),
                    ${buckets.map((_, i) => `count(*) FILTER (WHERE c.b = ${i})`).join(', ')}
               FROM (SELECT u.webhook_config_id, date_trunc('minute', to_timestamp(s.started_ms / 1000.0)) AS minute,
                            s.status_code, width_bucket(s.duration_ms, ${HEALTH_EDGES_SQL}) AS b
                       FROM u JOIN s ON s.id = u.id) c
              GROUP BY c.webhook_config_id, c.minute
              ORDER BY c.webhook_config_id, c.minute
             ON CONFLICT (webhook_config_id, minute) DO UPDATE SET
                    attempts = h.attempts + EXCLUDED.attempts, failures = h.failures + EXCLUDED.failures,
                    ${buckets.map((c) => `${c} = h.${c} + EXCLUDED.${c}`).join(', ')}
           )
           SELECT id AS outbox_id FROM u`,
  );
  const { rows } = await queryPrepared<{ outbox_id: string }>(db, {
    text,
    values: [
      args.workerId,
      batch.map((b) => b.id),
      batch.map((b) => b.transition.status),
      batch.map((b) => b.transition.retryCount),
      batch.map((b) => b.transition.retryInSeconds),
      batch.map((b) => b.transition.lastError),
      batch.map((b) => b.attempt.startedAt),
      batch.map((b) => b.attempt.durationMs),
      batch.map((b) => b.attempt.statusCode),
      batch.map((b) => b.attempt.error),
      batch.map((b) => b.attempt.responseBody ?? null),
    ],
  });
  return new Set(rows.map((r) => String(r.outbox_id)));
}

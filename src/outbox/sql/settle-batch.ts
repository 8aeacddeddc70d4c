import type { Queryable } from '../../db/database';
import { queryPrepared } from '../../db/prepared';
import type { Transition } from '../../dispatcher/transitions';
import type { TenantOutbox } from './tenant-outbox';

/** One record's result, ready to be written. */
export interface Settlement {
  id: string;
  transition: Transition;
  /** `startedAt` in epoch milliseconds (numbers bind far cheaper than Date objects). */
  attempt: { startedAt: number; durationMs: number; statusCode: number | null; error: string | null };
}

/**
 * Writes a batch of results in one statement: each record's new state (only while this worker
 * still holds it: a worker whose lease ran out must not overwrite another's decision), its lease
 * cleared, and one attempt-log row per record written. Returns the ids actually settled.
 */
export async function settleBatch(
  db: Queryable,
  outbox: TenantOutbox,
  args: { workerId: string; batch: Settlement[] },
): Promise<Set<string>> {
  const { batch } = args;
  if (batch.length === 0) return new Set();
  const { rows } = await queryPrepared<{ outbox_id: string }>(db, {
    text: `WITH s AS (
             SELECT * FROM unnest($2::bigint[], $3::text[], $4::int[], $5::float8[], $6::text[],
                                  $7::float8[], $8::int[], $9::int[], $10::text[])
                    AS s(id, status, retry_count, retry_in, last_error, started_ms, duration_ms, status_code, attempt_error)
           ), u AS (
             UPDATE ${outbox.table} o SET
                    status = s.status,
                    retry_count = s.retry_count,
                    next_retry_at = CASE WHEN s.retry_in IS NULL THEN o.next_retry_at ELSE now() + s.retry_in * interval '1 second' END,
                    last_error = COALESCE(s.last_error, o.last_error),
                    delivered_at = CASE WHEN s.status = 'DELIVERED' THEN now() ELSE o.delivered_at END,
                    attempt_count = o.attempt_count + 1,
                    locked_by = NULL,
                    locked_until = NULL,
                    updated_at = now()
               FROM s
              WHERE o.id = s.id AND o.locked_by = $1
             RETURNING o.id, o.attempt_count
           )
           INSERT INTO ${outbox.attempts} (outbox_id, attempt_number, started_at, duration_ms, status_code, error)
           SELECT u.id, u.attempt_count, to_timestamp(s.started_ms / 1000.0), s.duration_ms, s.status_code, s.attempt_error
             FROM u JOIN s ON s.id = u.id
           RETURNING outbox_id`,
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
    ],
  });
  return new Set(rows.map((r) => String(r.outbox_id)));
}

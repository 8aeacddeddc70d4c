import type { Queryable } from '../../db/database';
import type { DeliveryAttempt } from '../model';
import type { TenantOutbox } from './tenant-outbox';

interface AttemptRow {
  outbox_id: string;
  attempt_number: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
}

/**
 * Every attempt of the tenant's records, in delivery_attempts' columns: a first attempt that
 * delivered is kept on its record (tenant schema 5), every other one in the attempt log. A filter
 * on `outbox_id` outside it reaches both tables' primary keys (PostgreSQL pushes it into each branch).
 */
export function allAttempts(outbox: TenantOutbox): string {
  return `SELECT id AS outbox_id, 1 AS attempt_number, first_attempt_started_at AS started_at,
                 first_attempt_duration_ms AS duration_ms, first_attempt_status_code AS status_code, NULL::text AS error,
                 first_attempt_response_body AS response_body
            FROM ${outbox.table} WHERE first_attempt_started_at IS NOT NULL
          UNION ALL
          SELECT outbox_id, attempt_number, started_at, duration_ms, status_code, error, response_body
            FROM ${outbox.attempts}`;
}

/** Every attempt of the given records (see allAttempts), by record id, each list in attempt order. */
export async function listDeliveryAttempts(
  db: Queryable,
  outbox: TenantOutbox,
  args: { outboxIds: string[] },
): Promise<Map<string, DeliveryAttempt[]>> {
  const byRecord = new Map<string, DeliveryAttempt[]>();
  if (args.outboxIds.length === 0) return byRecord;
  const { rows } = await db.query<AttemptRow>(
    `SELECT * FROM (${allAttempts(outbox)}) a WHERE outbox_id = ANY($1::bigint[]) ORDER BY outbox_id, attempt_number`,
    [args.outboxIds],
  );
  for (const a of rows) {
    const list = byRecord.get(String(a.outbox_id)) ?? [];
    list.push({
      attemptNumber: a.attempt_number,
      startedAt: a.started_at,
      durationMs: a.duration_ms,
      statusCode: a.status_code,
      error: a.error,
      responseBody: a.response_body,
    });
    byRecord.set(String(a.outbox_id), list);
  }
  return byRecord;
}

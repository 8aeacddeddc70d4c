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
}

/** The attempt log of the given records, by record id, each list in attempt order. */
export async function listDeliveryAttempts(
  db: Queryable,
  outbox: TenantOutbox,
  args: { outboxIds: string[] },
): Promise<Map<string, DeliveryAttempt[]>> {
  const byRecord = new Map<string, DeliveryAttempt[]>();
  if (args.outboxIds.length === 0) return byRecord;
  const { rows } = await db.query<AttemptRow>(
    `SELECT outbox_id, attempt_number, started_at, duration_ms, status_code, error
       FROM ${outbox.attempts} WHERE outbox_id = ANY($1::bigint[])
      ORDER BY outbox_id, attempt_number`,
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
    });
    byRecord.set(String(a.outbox_id), list);
  }
  return byRecord;
}

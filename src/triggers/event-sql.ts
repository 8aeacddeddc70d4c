import type pg from 'pg';
import { queryPrepared } from '../db/prepared';

/** The fields of an accepted intake request that its trigger_events row stores. */
export interface EventRow {
  id: string;
  tenantId: string;
  triggerId: string;
  receivedAt: Date;
  contentType: string | null;
  /** JSON text of the kept headers. */
  headers: string;
  body: Buffer;
  signatureVerified: boolean;
  signatureTimestamp: number | null;
  signature: string | null;
  /** Equal for a signed request and its replays (see schemes.ts); null for an unsigned one. */
  replayKey: string | null;
  /**
   * The `version` of the trigger row the request was checked against. The event is stored
   * only while the trigger is still that version and enabled. Undefined: any version of the
   * enabled trigger.
   */
  triggerVersion?: string;
}

/** What became of an event's RECORD action, as stored with the event. */
export interface ActionOutcome {
  status: 'NONE' | 'APPLIED' | 'FAILED';
  error: string | null;
}

/** A stored event found for a request that was not inserted: the request replays it. */
export interface ReplayedRow {
  id: string;
  received_at: Date;
}

const FOREIGN_KEY_VIOLATION = '23503';

/** True when an insert failed because a trigger it names is gone (deleted meanwhile). */
export function isTriggerGone(err: unknown): boolean {
  return (err as { code?: unknown })?.code === FOREIGN_KEY_VIOLATION;
}

// The stored columns with their types: a VALUES list in a WITH takes no types from the table it
// ends up in. The order is that of the values `insertEvents` gives each event.
const TYPED_COLUMNS: Array<[column: string, type: string]> = [
  ['id', 'uuid'],
  ['tenant_id', 'text'],
  ['trigger_id', 'uuid'],
  ['received_at', 'timestamptz'],
  ['content_type', 'text'],
  ['headers', 'jsonb'],
  ['body', 'bytea'],
  ['signature_verified', 'boolean'],
  ['signature_timestamp', 'bigint'],
  ['signature', 'text'],
  ['replay_key', 'text'],
  ['signature_key', 'text'],
  ['action_status', 'text'],
  ['action_error', 'text'],
];
const COLUMNS = TYPED_COLUMNS.map(([column]) => column).join(', ');
// Each event's row: its columns, then the trigger version it was checked against.
const ROW_TYPES = [...TYPED_COLUMNS.map(([, type]) => type), 'text'];
const GIVEN_COLUMNS = TYPED_COLUMNS.map(([column]) => `g.${column}`).join(', ');

const insertTexts = new Map<number, string>();
/** The batch insert of `rows` events, each given as ROW_TYPES' values in that order. */
function insertText(rows: number): string {
  let text = insertTexts.get(rows);
  if (text === undefined) {
    const width = ROW_TYPES.length;
    const tuples = Array.from(
      { length: rows },
      (_, r) => `(${ROW_TYPES.map((type, i) => `$${r * width + i + 1}::${type}`).join(', ')})`,
    );
    text = `INSERT INTO "public"."trigger_events" (${COLUMNS})
       SELECT ${GIVEN_COLUMNS} FROM (VALUES ${tuples.join(', ')}) AS g (${COLUMNS}, trigger_version)
         JOIN "public"."triggers" AS t
           ON t.id = g.trigger_id AND t.enabled AND (g.trigger_version IS NULL OR t.version = g.trigger_version::bigint)
       ON CONFLICT DO NOTHING
       RETURNING id`;
    insertTexts.set(rows, text);
  }
  return text;
}

/**
 * One statement for the whole batch: the events whose trigger is still enabled in the version
 * each was checked against are inserted (a replay key or signature seen before inserts nothing;
 * the arbiters are the two unique keys, and an event id never repeats). Resolves the ids inserted.
 */
export async function insertEvents<E extends EventRow>(
  db: pg.Pool | pg.PoolClient,
  events: E[],
  action: (e: E) => ActionOutcome,
): Promise<Set<string>> {
  const values: unknown[] = [];
  for (const e of events) {
    const { status, error } = action(e);
    values.push(
      e.id,
      e.tenantId,
      e.triggerId,
      e.receivedAt,
      e.contentType,
      e.headers,
      e.body,
      e.signatureVerified,
      e.signatureTimestamp,
      e.signature,
      e.replayKey,
      // A second key: a signature accepted once makes any later request with it a replay.
      e.signature,
      status,
      error,
      e.triggerVersion ?? null,
    );
  }
  // Prepared (one text per batch size, at most maxBatchRows of them): planning this statement
  // cost PostgreSQL about as much as running it.
  const { rows } = await queryPrepared<{ id: string }>(db, { text: insertText(events.length), values });
  return new Set(rows.map((r) => r.id));
}

/**
 * For events not inserted: the stored event each replays (the row with its replay key first,
 * else the one with its signature), by the given event's id. An event missing from the answer was
 * checked against a trigger version that no longer holds; the trigger check is the insert's, so a
 * replay of a trigger changed since is checked again like any other request.
 */
export async function findReplayed(db: pg.Pool, events: EventRow[]): Promise<Map<string, ReplayedRow>> {
  const { rows } = await db.query<{ given: string } & ReplayedRow>(
    `SELECT k.given, e.id, e.received_at
       FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bigint[], $5::text[])
              AS k(given, trigger_id, replay_key, trigger_version, signature_key)
       JOIN "public"."triggers" AS t
         ON t.id = k.trigger_id AND t.enabled AND (k.trigger_version IS NULL OR t.version = k.trigger_version)
       CROSS JOIN LATERAL (
         SELECT f.id, f.received_at FROM (
           SELECT id, received_at, 1 AS rank FROM "public"."trigger_events"
            WHERE trigger_id = k.trigger_id AND replay_key = k.replay_key
           UNION ALL
           SELECT id, received_at, 2 FROM "public"."trigger_events"
            WHERE trigger_id = k.trigger_id AND signature_key = k.signature_key
         ) AS f ORDER BY f.rank LIMIT 1
       ) AS e`,
    [
      events.map((e) => e.id),
      events.map((e) => e.triggerId),
      events.map((e) => e.replayKey),
      events.map((e) => e.triggerVersion ?? null),
      events.map((e) => e.signature),
    ],
  );
  return new Map(rows.map((r) => [r.given, r]));
}

/** Marks the given events' actions FAILED with their errors (writes that failed behind a savepoint). */
export async function markActionsFailed(client: pg.PoolClient, failed: Array<[eventId: string, error: string]>) {
  await client.query(
    `UPDATE "public"."trigger_events" AS e SET action_status = 'FAILED', action_error = u.error
     FROM unnest($1::uuid[], $2::text[]) AS u(id, error) WHERE e.id = u.id`,
    [failed.map(([id]) => id), failed.map(([, error]) => error)],
  );
}

import type pg from 'pg';
import { inTransaction } from '../db/database';
import { queryPrepared } from '../db/prepared';
import { isLostRace, retryOnLostRace } from '../db/retry';
import { AppError, isConnectionError } from '../errors';
import type { EntityDefinition } from '../catalog/model';
import type { BatchOperation } from '../records/record-service';
import { triggerNotFound } from './model';

/** What a RECORD trigger's event writes with it (CONTRACT §11). */
export interface RecordActionSpec {
  entityName: string;
  operation: BatchOperation;
  /** Entity field → JSON Pointer, `$eventId` or `$receivedAt`; null: the body's top-level keys. */
  fieldMap: Record<string, string> | null;
}

/** An accepted intake request, ready to be stored. */
export interface NewEvent {
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
  /** Set for a RECORD trigger: the records are written in the event's transaction. */
  record?: RecordActionSpec;
  /**
   * The `version` of the trigger row the request was checked against. The event is stored
   * only while the trigger is still that version and enabled; otherwise `write` resolves null.
   * Undefined: any version of the enabled trigger.
   */
  triggerVersion?: string;
}

export interface StoredEvent {
  eventId: string;
  receivedAt: Date;
  /** True when an event with the same trigger and replay key, or signature, was already stored. */
  replay: boolean;
}

/** The records one RECORD event writes, checked and keyed, its event id as writeRequestId. */
interface RecordWrite {
  tenantId: string;
  /** The tenant's schema, resolved before the transaction. */
  schema: string;
  entity: EntityDefinition;
  operation: BatchOperation;
  records: Array<Record<string, unknown>>;
  /** The records' key identities, distinct within the event. */
  keys: string[];
  writeRequestId: string;
}

/** A RECORD event made ready outside any transaction: its write, or the first problem of its body. */
export type PreparedAction = ({ ok: true } & RecordWrite) | { ok: false; error: string };
export type ReadyAction = Extract<PreparedAction, { ok: true }>;

/**
 * Writes the records of RECORD events. `prepare` runs before the transaction (entity look-ups
 * and checks: the embedded database serves every connection from one session, so nothing may
 * wait on another connection inside it); `apply` writes inside it, several events' records
 * together where it can.
 */
export interface ActionApplier {
  prepare(events: ActionEvent[]): Promise<Array<PreparedAction | null>>;
  apply(client: pg.PoolClient, actions: ReadyAction[]): Promise<void>;
}

/** The event fields an action reads. */
export type ActionEvent = Pick<NewEvent, 'id' | 'tenantId' | 'receivedAt' | 'body' | 'record' | 'signatureVerified'>;

interface Pending {
  event: NewEvent;
  resolve(stored: StoredEvent | null): void;
  reject(err: unknown): void;
}

export interface EventWriterOptions {
  /** Statements in flight at once; more requests wait and go together in the next statement. */
  maxInFlight: number;
  /**
   * When set, a statement beside those in flight starts only once they have all run this long:
   * one at a time while the database keeps up, and a stalled statement (a lock wait, a dead
   * connection) does not hold back the events behind it. Unset: up to maxInFlight at once.
   */
  spareAfterMs?: number;
  maxBatchRows: number;
  maxBatchBytes: number;
}

const FOREIGN_KEY_VIOLATION = '23503';
// The stored columns with their types: a VALUES list in a WITH takes no types from the table it
// ends up in. The order is that of the values `insert` gives each event.
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

const pgCode = (err: unknown) => (err as { code?: unknown })?.code;

/**
 * Thrown inside a batch's transaction when the events' records, written together, could not be
 * written for a reason of the events' own (no savepoint): `eventId` names the event when the
 * write held only one.
 */
class ActionFailed extends Error {
  constructor(
    readonly eventId: string | null,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * The actionError of a write that failed for the event's own reasons (its records), or undefined
 * for a failure of the database itself (lost connection, deadlock), which fails the request.
 */
export function describeActionError(err: unknown): string | undefined {
  if (err instanceof AppError) {
    const detail = err.details?.[0];
    return `${err.code}: ${err.message}${detail ? ` (${detail.field}: ${detail.message})` : ''}`;
  }
  const code = pgCode(err);
  if (isConnectionError(err) || typeof code !== 'string' || isLostRace(err)) return undefined;
  // Never the database's own message: it may quote SQL or values.
  return `INTERNAL_ERROR: the records could not be written (SQLSTATE ${code})`;
}

export class EventWriter {
  private readonly queue: Pending[] = [];
  /** When each statement in flight started (performance.now()), oldest first. */
  private readonly running: number[] = [];
  private wakeTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: EventWriterOptions,
    private readonly applier?: ActionApplier,
  ) {}

  /**
   * Stores the event (or finds the one it replays) and resolves once that is committed; resolves
   * null, storing nothing, when the trigger is no longer enabled in the version the event names.
   */
  write(event: NewEvent): Promise<StoredEvent | null> {
    return new Promise<StoredEvent | null>((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running.length < this.options.maxInFlight && this.queue.length > 0) {
      const wait = this.untilSpare();
      if (wait > 0) {
        this.wakeIn(wait);
        return;
      }
      const batch: Pending[] = [];
      let bytes = 0;
      while (this.queue.length > 0 && batch.length < this.options.maxBatchRows) {
        const next = this.queue[0];
        if (batch.length > 0 && bytes + next.event.body.length > this.options.maxBatchBytes) break;
        bytes += next.event.body.length;
        batch.push(this.queue.shift()!);
      }
      const started = performance.now();
      this.running.push(started);
      void this.flush(batch).finally(() => {
        this.running.splice(this.running.indexOf(started), 1);
        this.pump();
      });
    }
  }

  /** Milliseconds until one more statement may start beside those in flight (see spareAfterMs). */
  private untilSpare(): number {
    const newest = this.running[this.running.length - 1];
    if (newest === undefined || this.options.spareAfterMs === undefined) return 0;
    return newest + this.options.spareAfterMs - performance.now();
  }

  private wakeIn(ms: number): void {
    if (this.wakeTimer !== undefined) return;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.pump();
    }, Math.ceil(ms));
    // Only waiting writes need it, and each of them is held by its caller.
    this.wakeTimer.unref();
  }

  private async flush(batch: Pending[]): Promise<void> {
    if (this.applier && batch.some((p) => p.event.record)) return this.flushWithActions(batch, this.applier);
    let inserted: Set<string>;
    try {
      inserted = await this.insert(
        this.pool,
        batch.map((p) => p.event),
        () => ({ status: 'NONE', error: null }),
      );
    } catch (err) {
      if (batch.length === 1) {
        batch[0].reject(pgCode(err) === FOREIGN_KEY_VIOLATION ? triggerNotFound() : err);
        return;
      }
      // One bad row (a trigger deleted meanwhile) must not fail its neighbours: one by one.
      await Promise.all(batch.map((p) => this.flush([p])));
      return;
    }
    await this.settle(batch, inserted);
  }

  /**
   * A batch with RECORD events: ONE transaction holds every event, the records of the new ones
   * and their outbox records, so a 202 always has its records and no record lacks its event.
   * Events whose body gives no records are stored FAILED. The records of all events are written
   * together (a statement or two per entity, not per event). When the database refuses them
   * (say, an INSERT of an existing key), the batch runs again with each event's write on its own
   * behind a savepoint, and only the events whose write fails are stored FAILED (no savepoint on
   * the first run: a savepoint costs a round trip per event, and failures are rare).
   */
  private async flushWithActions(batch: Pending[], applier: ActionApplier): Promise<void> {
    const events = batch.map((p) => p.event);
    let prepared: Array<PreparedAction | null>;
    try {
      prepared = await applier.prepare(events);
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    const failed = new Map<string, string>();
    prepared.forEach((a, i) => {
      if (a && !a.ok) failed.set(events[i].id, a.error);
    });
    let oneByOne = false;
    for (;;) {
      try {
        const inserted = await retryOnLostRace(() =>
          inTransaction(this.pool, async (client) => {
            const written = await this.insert(client, events, (e) =>
              !e.record
                ? { status: 'NONE', error: null }
                : failed.has(e.id)
                  ? { status: 'FAILED', error: failed.get(e.id)! }
                  : { status: 'APPLIED', error: null },
            );
            const ready = prepared.filter(
              (a, i): a is ReadyAction => !!a?.ok && written.has(events[i].id) && !failed.has(events[i].id),
            );
            if (ready.length === 0) return written;
            if (!oneByOne) {
              try {
                await applier.apply(client, ready);
              } catch (err) {
                const reason = describeActionError(err);
                if (reason === undefined) throw err;
                throw new ActionFailed(ready.length === 1 ? ready[0].writeRequestId : null, reason);
              }
              return written;
            }
            const late: Array<[string, string]> = [];
            for (const action of ready) {
              await client.query('SAVEPOINT record_action');
              try {
                await applier.apply(client, [action]);
                await client.query('RELEASE SAVEPOINT record_action');
              } catch (err) {
                const reason = describeActionError(err);
                if (reason === undefined) throw err;
                await client.query('ROLLBACK TO SAVEPOINT record_action');
                late.push([action.writeRequestId, reason]);
              }
            }
            if (late.length > 0) {
              await client.query(
                `UPDATE "public"."trigger_events" AS e SET action_status = 'FAILED', action_error = u.error
                 FROM unnest($1::uuid[], $2::text[]) AS u(id, error) WHERE e.id = u.id`,
                [late.map(([id]) => id), late.map(([, error]) => error)],
              );
            }
            return written;
          }),
        );
        await this.settle(batch, inserted);
        return;
      } catch (err) {
        if (err instanceof ActionFailed) {
          if (err.eventId === null) oneByOne = true;
          else failed.set(err.eventId, err.reason);
          continue;
        }
        const code = pgCode(err);
        if (batch.length > 1 && code === FOREIGN_KEY_VIOLATION) {
          await Promise.all(batch.map((p) => this.flushWithActions([p], applier)));
          return;
        }
        const answer = code === FOREIGN_KEY_VIOLATION ? triggerNotFound() : err;
        for (const p of batch) p.reject(answer);
        return;
      }
    }
  }

  /**
   * One statement for the whole batch: the events whose trigger is still enabled in the version
   * each was checked against are inserted (a replay key or signature seen before inserts nothing;
   * the arbiters are the two unique keys, and an event id never repeats). Resolves the
   * ids inserted; `settle` finds out what became of the others.
   */
  private async insert(
    db: pg.Pool | pg.PoolClient,
    events: NewEvent[],
    action: (e: NewEvent) => { status: 'NONE' | 'APPLIED' | 'FAILED'; error: string | null },
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
   * Answers each request of a committed batch. An event not inserted is a replay (a row with its
   * replay key or its signature exists; the replay key's is answered first) or was checked against
   * a trigger version that no longer holds; one more
   * statement tells which, with the same trigger check as the insert's, so a replay of a trigger
   * changed since is checked again like any other request.
   */
  private async settle(batch: Pending[], inserted: Set<string>): Promise<void> {
    const others: Pending[] = [];
    for (const p of batch) {
      if (inserted.has(p.event.id)) p.resolve({ eventId: p.event.id, receivedAt: p.event.receivedAt, replay: false });
      else others.push(p);
    }
    if (others.length === 0) return;
    try {
      const { rows } = await this.pool.query<{ given: string; id: string; received_at: Date }>(
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
          others.map((p) => p.event.id),
          others.map((p) => p.event.triggerId),
          others.map((p) => p.event.replayKey),
          others.map((p) => p.event.triggerVersion ?? null),
          others.map((p) => p.event.signature),
        ],
      );
      const replayed = new Map(rows.map((r) => [r.given, r]));
      for (const p of others) {
        const row = replayed.get(p.event.id);
        p.resolve(row ? { eventId: row.id, receivedAt: row.received_at, replay: true } : null);
      }
    } catch (err) {
      for (const p of others) p.reject(err);
    }
  }
}

import type pg from 'pg';
import { inTransaction } from '../db/database';
import { retryOnLostRace } from '../db/retry';
import type { EntityDefinition } from '../catalog/model';
import type { BatchOperation } from '../records/record-service';
import { writeTriggerFailedNotices } from '../outbox/operational';
import { triggerNotFound } from './model';
import { ActionFailed, describeActionError } from './action-errors';
import { MicroBatcher, type BatcherOptions, type Waiting } from './event-batcher';
import { findReplayed, insertEvents, isTriggerGone, markActionsFailed, type EventRow } from './event-sql';

/** What a RECORD trigger's event writes with it (docs/api.md#trigger-actions). */
export interface RecordActionSpec {
  entityName: string;
  operation: BatchOperation;
  /** Entity field → JSON Pointer, `$eventId` or `$receivedAt`; null: the body's top-level keys. */
  fieldMap: Record<string, string> | null;
}

/** An accepted intake request, ready to be stored. */
export interface NewEvent extends EventRow {
  /** Set for a RECORD trigger: the records are written in the event's transaction. */
  record?: RecordActionSpec;
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

type Pending = Waiting<NewEvent, StoredEvent | null>;

/** The batching of intake's inserts; see BatcherOptions. */
export type EventWriterOptions = BatcherOptions;

export class EventWriter {
  private readonly batcher: MicroBatcher<NewEvent, StoredEvent | null>;

  constructor(
    private readonly pool: pg.Pool,
    options: EventWriterOptions,
    private readonly applier?: ActionApplier,
  ) {
    this.batcher = new MicroBatcher(
      options,
      (event) => event.body.length,
      (batch) => this.flush(batch),
    );
  }

  /**
   * Stores the event (or finds the one it replays) and resolves once that is committed; resolves
   * null, storing nothing, when the trigger is no longer enabled in the version the event names.
   */
  write(event: NewEvent): Promise<StoredEvent | null> {
    return this.batcher.submit(event);
  }

  private async flush(batch: Pending[]): Promise<void> {
    if (this.applier && batch.some((p) => p.item.record)) return this.flushWithActions(batch, this.applier);
    let inserted: Set<string>;
    try {
      inserted = await insertEvents(
        this.pool,
        batch.map((p) => p.item),
        () => ({ status: 'NONE', error: null }),
      );
    } catch (err) {
      if (batch.length === 1) {
        batch[0].reject(isTriggerGone(err) ? triggerNotFound() : err);
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
    const events = batch.map((p) => p.item);
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
            const written = await insertEvents(client, events, (e) =>
              !e.record
                ? { status: 'NONE', error: null }
                : failed.has(e.id)
                  ? { status: 'FAILED', error: failed.get(e.id)! }
                  : { status: 'APPLIED', error: null },
            );
            // The TRIGGER_ACTION_FAILED notices of the events stored FAILED, in their transaction.
            const noteFailed = async (late: Array<[string, string]>) => {
              const lateError = new Map(late);
              await writeTriggerFailedNotices(
                client,
                events.flatMap((e) => {
                  const error = written.has(e.id) ? (failed.get(e.id) ?? lateError.get(e.id)) : undefined;
                  return error === undefined
                    ? []
                    : [{ tenantId: e.tenantId, triggerId: e.triggerId, eventId: e.id, error }];
                }),
              );
              return written;
            };
            const ready = prepared.filter(
              (a, i): a is ReadyAction => !!a?.ok && written.has(events[i].id) && !failed.has(events[i].id),
            );
            if (ready.length === 0) return noteFailed([]);
            if (!oneByOne) {
              try {
                await applier.apply(client, ready);
              } catch (err) {
                const reason = describeActionError(err);
                if (reason === undefined) throw err;
                throw new ActionFailed(ready.length === 1 ? ready[0].writeRequestId : null, reason);
              }
              return noteFailed([]);
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
              await markActionsFailed(client, late);
            }
            return noteFailed(late);
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
        if (batch.length > 1 && isTriggerGone(err)) {
          await Promise.all(batch.map((p) => this.flushWithActions([p], applier)));
          return;
        }
        const answer = isTriggerGone(err) ? triggerNotFound() : err;
        for (const p of batch) p.reject(answer);
        return;
      }
    }
  }

  /**
   * Answers each request of a committed batch. An event not inserted is a replay (a row with its
   * replay key or its signature exists; the replay key's is answered first) or was checked against
   * a trigger version that no longer holds; one more statement (findReplayed) tells which.
   */
  private async settle(batch: Pending[], inserted: Set<string>): Promise<void> {
    const others: Pending[] = [];
    for (const p of batch) {
      if (inserted.has(p.item.id)) p.resolve({ eventId: p.item.id, receivedAt: p.item.receivedAt, replay: false });
      else others.push(p);
    }
    if (others.length === 0) return;
    try {
      const replayed = await findReplayed(
        this.pool,
        others.map((p) => p.item),
      );
      for (const p of others) {
        const row = replayed.get(p.item.id);
        p.resolve(row ? { eventId: row.id, receivedAt: row.received_at, replay: true } : null);
      }
    } catch (err) {
      for (const p of others) p.reject(err);
    }
  }
}

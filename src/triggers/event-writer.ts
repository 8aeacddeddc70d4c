import type pg from 'pg';
import { Params } from '../db/sql';
import { triggerNotFound } from './model';

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
}

export interface StoredEvent {
  eventId: string;
  receivedAt: Date;
  /** True when an event with the same trigger, timestamp and signature was already stored. */
  replay: boolean;
}

interface Pending {
  event: NewEvent;
  resolve(stored: StoredEvent): void;
  reject(err: unknown): void;
}

export interface EventWriterOptions {
  /** Statements in flight at once; more requests wait and go together in the next statement. */
  maxInFlight: number;
  maxBatchRows: number;
  maxBatchBytes: number;
}

const FOREIGN_KEY_VIOLATION = '23503';
const COLUMNS =
  'id, tenant_id, trigger_id, received_at, content_type, headers, body, signature_verified, signature_timestamp, signature';

/** A key that cannot collide across (trigger, timestamp, signature) triples. */
const replayKey = (triggerId: string, timestamp: number | string, signature: string) =>
  `${triggerId}|${timestamp}|${signature}`;

/**
 * Stores intake events, each promise settling once its row is committed (so the caller may then
 * acknowledge). Requests that arrive while earlier statements are running are written together in
 * one multi-row INSERT: one commit (one WAL flush) for many events under load, and no added wait
 * when there is no load. Replays are decided by the unique key (trigger_id, signature_timestamp,
 * signature) with ON CONFLICT DO NOTHING, never by reading first, so concurrent copies (also two
 * copies in one batch) store one row and all learn its id.
 */
export class EventWriter {
  private readonly queue: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: EventWriterOptions = {
      maxInFlight: 2,
      maxBatchRows: 100,
      maxBatchBytes: 4 * 1024 * 1024,
    },
  ) {}

  write(event: NewEvent): Promise<StoredEvent> {
    return new Promise<StoredEvent>((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch: Pending[] = [];
      let bytes = 0;
      while (this.queue.length > 0 && batch.length < this.options.maxBatchRows) {
        const next = this.queue[0];
        if (batch.length > 0 && bytes + next.event.body.length > this.options.maxBatchBytes) break;
        bytes += next.event.body.length;
        batch.push(this.queue.shift()!);
      }
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    let inserted: Map<string, Date>;
    try {
      inserted = await this.insert(batch.map((p) => p.event));
    } catch (err) {
      if (batch.length === 1) {
        batch[0].reject((err as { code?: unknown }).code === FOREIGN_KEY_VIOLATION ? triggerNotFound() : err);
        return;
      }
      // One bad row (a trigger deleted meanwhile) must not fail its neighbours: one by one.
      await Promise.all(batch.map((p) => this.flush([p])));
      return;
    }
    const replays: Pending[] = [];
    for (const p of batch) {
      const receivedAt = inserted.get(p.event.id);
      if (receivedAt) p.resolve({ eventId: p.event.id, receivedAt, replay: false });
      else replays.push(p);
    }
    if (replays.length > 0) await this.settleReplays(replays);
  }

  private async insert(events: NewEvent[]): Promise<Map<string, Date>> {
    const params = new Params();
    const rows = events.map(
      (e) =>
        `(${params.add(e.id)}, ${params.add(e.tenantId)}, ${params.add(e.triggerId)}, ${params.add(e.receivedAt)}, ${params.add(e.contentType)}, ` +
        `${params.add(e.headers)}, ${params.add(e.body)}, ${params.add(e.signatureVerified)}, ${params.add(e.signatureTimestamp)}, ${params.add(e.signature)})`,
    );
    const { rows: out } = await this.pool.query<{ id: string; received_at: Date }>(
      `INSERT INTO "public"."trigger_events" (${COLUMNS}) VALUES ${rows.join(', ')}
       ON CONFLICT (trigger_id, signature_timestamp, signature) DO NOTHING
       RETURNING id, received_at`,
      params.values,
    );
    return new Map(out.map((r) => [r.id, r.received_at]));
  }

  /** Requests whose row already existed: answer with that row. */
  private async settleReplays(replays: Pending[]): Promise<void> {
    try {
      const params = new Params();
      const keys = replays.map(
        (p) =>
          `(${params.add(p.event.triggerId)}::uuid, ${params.add(p.event.signatureTimestamp)}::bigint, ${params.add(p.event.signature)}::text)`,
      );
      const { rows } = await this.pool.query<{
        id: string;
        received_at: Date;
        trigger_id: string;
        signature_timestamp: string | number;
        signature: string;
      }>(
        `SELECT id, received_at, trigger_id, signature_timestamp, signature FROM "public"."trigger_events"
          WHERE (trigger_id, signature_timestamp, signature) IN (${keys.join(', ')})`,
        params.values,
      );
      const found = new Map(rows.map((r) => [replayKey(r.trigger_id, r.signature_timestamp, r.signature), r]));
      for (const p of replays) {
        const row = found.get(replayKey(p.event.triggerId, p.event.signatureTimestamp!, p.event.signature!));
        // Gone between the two statements: only deleting the trigger (and its events) does that.
        if (row) p.resolve({ eventId: row.id, receivedAt: row.received_at, replay: true });
        else p.reject(triggerNotFound());
      }
    } catch (err) {
      for (const p of replays) p.reject(err);
    }
  }
}

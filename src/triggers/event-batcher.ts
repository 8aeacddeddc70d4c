import { AsyncResource } from 'node:async_hooks';

export interface BatcherOptions {
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

/** A submitted item and the promise its caller waits on. */
export interface Waiting<T, R> {
  item: T;
  resolve(result: R): void;
  reject(err: unknown): void;
}

/**
 * Gathers items submitted while earlier batches run into the next batch (at most maxBatchRows
 * items and maxBatchBytes bytes, one item at least), and hands each batch to `flush`, which
 * answers every item of it.
 */
export class MicroBatcher<T, R> {
  private readonly queue: Array<Waiting<T, R>> = [];
  /** When each batch in flight started (performance.now()), oldest first. */
  private readonly running: number[] = [];
  private wakeTimer: NodeJS.Timeout | undefined;
  /**
   * The async context batches run in: the batcher's own, not that of the request whose submit
   * happened to start one (a batch serves many requests; a trace span would otherwise join one
   * request's trace, and every batch started from its end after it).
   */
  private readonly scope = new AsyncResource('MicroBatcher');

  constructor(
    private readonly options: BatcherOptions,
    private readonly bytesOf: (item: T) => number,
    private readonly flush: (batch: Array<Waiting<T, R>>) => Promise<void>,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
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
      const batch: Array<Waiting<T, R>> = [];
      let bytes = 0;
      while (this.queue.length > 0 && batch.length < this.options.maxBatchRows) {
        const size = this.bytesOf(this.queue[0].item);
        if (batch.length > 0 && bytes + size > this.options.maxBatchBytes) break;
        bytes += size;
        batch.push(this.queue.shift()!);
      }
      const started = performance.now();
      this.running.push(started);
      void this.scope
        .runInAsyncScope(() => this.flush(batch))
        .finally(() => {
          this.running.splice(this.running.indexOf(started), 1);
          this.pump();
        });
    }
  }

  /** Milliseconds until one more batch may start beside those in flight (see spareAfterMs). */
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
    // Only waiting items need it, and each of them is held by its caller.
    this.wakeTimer.unref();
  }
}

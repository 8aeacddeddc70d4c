/**
 * Group commit of outcomes: each is queued as its request ends, and a key's queue is written by
 * one `flush` call once `maxGroup` outcomes wait or `delayMs` after the first of them, so a slow
 * request no longer holds the outcomes of the quick ones beside it, and a busy key still writes
 * many outcomes per statement. A key has one flush at a time, in the order outcomes were queued:
 * outcomes that arrive during a flush are written by the next, which starts as soon as it ends.
 */
export class SettleQueue<K, T> {
  private readonly queues = new Map<K, KeyQueue<T>>();

  constructor(
    private readonly flush: (key: K, group: T[]) => Promise<void>,
    private readonly options: { maxGroup: number; delayMs: number },
  ) {}

  /** Queues one outcome; `written` is called once the flush that took it has ended. */
  push(key: K, item: T, written: () => void): void {
    let queue = this.queues.get(key);
    if (!queue) {
      queue = { items: [], callbacks: [], timer: undefined, flushing: false };
      this.queues.set(key, queue);
    }
    queue.items.push(item);
    queue.callbacks.push(written);
    if (queue.flushing) return;
    if (queue.items.length >= this.options.maxGroup) this.flushNow(key, queue);
    else queue.timer ??= setTimeout(() => this.flushNow(key, queue), this.options.delayMs);
  }

  private flushNow(key: K, queue: KeyQueue<T>): void {
    clearTimeout(queue.timer);
    queue.timer = undefined;
    const group = queue.items.splice(0, this.options.maxGroup);
    const callbacks = queue.callbacks.splice(0, group.length);
    queue.flushing = true;
    const done = () => {
      queue.flushing = false;
      for (const written of callbacks) written();
      // What came meanwhile has waited a flush already: written at once.
      if (queue.items.length > 0) this.flushNow(key, queue);
      else this.queues.delete(key);
    };
    this.flush(key, group).then(done, done);
  }
}

interface KeyQueue<T> {
  items: T[];
  callbacks: Array<() => void>;
  timer: NodeJS.Timeout | undefined;
  flushing: boolean;
}

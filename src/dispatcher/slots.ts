/** A counting semaphore for deliveries in flight; `close()` turns every waiter away (shutdown). */
export class Slots {
  private free: number;
  private readonly waiters: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];
  private closed = false;

  constructor(size: number) {
    this.free = size;
  }

  /** Takes a free slot at once, without a promise; false when none is free or it is closed. */
  tryAcquire(): boolean {
    if (this.closed || this.free === 0) return false;
    this.free--;
    return true;
  }

  acquire(): Promise<void> {
    if (this.closed) return Promise.reject(new SlotsClosedError());
    if (this.free > 0) {
      this.free--;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  release(): void {
    const next = this.waiters.shift();
    if (next) next.resolve();
    else this.free++;
  }

  close(): void {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w.reject(new SlotsClosedError());
  }
}

export class SlotsClosedError extends Error {
  constructor() {
    super('dispatcher is stopping');
  }
}

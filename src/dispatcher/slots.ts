/**
 * A counting semaphore for deliveries in flight; `close()` turns every waiter away (shutdown).
 * Waiters are callbacks, not promises: see sendAsSlotsFree.
 */
export class Slots {
  private free: number;
  /** Called with true when handed a slot, with false when the slots close. */
  private readonly waiters: Array<(granted: boolean) => void> = [];
  private closed = false;

  constructor(size: number) {
    this.free = size;
  }

  /** Takes a free slot at once; false when none is free or it is closed. */
  tryAcquire(): boolean {
    if (this.closed || this.free <= 0) return false;
    this.free--;
    return true;
  }

  /** Calls `granted(true)` once a slot is handed over (at once if one is free), `granted(false)` once closed. */
  whenFree(granted: (granted: boolean) => void): void {
    if (this.tryAcquire()) granted(true);
    else if (this.closed) granted(false);
    else this.waiters.push(granted);
  }

  release(): void {
    // Below zero after a resize that shrank it: this slot pays back the debt instead of being handed on.
    if (this.free < 0) {
      this.free++;
      return;
    }
    const next = this.waiters.shift();
    if (next) next(true);
    else this.free++;
  }

  /** Whether someone waits for a slot: the holder of these slots wants more than they allow. */
  get isWaitedFor(): boolean {
    return this.waiters.length > 0;
  }

  /**
   * Changes how many slots there are: new ones go to waiters at once; when it shrinks below what
   * is held, the next releases are kept until the holders fit.
   */
  resize(from: number, to: number): void {
    this.free += to - from;
    while (this.free > 0 && this.waiters.length > 0 && !this.closed) {
      this.free--;
      this.waiters.shift()!(true);
    }
  }

  get isClosed(): boolean {
    return this.closed;
  }

  close(): void {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w(false);
  }
}

/**
 * Sends `items` one by one, each once it holds a slot of every one of `slots` (taken in that
 * order, given back when its send settles), and resolves when all sent have settled. Items not
 * sent because a slot closed (shutdown) are returned. Rejects with the first send that failed,
 * once the others in flight have settled; none starts after it.
 *
 * Why callbacks and not an async function per item that awaits its slots: a batch's items wait
 * long enough for V8 to promote such functions' frames to the old generation, and a promoted frame
 * keeps what its locals point to (the request, the response, the result) alive through the
 * young-generation collections until the next full one. Here a send's objects are reachable only
 * from closures created when it starts: fewer bytes promoted and less dispatcher CPU per delivery
 * (docs/benchmarks.md, "Dispatcher").
 *
 * `readyAt` (epoch ms; items in the order they become ready): an item is not sent before it. It
 * waits for that time before taking a slot, so a paced record holds none while it waits, and is
 * checked again once its slots are held.
 */
export function sendAsSlotsFree<T>(
  items: readonly T[],
  slots: readonly Slots[],
  send: (item: T) => Promise<void>,
  readyAt?: (item: T) => number,
): Promise<{ unsent: T[] }> {
  return new Promise((resolve, reject) => {
    let next = 0;
    /** Slots held for items[next], taken in `slots` order. */
    let held = 0;
    let inFlight = 0;
    let failure: { err: unknown } | undefined;
    let unsent: T[] | undefined;

    const stopped = () => failure !== undefined || unsent !== undefined;
    const settleIfDone = () => {
      if (inFlight > 0 || (next < items.length && !stopped())) return;
      if (failure) reject(failure.err);
      else resolve({ unsent: unsent ?? [] });
    };
    const releaseHeld = () => {
      for (let i = 0; i < held; i++) slots[i].release();
      held = 0;
    };
    const onSettled = () => {
      for (const s of slots) s.release();
      inFlight--;
      settleIfDone();
    };
    const onFailed = (err: unknown) => {
      failure ??= { err };
      onSettled();
    };
    const onGranted = (granted: boolean) => {
      if (granted) held++;
      else unsent ??= items.slice(next);
      pump();
    };
    // Whether items[next] must wait for its time: then a timer resumes the pump.
    const notYet = (): boolean => {
      if (!readyAt) return false;
      const wait = readyAt(items[next]) - Date.now();
      if (wait <= 0) return false;
      setTimeout(() => {
        // Shut down meanwhile: the waiting items go back unsent.
        if (slots.some((s) => s.isClosed)) unsent ??= items.slice(next);
        pump();
      }, wait);
      return true;
    };
    // Runs until an item waits for a slot (onGranted resumes it) or its time, all are sent, or it stops.
    const pump = () => {
      while (next < items.length && !stopped()) {
        if ((held === 0 || held === slots.length) && notYet()) return;
        if (held < slots.length) {
          if (slots[held].tryAcquire()) held++;
          else return slots[held].whenFree(onGranted);
          continue;
        }
        held = 0;
        inFlight++;
        let sent: Promise<void>;
        try {
          sent = send(items[next++]);
        } catch (err) {
          sent = Promise.reject(err);
        }
        sent.then(onSettled, onFailed);
      }
      releaseHeld();
      settleIfDone();
    };
    pump();
  });
}

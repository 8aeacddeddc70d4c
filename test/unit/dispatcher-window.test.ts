import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Slots } from '../../src/dispatcher/slots';
import { ANSWERED_WINDOW, ConcurrencyWindow, INITIAL_WINDOW } from '../../src/dispatcher/window';

const answered = (durationMs: number, startedAt = Date.now()) => ({ startedAt, durationMs, congested: false });
const refused = (startedAt = Date.now()) => ({ startedAt, durationMs: 5, congested: true });

/** One round trip of `ms`: as many answers as the window holds, spread over it. */
function roundTrip(w: ConcurrencyWindow, ms: number, limited: boolean, congested = false): void {
  const n = w.size;
  for (let i = 0; i < n; i++) {
    vi.advanceTimersByTime(ms / n);
    w.report(congested ? refused() : answered(ms), limited);
  }
}

/** Takes every free slot; returns how many it got. */
function drain(slots: Slots): number {
  let n = 0;
  while (slots.tryAcquire()) n++;
  return n;
}

describe('ConcurrencyWindow', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at INITIAL_WINDOW, opens to ANSWERED_WINDOW at its first answer, then grows round trip after round trip while records wait for it', () => {
    const w = new ConcurrencyWindow(1000);
    expect(w.size).toBe(INITIAL_WINDOW);
    vi.advanceTimersByTime(200);
    w.report(answered(200), true);
    expect(w.size).toBe(ANSWERED_WINDOW);
    const sizes: number[] = [];
    for (let i = 0; i < 6; i++) {
      roundTrip(w, 200, true);
      sizes.push(w.size);
    }
    // Twice per round trip once its answers have given it a rate (one per answer), up to its maximum.
    for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBe(Math.min(1000, 2 * sizes[i - 1]));
    expect(sizes[0]).toBeGreaterThan(ANSWERED_WINDOW);
  });

  it('does not open at a first answer that asks for fewer, nor after a cut', () => {
    const w = new ConcurrencyWindow(1000);
    // Refusals, the first answers it ever had: not opened, and halved once a round trip is judged.
    const sentBefore = Date.now() - 1;
    for (let k = 0; k < 10; k++) w.report(refused(sentBefore), true);
    expect(w.size).toBe(INITIAL_WINDOW);
    for (let k = 10; k < 64; k++) w.report(refused(sentBefore), true);
    expect(w.size).toBe(INITIAL_WINDOW / 2);
    // Its first 2xx after the cut: a fraction of a slot (one per round trip at the threshold), no opening.
    vi.advanceTimersByTime(200);
    w.report(answered(200), true);
    expect(w.size).toBe(INITIAL_WINDOW / 2);
  });

  it('does not grow while nothing waits for it', () => {
    const w = new ConcurrencyWindow(1000);
    for (let i = 0; i < 50; i++) roundTrip(w, 2, false);
    expect(w.size).toBe(INITIAL_WINDOW);
  });

  it('does not grow for records claimed in bursts to a fast endpoint: its rate needs few requests at once', () => {
    const w = new ConcurrencyWindow(1000);
    // 16 answers of 2 ms every 100 ms, each burst waiting for slots: 0.16 per ms × 2 ms is 0.3 in flight.
    for (let i = 0; i < 50; i++) {
      for (let k = 0; k < 16; k++) w.report(answered(2), true);
      vi.advanceTimersByTime(100);
    }
    expect(w.size).toBe(INITIAL_WINDOW);
  });

  it('halves when a round trip brings more than 5 % of 429/503 or timeouts, then grows by one per round trip', () => {
    const w = new ConcurrencyWindow(1000);
    while (w.size < 64) roundTrip(w, 200, true);
    const grown = w.size;
    // Round trips with 3 of 64 or fewer refused: the odd refusal does not cut.
    for (let i = 0; i < 3; i++) {
      for (let k = 0; k < grown - 3; k++) w.report(answered(200), false);
      for (let k = 0; k < 3; k++) w.report(refused(), false);
    }
    expect(w.size).toBe(grown);
    // Two round trips' worth of requests sent before any answer, all refused: one cut, not two.
    const sentBefore = Date.now() - 1;
    for (let k = 0; k < 2 * grown; k++) {
      vi.advanceTimersByTime(1);
      w.report(refused(sentBefore), true);
    }
    expect(w.size).toBe(Math.floor(grown / 2));
    vi.advanceTimersByTime(10);
    // Answers to requests sent before the cut belong to the same congestion: no second cut.
    for (let i = 0; i < 10; i++) w.report(refused(sentBefore), true);
    expect(w.size).toBe(Math.floor(grown / 2));
    // Above the threshold: additive increase, one slot per round trip.
    roundTrip(w, 200, true);
    roundTrip(w, 200, true);
    expect(w.size).toBeGreaterThanOrEqual(Math.floor(grown / 2) + 1);
    expect(w.size).toBeLessThanOrEqual(Math.floor(grown / 2) + 2);
  });

  it('stops growing when answers come much slower than the quickest (requests queue at the endpoint)', () => {
    const w = new ConcurrencyWindow(1000);
    roundTrip(w, 20, true);
    roundTrip(w, 20, true);
    const before = w.size;
    for (let i = 0; i < 10; i++) roundTrip(w, 500, true);
    // The smoothed latency passes 3 × 20 ms + 10 ms within a few answers; it grew until then only.
    expect(w.size).toBeLessThan(before + 10);
  });

  it('never exceeds its maximum nor falls below one', () => {
    const w = new ConcurrencyWindow(20);
    for (let i = 0; i < 20; i++) roundTrip(w, 100, true);
    expect(w.size).toBe(20);
    for (let i = 0; i < 200 && w.size > 1; i++) roundTrip(w, 100, true, true);
    expect(w.size).toBe(1);
    roundTrip(w, 100, true, true);
    expect(w.size).toBe(1);
  });

  it('resizes the slots it is attached to: new slots go to waiters, a cut is paid back by releases', () => {
    const w = new ConcurrencyWindow(1000);
    const slots = new Slots(w.size);
    w.attach(slots);
    expect(drain(slots)).toBe(INITIAL_WINDOW);
    // A round trip's rate at 300 ms each: the window may grow.
    roundTrip(w, 300, false);
    const granted: boolean[] = [];
    slots.whenFree((g) => granted.push(g));
    expect(slots.isWaitedFor).toBe(true);
    w.report(answered(300), true);
    expect(granted).toEqual([true]);
    expect(w.size).toBe(INITIAL_WINDOW + 1);
    // 17 held; a round trip of refusals cuts it to 8: nine releases pay the debt before a slot is free again.
    const sentBefore = Date.now() - 1;
    for (let k = 0; k < 64; k++) w.report(refused(sentBefore), true);
    expect(w.size).toBe(8);
    for (let i = 0; i < 9; i++) slots.release();
    expect(slots.tryAcquire()).toBe(false);
    slots.release();
    expect(slots.tryAcquire()).toBe(true);
  });
});

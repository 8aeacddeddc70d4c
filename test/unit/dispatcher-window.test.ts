import { describe, expect, it } from 'vitest';
import { Slots } from '../../src/dispatcher/slots';
import { ConcurrencyWindow, INITIAL_WINDOW } from '../../src/dispatcher/window';

const answered = (durationMs: number, startedAt = Date.now()) => ({ startedAt, durationMs, congested: false });
const refused = (startedAt = Date.now()) => ({ startedAt, durationMs: 5, congested: true });

/** Takes every free slot; returns how many it got. */
function drain(slots: Slots): number {
  let n = 0;
  while (slots.tryAcquire()) n++;
  return n;
}

describe('ConcurrencyWindow', () => {
  it('starts at INITIAL_WINDOW and doubles per round of answers while records wait for it', () => {
    const w = new ConcurrencyWindow(1000);
    expect(w.size).toBe(INITIAL_WINDOW);
    for (let i = 0; i < INITIAL_WINDOW; i++) w.report(answered(200), true);
    expect(w.size).toBe(2 * INITIAL_WINDOW);
  });

  it('does not grow while nothing waits for it: a fast endpoint keeps the few requests it needs', () => {
    const w = new ConcurrencyWindow(1000);
    for (let i = 0; i < 1000; i++) w.report(answered(2), false);
    expect(w.size).toBe(INITIAL_WINDOW);
  });

  it('halves when a round trip brings more than 5 % of 429/503 or timeouts, then grows by one per window of answers', () => {
    const w = new ConcurrencyWindow(1000);
    for (let i = 0; i < 48; i++) w.report(answered(200), true);
    expect(w.size).toBe(64);
    // The round trip under way ends without refusals; the next one brings 3 of 64: the odd refusal does not cut.
    for (let i = 0; i < 16; i++) w.report(answered(200), false);
    for (let i = 0; i < 61; i++) w.report(answered(200), false);
    for (let i = 0; i < 3; i++) w.report(refused(), true);
    expect(w.size).toBe(64);
    const sentBefore = Date.now() - 1;
    for (let i = 0; i < 64; i++) w.report(refused(sentBefore), true);
    expect(w.size).toBe(32);
    // Answers to requests sent before the cut belong to the same congestion: no second cut.
    for (let i = 0; i < 10; i++) w.report(refused(sentBefore), true);
    expect(w.size).toBe(32);
    // Above the threshold: additive increase, one slot per full window of answers.
    for (let i = 0; i < 32; i++) w.report(answered(200), true);
    expect(w.size).toBe(33);
  });

  it('stops growing when answers come much slower than the quickest (requests queue at the endpoint)', () => {
    const w = new ConcurrencyWindow(1000);
    w.report(answered(20), true);
    const before = w.size;
    for (let i = 0; i < 100; i++) w.report(answered(500), true);
    // The smoothed latency passes 3 × 20 ms + 10 ms within a few answers; it grew until then only.
    expect(w.size).toBeLessThan(before + 10);
    expect(w.size).toBeGreaterThanOrEqual(before);
  });

  it('never exceeds its maximum nor falls below one', () => {
    const w = new ConcurrencyWindow(20);
    for (let i = 0; i < 500; i++) w.report(answered(100), true);
    expect(w.size).toBe(20);
    for (let i = 0; i < 100; i++) w.report(refused(Date.now() + 1), true);
    expect(w.size).toBe(1);
  });

  it('resizes the slots it is attached to: new slots go to waiters, a cut is paid back by releases', () => {
    const w = new ConcurrencyWindow(1000);
    const slots = new Slots(w.size);
    w.attach(slots);
    expect(drain(slots)).toBe(INITIAL_WINDOW);
    const granted: boolean[] = [];
    slots.whenFree((g) => granted.push(g));
    expect(slots.isWaitedFor).toBe(true);
    w.report(answered(100), true);
    expect(granted).toEqual([true]);
    // 17 held; a round trip of refusals cuts it to 8: nine releases pay the debt before a slot is free again.
    for (let i = 0; i < 16; i++) w.report(refused(Date.now() + 1), true);
    expect(w.size).toBe(8);
    for (let i = 0; i < 9; i++) slots.release();
    expect(slots.tryAcquire()).toBe(false);
    slots.release();
    expect(slots.tryAcquire()).toBe(true);
  });
});

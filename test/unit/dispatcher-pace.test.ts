import { describe, expect, it } from 'vitest';
import { configConcurrency } from '../../src/dispatcher/batch-deliverer';
import { sendAsSlotsFree, Slots } from '../../src/dispatcher/slots';

describe('sendAsSlotsFree with start times (a paced configuration)', () => {
  it('starts no item before its time, and holds no slot while an item waits for it', async () => {
    const slots = new Slots(1);
    const t0 = Date.now();
    const readyAt = new Map([
      ['a', t0],
      ['b', t0 + 120],
      ['c', t0 + 240],
    ]);
    const started: Array<[string, number]> = [];
    const done = sendAsSlotsFree(
      ['a', 'b', 'c'],
      [slots],
      async (item) => {
        started.push([item, Date.now()]);
      },
      (item) => readyAt.get(item)!,
    );
    await new Promise((r) => setTimeout(r, 60));
    // 'a' has been sent and 'b' waits for its time: the slot is free for others meanwhile.
    const freeWhileWaiting = slots.tryAcquire();
    if (freeWhileWaiting) slots.release();
    expect(await done).toEqual({ unsent: [] });
    expect(freeWhileWaiting).toBe(true);
    expect(started.map(([item]) => item)).toEqual(['a', 'b', 'c']);
    for (const [item, at] of started) expect(at).toBeGreaterThanOrEqual(readyAt.get(item)!);
  });

  it('gives back the items still waiting for their time when the slots close', async () => {
    const slots = new Slots(2);
    const sent: string[] = [];
    const done = sendAsSlotsFree(
      ['now', 'later'],
      [slots],
      async (item) => {
        sent.push(item);
      },
      (item) => (item === 'now' ? 0 : Date.now() + 100),
    );
    slots.close();
    expect(await done).toEqual({ unsent: ['later'] });
    expect(sent).toEqual(['now']);
  });
});

describe('configConcurrency', () => {
  it("leaves a quarter of the tenant's slots (at least one) to its other configurations", () => {
    expect(configConcurrency(16)).toBe(12);
    expect(configConcurrency(4)).toBe(3);
    expect(configConcurrency(2)).toBe(1);
    expect(configConcurrency(1)).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { sendAsSlotsFree, Slots } from '../../src/dispatcher/slots';

/** A send that stays open until the test settles it. */
function controlledSends() {
  const open = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  const started: number[] = [];
  let maxOpen = 0;
  const send = (item: number) =>
    new Promise<void>((resolve, reject) => {
      started.push(item);
      open.set(item, {
        resolve: () => {
          open.delete(item);
          resolve();
        },
        reject: (err) => {
          open.delete(item);
          reject(err);
        },
      });
      maxOpen = Math.max(maxOpen, open.size);
    });
  return { send, open, started, maxOpen: () => maxOpen };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('sendAsSlotsFree', () => {
  it('never has more sends open than the smallest of its slots, and sends every item in order', async () => {
    const tenant = new Slots(3);
    const shared = new Slots(5);
    const s = controlledSends();
    const done = sendAsSlotsFree([1, 2, 3, 4, 5, 6, 7, 8], [tenant, shared], s.send);
    while (s.started.length < 8 || s.open.size > 0) {
      await tick();
      expect(s.open.size).toBeLessThanOrEqual(3);
      const first = [...s.open.values()][0];
      first?.resolve();
    }
    await expect(done).resolves.toEqual({ unsent: [] });
    expect(s.started).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(s.maxOpen()).toBe(3);
    // Every slot came back.
    expect([1, 2, 3].map(() => tenant.tryAcquire())).toEqual([true, true, true]);
    expect(tenant.tryAcquire()).toBe(false);
  });

  it('shares the slots between two batches: the second waits for the first to give one back', async () => {
    const shared = new Slots(2);
    const a = controlledSends();
    const b = controlledSends();
    const doneA = sendAsSlotsFree([1, 2, 3], [new Slots(16), shared], a.send);
    const doneB = sendAsSlotsFree([10], [new Slots(16), shared], b.send);
    await tick();
    expect(a.started).toEqual([1, 2]);
    expect(b.started).toEqual([]);
    a.open.get(1)!.resolve();
    await tick();
    // The first waiter (batch A's third item) got the slot; B waits behind it.
    expect(a.started).toEqual([1, 2, 3]);
    expect(b.started).toEqual([]);
    a.open.get(2)!.resolve();
    await tick();
    expect(b.started).toEqual([10]);
    a.open.get(3)!.resolve();
    b.open.get(10)!.resolve();
    await expect(doneA).resolves.toEqual({ unsent: [] });
    await expect(doneB).resolves.toEqual({ unsent: [] });
  });

  it('returns the items not sent when the slots close, after the open sends settle', async () => {
    const tenant = new Slots(16);
    const shared = new Slots(2);
    const s = controlledSends();
    let settled = false;
    const done = sendAsSlotsFree([1, 2, 3, 4], [tenant, shared], s.send).finally(() => (settled = true));
    await tick();
    shared.close();
    tenant.close();
    await tick();
    expect(settled).toBe(false);
    s.open.get(1)!.resolve();
    s.open.get(2)!.resolve();
    await expect(done).resolves.toEqual({ unsent: [3, 4] });
    expect(s.started).toEqual([1, 2]);
  });

  it('rejects with the first failed send once the others settle, and starts no more', async () => {
    const shared = new Slots(2);
    const s = controlledSends();
    let settled = false;
    const done = sendAsSlotsFree([1, 2, 3, 4], [shared], s.send).finally(() => (settled = true));
    done.catch(() => undefined);
    await tick();
    s.open.get(1)!.reject(new Error('boom'));
    await tick();
    expect(settled).toBe(false);
    expect(s.started).toEqual([1, 2]);
    s.open.get(2)!.resolve();
    await expect(done).rejects.toThrow('boom');
    expect(s.started).toEqual([1, 2]);
    // Both slots came back.
    expect([shared.tryAcquire(), shared.tryAcquire(), shared.tryAcquire()]).toEqual([true, true, false]);
  });

  it('treats a send that throws at once like one that rejects', async () => {
    const shared = new Slots(1);
    const done = sendAsSlotsFree([1, 2], [shared], () => {
      throw new Error('bad record');
    });
    await expect(done).rejects.toThrow('bad record');
    expect(shared.tryAcquire()).toBe(true);
  });
});

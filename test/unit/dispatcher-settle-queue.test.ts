import { describe, expect, it } from 'vitest';
import { SettleQueue } from '../../src/dispatcher/settle-queue';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A queue whose flushes are recorded and end only when the test says so. */
function recordingQueue(options: { maxGroup: number; delayMs: number }) {
  const flushes: Array<{ key: string; group: number[]; end: () => void }> = [];
  const queue = new SettleQueue<string, number>(
    (key, group) => new Promise<void>((end) => flushes.push({ key, group, end })),
    options,
  );
  const written: number[] = [];
  const push = (key: string, n: number) => queue.push(key, n, () => written.push(n));
  return { flushes, written, push };
}

describe('SettleQueue (group commit of results)', () => {
  it('writes a group once maxGroup results wait, without waiting for the delay', () => {
    const q = recordingQueue({ maxGroup: 3, delayMs: 10_000 });
    q.push('a', 1);
    q.push('a', 2);
    expect(q.flushes).toHaveLength(0);
    q.push('a', 3);
    expect(q.flushes.map((f) => f.group)).toEqual([[1, 2, 3]]);
  });

  it('writes what waits after the delay, per key', async () => {
    const q = recordingQueue({ maxGroup: 100, delayMs: 5 });
    q.push('a', 1);
    q.push('b', 2);
    q.push('a', 3);
    await tick(30);
    expect(q.flushes.map((f) => [f.key, f.group])).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
    expect(q.written).toEqual([]);
    q.flushes[1].end();
    await tick(0);
    expect(q.written).toEqual([2]);
  });

  it('runs one flush of a key at a time: what arrives meanwhile is written, in order, as soon as it ends', async () => {
    const q = recordingQueue({ maxGroup: 2, delayMs: 10_000 });
    q.push('a', 1);
    q.push('a', 2);
    q.push('a', 3);
    q.push('a', 4);
    q.push('a', 5);
    expect(q.flushes.map((f) => f.group)).toEqual([[1, 2]]);
    q.flushes[0].end();
    await tick(0);
    expect(q.written).toEqual([1, 2]);
    expect(q.flushes.map((f) => f.group)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    q.flushes[1].end();
    await tick(0);
    expect(q.flushes.map((f) => f.group)).toEqual([[1, 2], [3, 4], [5]]);
    q.flushes[2].end();
    await tick(0);
    expect(q.written).toEqual([1, 2, 3, 4, 5]);
  });

  it('calls back the results of a flush that failed too (their records wait for their lease)', async () => {
    const queue = new SettleQueue<string, number>(() => Promise.reject(new Error('lost')), { maxGroup: 1, delayMs: 1 });
    const written: number[] = [];
    queue.push('a', 7, () => written.push(7));
    await tick(0);
    expect(written).toEqual([7]);
  });
});

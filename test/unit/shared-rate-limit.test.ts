import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaseFrom, sliceSize, type LeaseRequest, type LeaseResult } from '../../src/limits/gcra';
import type { LeaseStore } from '../../src/limits/pg-lease-store';
import { SharedRateLimiter } from '../../src/limits/shared-rate-limit';

/** The shared table, in memory: the same arithmetic as the SQL, on the (fake) clock. */
class MemoryStore implements LeaseStore {
  readonly tat = new Map<string, number>();
  leases = 0;
  async lease(key: string, r: LeaseRequest): Promise<LeaseResult> {
    this.leases++;
    const { tatMs, result } = leaseFrom(this.tat.get(key), Date.now(), r);
    this.tat.set(key, tatMs);
    return result;
  }
  async giveBack(returns: Array<{ key: string; tokens: number; msPerToken: number }>): Promise<void> {
    for (const r of returns) this.tat.set(r.key, this.tat.get(r.key)! - r.tokens * r.msPerToken);
  }
  async prune(): Promise<void> {}
}

const request = (over: Partial<LeaseRequest> = {}): LeaseRequest => ({
  need: 1,
  atLeast: 1,
  want: 1,
  msPerToken: 1000,
  burst: 3,
  ...over,
});

describe('leaseFrom (GCRA)', () => {
  it('starts full, grants up to the burst, then one token per interval, and says what is left', () => {
    let { tatMs, result } = leaseFrom(undefined, 0, request({ want: 10 }));
    expect(result).toEqual({ granted: 3, available: 0 });
    ({ tatMs, result } = leaseFrom(tatMs, 999, request()));
    expect(result.granted).toBe(0);
    expect(result.available).toBeCloseTo(0.999);
    ({ tatMs, result } = leaseFrom(tatMs, 1000, request({ want: 2 })));
    expect(result).toEqual({ granted: 1, available: 0 });
    // A long pause fills the bucket up to the burst, not beyond.
    ({ result } = leaseFrom(tatMs, 3_600_000, request({ want: 100 })));
    expect(result.granted).toBe(3);
  });

  it('serves a cost above the burst from a full bucket and leaves it in debt', () => {
    const { tatMs, result } = leaseFrom(undefined, 0, request({ need: 5, atLeast: 3, want: 5 }));
    expect(result).toEqual({ granted: 5, available: -2 });
    expect(leaseFrom(tatMs, 2000, request()).result.granted).toBe(0);
    expect(leaseFrom(tatMs, 3000, request()).result.granted).toBe(1);
  });

  it('leases a twentieth of the smaller of burst and pace, between 1 and 1000', () => {
    expect(sliceSize(60, 10)).toBe(1);
    expect(sliceSize(6000, 6000)).toBe(300);
    expect(sliceSize(6000, 100)).toBe(5);
    expect(sliceSize(10_000_000, 10_000_000)).toBe(1000);
  });
});

describe('SharedRateLimiter', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets two processes together serve no more than one would, asking the store once per slice', async () => {
    const store = new MemoryStore();
    // 600 a minute (10/s), burst 100: slices of 5.
    const a = new SharedRateLimiter({ perMinute: 600, burst: 100, store, prefix: 'api:' });
    const b = new SharedRateLimiter({ perMinute: 600, burst: 100, store, prefix: 'api:' });
    let served = 0;
    let asked = 0;
    for (let ms = 0; ms < 20_000; ms += 10) {
      for (const limiter of [a, b]) {
        asked++;
        if ((await limiter.take('t')) === 0) served++;
      }
      await vi.advanceTimersByTimeAsync(10);
    }
    // One process alone: the burst plus 10 a second for 20 s.
    expect(served).toBeLessThanOrEqual(100 + 200 + 1);
    expect(served).toBeGreaterThanOrEqual(290);
    // Slices and cached refusals: far fewer statements than requests.
    expect(store.leases).toBeLessThan(asked / 4);
    await a.close();
    await b.close();
  });

  it('answers refusals from the process until the bucket can serve again, with the right Retry-After', async () => {
    const store = new MemoryStore();
    const limiter = new SharedRateLimiter({ perMinute: 6, burst: 2, store, prefix: 'api:' });
    expect([await limiter.take('t'), await limiter.take('t')]).toEqual([0, 0]);
    const leases = store.leases;
    // 6 a minute: the next one in 10 s.
    expect(await limiter.take('t')).toBe(10);
    for (let i = 0; i < 100; i++) expect(await limiter.take('t')).toBeGreaterThanOrEqual(9);
    expect(store.leases).toBe(leases + 1);
    await vi.advanceTimersByTimeAsync(4_500);
    expect(await limiter.take('t')).toBe(6);
    await vi.advanceTimersByTimeAsync(5_500);
    expect(await limiter.take('t')).toBe(0);
    expect(await limiter.take('other')).toBe(0);
    await limiter.close();
  });

  it('gives unused leased tokens back once the lease is old, so another process can use them', async () => {
    const store = new MemoryStore();
    // Burst 40, slices of 10.
    const a = new SharedRateLimiter({ perMinute: 1, burst: 40, store, prefix: 'api:', slice: 10, leaseMs: 1000 });
    const b = new SharedRateLimiter({ perMinute: 1, burst: 40, store, prefix: 'api:', slice: 10, leaseMs: 1000 });
    for (let i = 0; i < 31; i++) expect(await a.take('t')).toBe(0);
    // a holds 9 of the last slice; the shared bucket is empty.
    expect(await b.take('t')).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(2_100);
    for (let i = 0; i < 9; i++) expect(await b.take('t')).toBe(0);
    expect(await b.take('t')).toBeGreaterThan(0);
    await a.close();
    await b.close();
  });

  it('loses the slice of a process that dies: the others serve less for a while, never more', async () => {
    const store = new MemoryStore();
    // A process whose give-backs never arrive, as when it is killed.
    const dying: LeaseStore = {
      lease: (k, r) => store.lease(k, r),
      giveBack: async () => undefined,
      prune: async () => {},
    };
    const a = new SharedRateLimiter({ perMinute: 60, burst: 20, store: dying, prefix: 'api:', slice: 10 });
    const b = new SharedRateLimiter({ perMinute: 60, burst: 20, store, prefix: 'api:', slice: 10 });
    expect(await a.take('t')).toBe(0);
    let served = 0;
    for (let i = 0; i < 30; i++) if ((await b.take('t')) === 0) served++;
    expect(served).toBe(10);
    // A minute later the bucket is full again, and a's 9 unused tokens are long gone.
    await vi.advanceTimersByTimeAsync(60_000);
    served = 0;
    for (let i = 0; i < 30; i++) if ((await b.take('t')) === 0) served++;
    expect(served).toBe(20);
    await a.close();
    await b.close();
  });

  it('asks the store once for requests that arrive together, and serves them all from the slice', async () => {
    let release!: () => void;
    const store = new MemoryStore();
    const slow: LeaseStore = {
      lease: async (key, r) => {
        await new Promise<void>((resolve) => (release = resolve));
        return store.lease(key, r);
      },
      giveBack: (r) => store.giveBack(r),
      prune: () => store.prune(),
    };
    const limiter = new SharedRateLimiter({ perMinute: 600, burst: 100, store: slow, prefix: 'api:', slice: 10 });
    const answers = Promise.all(Array.from({ length: 8 }, () => limiter.take('t')));
    await vi.advanceTimersByTimeAsync(1);
    release();
    expect(await answers).toEqual(Array(8).fill(0));
    expect(store.leases).toBe(1);
    await limiter.close();
  });

  it('fails open: while the store fails or hangs it counts in the process, then uses the store again', async () => {
    const store = new MemoryStore();
    let mode: 'down' | 'hang' | 'up' = 'down';
    const flaky: LeaseStore = {
      lease: (key, r) =>
        mode === 'down'
          ? Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
          : mode === 'hang'
            ? new Promise<never>(() => undefined)
            : store.lease(key, r),
      giveBack: (r) => store.giveBack(r),
      prune: () => store.prune(),
    };
    const warnings: unknown[] = [];
    const logger = { warn: (o: unknown) => warnings.push(o) } as never;
    const limiter = new SharedRateLimiter({ perMinute: 1, burst: 3, store: flaky, prefix: 'api:', logger });
    // The local bucket: the burst of one process, then refusals.
    expect([await limiter.take('t'), await limiter.take('t'), await limiter.take('t')]).toEqual([0, 0, 0]);
    expect(await limiter.take('t')).toBeGreaterThan(0);
    expect(warnings).toEqual([{ code: 'ECONNREFUSED', seconds: 5 }]);
    // Back after the degraded period: the shared bucket (still full) serves.
    mode = 'up';
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await limiter.take('u')).toBe(0);
    expect(store.leases).toBe(1);
    // A lease that hangs is answered locally after the timeout.
    mode = 'hang';
    const answer = limiter.take('v');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await answer).toBe(0);
    expect(warnings).toHaveLength(2);
    await limiter.close();
  });
});

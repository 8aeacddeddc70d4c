import type { RequestLimiter } from './limiter';

/**
 * Requests per key and minute, as token buckets in this process: each key may make `burst`
 * requests at once and gets `perMinute` a minute back, spread evenly. The limit of the embedded
 * database (one process), and the fallback of the shared limit while the database is unreachable.
 */
export class RateLimiter implements RequestLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    readonly perMinute: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    /**
     * Buckets kept at most. At the bound the full ones (idle tenants) are dropped, which changes no
     * answer; if that frees less than a tenth, the oldest buckets go too (those tenants start again
     * with a full burst). Either way the next sweep is at least a tenth of the bound away.
     */
    private readonly maxKeys = 100_000,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /**
   * Takes `cost` requests from `key`'s bucket: 0 when allowed, else the whole seconds to wait. A
   * cost above what the bucket holds is allowed once the bucket is full (or holds `cost`) and
   * leaves it in debt, so a 10-field GraphQL request with a burst of 5 is not refused forever
   * but still pays for every field.
   */
  take(key: string, cost = 1): number {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.makeRoom(now);
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
      bucket.at = now;
    }
    const needed = Math.min(cost, this.burst);
    if (bucket.tokens >= needed) {
      bucket.tokens -= cost;
      return 0;
    }
    return Math.max(1, Math.ceil((needed - bucket.tokens) / this.perMs / 1000));
  }

  /** How many tenants have a bucket (tests). */
  get size(): number {
    return this.buckets.size;
  }

  private makeRoom(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.perMs >= this.burst) this.buckets.delete(key);
    }
    const target = this.maxKeys - Math.max(1, Math.floor(this.maxKeys / 10));
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= target) break;
      this.buckets.delete(key);
    }
  }
}

/**
 * Requests per tenant and minute, as token buckets: each tenant may make `burst` requests at once
 * and gets `perMinute` a minute back, spread evenly. Kept in the process: with several API
 * processes behind a balancer each one counts alone (README, Settings).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    readonly perMinute: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    /** Buckets kept; past it, the full ones (idle tenants) are dropped, which changes no answer. */
    private readonly maxKeys = 100_000,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes one request from `key`'s bucket: 0 when allowed, else the whole seconds to wait. */
  take(key: string): number {
    const now = this.now();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= this.maxKeys) this.dropFull(now);
      bucket = { tokens: this.burst, at: now };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(this.burst, bucket.tokens + (now - bucket.at) * this.perMs);
      bucket.at = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }

  private dropFull(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * this.perMs >= this.burst) this.buckets.delete(key);
    }
  }
}

/** A request limit per key (a tenant, a trigger), in requests per minute. */
export interface RequestLimiter {
  readonly perMinute: number;
  /**
   * Takes `cost` requests from `key`'s budget: 0 when allowed, else the whole seconds to wait
   * (Retry-After). Synchronous when the answer is known in the process.
   */
  take(key: string, cost?: number): number | Promise<number>;
}

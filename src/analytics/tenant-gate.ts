/**
 * At most `limit` tasks at once per key (a tenant's schema), the rest waiting in arrival order, so
 * one tenant's burst of statements (a batch of 50 metrics, ten times over) holds at most `limit`
 * connections and every other tenant's statement finds one free. Idle keys are forgotten: the map
 * holds only tenants with work running or waiting.
 */
export class TenantGate {
  private readonly lanes = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(private readonly limit: number) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: 0, waiting: [] };
      this.lanes.set(key, lane);
    }
    if (lane.running >= this.limit) await new Promise<void>((resolve) => lane.waiting.push(resolve));
    else lane.running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` only drops when nobody waits.
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.running === 0) this.lanes.delete(key);
    }
  }
}

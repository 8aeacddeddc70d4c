import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { envInt, type Env } from './env';

/**
 * HEAP_GROWING_PERCENT: while the process is busy, how far V8 lets the old space grow past what
 * its last full collection kept before it starts the next one; 0 leaves it to V8 throughout. V8
 * picks the growth itself from how fast the process allocates: about 10 % in a quiet process, up
 * to 300 % in one that allocates fast. A busy dispatcher is one, and most of what it allocates
 * dies in the old space: each request in flight outlives the young generation's collections. At
 * 100 % its old space is collected at twice what was live, not four times. In a quieter process
 * V8's own choice holds less, so it is left to V8 there (docs/operations.md#memory; the RSS and
 * CPU each costs are in docs/benchmarks.md).
 */
export function heapGrowingPercent(env: Env): number {
  return envInt(env, 'HEAP_GROWING_PERCENT', 100, 0, 300);
}

/** How often the event loop's use is read. */
const CHECK_MS = 1_000;
/** Busy: the event loop ran for at least this share of the last check's period. */
const BUSY_UTILIZATION = 0.5;

/**
 * Applies HEAP_GROWING_PERCENT while the process is busy and leaves V8 its own choice otherwise,
 * deciding once a second (a timer that does not keep the process alive). V8 reads the flag each
 * time it sets the old space's next limit, so a change takes effect from the next full collection.
 */
export function startHeapGrowthControl(percent: number): HeapGrowthControl {
  return new HeapGrowthControl(percent);
}

/** See startHeapGrowthControl. */
export class HeapGrowthControl {
  private applied = false;
  private last = performance.eventLoopUtilization();

  constructor(private readonly percent: number) {
    if (percent > 0) setInterval(() => this.check(), CHECK_MS).unref();
  }

  /** Whether V8 grows the old space by `percent` now, rather than by its own choice. */
  get isApplied(): boolean {
    return this.applied;
  }

  private check(): void {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, this.last).utilization >= BUSY_UTILIZATION;
    this.last = now;
    if (busy !== this.applied) this.set(busy);
  }

  private set(applied: boolean): void {
    this.applied = applied;
    // 0 is V8's "not set": its own growth again.
    v8.setFlagsFromString(`--heap-growing-percent=${applied ? this.percent : 0}`);
  }
}

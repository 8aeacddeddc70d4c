import v8 from 'node:v8';
import { envInt, type Env } from './env';

/**
 * HEAP_GROWING_PERCENT: how far V8 lets the old space grow past what its last full collection
 * kept before it starts the next one; 0 leaves it to V8. Left to itself, V8 allows up to 300 % in a
 * process that allocates fast, and a busy dispatcher is one: each request in flight outlives the
 * young generation's collections, so its objects reach the old space and die there. At 100 % the
 * old space is collected at twice what was live, not up to four times (docs/operations.md#memory;
 * the RSS and CPU it costs are in docs/benchmarks.md).
 */
export function heapGrowingPercent(env: Env): number {
  return envInt(env, 'HEAP_GROWING_PERCENT', 100, 0, 300);
}

/**
 * Applies the percent to this process's V8. V8 reads the flag each time it sets the next limit,
 * so setting it once the process runs takes effect from the next full collection.
 */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

import { describe, expect, it } from 'vitest';
import { HEALTH_BUCKET_COLUMNS, healthBucketOf, p95FromBuckets } from '../../src/outbox/health-buckets';

/** percentile_cont(0.95): linear between the two durations around rank 0.95 × (n - 1). */
function exactP95(durations: number[]): number {
  const s = [...durations].sort((a, b) => a - b);
  const rank = 0.95 * (s.length - 1);
  const lo = Math.floor(rank);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (rank - lo);
}

function histogram(durations: number[]): number[] {
  const counts = HEALTH_BUCKET_COLUMNS.map(() => 0);
  for (const d of durations) counts[healthBucketOf(d)]++;
  return counts;
}

describe('the health histogram', () => {
  it('numbers buckets as width_bucket does: below the first edge 0, from the last edge on the last', () => {
    expect(healthBucketOf(0)).toBe(0);
    expect(healthBucketOf(1)).toBe(1);
    expect(healthBucketOf(4)).toBe(3);
    expect(healthBucketOf(59_999)).toBe(HEALTH_BUCKET_COLUMNS.length - 2);
    expect(healthBucketOf(60_000)).toBe(HEALTH_BUCKET_COLUMNS.length - 1);
    expect(healthBucketOf(120_000)).toBe(HEALTH_BUCKET_COLUMNS.length - 1);
  });

  it('has no p95 without attempts', () => {
    expect(p95FromBuckets(histogram([]))).toBeNull();
  });

  it('reads a p95 within one bucket of the exact one, whatever the durations', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 200; run++) {
      const n = 1 + Math.floor(random() * 500);
      const scale = [5, 50, 500, 5000][run % 4];
      const durations = Array.from({ length: n }, () => Math.round(scale * random() ** 3 * 10));
      const estimate = p95FromBuckets(histogram(durations))!;
      expect(Math.abs(healthBucketOf(estimate) - healthBucketOf(exactP95(durations)))).toBeLessThanOrEqual(1);
    }
  });
});

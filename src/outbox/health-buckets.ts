/**
 * The duration histogram of the health counters (tenant schema 7, `webhook_health_minutes`):
 * bucket 0 counts durations below the first edge, bucket i (1..29) those from edge i-1 up to
 * edge i, bucket 29 those from the last edge (60 s, the longest timeout) on. About 1.5x apart,
 * so a p95 read from them lies within one bucket of the exact one.
 */
const HEALTH_DURATION_EDGES_MS = [
  1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 70, 100, 150, 200, 300, 500, 700, 1000, 1500, 2000, 3000, 5000, 7000, 10000, 15000,
  20000, 30000, 45000, 60000,
] as const;

const HEALTH_BUCKETS = HEALTH_DURATION_EDGES_MS.length + 1;

/** The bucket columns, quoted: "h00" .. "h29". */
export const HEALTH_BUCKET_COLUMNS = Array.from(
  { length: HEALTH_BUCKETS },
  (_, i) => `"h${String(i).padStart(2, '0')}"`,
);

/** The edges as an SQL array literal for width_bucket(), which numbers buckets as above. */
export const HEALTH_EDGES_SQL = `'{${HEALTH_DURATION_EDGES_MS.join(',')}}'::int[]`;

/** The bucket of a duration, as width_bucket() numbers it. */
export function healthBucketOf(durationMs: number): number {
  let i = 0;
  while (i < HEALTH_DURATION_EDGES_MS.length && durationMs >= HEALTH_DURATION_EDGES_MS[i]) i++;
  return i;
}

/**
 * The 95th percentile of the durations counted in `counts` (one per bucket), as percentile_cont
 * computes it (between the durations of rank floor(r) and floor(r) + 1, r = 0.95 × (n - 1)), each of
 * the two placed inside its bucket by its rank there; null without any. The last bucket has no
 * upper edge: its lower one stands for all its durations.
 */
export function p95FromBuckets(counts: readonly number[]): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = 0.95 * (total - 1);
  const low = Math.floor(rank);
  const at = (k: number): number => {
    let below = 0;
    for (let b = 0; b < counts.length; b++) {
      const n = counts[b];
      if (k < below + n) {
        const lo = b === 0 ? 0 : HEALTH_DURATION_EDGES_MS[b - 1];
        const hi = b < HEALTH_DURATION_EDGES_MS.length ? HEALTH_DURATION_EDGES_MS[b] : lo;
        return lo + ((hi - lo) * (k - below + 0.5)) / n;
      }
      below += n;
    }
    return HEALTH_DURATION_EDGES_MS[HEALTH_DURATION_EDGES_MS.length - 1]; // k < total: not reached
  };
  const a = at(low);
  const b = low + 1 < total ? at(low + 1) : a;
  return Math.round(a + (b - a) * (rank - low));
}

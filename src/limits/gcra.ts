/**
 * The shared bucket's arithmetic (GCRA): a key's state is its theoretical arrival time `tatMs`;
 * at `nowMs` it holds (nowMs + burst × msPerToken − max(tatMs, nowMs)) / msPerToken tokens, at
 * most `burst`. The SQL of pg-lease-store.ts does the same in one statement; this copy is what the
 * unit tests and the in-memory store run.
 */
export interface LeaseRequest {
  /** Tokens the caller must have to serve the request that asked. */
  need: number;
  /** Serve it only when the bucket holds at least this many (min(need, burst): a cost above the burst leaves debt). */
  atLeast: number;
  /** Tokens it would like (a slice: the rest is served locally until it expires). */
  want: number;
  msPerToken: number;
  burst: number;
}

export interface LeaseResult {
  /** Tokens granted: 0, or at least `need`. */
  granted: number;
  /** Tokens the bucket holds after the grant (negative while in debt), at the time of the lease. */
  available: number;
}

/** A tiny slack so that exactly k tokens' worth of elapsed time is k tokens despite rounding. */
export const EPSILON = 1e-9;

export function leaseFrom(
  tatMs: number | undefined,
  nowMs: number,
  r: LeaseRequest,
): { tatMs: number; result: LeaseResult } {
  const base = tatMs === undefined ? nowMs : Math.max(tatMs, nowMs);
  const avail = (nowMs + r.burst * r.msPerToken - base) / r.msPerToken + EPSILON;
  const granted = avail >= r.atLeast ? Math.max(r.need, Math.min(r.want, Math.floor(avail))) : 0;
  const next = base + granted * r.msPerToken;
  return { tatMs: next, result: { granted, available: (nowMs + r.burst * r.msPerToken - next) / r.msPerToken } };
}

/** Milliseconds until a bucket that held `available` tokens `elapsedMs` ago holds `atLeast`. */
export function waitMs(available: number, atLeast: number, msPerToken: number, elapsedMs: number): number {
  return (atLeast - available) * msPerToken - elapsedMs;
}

/** Retry-After for a wait of `ms`: whole seconds, at least 1. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Tokens a process leases at once: a twentieth of the smaller of the burst and the per-minute
 * pace, at least 1 and at most 1000. Leased tokens are counted in the shared bucket, so the size
 * never lets the processes together exceed the limit; it bounds what one idle process holds back
 * from the others (until its lease expires) and how often a busy one asks the database.
 */
export function sliceSize(perMinute: number, burst: number): number {
  return Math.max(1, Math.min(1000, Math.floor(Math.min(perMinute, burst) / 20)));
}

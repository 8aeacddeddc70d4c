/** Longest wait between two attempts of one record (docs/api.md#delivery, backoff). */
export const MAX_BACKOFF_SECONDS = 3600;

/**
 * Seconds to wait before the retry that follows the attempt made with `retryCount` = n:
 * min(3600, base · factor^n), where a base of 0 or below becomes 5 and a factor below 1.0
 * becomes 1.5 (non-finite values get the same replacements: they are not valid settings).
 */
export function backoffSeconds(backoffInitialSeconds: number, backoffFactor: number, retryCount: number): number {
  const base = Number.isFinite(backoffInitialSeconds) && backoffInitialSeconds > 0 ? backoffInitialSeconds : 5;
  const factor = Number.isFinite(backoffFactor) && backoffFactor >= 1.0 ? backoffFactor : 1.5;
  const delay = base * Math.pow(factor, Math.max(0, retryCount));
  return Number.isFinite(delay) ? Math.min(MAX_BACKOFF_SECONDS, delay) : MAX_BACKOFF_SECONDS;
}

import { MAX_BACKOFF_SECONDS } from './backoff';

/** The statuses whose `Retry-After` sets the receiver's pace (docs/api.md#delivery). */
export function honoursRetryAfter(statusCode: number): boolean {
  return statusCode === 429 || statusCode === 503;
}

const DELTA_SECONDS = /^\d+$/;
// The three HTTP date forms (IMF-fixdate, RFC 850, asctime) all begin with a day name.
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /i;

/**
 * Seconds a `Retry-After` value asks to wait, seen at `nowMs` (epoch ms): delta-seconds or an HTTP
 * date, at most MAX_BACKOFF_SECONDS; 0 for a date already past; null for anything else (absent,
 * empty, negative, fractional, not a date), which is then ignored.
 */
export function retryAfterSeconds(value: string | string[] | undefined, nowMs: number): number | null {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return null;
  if (DELTA_SECONDS.test(text)) return Math.min(MAX_BACKOFF_SECONDS, Number(text));
  if (!HTTP_DATE.test(text)) return null;
  const at = Date.parse(text);
  if (!Number.isFinite(at)) return null;
  return Math.min(MAX_BACKOFF_SECONDS, Math.max(0, (at - nowMs) / 1000));
}

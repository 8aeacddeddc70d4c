import { isSuccessStatus, type Transition } from '../outbox/model';
import { backoffSeconds, MAX_BACKOFF_SECONDS } from './backoff';
import { honoursRetryAfter } from './retry-after';

/**
 * The outbox state machine of docs/api.md#delivery, as a pure function: what
 * one dispatch attempt's outcome makes of a record. The loop only applies the result.
 */

/** What happened when a record was dispatched once. */
export type DispatchOutcome =
  /** The configuration is deleted or does not exist. */
  | { kind: 'config-missing' }
  | { kind: 'config-disabled' }
  | { kind: 'url-missing' }
  /** The stored URL is not an absolute http(s) URL (a configuration error). */
  | { kind: 'url-invalid'; reason: string }
  | { kind: 'headers-invalid'; reason: string }
  | { kind: 'signature-failed'; reason: string }
  /** The SSRF guard refused the address the target resolved to. */
  | { kind: 'target-forbidden'; reason: string }
  /** `retryAfterSeconds`: what a 429's or 503's Retry-After asked for (retry-after.ts). */
  | { kind: 'response'; statusCode: number; retryAfterSeconds?: number }
  /** No response: connection refused or reset, DNS failure, timeout. */
  | { kind: 'network-error'; reason: string };

export interface RecordState {
  retryCount: number;
  maxRetries: number;
}

export interface BackoffSettings {
  backoffInitialSeconds: number;
  backoffFactor: number;
}

export type { Transition };

function isRetryableStatus(statusCode: number): boolean {
  return statusCode === 408 || statusCode === 429 || (statusCode >= 500 && statusCode <= 599);
}

const dead = (lastError: string, retryCount: number): Transition => ({
  status: 'DEAD',
  retryCount,
  retryInSeconds: null,
  lastError,
});

/**
 * The next state of a record after one attempt. `retryCount` counts retries scheduled so far: a
 * retryable failure of the attempt made with retry_count = n schedules retry n+1 after
 * backoff(n), unless n + 1 >= max_retries, in which case the record is DEAD.
 */
export function nextState(record: RecordState, backoff: BackoffSettings | null, outcome: DispatchOutcome): Transition {
  switch (outcome.kind) {
    case 'config-missing':
      return dead('WEBHOOK_CONFIG_NOT_FOUND', record.retryCount);
    case 'config-disabled':
      return dead('WEBHOOK_CONFIG_DISABLED', record.retryCount);
    case 'url-missing':
      return dead('WEBHOOK_URL_MISSING', record.retryCount);
    case 'url-invalid':
      return dead(`WEBHOOK_URL_INVALID: ${outcome.reason}`, record.retryCount);
    case 'headers-invalid':
      return dead(`WEBHOOK_HEADERS_INVALID: ${outcome.reason}`, record.retryCount);
    case 'signature-failed':
      return dead(`WEBHOOK_SIGNATURE_FAILED: ${outcome.reason}`, record.retryCount);
    case 'target-forbidden':
      return dead(`WEBHOOK_TARGET_FORBIDDEN: ${outcome.reason}`, record.retryCount);
    case 'response': {
      const code = outcome.statusCode;
      if (isSuccessStatus(code))
        return { status: 'DELIVERED', retryCount: record.retryCount, retryInSeconds: null, lastError: null };
      if (!isRetryableStatus(code)) return dead(`WEBHOOK_DELIVERY_NON_RETRYABLE: HTTP ${code}`, record.retryCount);
      const asked = honoursRetryAfter(code) ? (outcome.retryAfterSeconds ?? null) : null;
      return retryOrDie(record, backoff, `WEBHOOK_DELIVERY_RETRYABLE: HTTP ${code}`, asked);
    }
    case 'network-error':
      return retryOrDie(record, backoff, `WEBHOOK_DELIVERY_RETRYABLE: ${outcome.reason}`);
  }
}

/**
 * A retry after the backoff, or after the receiver's Retry-After (`retryAfterSeconds`) when that
 * is later, never more than MAX_BACKOFF_SECONDS ahead; DEAD once the retries are used up.
 */
function retryOrDie(
  record: RecordState,
  backoff: BackoffSettings | null,
  lastError: string,
  retryAfterSeconds: number | null = null,
): Transition {
  if (record.retryCount + 1 >= record.maxRetries || !backoff) return dead(lastError, record.retryCount);
  const wait = backoffSeconds(backoff.backoffInitialSeconds, backoff.backoffFactor, record.retryCount);
  return {
    status: 'RETRYING',
    retryCount: record.retryCount + 1,
    retryInSeconds:
      retryAfterSeconds === null ? wait : Math.min(MAX_BACKOFF_SECONDS, Math.max(wait, retryAfterSeconds)),
    lastError,
  };
}

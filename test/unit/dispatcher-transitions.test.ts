import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextState, type DispatchOutcome } from '../../src/dispatcher/transitions';

const backoff = { backoffInitialSeconds: 5, backoffFactor: 2 };
const fresh = { retryCount: 0, maxRetries: 3 };

describe("nextState: the spec's transition table", () => {
  it('DELIVERED on any 2xx, keeping the retry count', () => {
    for (const statusCode of [200, 201, 204, 299]) {
      expect(nextState({ retryCount: 2, maxRetries: 3 }, backoff, { kind: 'response', statusCode })).toEqual({
        status: 'DELIVERED',
        retryCount: 2,
        retryInSeconds: null,
        lastError: null,
      });
    }
  });

  it('DEAD without retries for a missing or disabled configuration, a missing URL, bad headers, a signature error', () => {
    const cases: Array<[DispatchOutcome, string]> = [
      [{ kind: 'config-missing' }, 'WEBHOOK_CONFIG_NOT_FOUND'],
      [{ kind: 'config-disabled' }, 'WEBHOOK_CONFIG_DISABLED'],
      [{ kind: 'url-missing' }, 'WEBHOOK_URL_MISSING'],
      [{ kind: 'url-invalid', reason: 'not an absolute URL' }, 'WEBHOOK_URL_INVALID: not an absolute URL'],
      [
        { kind: 'headers-invalid', reason: 'headersJson is not valid JSON' },
        'WEBHOOK_HEADERS_INVALID: headersJson is not valid JSON',
      ],
      [{ kind: 'signature-failed', reason: 'TypeError' }, 'WEBHOOK_SIGNATURE_FAILED: TypeError'],
      [
        { kind: 'target-forbidden', reason: '127.0.0.1 is a loopback address' },
        'WEBHOOK_TARGET_FORBIDDEN: 127.0.0.1 is a loopback address',
      ],
    ];
    for (const [outcome, lastError] of cases) {
      expect(nextState(fresh, backoff, outcome)).toEqual({
        status: 'DEAD',
        retryCount: 0,
        retryInSeconds: null,
        lastError,
      });
      // Even with retries left, and without a configuration to read backoff from.
      expect(nextState({ retryCount: 0, maxRetries: 100 }, null, outcome).status).toBe('DEAD');
    }
  });

  it('DEAD (non-retryable) for a non-2xx status other than 408, 429 and 5xx', () => {
    for (const statusCode of [
      100, 101, 199, 300, 301, 302, 304, 307, 400, 401, 403, 404, 409, 410, 413, 422, 499, 600,
    ]) {
      expect(nextState(fresh, backoff, { kind: 'response', statusCode })).toEqual({
        status: 'DEAD',
        retryCount: 0,
        retryInSeconds: null,
        lastError: `WEBHOOK_DELIVERY_NON_RETRYABLE: HTTP ${statusCode}`,
      });
    }
  });

  it('RETRYING for 408, 429, 5xx while retry_count + 1 < max_retries, with backoff(retry_count)', () => {
    for (const statusCode of [408, 429, 500, 502, 503, 504, 599]) {
      expect(nextState({ retryCount: 1, maxRetries: 3 }, backoff, { kind: 'response', statusCode })).toEqual({
        status: 'RETRYING',
        retryCount: 2,
        retryInSeconds: 10,
        lastError: `WEBHOOK_DELIVERY_RETRYABLE: HTTP ${statusCode}`,
      });
    }
  });

  it('DEAD (retryable) once retry_count + 1 >= max_retries', () => {
    expect(nextState({ retryCount: 2, maxRetries: 3 }, backoff, { kind: 'response', statusCode: 503 })).toEqual({
      status: 'DEAD',
      retryCount: 2,
      retryInSeconds: null,
      lastError: 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503',
    });
    expect(nextState({ retryCount: 0, maxRetries: 1 }, backoff, { kind: 'response', statusCode: 429 }).status).toBe(
      'DEAD',
    );
    expect(nextState({ retryCount: 0, maxRetries: 0 }, backoff, { kind: 'response', statusCode: 500 }).status).toBe(
      'DEAD',
    );
  });

  it('treats a network error or timeout like a retryable status', () => {
    expect(nextState(fresh, backoff, { kind: 'network-error', reason: 'timeout after 3000 ms' })).toEqual({
      status: 'RETRYING',
      retryCount: 1,
      retryInSeconds: 5,
      lastError: 'WEBHOOK_DELIVERY_RETRYABLE: timeout after 3000 ms',
    });
    expect(
      nextState({ retryCount: 2, maxRetries: 3 }, backoff, {
        kind: 'network-error',
        reason: 'network error (ECONNRESET)',
      }),
    ).toMatchObject({
      status: 'DEAD',
      lastError: 'WEBHOOK_DELIVERY_RETRYABLE: network error (ECONNRESET)',
    });
  });

  it('a record makes exactly max(1, max_retries) attempts against a receiver that always fails', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.constantFrom(408, 429, 500, 503), (maxRetries, statusCode) => {
        let state = { retryCount: 0, maxRetries };
        let attempts = 0;
        for (;;) {
          attempts++;
          const next = nextState(state, backoff, { kind: 'response', statusCode });
          if (next.status === 'DEAD') break;
          expect(next.status).toBe('RETRYING');
          state = { retryCount: next.retryCount, maxRetries };
        }
        expect(attempts).toBe(Math.max(1, maxRetries));
      }),
    );
  });
});

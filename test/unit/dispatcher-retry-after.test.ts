import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from '../../src/dispatcher/retry-after';
import { nextState } from '../../src/dispatcher/transitions';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

describe('retryAfterSeconds', () => {
  it('reads delta-seconds', () => {
    expect(retryAfterSeconds('5', NOW)).toBe(5);
    expect(retryAfterSeconds(' 120 ', NOW)).toBe(120);
    expect(retryAfterSeconds('0', NOW)).toBe(0);
    expect(retryAfterSeconds(['7', '9'], NOW)).toBe(7);
  });

  it('reads an HTTP date in each of its three forms, relative to now', () => {
    expect(retryAfterSeconds('Sat, 28 Nov 2026 12:00:30 GMT', NOW)).toBe(30);
    expect(retryAfterSeconds('Saturday, 28-Nov-26 12:01:00 GMT', NOW)).toBe(60);
    expect(retryAfterSeconds('Sat Nov 28 12:00:10 2026', NOW - new Date(NOW).getTimezoneOffset() * 60_000)).toBe(10);
  });

  it('takes a date already past as no wait', () => {
    expect(retryAfterSeconds('Sat, 28 Nov 2026 11:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterSeconds('Thu, 01 Jan 1970 00:00:00 GMT', NOW)).toBe(0);
  });

  it('ignores garbage, negative and fractional values, and an absent header', () => {
    for (const value of [
      undefined,
      '',
      '  ',
      'soon',
      '-5',
      '5.5',
      '1e3',
      '0x10',
      '5 s',
      'Foo, 28 Nov 2026 12:00:30 GMT',
      'Sat, 99 Nov 2026 99:99:99 GMT',
    ])
      expect(retryAfterSeconds(value, NOW), String(value)).toBeNull();
  });

  it('caps a huge wait at one hour', () => {
    expect(retryAfterSeconds('3601', NOW)).toBe(3600);
    expect(retryAfterSeconds('99999999999999999999999', NOW)).toBe(3600);
    expect(retryAfterSeconds('Fri, 01 Jan 2100 00:00:00 GMT', NOW)).toBe(3600);
  });
});

describe('nextState with a Retry-After', () => {
  const record = { retryCount: 0, maxRetries: 3 };
  const backoff = { backoffInitialSeconds: 10, backoffFactor: 2 };

  it('waits the later of the backoff and Retry-After on a 429 or 503, counting the retry', () => {
    for (const statusCode of [429, 503]) {
      expect(nextState(record, backoff, { kind: 'response', statusCode, retryAfterSeconds: 30 })).toEqual({
        status: 'RETRYING',
        retryCount: 1,
        retryInSeconds: 30,
        lastError: `WEBHOOK_DELIVERY_RETRYABLE: HTTP ${statusCode}`,
      });
      expect(nextState(record, backoff, { kind: 'response', statusCode, retryAfterSeconds: 3 }).retryInSeconds).toBe(
        10,
      );
    }
  });

  it('ignores it on other retryable statuses', () => {
    for (const statusCode of [408, 500, 502])
      expect(nextState(record, backoff, { kind: 'response', statusCode, retryAfterSeconds: 30 }).retryInSeconds).toBe(
        10,
      );
  });

  it('never waits more than an hour, and still dies when the retries are used up', () => {
    expect(
      nextState(record, backoff, { kind: 'response', statusCode: 429, retryAfterSeconds: 10_000 }).retryInSeconds,
    ).toBe(3600);
    expect(
      nextState({ retryCount: 2, maxRetries: 3 }, backoff, {
        kind: 'response',
        statusCode: 429,
        retryAfterSeconds: 30,
      }),
    ).toMatchObject({ status: 'DEAD', retryCount: 2 });
  });
});

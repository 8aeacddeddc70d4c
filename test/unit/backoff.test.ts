import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffSeconds, MAX_BACKOFF_SECONDS } from '../../src/dispatcher/backoff';

describe('backoffSeconds (the backoff rule)', () => {
  it('is base * factor^n for the attempt with retry_count n', () => {
    expect([0, 1, 2, 3].map((n) => backoffSeconds(5, 2, n))).toEqual([5, 10, 20, 40]);
    expect(backoffSeconds(3, 1.5, 2)).toBeCloseTo(6.75);
    expect(backoffSeconds(7, 1, 9)).toBe(7);
  });

  it('replaces a base of 0 or below by 5 and a factor below 1.0 by 1.5', () => {
    expect(backoffSeconds(0, 2, 0)).toBe(5);
    expect(backoffSeconds(-3, 2, 1)).toBe(10);
    expect(backoffSeconds(4, 0.99, 2)).toBeCloseTo(4 * 2.25);
    expect(backoffSeconds(4, 0, 1)).toBeCloseTo(6);
    expect(backoffSeconds(4, -2, 1)).toBeCloseTo(6);
    expect(backoffSeconds(0, 0.5, 2)).toBeCloseTo(5 * 2.25);
    // A factor of exactly 1.0 is valid and kept.
    expect(backoffSeconds(4, 1.0, 5)).toBe(4);
  });

  it('caps the delay at 3600 seconds', () => {
    expect(backoffSeconds(5, 2, 10)).toBe(3600);
    expect(backoffSeconds(5000, 2, 0)).toBe(3600);
    expect(backoffSeconds(5, 10, 1000)).toBe(3600);
  });

  it('always lies in (0, 3600] and never decreases with n', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, min: -1e6, max: 1e6 }),
        fc.double({ noNaN: true, min: -10, max: 50 }),
        fc.nat(200),
        (base, factor, n) => {
          const d = backoffSeconds(base, factor, n);
          expect(d).toBeGreaterThan(0);
          expect(d).toBeLessThanOrEqual(MAX_BACKOFF_SECONDS);
          expect(backoffSeconds(base, factor, n + 1)).toBeGreaterThanOrEqual(d);
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { circuitOutcomes, CleanCircuits } from '../../src/dispatcher/circuit';

describe('circuitOutcomes', () => {
  it('counts the failures after the last success of each configuration, in the order attempts ended', () => {
    const out = circuitOutcomes([
      { configId: 'a', ok: false, at: 1 },
      { configId: 'b', ok: false, at: 2 },
      { configId: 'a', ok: true, at: 3 },
      { configId: 'a', ok: false, at: 4 },
      { configId: 'a', ok: false, at: 5 },
      { configId: 'b', ok: false, at: 6 },
    ]);
    expect(out).toEqual([
      { configId: 'a', trailingFailures: 2, lastSuccessAt: 3, lastFailureAt: 5 },
      { configId: 'b', trailingFailures: 2, lastSuccessAt: null, lastFailureAt: 6 },
    ]);
  });
});

describe('CleanCircuits', () => {
  it('skips successes of a configuration last seen clean, never a failure, and not past its time', async () => {
    const clean = new CleanCircuits(50);
    const ok = { configId: 'a', ok: true, at: 1 };
    const fail = { configId: 'a', ok: false, at: 2 };
    expect(clean.toWrite([ok])).toEqual([ok]);
    clean.note([{ configId: 'a', clean: true }]);
    expect(clean.toWrite([ok, ok])).toEqual([]);
    expect(clean.toWrite([ok, fail])).toEqual([ok, fail]);
    clean.note([{ configId: 'a', clean: false }]);
    expect(clean.toWrite([ok])).toEqual([ok]);
    clean.note([{ configId: 'a', clean: true }]);
    await new Promise((r) => setTimeout(r, 80));
    expect(clean.toWrite([ok])).toEqual([ok]);
  });
});

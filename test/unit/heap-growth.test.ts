import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { heapGrowingPercent } from '../../src/heap-growth';

const root = path.join(__dirname, '..', '..');

/**
 * A process that starts the control at `percent`, keeps its event loop busy allocating for 1.5 s,
 * then runs a full collection, then stays idle for 2.5 s. It prints whether the control applied
 * the percent after each phase; V8's own trace prints the factor of each limit it set
 * ("[HeapController] Limit: … (f)"), the last one before COLLECTED being the full collection's.
 */
async function busyThenIdle(percent: number): Promise<{ appliedBusy: boolean; appliedIdle: boolean; factor: string }> {
  const script = `
    const control = require('./src/heap-growth').startHeapGrowthControl(${percent});
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
    (async () => {
      let kept = [];
      for (const end = Date.now() + 1500; Date.now() < end; ) {
        kept.push({ at: Date.now() });
        if (kept.length > 100000) kept = [];
      }
      await sleep(50);
      const appliedBusy = control.isApplied;
      globalThis.gc();
      console.log('COLLECTED');
      await sleep(2500);
      console.log('RESULT ' + JSON.stringify({ appliedBusy, appliedIdle: control.isApplied }));
    })();`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--trace-gc-verbose', '--expose-gc', '-r', './scripts/register.js', '-e', script],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  // The limit the collection after the busy phase set, not one of a later collection.
  const [before] = stdout.split('COLLECTED');
  const limits = [...before.matchAll(/\[HeapController\] Limit: .*\((\d+\.\d)\)/g)];
  expect(limits.length).toBeGreaterThan(0);
  return { ...JSON.parse(stdout.split('RESULT ')[1]), factor: limits.at(-1)![1] };
}

describe('HEAP_GROWING_PERCENT', () => {
  it('is 100 unless set, 0 leaves V8 its own, and anything outside 0..300 stops the process', () => {
    expect(heapGrowingPercent({})).toBe(100);
    expect(loadConfig({}).heapGrowingPercent).toBe(100);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '50' }).heapGrowingPercent).toBe(50);
    for (const raw of ['-1', '301', '1.5', 'half'])
      expect(() => loadConfig({ HEAP_GROWING_PERCENT: raw })).toThrow(
        /HEAP_GROWING_PERCENT must be an integer in 0\.\.300/,
      );
  });

  it('sets the old space’s growth while the event loop is busy, and leaves it to V8 once idle', async () => {
    const run = await busyThenIdle(70);
    expect(run).toEqual({ appliedBusy: true, appliedIdle: false, factor: '1.7' });
  }, 60_000);

  it('leaves the growth to V8 throughout at 0', async () => {
    const run = await busyThenIdle(0);
    expect(run.appliedBusy).toBe(false);
    expect(run.appliedIdle).toBe(false);
  }, 60_000);
});

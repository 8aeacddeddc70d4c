import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { heapGrowingPercent } from '../../src/heap-growth';

const root = path.join(__dirname, '..', '..');

/**
 * The factor V8 used for the old space's next limit after one full collection, in a process that
 * applied `percent` once running: V8's own trace prints it ("[HeapController] Limit: … (f)").
 */
async function limitFactorAfter(percent: number): Promise<string> {
  const script = `
    require('./src/heap-growth').applyHeapGrowth(${percent});
    const live = [];
    for (let i = 0; i < 200000; i++) live.push({ i });
    globalThis.gc();
    process.stdout.write(String(live.length));`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--trace-gc-verbose', '--expose-gc', '-r', './scripts/register.js', '-e', script],
    { cwd: root, maxBuffer: 16 * 1024 * 1024 },
  );
  const limits = [...stdout.matchAll(/\[HeapController\] Limit: .*\((\d+\.\d)\)/g)];
  expect(limits.length).toBeGreaterThan(0);
  return limits.at(-1)![1];
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

  it('sets the factor of the old space’s next limit in a running process', async () => {
    expect(await limitFactorAfter(70)).toBe('1.7');
    expect(await limitFactorAfter(100)).toBe('2.0');
  }, 60_000);
});

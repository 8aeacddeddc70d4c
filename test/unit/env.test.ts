import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { loadDispatcherSettings } from '../../src/dispatcher/settings';
import { envInt } from '../../src/env';

describe('integer settings, read the same way everywhere', () => {
  it('takes unset, empty and blank as the default, and refuses anything but an integer in range', () => {
    for (const raw of [undefined, '', '   ']) expect(envInt({ N: raw }, 'N', 7, 1, 10)).toBe(7);
    expect(envInt({ N: '10' }, 'N', 7, 1, 10)).toBe(10);
    for (const raw of ['0', '11', '1.5', 'ten', '1e1x']) {
      expect(() => envInt({ N: raw }, 'N', 7, 1, 10)).toThrow(/N must be an integer in 1\.\.10/);
    }
  });

  // The two copies disagreed: config.ts read a blank value as 0 (Number('  ') is 0), the dispatcher's as unset.
  it('treats a blank value alike in the process settings and the dispatcher settings', () => {
    expect(loadConfig({ PORT: '  ' }).port).toBe(4000);
    expect(loadDispatcherSettings({ DISPATCHER_CONCURRENCY: '  ' }, true).concurrency).toBe(4096);
  });

  it('reads how many prepared statements a connection keeps, 500 unless set, and refuses a bound too small to help', () => {
    expect(loadConfig({}).dbPreparedPerConnection).toBe(500);
    expect(loadConfig({ DB_PREPARED_STATEMENTS_PER_CONNECTION: '2000' }).dbPreparedPerConnection).toBe(2000);
    expect(() => loadConfig({ DB_PREPARED_STATEMENTS_PER_CONNECTION: '5' })).toThrow(
      /DB_PREPARED_STATEMENTS_PER_CONNECTION must be an integer in 10\.\.100000/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('retention settings', () => {
  it('defaults to 30 days of outbox records and trigger events, cleaned every 5 minutes', () => {
    expect(loadConfig({}).retention).toEqual({
      outboxMs: 30 * 86_400_000,
      triggerEventMs: 30 * 86_400_000,
      intervalMs: 5 * 60_000,
      vacuum: true,
    });
  });

  it('reads <n>s|m|h|d, and 0 as keep forever', () => {
    const r = loadConfig({
      OUTBOX_RETENTION: '12h',
      TRIGGER_EVENT_RETENTION: '0',
      RETENTION_INTERVAL: '45s',
      RETENTION_VACUUM: 'off',
    }).retention;
    expect(r).toEqual({ outboxMs: 12 * 3_600_000, triggerEventMs: 0, intervalMs: 45_000, vacuum: false });
  });

  it.each([
    ['OUTBOX_RETENTION', '30'],
    ['OUTBOX_RETENTION', '-1d'],
    ['OUTBOX_RETENTION', '1w'],
    ['TRIGGER_EVENT_RETENTION', '1.5h'],
    ['RETENTION_INTERVAL', '0'],
    ['RETENTION_VACUUM', 'sometimes'],
  ])('refuses %s=%s at start', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});

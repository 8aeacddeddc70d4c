import { describe, expect, it } from 'vitest';
import { retryOnConnectionLoss } from '../../src/db/database';
import type { Logger } from '../../src/logger';

/** What node-postgres throws when the server goes away mid-statement. */
const connectionLost = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

function recordingLogger(): { logger: Logger; warnings: Array<Record<string, unknown>> } {
  const warnings: Array<Record<string, unknown>> = [];
  const logger = { warn: (fields: Record<string, unknown>) => warnings.push(fields) } as unknown as Logger;
  return { logger, warnings };
}

describe('retryOnConnectionLoss', () => {
  it('returns the first result without waiting or logging', async () => {
    const { logger, warnings } = recordingLogger();
    let calls = 0;
    expect(await retryOnConnectionLoss(async () => ++calls, { logger, what: 'claim' })).toBe(1);
    expect(calls).toBe(1);
    expect(warnings).toEqual([]);
  });

  it('retries a lost connection with the backoff (100 ms, then 200 ms), logging each failed attempt', async () => {
    const { logger, warnings } = recordingLogger();
    let calls = 0;
    const started = performance.now();
    const result = await retryOnConnectionLoss(
      async () => {
        calls++;
        if (calls <= 2) throw connectionLost();
        return 'settled';
      },
      { logger, what: 'outbox settle' },
    );
    const waited = performance.now() - started;
    expect(result).toBe('settled');
    expect(calls).toBe(3);
    expect(warnings).toEqual([
      { attempt: 1, what: 'outbox settle' },
      { attempt: 2, what: 'outbox settle' },
    ]);
    expect(waited).toBeGreaterThanOrEqual(290);
  });

  it('fails at once on any other error, and after its retries on a connection that stays lost', async () => {
    let calls = 0;
    const constraint = Object.assign(new Error('duplicate key'), { code: '23505' });
    await expect(
      retryOnConnectionLoss(async () => {
        calls++;
        throw constraint;
      }),
    ).rejects.toBe(constraint);
    expect(calls).toBe(1);

    calls = 0;
    const lost = connectionLost();
    await expect(
      retryOnConnectionLoss(
        async () => {
          calls++;
          throw lost;
        },
        { retries: 1 },
      ),
    ).rejects.toBe(lost);
    expect(calls).toBe(2);
  });
});

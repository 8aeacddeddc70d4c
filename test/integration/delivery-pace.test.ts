import 'reflect-metadata';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { attemptRows, commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { DispatcherSuite } from '../dispatcher/suite';

/**
 * `rateLimitPerSecond` as a receiver sees it: in any window of one second at most rate + 1
 * requests arrive, every rate (1 included) delivers at its pace, and waiting spends no retry. On
 * real PostgreSQL two dispatchers share the pace; the embedded database has one.
 */
const PREFIX = 'pace';
/**
 * A start (the attempt's startedAt) is its reserved time plus the lateness of a timer or, for the
 * first of an idle configuration (reserved at the claim's own time), the claim's round trip: a
 * gap may be short of the interval by that much, a one-second window never holds more than
 * rate + 1. Arrivals also carry a request's way to the receiver, slower on a new connection.
 */
const LATE_MS = 150;
const ARRIVAL_JITTER_MS = 250;

/** Most arrivals in any window of `windowMs` (a window holds times t with start <= t < start + windowMs). */
function busiestWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end] - sorted[start] >= windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('delivery pace (rateLimitPerSecond)', () => {
  const suite = new DispatcherSuite(PREFIX, { dispatcher: false });
  beforeAll(() => {
    suite.startDispatcher();
    if (!inject('embedded')) suite.startDispatcher();
  });

  /**
   * Commits `rows` changes for a configuration paced at `rate`, waits for their delivery, checks
   * the one-second windows, and answers the attempts' start times and the arrival times, sorted.
   */
  async function deliverPaced(rate: number, rows: number): Promise<{ starts: number[]; times: number[] }> {
    const s = suite.services;
    const tenant = suite.tenant();
    const path = `/paced-${rate}`;
    await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}${path}`,
      events: 'INSERT',
      rateLimitPerSecond: rate,
    });
    await commitChanges(s, tenant, inserts(rows));
    const arrivals = () => suite.receiver.received.filter((r) => r.path === path);
    await eventually(
      async () => ((await outboxRows(s, tenant)).every((r) => r.status === 'DELIVERED') ? true : undefined),
      (rows / rate) * 1000 + 20_000,
      `every record paced at ${rate}/s delivered`,
    );
    expect(new Set(arrivals().map((r) => r.requestId)).size).toBe(rows);
    // Held records waited without a retry counted: one attempt each.
    expect((await outboxRows(s, tenant)).every((r) => r.retry_count === 0 && r.attempt_count === 1)).toBe(true);
    const times = arrivals()
      .map((r) => r.at)
      .sort((a, b) => a - b);
    const starts = (await attemptRows(s, tenant)).map((a) => a.started_at.getTime()).sort((a, b) => a - b);
    expect(starts).toHaveLength(rows);
    // Starts one emission interval apart, whichever dispatcher made them, but for a late timer:
    // the gap after a start that was LATE_MS late is short by as much. Where that is more than
    // the interval (10/s), the one-second windows say what holds, and the whole run keeps the pace.
    const interval = 1000 / rate;
    if (interval > LATE_MS)
      for (let i = 1; i < starts.length; i++)
        expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(interval - LATE_MS);
    expect(starts[starts.length - 1] - starts[0]).toBeGreaterThanOrEqual((rows - 1) * interval - LATE_MS);
    expect(busiestWindow(starts, 1000)).toBeLessThanOrEqual(rate + 1);
    expect(busiestWindow(times, 1000)).toBeLessThanOrEqual(rate + 1);
    return { starts, times };
  }

  it('1 per second: every record is delivered, one second apart', async () => {
    const { starts, times } = await deliverPaced(1, 4);
    for (let i = 1; i < times.length; i++)
      expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(1000 - ARRIVAL_JITTER_MS);
    // At its pace, not slower: 3 intervals of one second.
    expect(starts[3] - starts[0]).toBeLessThan(3000 + 1000);
  }, 60_000);

  it('3 per second: no second sees more than 4 starts or arrivals, and the pace is kept', async () => {
    const { starts } = await deliverPaced(3, 15);
    const span = starts[starts.length - 1] - starts[0];
    expect(span).toBeLessThan((14 / 3) * 1000 + 1000);
  }, 60_000);

  it('10 per second: no second sees more than 11 starts or arrivals, and the pace is kept', async () => {
    const { starts } = await deliverPaced(10, 40);
    const span = starts[starts.length - 1] - starts[0];
    expect(span).toBeLessThan(3900 + 1000);
  }, 60_000);
});

import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { attemptRows, commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { DispatcherSuite } from '../dispatcher/suite';
import type { Reaction } from '../dispatcher/receiver';

const ROWS = 300;
const MAX_RETRIES = 3;

type Seen = { status: number } | { reset: true } | { hang: true };
/** What the dispatcher observed in one attempt: a status, or no response at all. */
type Observed = { status: number } | { noResponse: true };

/** The spec's table, written out again independently of src/: the expected end of one record. */
function expectedEnd(observed: Observed[]): {
  status: 'DELIVERED' | 'DEAD' | 'RETRYING';
  retryCount: number;
  lastError: RegExp | null;
  attempts: number;
} {
  let retryCount = 0;
  let lastError: RegExp | null = null;
  for (let i = 0; i < observed.length; i++) {
    const o = observed[i];
    if ('status' in o && o.status >= 200 && o.status < 300)
      return { status: 'DELIVERED', retryCount, lastError, attempts: i + 1 };
    if ('status' in o && ![408, 429].includes(o.status) && o.status < 500) {
      return {
        status: 'DEAD',
        retryCount,
        lastError: new RegExp(`^WEBHOOK_DELIVERY_NON_RETRYABLE: HTTP ${o.status}$`),
        attempts: i + 1,
      };
    }
    lastError =
      'status' in o
        ? new RegExp(`^WEBHOOK_DELIVERY_RETRYABLE: HTTP ${o.status}$`)
        : /^WEBHOOK_DELIVERY_RETRYABLE: (network error|timeout after 2000 ms)/;
    if (retryCount + 1 >= MAX_RETRIES) return { status: 'DEAD', retryCount, lastError, attempts: i + 1 };
    retryCount++;
  }
  return { status: 'RETRYING', retryCount, lastError, attempts: observed.length };
}

/** Tenants of this file, and the only ones its dispatchers touch. */
const PREFIX = 'chaos';

describe('dispatcher under receiver chaos', () => {
  const suite = new DispatcherSuite(PREFIX, { dispatcher: { concurrency: 32 } });

  it('ends every record in the state the transition table dictates for what its receiver did', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/chaos`,
      timeoutMs: 2000,
      maxRetries: MAX_RETRIES,
      backoffInitialSeconds: 1,
      backoffFactor: 1.0,
    });
    // A seeded generator: the same mix on every run; the check below replays what really happened.
    let seed = 20261126;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const menu: Reaction[] = [
      { status: 204 },
      { status: 200 },
      { status: 201 },
      { status: 500 },
      { status: 503 },
      { status: 502 },
      { status: 429 },
      { status: 408 },
      { status: 400 },
      { status: 404 },
      { status: 301, headers: { location: '/elsewhere' } },
      { reset: true },
      { hang: true },
    ];
    const seen = new Map<string, Seen[]>();
    suite.receiver.react = (r) => {
      const reaction = menu[Math.floor(random() * menu.length)];
      const list = seen.get(r.requestId!) ?? [];
      list.push('status' in reaction ? { status: reaction.status } : reaction);
      seen.set(r.requestId!, list);
      return reaction;
    };
    await commitChanges(s, tenant, inserts(ROWS));
    const rows = await eventually(
      async () => {
        const r = await outboxRows(s, tenant);
        return r.every((x) => (x.status === 'DELIVERED' || x.status === 'DEAD') && x.locked_by === null)
          ? r
          : undefined;
      },
      30_000,
      'every record DELIVERED or DEAD',
    );

    const attempts = await attemptRows(s, tenant);
    const attemptsOf = new Map<string, typeof attempts>();
    for (const a of attempts) attemptsOf.set(String(a.outbox_id), [...(attemptsOf.get(String(a.outbox_id)) ?? []), a]);
    const ends = { DELIVERED: 0, DEAD: 0 };
    for (const row of rows) {
      const history = seen.get(row.request_id) ?? [];
      const logged = attemptsOf.get(String(row.id)) ?? [];
      const context = JSON.stringify({ history, row, logged });
      // Every attempt reached the receiver, and the dispatcher saw what the receiver did; only a
      // response that came after the timeout (a loaded machine) may be seen as no response.
      expect(
        logged.map((a) => a.attempt_number),
        context,
      ).toEqual(history.map((_, i) => i + 1));
      const observed: Observed[] = logged.map((a, i) => {
        const did = history[i];
        if (a.status_code !== null) {
          expect(did, context).toEqual({ status: a.status_code });
          return { status: a.status_code };
        }
        if ('status' in did) expect(a.error, context).toBe('WEBHOOK_DELIVERY_RETRYABLE: timeout after 2000 ms');
        return { noResponse: true };
      });
      const expected = expectedEnd(observed);
      // Nothing was sent after the record reached its final state.
      expect(logged.length, context).toBe(expected.attempts);
      expect(row.status, context).toBe(expected.status);
      expect(row.retry_count, context).toBe(expected.retryCount);
      if (expected.lastError) expect(row.last_error, context).toMatch(expected.lastError);
      else expect(row.last_error, context).toBeNull();
      ends[row.status as 'DELIVERED' | 'DEAD']++;
    }
    expect(ends.DELIVERED + ends.DEAD).toBe(ROWS);
    expect(ends.DELIVERED).toBeGreaterThan(0);
    expect(ends.DEAD).toBeGreaterThan(0);
  }, 60_000);
});

import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { attemptRows, commitChanges, createConfig, inserts, outboxRows, type OutboxRow } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { DispatcherSuite } from '../dispatcher/suite';

/** Tenants of this file, and the only ones its dispatchers touch. */
const PREFIX = 'rta';

describe("dispatcher: the receiver's Retry-After", () => {
  const suite = new DispatcherSuite(PREFIX, { dispatcher: {} });

  /** Every case's path on the receiver: its status and Retry-After, and the configuration's backoff base. */
  const cases: Record<string, { status: number; retryAfter: () => string; backoff: number }> = {
    'seconds-429': { status: 429, retryAfter: () => '5', backoff: 1 },
    'seconds-503': { status: 503, retryAfter: () => '5', backoff: 1 },
    'date-429': { status: 429, retryAfter: () => new Date(Date.now() + 8000).toUTCString(), backoff: 1 },
    'ignored-500': { status: 500, retryAfter: () => '5', backoff: 1 },
    'shorter-429': { status: 429, retryAfter: () => '1', backoff: 600 },
    'huge-503': { status: 503, retryAfter: () => '999999', backoff: 1 },
    'garbage-429': { status: 429, retryAfter: () => 'soon', backoff: 1 },
  };

  it('waits the later of the backoff and a 429 or 503 Retry-After, at most an hour, and counts the retry', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    const caseOf = new Map<string, string>();
    for (const [name, c] of Object.entries(cases)) {
      const config = await createConfig(s, tenant, {
        webhookUrl: `${suite.receiver.url}/ra/${name}`,
        backoffInitialSeconds: c.backoff,
        maxRetries: 3,
      });
      caseOf.set(config.id, name);
    }
    suite.receiver.react = (r) => {
      const c = cases[r.path.split('/')[2]];
      return c ? { status: c.status, headers: { 'retry-after': c.retryAfter() } } : { status: 204 };
    };
    await commitChanges(s, tenant, inserts(1));
    const rows = await eventually(
      async () => {
        const all = await outboxRows(s, tenant);
        return all.length === caseOf.size && all.every((r) => r.attempt_count === 1 && r.locked_by === null)
          ? all
          : undefined;
      },
      20_000,
      'settled rows',
    );
    const attempts = await attemptRows(s, tenant);
    const byCase = new Map<string, { row: OutboxRow; delay: number; sinceAttempt: number }>();
    for (const row of rows) {
      const attempt = attempts.find((a) => a.outbox_id === row.id)!;
      byCase.set(caseOf.get(row.webhook_config_id)!, {
        row,
        // On the database clock, from the settle that wrote both.
        delay: (row.next_retry_at.getTime() - row.updated_at.getTime()) / 1000,
        sinceAttempt: (row.next_retry_at.getTime() - attempt.started_at.getTime()) / 1000,
      });
    }
    for (const [name, c] of Object.entries(cases)) {
      expect(byCase.get(name)!.row, name).toMatchObject({
        status: 'RETRYING',
        retry_count: 1,
        last_error: `WEBHOOK_DELIVERY_RETRYABLE: HTTP ${c.status}`,
      });
    }
    const delay = (name: string) => byCase.get(name)!.delay;
    // Retry-After: 5 beats the 1 s backoff, on a 429 and on a 503 alike.
    for (const name of ['seconds-429', 'seconds-503']) {
      expect(delay(name), name).toBeCloseTo(5, 1);
      expect(byCase.get(name)!.sinceAttempt, name).toBeGreaterThanOrEqual(4.9);
      expect(byCase.get(name)!.sinceAttempt, name).toBeLessThan(8);
    }
    // An HTTP date 8 s ahead (whole seconds, so 7 to 8 s when the response was read).
    expect(delay('date-429')).toBeGreaterThan(6);
    expect(delay('date-429')).toBeLessThanOrEqual(8.01);
    // A 500 is not a pace: its Retry-After is ignored and the backoff (1 s) applies.
    expect(delay('ignored-500')).toBeCloseTo(1, 1);
    // The backoff when it is the later one.
    expect(delay('shorter-429')).toBeCloseTo(600, 1);
    // Never more than an hour ahead.
    expect(delay('huge-503')).toBeCloseTo(3600, 1);
    // A value that is neither seconds nor a date is ignored.
    expect(delay('garbage-429')).toBeCloseTo(1, 1);
  });
});

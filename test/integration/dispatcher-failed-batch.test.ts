import 'reflect-metadata';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchDeliverer } from '../../src/dispatcher/batch-deliverer';
import { commitChanges, createConfig, inserts, outboxOf } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { DispatcherSuite } from '../dispatcher/suite';

/**
 * A batch whose sending fails outright (only a bug does that: every failure of a request is a
 * result) must cost its records no more than their lease: the drain ends, the process lives on,
 * and the records are claimed again once their leases run out.
 */
const PREFIX = 'failbatch';
const RECORDS = 20;
const BATCH = 5;

describe('a batch that fails outright', () => {
  const suite = new DispatcherSuite(PREFIX, { dispatcher: false });
  afterEach(() => vi.restoreAllMocks());

  it('leaves the process running and its records delivered after their lease', async () => {
    const s = suite.services;
    const tenant = suite.tenant();
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/failed-batch`, events: 'INSERT' });
    await commitChanges(s, tenant, inserts(RECORDS));
    // The first batch's sending rejects while the drain claims the next one: before, nothing
    // handled that rejection yet and the process ended on it.
    const sending = BatchDeliverer.prototype as unknown as { deliverAll: (...args: unknown[]) => Promise<unknown> };
    const deliverAll = vi.spyOn(sending, 'deliverAll').mockRejectedValueOnce(new Error('a send that throws'));
    suite.startDispatcher({ batchSize: BATCH, leaseMs: 2000 });
    const { table } = await outboxOf(s, tenant);
    const deliveredCount = async () => {
      const { rows } = await s.db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE status = 'DELIVERED'`,
      );
      return rows[0].n;
    };
    // The other batches are delivered; the failed one's records wait out their lease, and the
    // tenant's pause after a failed drain.
    await eventually(async () => ((await deliveredCount()) === RECORDS - BATCH ? true : undefined), 20_000);
    // A dispatcher without that pause (another process, or this one 30 s later) claims them.
    await suite.stopDispatcher();
    suite.startDispatcher({ batchSize: BATCH, leaseMs: 2000 });
    await eventually(async () => ((await deliveredCount()) === RECORDS ? true : undefined), 20_000);
    expect(deliverAll).toHaveBeenCalled();
    const arrived = suite.receiver.received.filter((r) => r.path === '/failed-batch');
    expect(new Set(arrived.map((r) => r.requestId)).size).toBe(RECORDS);
  }, 30_000);
});

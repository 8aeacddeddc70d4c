import type pg from 'pg';
import { inTransaction, type Queryable } from '../db/database';
import { markTenantDue } from './due-tenants';
import { settleBatch, type Settlement } from './sql/settle-batch';
import { tenantOutbox, type TenantOutbox } from './sql/tenant-outbox';
import { deadRecordGroups, writeCoalescedNotices, type NoticeGroup } from './sql/write-operational-notices';

export { deleteOldNoticeKeys } from './sql/delete-old-notice-keys';

/**
 * settleBatch for a batch in which records go DEAD: in one transaction with the DELIVERY_DEAD
 * notices of those records (docs/api.md#operational-events), so a crash neither loses a notice
 * nor counts a record twice. Batches without a DEAD record keep their single statement.
 */
export async function settleWithNotices(
  pool: pg.Pool,
  outbox: TenantOutbox,
  args: { workerId: string; batch: Settlement[] },
): Promise<Set<string>> {
  if (!args.batch.some((s) => s.transition.status === 'DEAD')) return settleBatch(pool, outbox, args);
  return inTransaction(pool, async (client) => {
    const settled = await settleBatch(client, outbox, args);
    const dead = args.batch.filter((s) => s.transition.status === 'DEAD' && settled.has(s.id)).map((s) => s.id);
    await writeCoalescedNotices(client, outbox, 'DELIVERY_DEAD', () => deadRecordGroups(client, outbox, dead));
    return settled;
  });
}

/** A trigger event whose RECORD action FAILED, as its intake transaction stored it. */
export interface FailedTriggerEvent {
  tenantId: string;
  triggerId: string;
  eventId: string;
  error: string;
}

/**
 * Inside the intake transaction that stores events FAILED: their TRIGGER_ACTION_FAILED notices,
 * one per trigger and minute as DELIVERY_DEAD's, and the tenant made due for them.
 */
export async function writeTriggerFailedNotices(client: Queryable, failed: FailedTriggerEvent[]): Promise<void> {
  const byTenant = new Map<string, Map<string, NoticeGroup>>();
  for (const f of failed) {
    let groups = byTenant.get(f.tenantId);
    if (!groups) byTenant.set(f.tenantId, (groups = new Map()));
    let g = groups.get(f.triggerId);
    if (!g)
      groups.set(
        f.triggerId,
        (g = { subjectId: f.triggerId, head: { triggerId: f.triggerId }, ids: [], count: 0, error: null }),
      );
    g.ids.push(f.eventId);
    g.count++;
    g.error = f.error;
  }
  for (const [tenantId, groups] of [...byTenant].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const outbox = tenantOutbox(tenantId);
    if ((await writeCoalescedNotices(client, outbox, 'TRIGGER_ACTION_FAILED', [...groups.values()])) > 0)
      await markTenantDue(client, outbox, { lockHeld: false });
  }
}

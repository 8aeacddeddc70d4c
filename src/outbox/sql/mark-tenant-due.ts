import type { Queryable } from '../../db/database';
import { queryPrepared } from '../../db/prepared';
import { hintLockSharedSql, OUTBOX_CHANNEL, upsertHintSql } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

/** Whether the tenant's hint is due, and the NOTIFY, as output columns ($n: tenant id, $m: channel). */
export const HINT_CHECK_NOTIFY_COLUMNS = (tenantParam: string, channelParam: string) =>
  `EXISTS (SELECT 1 FROM dispatch_tenants WHERE tenant_id = ${tenantParam} AND wake_at <= now()) AS due,
   pg_notify(${channelParam}, ${tenantParam}) IS NULL AS notified`;

// The fast path, with the NOTIFY in the same round trip: no row lock, the advisory lock protects it.
const HINT_CHECK_NOTIFY = { text: `SELECT ${HINT_CHECK_NOTIFY_COLUMNS('$1', '$2')}` };
// Only when the hint is missing or later than now: this row write serialises concurrent writers
// of the tenant until they commit, so the fast path above avoids it whenever the tenant is due.
const HINT_PULL = { text: upsertHintSql(`VALUES ($1, date_trunc('milliseconds', now()))`, 'pull') };

/**
 * Inside a writer's transaction: makes the tenant due and sends one NOTIFY (both at commit). The
 * transaction must hold the tenant's hint lock shared from an earlier statement; `lockHeld: false`
 * takes it here. `hintDue`: an earlier statement of the transaction (after the lock) already read
 * the hint and sent the NOTIFY (insert-records.ts); only the pull is left, when it was not due.
 * Prepared where the pool allows it.
 */
export async function markTenantDueSql(
  db: Queryable,
  outbox: TenantOutbox,
  args: { lockHeld: boolean; hintDue?: boolean },
): Promise<void> {
  if (!args.lockHeld) await db.query({ text: `SELECT ${hintLockSharedSql('$1')}`, values: [outbox.tenantId] });
  let due = args.hintDue;
  if (due === undefined) {
    const check = await queryPrepared<{ due: boolean }>(db, {
      ...HINT_CHECK_NOTIFY,
      values: [outbox.tenantId, OUTBOX_CHANNEL],
    });
    due = check.rows[0].due;
  }
  if (!due) await queryPrepared(db, { ...HINT_PULL, values: [outbox.tenantId] });
}

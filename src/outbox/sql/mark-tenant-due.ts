import type { Queryable } from '../../db/database';
import { queryPrepared } from '../../db/prepared';
import { hintLockSharedSql, OUTBOX_CHANNEL } from './fragments';
import type { TenantOutbox } from './tenant-outbox';

// The fast path, with the NOTIFY in the same round trip: no row lock, the advisory lock protects it.
const HINT_CHECK_NOTIFY = {
  text: `SELECT EXISTS (SELECT 1 FROM dispatch_tenants WHERE tenant_id = $1 AND wake_at <= now()) AS due,
                pg_notify($2, $1) IS NULL AS notified`,
};
// Only when the hint is missing or later than now: this row write serialises concurrent writers
// of the tenant until they commit, so the fast path above avoids it whenever the tenant is due.
const HINT_PULL = {
  text: `INSERT INTO dispatch_tenants (tenant_id, wake_at) VALUES ($1, date_trunc('milliseconds', now()))
         ON CONFLICT (tenant_id) DO UPDATE SET wake_at = EXCLUDED.wake_at
         WHERE dispatch_tenants.wake_at IS NULL OR dispatch_tenants.wake_at > EXCLUDED.wake_at`,
};

/**
 * Inside a writer's transaction: makes the tenant due and sends one NOTIFY (both at commit). The
 * transaction must hold the tenant's hint lock shared from an earlier statement; `lockHeld: false`
 * takes it here. Prepared where the pool allows it.
 */
export async function markTenantDueSql(
  db: Queryable,
  outbox: TenantOutbox,
  args: { lockHeld: boolean },
): Promise<void> {
  if (!args.lockHeld) await db.query({ text: `SELECT ${hintLockSharedSql('$1')}`, values: [outbox.tenantId] });
  const check = await queryPrepared<{ due: boolean }>(db, {
    ...HINT_CHECK_NOTIFY,
    values: [outbox.tenantId, OUTBOX_CHANNEL],
  });
  if (!check.rows[0].due) await queryPrepared(db, { ...HINT_PULL, values: [outbox.tenantId] });
}

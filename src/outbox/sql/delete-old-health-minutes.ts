import type { Queryable } from '../../db/database';
import type { TenantOutbox } from './tenant-outbox';

/**
 * Deletes the tenant's health counters of minutes older than 25 hours (health reads the last 24;
 * the hour more spares a row a settle is still adding to). Returns how many rows it deleted:
 * at most 60 per configuration and hour since the last pass.
 */
export async function deleteOldHealthMinutes(db: Queryable, outbox: TenantOutbox): Promise<number> {
  const res = await db.query(`DELETE FROM ${outbox.health} WHERE minute < now() - interval '25 hours'`);
  return res.rowCount ?? 0;
}

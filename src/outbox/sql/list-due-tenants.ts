import type { Queryable } from '../../db/database';
import { sqlInteger } from '../../db/sql';

/**
 * Tenants that may have claimable records now, earliest first (the dispatcher tick's one query);
 * only those whose id starts with `prefix` when one is given. The one statement of this folder
 * that spans tenants, so it takes no `TenantOutbox`.
 */
export async function listDueTenants(db: Queryable, args: { limit: number; prefix?: string }): Promise<string[]> {
  // The limit is part of the text (a constant of the caller): the dispatcher's sessions plan
  // generically (start.ts), and a generic plan of a parameter limit guesses a tenth of the table.
  const { rows } = await db.query<{ tenant_id: string }>({
    text: `SELECT tenant_id FROM dispatch_tenants WHERE wake_at <= now() AND starts_with(tenant_id, $1) ORDER BY wake_at LIMIT ${sqlInteger(args.limit, 1)}`,
    values: [args.prefix ?? ''],
  });
  return rows.map((r) => r.tenant_id);
}

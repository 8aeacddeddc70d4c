import type { Queryable } from '../db/database';
import { qualified } from '../db/sql';

/**
 * Tables of Hookgate's schemas (`public` and the tenants' `t_…`) whose dead rows pass the threshold
 * autovacuum uses by default: 50 rows plus 20 % of the live ones.
 */
const OVER_THRESHOLD = `SELECT schemaname, relname FROM pg_stat_user_tables
  WHERE (schemaname = 'public' OR schemaname LIKE 't\\_%')
    AND n_dead_tup > 50 + 0.2 * n_live_tup
  ORDER BY n_dead_tup DESC
  LIMIT $1`;

/**
 * VACUUMs Hookgate's tables that have more dead rows than autovacuum would let stand, and returns how
 * many it vacuumed. Every attempt updates an outbox row and retention deletes them: where autovacuum
 * is off or behind, the dead rows stay in the heap and in the due index the claim walks, so the
 * tables grow past what retention keeps and every claim costs more as the weeks go by. Where
 * autovacuum keeps up, this finds nothing to do. SKIP_LOCKED: a table another process (or
 * autovacuum) is vacuuming is left to it. VACUUM takes no lock that writers or the dispatcher wait on.
 */
export async function vacuumDeadTables(db: Queryable, maxTables = 50): Promise<number> {
  const { rows } = await db.query<{ schemaname: string; relname: string }>(OVER_THRESHOLD, [maxTables]);
  for (const { schemaname, relname } of rows) {
    await db.query(`VACUUM (SKIP_LOCKED) ${qualified(schemaname, relname)}`);
  }
  return rows.length;
}

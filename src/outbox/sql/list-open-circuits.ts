import type { Queryable } from '../../db/database';

/** A configuration whose circuit is not closed: 1 open, 2 half-open (due for its probe). */
export interface OpenCircuit {
  tenantId: string;
  configId: string;
  state: 1 | 2;
}

/**
 * The circuits not closed, of tenants whose id starts with `prefix`, the longest open first, at
 * most `limit` (the metric's label cap). Closed circuits, the common case, have no row to read.
 */
export async function listOpenCircuits(db: Queryable, args: { limit: number; prefix: string }): Promise<OpenCircuit[]> {
  const { rows } = await db.query<{ tenant_id: string; config_id: string; state: number }>({
    text: `SELECT s.tenant_id, s.config_id, CASE WHEN s.circuit_open_until > now() THEN 1 ELSE 2 END AS state
             FROM webhook_delivery_state s
            WHERE s.circuit_open_until IS NOT NULL AND starts_with(s.tenant_id, $1)
            ORDER BY s.circuit_open_until, s.config_id
            LIMIT $2`,
    values: [args.prefix, args.limit],
  });
  return rows.map((r) => ({ tenantId: r.tenant_id, configId: r.config_id, state: r.state === 1 ? 1 : 2 }));
}

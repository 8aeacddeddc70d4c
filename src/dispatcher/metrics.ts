import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type pg from 'pg';
import { countDueBacklog, listDueTenants, listOpenCircuits, tenantOutbox } from '../outbox/store';

/** Most tenants a scrape reports a backlog for (the ones due the longest). */
const BACKLOG_TENANTS = 100;
/** Most circuits a scrape reports (the ones open the longest); closed ones are not reported. */
const CIRCUIT_SERIES = 100;

export interface DispatcherMetrics {
  deliveries: Counter<'outcome'>;
  latency: Histogram<'outcome'>;
}

/**
 * The dispatcher's Prometheus metrics on the instance registry: deliveries by outcome
 * (delivered, retrying, dead), delivery latency, and, computed at scrape time from the due
 * tenants only, the due backlog per tenant and the age of the oldest due record.
 */
export function createDispatcherMetrics(registry: Registry, pool: pg.Pool, tenantPrefix = ''): DispatcherMetrics {
  // One set per registry: a dispatcher restarted in the same process (tests) reuses it.
  const existing = created.get(registry);
  if (existing) return existing;
  let snapshot: Promise<Array<{ tenant: string; due: number; oldest: Date | null }>> | undefined;
  // Both gauges are collected in one scrape: one read of the backlog serves both.
  const backlog = () => {
    snapshot ??= readBacklog(pool, tenantPrefix).finally(() => setTimeout(() => (snapshot = undefined), 500).unref());
    return snapshot;
  };
  new Gauge({
    name: 'hookgate_outbox_due_records',
    help: 'Outbox records due for delivery now, per tenant (tenants with due work only)',
    labelNames: ['tenant'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const b of await backlog().catch(() => [])) this.set({ tenant: b.tenant }, b.due);
    },
  });
  new Gauge({
    name: 'hookgate_outbox_oldest_due_age_seconds',
    help: 'Age of the oldest outbox record due for delivery (0 when none is due)',
    registers: [registry],
    async collect() {
      const rows = await backlog().catch(() => []);
      const oldest = Math.min(...rows.map((r) => r.oldest?.getTime() ?? Infinity));
      this.set(Number.isFinite(oldest) ? Math.max(0, (Date.now() - oldest) / 1000) : 0);
    },
  });
  new Gauge({
    name: 'hookgate_webhook_circuit_state',
    help: 'Circuit breaker of a configuration: 1 open, 2 half-open (closed circuits are absent; at most 100 series)',
    labelNames: ['tenant', 'config'],
    registers: [registry],
    async collect() {
      this.reset();
      const open = await listOpenCircuits(pool, { limit: CIRCUIT_SERIES, prefix: tenantPrefix }).catch(() => []);
      for (const c of open) this.set({ tenant: c.tenantId, config: c.configId }, c.state);
    },
  });
  const metrics: DispatcherMetrics = {
    deliveries: new Counter({
      name: 'hookgate_dispatcher_deliveries_total',
      help: 'Dispatch attempts settled, by the state they left the record in (delivered, retrying, dead)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    latency: new Histogram({
      name: 'hookgate_dispatcher_delivery_duration_seconds',
      help: 'Duration of delivery requests, by outcome',
      labelNames: ['outcome'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
  };
  created.set(registry, metrics);
  return metrics;
}

const created = new WeakMap<Registry, DispatcherMetrics>();

async function readBacklog(
  pool: pg.Pool,
  tenantPrefix: string,
): Promise<Array<{ tenant: string; due: number; oldest: Date | null }>> {
  const tenants = await listDueTenants(pool, { limit: BACKLOG_TENANTS, prefix: tenantPrefix });
  const result = [];
  for (const tenant of tenants) {
    const { due, oldest } = await countDueBacklog(pool, tenantOutbox(tenant));
    if (due > 0) result.push({ tenant, due, oldest });
  }
  return result;
}

import { ConfigError } from '../config-error';
import { envInt as int, type Env } from '../env';

/** Tuning of the dispatcher; every value has a default that suits one 2-core machine. */
export interface DispatcherSettings {
  /**
   * Most deliveries in flight at once, over all tenants (also the most undici connections per
   * origin; a connection is opened only for a request that finds none idle, so each origin has
   * as many as its configurations' windows keep busy).
   */
  concurrency: number;
  /**
   * Most deliveries in flight at once for one tenant (docs/api.md#fairness): a tenant whose endpoints
   * are slow holds at most this many of the `concurrency` slots, so other tenants' deliveries still
   * start. Within it each configuration's window adapts to its endpoint (window.ts).
   */
  tenantConcurrency: number;
  /** Records claimed per statement. */
  batchSize: number;
  /** How long a claim holds a record before another dispatcher may take it (renewed while in flight). */
  leaseMs: number;
  /** The safety-net poll of the due-tenant hints (the only wake-up on the embedded database). */
  pollMs: number;
  /** Tenants drained at the same time. */
  tenantsInParallel: number;
  /**
   * Only tenants whose id starts with this are dispatched ('' = all): splits tenants between
   * dispatcher fleets, and keeps test dispatchers to their own tenants.
   */
  tenantPrefix: string;
  /** Consecutive failed attempts of a configuration that open its circuit (0: no circuit breaker). */
  circuitFailures: number;
  /** How long an open circuit stays open before its one probe attempt. */
  circuitOpenMs: number;
  /** Connections of the dispatcher's own pool (PostgreSQL only; embedded shares the one connection). */
  poolSize: number;
}

function tenantPrefix(raw: string | undefined): string {
  const prefix = raw?.trim() ?? '';
  if (prefix !== '' && !/^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/.test(prefix)) {
    throw new ConfigError('DISPATCHER_TENANT_PREFIX must be the beginning of a tenant id (letters, digits, _ and -)');
  }
  return prefix;
}

/**
 * DISPATCHER_CONCURRENCY, DISPATCHER_TENANT_CONCURRENCY, DISPATCHER_BATCH_SIZE, DISPATCHER_LEASE_SECONDS,
 * DISPATCHER_POLL_MS, DISPATCHER_TENANTS_IN_PARALLEL, DISPATCHER_DB_POOL_SIZE, DISPATCHER_TENANT_PREFIX,
 * WEBHOOK_CIRCUIT_FAILURES, WEBHOOK_CIRCUIT_OPEN_SECONDS; bad values stop the process like every other setting.
 */
export function loadDispatcherSettings(env: Env, embedded: boolean): DispatcherSettings {
  return {
    concurrency: int(env, 'DISPATCHER_CONCURRENCY', 4096, 1, 65_536),
    tenantConcurrency: int(env, 'DISPATCHER_TENANT_CONCURRENCY', 1024, 1, 65_536),
    batchSize: int(env, 'DISPATCHER_BATCH_SIZE', 100, 1, 1000),
    leaseMs: int(env, 'DISPATCHER_LEASE_SECONDS', 30, 2, 3600) * 1000,
    pollMs: int(env, 'DISPATCHER_POLL_MS', embedded ? 200 : 500, 10, 60_000),
    tenantsInParallel: int(env, 'DISPATCHER_TENANTS_IN_PARALLEL', 32, 1, 256),
    poolSize: int(env, 'DISPATCHER_DB_POOL_SIZE', 6, 2, 100),
    tenantPrefix: tenantPrefix(env.DISPATCHER_TENANT_PREFIX),
    circuitFailures: int(env, 'WEBHOOK_CIRCUIT_FAILURES', 20, 0, 1_000_000),
    circuitOpenMs: int(env, 'WEBHOOK_CIRCUIT_OPEN_SECONDS', 60, 1, 86_400) * 1000,
  };
}

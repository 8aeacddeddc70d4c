import { Counter, type Registry } from 'prom-client';
import type pg from 'pg';
import { retryOnConnectionLoss } from '../db/database';
import type { TenantSchemas } from '../db/tenant-schema';
import type { Logger } from '../logger';
import { deleteOldNoticeKeys } from '../outbox/operational';
import { deleteFinishedRecords, deleteOldHealthMinutes, tenantOutbox } from '../outbox/store';
import { deleteExpiredTriggerEvents } from '../triggers/delete-expired-events';
import { vacuumDeadTables } from './vacuum';

/** Rows one statement deletes at most: short transactions, short locks. */
export const RETENTION_BATCH = 1000;

interface RetentionSettings {
  /** Finished outbox records older than this are deleted; 0 keeps them forever. */
  outboxMs: number;
  /** Trigger events received longer ago than this are deleted; 0 keeps them forever. */
  triggerEventMs: number;
  intervalMs: number;
  /** Only tenants whose id starts with this ('' = all), as the dispatcher's DISPATCHER_TENANT_PREFIX. */
  tenantPrefix: string;
  /** RETENTION_VACUUM: after each pass, vacuum the tables autovacuum would (vacuum.ts). */
  vacuum: boolean;
}

export interface RetentionDeps {
  pool: pg.Pool;
  tenants: TenantSchemas;
  logger: Logger;
  registry: Registry;
  settings: RetentionSettings;
}

const counters = new WeakMap<Registry, { deleted: Counter<'kind'>; vacuumed: Counter }>();

function retentionCounters(registry: Registry) {
  let found = counters.get(registry);
  if (!found) {
    found = {
      deleted: new Counter({
        name: 'hookgate_retention_deleted_total',
        help: 'Rows deleted by the retention clean-up: finished outbox records (with their attempts) and trigger events',
        labelNames: ['kind'],
        registers: [registry],
      }),
      vacuumed: new Counter({
        name: 'hookgate_tables_vacuumed_total',
        help: 'Tables the retention clean-up vacuumed because their dead rows passed the autovacuum threshold',
        registers: [registry],
      }),
    };
    counters.set(registry, found);
  }
  return found;
}

/**
 * The retention clean-up: every `intervalMs`, deletes DELIVERED and DEAD outbox
 * records last changed longer ago than OUTBOX_RETENTION, with their attempts, tenant by tenant,
 * and trigger events older than TRIGGER_EVENT_RETENTION, in statements of at most 1,000 rows.
 * PENDING and RETRYING records are never deleted. Several processes may run it at once: each row
 * is deleted by exactly one of them (SKIP LOCKED), so they only share the work.
 */
export class RetentionCleanup {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly deleted: Counter<'kind'>;
  private readonly vacuumed: Counter;

  constructor(private readonly deps: RetentionDeps) {
    ({ deleted: this.deleted, vacuumed: this.vacuumed } = retentionCounters(deps.registry));
  }

  start(): void {
    const { outboxMs, triggerEventMs, intervalMs, vacuum } = this.deps.settings;
    if (outboxMs === 0 && triggerEventMs === 0 && !vacuum) return;
    this.timer = setInterval(() => void this.runOnce(), intervalMs);
    this.timer.unref();
    void this.runOnce();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; a pass still running when the next is due is not doubled. Never throws. */
  runOnce(): Promise<void> {
    this.running ??= this.pass()
      .catch((err) =>
        this.deps.logger.warn(
          { error: (err as { code?: string }).code ?? (err as Error).name },
          'retention clean-up failed; it runs again at its next interval',
        ),
      )
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async pass(): Promise<void> {
    const { pool, tenants, logger, settings } = this.deps;
    for (const { tenantId } of await tenants.listTenants()) {
      if (this.stopped) return;
      if (!tenantId.startsWith(settings.tenantPrefix)) continue;
      // Brings the tenant's schema to the latest version: the clean-up's index is in version 2.
      const outbox = tenantOutbox(tenantId, await tenants.ensure(tenantId));
      if (settings.outboxMs > 0) {
        await this.deleteAll('outbox', () =>
          retryOnConnectionLoss(
            () => deleteFinishedRecords(pool, outbox, { olderThanMs: settings.outboxMs, limit: RETENTION_BATCH }),
            { logger, what: 'retention' },
          ),
        );
      }
      // Health counters serve the last 24 hours only, whatever the outbox keeps.
      await retryOnConnectionLoss(() => deleteOldHealthMinutes(pool, outbox), { logger, what: 'retention' });
      // Operational notices' key rows matter only while their minute's notice can be joined.
      await this.deleteAll(null, () =>
        retryOnConnectionLoss(() => deleteOldNoticeKeys(pool, outbox, RETENTION_BATCH), { logger, what: 'retention' }),
      );
    }
    if (settings.triggerEventMs > 0) {
      await this.deleteAll('trigger_event', () =>
        retryOnConnectionLoss(
          () =>
            deleteExpiredTriggerEvents(pool, {
              olderThanMs: settings.triggerEventMs,
              limit: RETENTION_BATCH,
              tenantPrefix: settings.tenantPrefix,
            }),
          { logger, what: 'retention' },
        ),
      );
    }
    if (settings.vacuum && !this.stopped) this.vacuumed.inc(await vacuumDeadTables(pool));
  }

  /**
   * Deletes batch after batch until a batch comes back short (nothing more is expired now);
   * `kind` null for bookkeeping rows hookgate_retention_deleted_total does not count.
   */
  private async deleteAll(kind: 'outbox' | 'trigger_event' | null, deleteBatch: () => Promise<number>): Promise<void> {
    for (;;) {
      const n = await deleteBatch();
      if (n > 0 && kind !== null) this.deleted.labels(kind).inc(n);
      if (n < RETENTION_BATCH || this.stopped) return;
    }
  }
}

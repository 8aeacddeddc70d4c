import crypto from 'node:crypto';
import os from 'node:os';
import type { Registry } from 'prom-client';
import type { Agent } from 'undici';
import type pg from 'pg';
import { inTransaction, retryOnConnectionLoss, type Queryable } from '../db/database';
import { tenantSchemaName } from '../db/tenant-schema';
import { isConnectionError } from '../errors';
import type { Logger } from '../logger';
import { dueTenants, localWakeups, pullTenantHint, retireTenant } from '../outbox/due-tenants';
import { claimDue, outboxTable, rescueExpired, type ClaimedRecord } from './claim';
import { createDeliveryAgent, sendDelivery } from './deliver';
import { createDispatcherMetrics, type DispatcherMetrics } from './metrics';
import { prepareDelivery } from './request';
import { extendClaims, releaseClaims, settleBatch, type Settlement } from './settle';
import type { DispatcherSettings } from './settings';
import { Slots, SlotsClosedError } from './slots';
import { nextState } from './transitions';
import { OutboxListener } from './wake';

export interface DispatcherDeps {
  /** The dispatcher's connections: its own pool on PostgreSQL, so API load never queues its claims. */
  pool: pg.Pool;
  logger: Logger;
  registry: Registry;
  headerPrefix: string;
  allowPrivateTargets: boolean;
  settings: DispatcherSettings;
  /** The server to LISTEN on; unset on the embedded database, where NOTIFY does not cross connections. */
  listenUrl?: string;
}

interface DrainState {
  again: boolean;
  /**
   * Whether a drain that finds nothing may retire the tenant's hint: only for wake-ups of the
   * tick or a retry timer. A NOTIFY for a change already claimed finds nothing too, and retiring
   * then would cost a commit per change and make the next writer rewrite the hint.
   */
  mayRetire: boolean;
  /** Wakes a drain that waits for its batches in flight. */
  kick?: () => void;
}

/** Most due tenants one tick reads; the rest are next tick's, earliest due first. */
const TENANTS_PER_TICK = 500;
/** Claimed batches of one tenant in flight at once: the next claim overlaps the current sends. */
const BATCHES_AHEAD = 2;
/** A tenant whose drain failed for another reason than a lost connection is left alone this long. */
const FAILED_TENANT_PAUSE_MS = 30_000;
/** Retries due within this horizon get a timer of their own instead of waiting for a poll. */
const TIMER_HORIZON_MS = 60_000;

/**
 * The dispatcher: claim → deliver → settle, per tenant with due work.
 *
 * Woken by NOTIFY (real PostgreSQL), by in-process writers (embedded), by a timer for a known
 * next retry, and by a short poll of the due-tenant hints, which alone would suffice: the others
 * only make it sooner. Everything it knows is also in the tables, so a crash at any point loses
 * nothing: claimed records come back when their lease runs out.
 */
export class Dispatcher {
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private readonly agent: Agent;
  private readonly metrics: DispatcherMetrics;
  private readonly slots: Slots;
  private running = false;
  private ticking = false;
  /** Tenants being drained; `again` asks for another claim (a wake-up arrived meanwhile). */
  private readonly active = new Map<string, DrainState>();
  /** Tenants waiting for a free drain slot, and whether a poll asked for them. */
  private readonly queued = new Map<string, boolean>();
  private readonly pausedUntil = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly drains = new Set<Promise<void>>();
  private pollTimer: NodeJS.Timeout | undefined;
  private listener: OutboxListener | undefined;
  private readonly onLocalWakeup = (tenantId: string) => this.wake(tenantId);

  constructor(private readonly deps: DispatcherDeps) {
    this.agent = createDeliveryAgent({
      connectionsPerOrigin: deps.settings.concurrency,
      allowPrivateTargets: deps.allowPrivateTargets,
    });
    this.metrics = createDispatcherMetrics(deps.registry, deps.pool, deps.settings.tenantPrefix);
    this.slots = new Slots(deps.settings.concurrency);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    if (this.deps.listenUrl) {
      this.listener = new OutboxListener(
        this.deps.listenUrl,
        this.deps.logger,
        (t) => this.wake(t),
        () => void this.tick(),
      );
      this.listener.start();
    } else {
      localWakeups.on('due', this.onLocalWakeup);
    }
    this.pollTimer = setInterval(() => void this.tick(), this.deps.settings.pollMs);
    void this.tick();
    this.deps.logger.info({ worker: this.workerId, listen: !!this.deps.listenUrl }, 'dispatcher started');
  }

  /**
   * Stops claiming, lets requests already sent finish and settles them, and gives back the
   * records claimed but not sent (due again at once, for any dispatcher).
   */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    clearInterval(this.pollTimer);
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    localWakeups.off('due', this.onLocalWakeup);
    await this.listener?.stop();
    this.queued.clear();
    this.slots.close();
    while (this.drains.size > 0) await Promise.allSettled([...this.drains]);
    await this.agent.close().catch(() => undefined);
    this.deps.logger.info({ worker: this.workerId }, 'dispatcher stopped');
  }

  /** A hint that `tenantId` may have due records; `polled`: from the tick or a retry timer. */
  wake(tenantId: string, polled = false): void {
    if (!this.running || !tenantId.startsWith(this.deps.settings.tenantPrefix)) return;
    const paused = this.pausedUntil.get(tenantId);
    if (paused !== undefined) {
      if (paused > Date.now()) return;
      this.pausedUntil.delete(tenantId);
    }
    const state = this.active.get(tenantId);
    if (state) {
      state.again = true;
      state.mayRetire ||= polled;
      state.kick?.();
      return;
    }
    if (this.active.size >= this.deps.settings.tenantsInParallel) {
      this.queued.set(tenantId, (this.queued.get(tenantId) ?? false) || polled);
      return;
    }
    const pass: DrainState = { again: false, mayRetire: polled };
    this.active.set(tenantId, pass);
    const drain = this.drain(tenantId, pass).finally(() => {
      this.active.delete(tenantId);
      this.drains.delete(drain);
      // A wake-up that came while the drain was finishing must not wait for the next poll.
      if (pass.again) this.wake(tenantId, pass.mayRetire);
      const next = this.queued.entries().next();
      if (!next.done) {
        this.queued.delete(next.value[0]);
        this.wake(next.value[0], next.value[1]);
      }
    });
    this.drains.add(drain);
  }

  /** One tick now, resolved when the drains it started have finished (benchmarks, tests). */
  async tickNow(): Promise<void> {
    await this.tick();
    while (this.drains.size > 0) await Promise.allSettled([...this.drains]);
  }

  private async tick(): Promise<void> {
    if (this.ticking || !this.running) return;
    this.ticking = true;
    try {
      const tenants = await dueTenants(this.deps.pool, TENANTS_PER_TICK, this.deps.settings.tenantPrefix);
      for (const tenantId of tenants) this.wake(tenantId, true);
    } catch (err) {
      this.logFailure(err, 'dispatcher tick failed');
    } finally {
      this.ticking = false;
    }
  }

  /**
   * Claims and delivers a tenant's due records until none is left, claiming again at once when a
   * wake-up arrives while batches are in flight (that keeps NOTIFY-to-request latency low).
   * Only a drain that found nothing at all retires the tenant's hint: a busy tenant stays due,
   * so the next tick looks again, and the hint row is not rewritten after every change.
   */
  private async drain(tenantId: string, pass: DrainState): Promise<void> {
    const schema = tenantSchemaName(tenantId);
    const { pool } = this.deps;
    const { batchSize, leaseMs } = this.deps.settings;
    const inFlight = new Set<Promise<void>>();
    let claimedAny = false;
    try {
      if (pass.mayRetire) {
        // Polled drains (not every NOTIFY) look for leases that ran out: the hint is due at a lease's end.
        await retryOnConnectionLoss(() => rescueExpired(pool, schema), {
          logger: this.deps.logger,
          what: 'outbox rescue',
        });
      }
      while (this.running) {
        pass.again = false;
        const batch = await retryOnConnectionLoss(
          () => claimDue(pool, { schema, tenantId, workerId: this.workerId, limit: batchSize, leaseMs }),
          { logger: this.deps.logger, what: 'outbox claim' },
        );
        if (batch.length > 0) {
          claimedAny = true;
          const work: Promise<void> = this.processBatch(tenantId, schema, batch).finally(() => inFlight.delete(work));
          inFlight.add(work);
        }
        if (batch.length === batchSize || pass.again) {
          while (inFlight.size >= BATCHES_AHEAD) await Promise.race(inFlight);
          continue;
        }
        while (inFlight.size > 0 && !pass.again) {
          await Promise.race([...inFlight, new Promise<void>((resolve) => (pass.kick = resolve))]);
          pass.kick = undefined;
        }
        if (!pass.again) break;
      }
      await Promise.all(inFlight);
      if (claimedAny || !pass.mayRetire) return;
      const retire = await retryOnConnectionLoss(
        () => retireTenant((fn) => this.transaction(fn), tenantId, outboxTable(schema)),
        { logger: this.deps.logger, what: 'outbox hint' },
      );
      if (retire.retired) this.scheduleTimer(tenantId, retire.wakeAt);
    } catch (err) {
      await Promise.allSettled([...inFlight]);
      this.logFailure(err, 'dispatcher could not drain a tenant', tenantId);
      if (!isConnectionError(err)) this.pausedUntil.set(tenantId, Date.now() + FAILED_TENANT_PAUSE_MS);
    }
  }

  private transaction<T>(fn: (client: Queryable) => Promise<T>): Promise<T> {
    return inTransaction(this.deps.pool, fn);
  }

  /** Delivers one claimed batch and settles it in one statement; never throws. */
  private async processBatch(tenantId: string, schema: string, records: ClaimedRecord[]): Promise<void> {
    const { pool } = this.deps;
    const held = new Set(records.map((r) => r.id));
    const renew = setInterval(
      () => {
        extendClaims(pool, schema, this.workerId, [...held], this.deps.settings.leaseMs).catch((err) =>
          this.logFailure(err, 'dispatcher could not renew its leases'),
        );
      },
      Math.max(500, Math.floor(this.deps.settings.leaseMs / 3)),
    );
    const settled: Settlement[] = [];
    const unsent: string[] = [];
    try {
      await Promise.all(
        records.map(async (record) => {
          try {
            await this.slots.acquire();
          } catch (err) {
            if (!(err instanceof SlotsClosedError)) throw err;
            unsent.push(record.id);
            return;
          }
          try {
            settled.push(await this.attempt(record));
          } finally {
            this.slots.release();
          }
        }),
      );
    } finally {
      clearInterval(renew);
    }
    try {
      if (settled.length > 0) {
        const done = await retryOnConnectionLoss(() => settleBatch(pool, schema, this.workerId, settled), {
          logger: this.deps.logger,
          what: 'outbox settle',
        });
        const counts = new Map<string, number>();
        for (const s of settled)
          if (done.has(s.id)) counts.set(s.transition.status, (counts.get(s.transition.status) ?? 0) + 1);
        for (const [status, n] of counts) this.metrics.deliveries.labels(status.toLowerCase()).inc(n);
      }
      if (unsent.length > 0) {
        await retryOnConnectionLoss(
          async () => {
            await releaseClaims(pool, schema, this.workerId, unsent);
            // Due again at once, for any dispatcher: a retire that saw the lease may have pushed the hint.
            await pullTenantHint(pool, tenantId);
          },
          { logger: this.deps.logger, what: 'outbox release' },
        );
      }
    } catch (err) {
      // The records stay leased to this worker and come back when the lease runs out.
      this.logFailure(err, 'dispatcher could not settle a batch; its records will be retried after their lease');
    }
  }

  /** One dispatch attempt of one record: the request (or the reason for none) and its result. */
  private async attempt(record: ClaimedRecord): Promise<Settlement> {
    const prepared = prepareDelivery(record, record.config, this.deps.headerPrefix, Math.floor(Date.now() / 1000));
    if ('refused' in prepared) {
      const transition = nextState(record, record.config, prepared.refused);
      return {
        id: record.id,
        transition,
        attempt: { startedAt: Date.now(), durationMs: 0, statusCode: null, error: transition.lastError },
      };
    }
    const sent = await sendDelivery(this.agent, prepared.request);
    const transition = nextState(record, record.config, sent.outcome);
    this.metrics.latency.labels(transition.status.toLowerCase()).observe(sent.durationMs / 1000);
    return {
      id: record.id,
      transition,
      attempt: {
        startedAt: sent.startedAt,
        durationMs: sent.durationMs,
        statusCode: sent.outcome.kind === 'response' ? sent.outcome.statusCode : null,
        error: transition.lastError,
      },
    };
  }

  /** A timer for a tenant's next known wake-up, so retries go out on time between polls. */
  private scheduleTimer(tenantId: string, wakeAt: Date | null): void {
    clearTimeout(this.timers.get(tenantId));
    this.timers.delete(tenantId);
    if (!wakeAt || !this.running) return;
    const delay = wakeAt.getTime() - Date.now();
    if (delay <= 0 || delay > TIMER_HORIZON_MS) return;
    const timer = setTimeout(() => {
      this.timers.delete(tenantId);
      this.wake(tenantId, true);
    }, delay + 5);
    timer.unref();
    this.timers.set(tenantId, timer);
  }

  private logFailure(err: unknown, message: string, tenantId?: string): void {
    const e = err as { code?: unknown; name?: unknown };
    const fields = {
      worker: this.workerId,
      tenant: tenantId,
      error: typeof e?.code === 'string' ? e.code : String(e?.name ?? 'Error'),
    };
    if (isConnectionError(err)) this.deps.logger.warn(fields, `${message} (database unreachable)`);
    else this.deps.logger.error(fields, message);
  }
}

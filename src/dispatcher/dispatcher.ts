import crypto from 'node:crypto';
import os from 'node:os';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import { inTransaction, retryOnConnectionLoss } from '../db/database';
import { TenantSchemas } from '../db/tenant-schema';
import { isConnectionError } from '../errors';
import type { Logger } from '../logger';
import {
  claimControlledRecords,
  claimDueRecords,
  rescueExpiredLeases,
  retireTenant,
  tenantOutbox,
  type ClaimedRecord,
  type TenantOutbox,
} from '../outbox/store';
import { BatchDeliverer } from './batch-deliverer';
import { logDispatcherFailure } from './log-failure';
import { createDispatcherMetrics } from './metrics';
import { TenantScheduler, type DrainOutcome, type TenantWakeups } from './scheduler';
import type { DispatcherSettings } from './settings';

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

const STAYS_DUE: DrainOutcome = { kind: 'stays-due' };

/**
 * Records held back by a limit (pace, in-flight cap, circuit) that free up within this long keep
 * the drain claiming; later ones are left to the poll. Also how often an in-flight cap or a probe
 * in flight, which only another process's settle may free, is looked at again.
 */
const HELD_RECHECK_MS = 100;
const HELD_HORIZON_MS = 1000;
/** Small batches of a paced configuration still sending at once, at most. */
const HELD_BATCHES_AHEAD = 8;

/**
 * The dispatcher: the scheduler (scheduler.ts) picks a tenant with due work → its records are
 * claimed here by batch → delivered, each record settled as its request ends (batch-deliverer.ts).
 *
 * Everything it knows is also in the tables, so a crash at any point loses nothing: claimed
 * records come back when their lease runs out.
 */
export class Dispatcher {
  readonly workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  private readonly scheduler: TenantScheduler;
  private readonly deliverer: BatchDeliverer;
  private readonly schemas: TenantSchemas;

  constructor(private readonly deps: DispatcherDeps) {
    this.schemas = new TenantSchemas(deps.pool);
    this.deliverer = new BatchDeliverer({
      pool: deps.pool,
      logger: deps.logger,
      workerId: this.workerId,
      headerPrefix: deps.headerPrefix,
      allowPrivateTargets: deps.allowPrivateTargets,
      settings: deps.settings,
      metrics: createDispatcherMetrics(deps.registry, deps.pool, deps.settings.tenantPrefix),
    });
    this.scheduler = new TenantScheduler({
      pool: deps.pool,
      logger: deps.logger,
      settings: deps.settings,
      workerId: this.workerId,
      listenUrl: deps.listenUrl,
      drainTenant: (tenantId, wakeups) => this.drainTenant(tenantId, wakeups),
    });
  }

  start(): void {
    if (!this.scheduler.start()) return;
    this.deps.logger.info({ worker: this.workerId, listen: !!this.deps.listenUrl }, 'dispatcher started');
  }

  /**
   * Stops claiming, lets requests already sent finish and settles them, and gives back the
   * records claimed but not sent (due again at once, for any dispatcher).
   */
  async stop(): Promise<void> {
    if (!(await this.scheduler.stop())) return;
    this.deliverer.refuseNewSends();
    await this.scheduler.drainsFinished();
    await this.deliverer.close();
    this.deps.logger.info({ worker: this.workerId }, 'dispatcher stopped');
  }

  /** A hint that `tenantId` may have due records; `polled`: from the poll or a retry timer. */
  wake(tenantId: string, polled = false): void {
    this.scheduler.wake(tenantId, polled);
  }

  /** One poll of the due tenants now, resolved when the drains it started have finished (benchmarks, tests). */
  async tickNow(): Promise<void> {
    await this.scheduler.pollNow();
  }

  /**
   * Claims a tenant's due records batch by batch and hands each to the deliverer, until none is
   * left; claims again at once when a wake-up arrives while batches are in flight (that keeps
   * NOTIFY-to-request latency low). Only a drain that found nothing at all retires the tenant's
   * hint: a busy tenant stays due, so the next poll looks again, and the hint row is not
   * rewritten after every change.
   */
  private async drainTenant(tenantId: string, wakeups: TenantWakeups): Promise<DrainOutcome> {
    const { pool, logger } = this.deps;
    let outbox: TenantOutbox;
    try {
      outbox = tenantOutbox(tenantId, await this.schemas.upgradeExisting(tenantId));
    } catch (err) {
      logDispatcherFailure(
        logger,
        this.workerId,
        err,
        'dispatcher could not bring a tenant schema up to date',
        tenantId,
      );
      return { kind: 'failed', pause: !isConnectionError(err) };
    }
    const { batchSize } = this.deps.settings;
    /** Batches not settled yet; of them, those with records not sent yet. */
    const inFlight = new Set<Promise<void>>();
    const sending = new Set<Promise<unknown>>();
    let claimedAny = false;
    try {
      if (wakeups.mayRetire) {
        // Polled drains (not every NOTIFY) look for leases that ran out: the hint is due at a lease's end.
        await retryOnConnectionLoss(() => rescueExpiredLeases(pool, outbox), { logger, what: 'outbox rescue' });
      }
      while (this.scheduler.isRunning) {
        wakeups.again = false;
        const { batch, waitMs, leftOut } = await this.claim(outbox);
        if (batch.length > 0) {
          claimedAny = true;
          const run = this.deliverer.deliverAndSettle(outbox, batch);
          // A batch that fails (only a bug in a send rejects) stays in inFlight, so that the next
          // race or Promise.all of the drain throws it into the catch below. It may fail while the
          // drain awaits a claim, before anything races it: marked handled here, so that the
          // process does not end on an unhandled rejection meanwhile.
          const delivery: Promise<void> = run.settled.then(() => {
            inFlight.delete(delivery);
          });
          delivery.catch(() => undefined);
          inFlight.add(delivery);
          const sent: Promise<unknown> = run.sent.then(() => sending.delete(sent));
          sending.add(sent);
        }
        // A claim that left configurations out (a batch of theirs already waits for slots) says
        // nothing about how much is due: the drain goes on claiming as their slots free, instead
        // of waiting for every batch in flight and ending until the next poll. (Records held for
        // their pace have a time to claim again at: the branch after this one.)
        if (batch.length >= batchSize || wakeups.again || (leftOut && waitMs === null)) {
          // Claims ahead of the sends as long as the tenant's slots keep up (BatchDeliverer.claimedEnough).
          while (this.deliverer.claimedEnough(tenantId, sending.size)) {
            // Batches held up by a configuration at its share (its endpoint hangs, say) do not
            // keep a new change of another configuration of the tenant waiting: it is claimed
            // beside them, with the held configurations left out.
            if (wakeups.again && this.deliverer.saturatedConfigs(tenantId).length > 0) break;
            const room = this.deliverer.whenRoomFor(tenantId);
            await Promise.race([
              ...inFlight,
              ...sending,
              ...(room ? [room] : []),
              new Promise<void>((resolve) => (wakeups.onWakeup = resolve)),
            ]);
            wakeups.onWakeup = undefined;
          }
          continue;
        }
        if (waitMs !== null && waitMs <= HELD_HORIZON_MS) {
          // Records wait for the pace, a free slot or a probe: claim again when one may be free.
          while (sending.size >= HELD_BATCHES_AHEAD) await Promise.race([...inFlight, ...sending]);
          await Promise.race([
            ...inFlight,
            new Promise<void>((resolve) => setTimeout(resolve, waitMs)),
            new Promise<void>((resolve) => (wakeups.onWakeup = resolve)),
          ]);
          wakeups.onWakeup = undefined;
          continue;
        }
        while (inFlight.size > 0 && !wakeups.again) {
          await Promise.race([...inFlight, new Promise<void>((resolve) => (wakeups.onWakeup = resolve))]);
          wakeups.onWakeup = undefined;
        }
        if (!wakeups.again) break;
      }
      await Promise.all(inFlight);
      if (claimedAny || !wakeups.mayRetire) return STAYS_DUE;
      const retire = await retryOnConnectionLoss(() => inTransaction(pool, (client) => retireTenant(client, outbox)), {
        logger,
        what: 'outbox hint',
      });
      return retire.retired ? { kind: 'retired', wakeAt: retire.wakeAt } : STAYS_DUE;
    } catch (err) {
      await Promise.allSettled([...inFlight]);
      logDispatcherFailure(logger, this.workerId, err, 'dispatcher could not drain a tenant', tenantId);
      return { kind: 'failed', pause: !isConnectionError(err) };
    }
  }

  /**
   * One claim of a tenant's due records: those of configurations without delivery controls in one
   * statement; when the tenant has controlled ones, theirs as their limits allow (in a short
   * transaction that serialises them per tenant across dispatchers). `waitMs`: see ControlledClaim.
   */
  private async claim(
    outbox: TenantOutbox,
  ): Promise<{ batch: ClaimedRecord[]; waitMs: number | null; leftOut: boolean }> {
    const { pool, logger } = this.deps;
    const { batchSize, leaseMs } = this.deps.settings;
    const workerId = this.workerId;
    const excludeConfigIds = this.deliverer.saturatedConfigs(outbox.tenantId);
    const free = await retryOnConnectionLoss(
      () =>
        claimDueRecords(pool, outbox, {
          workerId,
          limit: this.deliverer.claimLimit(outbox.tenantId),
          leaseMs,
          excludeConfigIds,
        }),
      {
        logger,
        what: 'outbox claim',
      },
    );
    const leftOut = excludeConfigIds.length > 0;
    if (free.controlled === 0) return { batch: free.records, waitMs: null, leftOut };
    // A batch of their own, so a backlog of the other configurations does not starve them.
    const limit = batchSize;
    const controlled = await retryOnConnectionLoss(
      () =>
        inTransaction(pool, (client) =>
          claimControlledRecords(client, outbox, {
            workerId,
            limit,
            leaseMs,
            recheckMs: HELD_RECHECK_MS,
            excludeConfigIds,
          }),
        ),
      { logger, what: 'outbox claim' },
    );
    return { batch: free.records.concat(controlled.records), waitMs: controlled.waitMs, leftOut };
  }
}

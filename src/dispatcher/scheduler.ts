import type pg from 'pg';
import type { Logger } from '../logger';
import { localWakeups } from '../outbox/due-tenants';
import { listDueTenants } from '../outbox/store';
import { logDispatcherFailure } from './log-failure';
import type { DispatcherSettings } from './settings';
import { OutboxListener } from './wake';

/** Shared by the scheduler and the drain of one tenant while it runs. */
export interface TenantWakeups {
  /** A wake-up arrived since the drain last claimed: it claims again. */
  again: boolean;
  /**
   * Whether a drain that finds nothing may retire the tenant's hint: only for wake-ups of the
   * poll or a retry timer. A NOTIFY for a change already claimed finds nothing too, and retiring
   * then would cost a commit per change and make the next writer rewrite the hint.
   */
  mayRetire: boolean;
  /** Set by a drain while it waits for its batches in flight: called on each wake-up. */
  onWakeup?: () => void;
}

/** How a drain of one tenant ended, which decides when the scheduler looks at the tenant again. */
export type DrainOutcome =
  /** It claimed something, or could not retire the hint: the next poll looks again. */
  | { kind: 'stays-due' }
  /** Nothing was claimable and the hint now says when something will be (null: never). */
  | { kind: 'retired'; wakeAt: Date | null }
  /** It failed; `pause`: for another reason than a lost connection, so leave the tenant alone a while. */
  | { kind: 'failed'; pause: boolean };

type DrainTenant = (tenantId: string, wakeups: TenantWakeups) => Promise<DrainOutcome>;

export interface SchedulerDeps {
  pool: pg.Pool;
  logger: Logger;
  settings: DispatcherSettings;
  workerId: string;
  /** The server to LISTEN on; unset on the embedded database, where NOTIFY does not cross connections. */
  listenUrl?: string;
  drainTenant: DrainTenant;
}

/** Most due tenants one poll reads; the rest are next poll's, earliest due first. */
const TENANTS_PER_POLL = 500;
/** A tenant whose drain failed for another reason than a lost connection is left alone this long. */
const FAILED_TENANT_PAUSE_MS = 30_000;
/** Retries due within this horizon get a timer of their own instead of waiting for a poll. */
const TIMER_HORIZON_MS = 60_000;

/**
 * Decides which tenants are drained, and when: at most `tenantsInParallel` at once, the others
 * queued. Woken by NOTIFY (real PostgreSQL), by in-process writers (embedded), by a timer for a
 * known next retry, and by a short poll of the due-tenant hints, which alone would suffice: the
 * others only make it sooner. A tenant whose drain failed is paused a while.
 */
export class TenantScheduler {
  private running = false;
  private polling = false;
  /** Tenants being drained, with what the scheduler tells their drain. */
  private readonly draining = new Map<string, TenantWakeups>();
  /** Tenants waiting for a free drain, and whether a poll or timer asked for them. */
  private readonly waiting = new Map<string, boolean>();
  private readonly pausedUntil = new Map<string, number>();
  private readonly retryTimers = new Map<string, NodeJS.Timeout>();
  private readonly drains = new Set<Promise<void>>();
  private pollTimer: NodeJS.Timeout | undefined;
  private listener: OutboxListener | undefined;
  private readonly onLocalWakeup = (tenantId: string) => this.wake(tenantId);

  constructor(private readonly deps: SchedulerDeps) {}

  get isRunning(): boolean {
    return this.running;
  }

  /** Returns false when it was already running. */
  start(): boolean {
    if (this.running) return false;
    this.running = true;
    if (this.deps.listenUrl) {
      this.listener = new OutboxListener(
        this.deps.listenUrl,
        this.deps.logger,
        (t) => this.wake(t),
        () => void this.poll(),
      );
      this.listener.start();
    } else {
      localWakeups.on('due', this.onLocalWakeup);
    }
    this.pollTimer = setInterval(() => void this.poll(), this.deps.settings.pollMs);
    void this.poll();
    return true;
  }

  /** Stops all wake-ups; drains already running go on (see `drainsFinished`). Returns false when not running. */
  async stop(): Promise<boolean> {
    if (!this.running) return false;
    this.running = false;
    clearInterval(this.pollTimer);
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
    localWakeups.off('due', this.onLocalWakeup);
    await this.listener?.stop();
    this.waiting.clear();
    return true;
  }

  /** Resolves when no drain runs any more. */
  async drainsFinished(): Promise<void> {
    while (this.drains.size > 0) await Promise.allSettled([...this.drains]);
  }

  /** A hint that `tenantId` may have due records; `polled`: from the poll or a retry timer. */
  wake(tenantId: string, polled = false): void {
    if (!this.running || !tenantId.startsWith(this.deps.settings.tenantPrefix)) return;
    const paused = this.pausedUntil.get(tenantId);
    if (paused !== undefined) {
      if (paused > Date.now()) return;
      this.pausedUntil.delete(tenantId);
    }
    const running = this.draining.get(tenantId);
    if (running) {
      running.again = true;
      running.mayRetire ||= polled;
      running.onWakeup?.();
      return;
    }
    if (this.draining.size >= this.deps.settings.tenantsInParallel) {
      this.waiting.set(tenantId, (this.waiting.get(tenantId) ?? false) || polled);
      return;
    }
    const wakeups: TenantWakeups = { again: false, mayRetire: polled };
    this.draining.set(tenantId, wakeups);
    const drain = this.deps
      .drainTenant(tenantId, wakeups)
      .then((outcome) => this.afterDrain(tenantId, outcome))
      .finally(() => {
        this.draining.delete(tenantId);
        this.drains.delete(drain);
        // A wake-up that came while the drain was finishing must not wait for the next poll.
        if (wakeups.again) this.wake(tenantId, wakeups.mayRetire);
        const next = this.waiting.entries().next();
        if (!next.done) {
          this.waiting.delete(next.value[0]);
          this.wake(next.value[0], next.value[1]);
        }
      });
    this.drains.add(drain);
  }

  /** One poll now, resolved when the drains it started have finished (benchmarks, tests). */
  async pollNow(): Promise<void> {
    await this.poll();
    await this.drainsFinished();
  }

  private async poll(): Promise<void> {
    if (this.polling || !this.running) return;
    this.polling = true;
    try {
      const tenants = await listDueTenants(this.deps.pool, {
        limit: TENANTS_PER_POLL,
        prefix: this.deps.settings.tenantPrefix,
      });
      for (const tenantId of tenants) this.wake(tenantId, true);
    } catch (err) {
      logDispatcherFailure(this.deps.logger, this.deps.workerId, err, 'dispatcher tick failed');
    } finally {
      this.polling = false;
    }
  }

  private afterDrain(tenantId: string, outcome: DrainOutcome): void {
    if (outcome.kind === 'retired') this.setRetryTimer(tenantId, outcome.wakeAt);
    else if (outcome.kind === 'failed' && outcome.pause)
      this.pausedUntil.set(tenantId, Date.now() + FAILED_TENANT_PAUSE_MS);
  }

  /** A timer for a tenant's next known wake-up, so retries go out on time between polls. */
  private setRetryTimer(tenantId: string, wakeAt: Date | null): void {
    clearTimeout(this.retryTimers.get(tenantId));
    this.retryTimers.delete(tenantId);
    if (!wakeAt || !this.running) return;
    const delay = wakeAt.getTime() - Date.now();
    if (delay <= 0 || delay > TIMER_HORIZON_MS) return;
    const timer = setTimeout(() => {
      this.retryTimers.delete(tenantId);
      this.wake(tenantId, true);
    }, delay + 5);
    timer.unref();
    this.retryTimers.set(tenantId, timer);
  }
}

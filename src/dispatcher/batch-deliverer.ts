import type pg from 'pg';
import { retryOnConnectionLoss } from '../db/database';
import type { Logger } from '../logger';
import { isSuccessStatus } from '../outbox/model';
import { encodeRecordId } from '../outbox/record-id';
import {
  extendLeases,
  pullTenantHint,
  recordCircuitOutcomes,
  releaseClaims,
  settleWithNotices,
  type ClaimedRecord,
  type Settlement,
  type TenantOutbox,
} from '../outbox/store';
import { circuitOutcomes, CleanCircuits, lastErrorsOf, type EndpointAttempt } from './circuit';
import type { DeliveryConnections } from './connections';
import { createDeliveryAgent, sendDelivery } from './deliver';
import { logDispatcherFailure } from './log-failure';
import type { DispatcherMetrics } from './metrics';
import { prepareEndpoint, signedRequest, type DeliveryConfig, type DeliveryEndpoint } from './request';
import type { DispatcherSettings } from './settings';
import { SettleQueue } from './settle-queue';
import { sendAsSlotsFree, Slots } from './slots';
import { nextState, type DispatchOutcome } from './transitions';
import { ConcurrencyWindow } from './window';
import { tracer } from '../tracing/tracer';

export interface BatchDelivererDeps {
  pool: pg.Pool;
  logger: Logger;
  workerId: string;
  headerPrefix: string;
  allowPrivateTargets: boolean;
  settings: DispatcherSettings;
  metrics: DispatcherMetrics;
}

/** A tenant's share of the slots, and each of its configurations' share of the tenant's. */
interface TenantShare {
  slots: Slots;
  users: number;
  /** Its records in this process's batches not sent yet. */
  waiting: number;
  /** Drains waiting for `waiting` to fall below a batch (whenRoomFor). */
  roomWaiters: Array<() => void>;
  configs: Map<string, ConfigShare>;
}

interface ConfigShare {
  /** Sized by `window`. */
  slots: Slots;
  window: ConcurrencyWindow;
  users: number;
  /** Its records in this process's batches not sent yet. */
  waiting: number;
  /** When this process last started one of its paced records (epoch ms). */
  lastPacedStart: number;
}

/**
 * How long the first result of a group waits for others before they are written: short beside a
 * request's round trip, long enough that a busy tenant writes tens of results per statement.
 */
const SETTLE_DELAY_MS = 10;

/** A request's result waiting in the settle queue, with its circuit outcome (none when no request was made). */
interface QueuedResult {
  outbox: TenantOutbox;
  record: ClaimedRecord;
  settlement: Settlement;
  attempt: EndpointAttempt | undefined;
}

/** A configuration's learnt window is forgotten after this long without a request. */
const WINDOW_IDLE_MS = 10 * 60_000;

/** A claim of a tenant whose slots sent all it had claimed takes this many batches' worth of records (at most 1000). */
const HUNGRY_CLAIM_BATCHES = 4;

/** Claimed batches of one tenant still sending at once, at most (a batch whose records are all sent holds only requests). */
const MAX_BATCHES_AHEAD = 32;

/**
 * Most requests in flight at once for one configuration in one dispatcher: all of the tenant's
 * `tenantConcurrency` but a quarter (at least one), so a configuration whose endpoint hangs
 * leaves the tenant's other configurations slots of their own (12 of the default 16).
 */
export function configConcurrency(tenantConcurrency: number): number {
  return Math.max(1, tenantConcurrency - Math.max(1, Math.floor(tenantConcurrency / 4)));
}

/**
 * Delivers claimed batches of one tenant and settles their records as they end: sends each record
 * (at most `concurrency` requests in flight across all batches, `tenantConcurrency` per tenant and
 * per configuration its ConcurrencyWindow, at most configConcurrency()), renews the leases of the
 * records not settled yet, writes each result with others of the tenant that ended about then
 * (SettleQueue: one statement per group), and gives back the records it did not send (shutdown).
 */
export class BatchDeliverer {
  private readonly agent: DeliveryConnections;
  private readonly slots: Slots;
  /** Each tenant's share of the slots, while it has deliveries waiting or in flight. */
  private readonly tenantSlots = new Map<string, TenantShare>();
  /** Each configuration's learnt window, kept between its batches. */
  private readonly windows = new Map<string, ConcurrencyWindow>();
  private windowsPrunedAt = Date.now();
  private closed = false;
  private readonly cleanCircuits = new CleanCircuits();
  private readonly latencySeries = new Map<string, { observe(seconds: number): void }>();
  /** Results of ended requests waiting to be written, per tenant (group commit). */
  private readonly settleQueue: SettleQueue<string, QueuedResult>;

  constructor(private readonly deps: BatchDelivererDeps) {
    this.agent = createDeliveryAgent({
      connectionsPerOrigin: deps.settings.concurrency,
      allowPrivateTargets: deps.allowPrivateTargets,
    });
    this.slots = new Slots(deps.settings.concurrency);
    this.settleQueue = new SettleQueue((_tenantId, group) => this.writeGroup(group), {
      maxGroup: deps.settings.batchSize,
      delayMs: SETTLE_DELAY_MS,
    });
  }

  /** Sends nothing more: records not sent yet are given back by their batch. */
  refuseNewSends(): void {
    this.closed = true;
    this.slots.close();
    for (const t of this.tenantSlots.values()) {
      t.slots.close();
      for (const c of t.configs.values()) c.slots.close();
    }
  }

  /**
   * The tenant's configurations of which this process holds a full batch waiting for their share
   * of slots: claiming more of their records would only lengthen that queue, so the claim leaves
   * them to the tenant's other configurations.
   */
  saturatedConfigs(tenantId: string): string[] {
    const share = this.tenantSlots.get(tenantId);
    if (!share) return [];
    const saturated: string[] = [];
    for (const [id, c] of share.configs) if (c.waiting >= this.deps.settings.batchSize) saturated.push(id);
    return saturated;
  }

  /**
   * Whether the drain of a tenant with `batches` batches in flight has claimed enough for now: a
   * batch or more of its records wait for slots, or MAX_BATCHES_AHEAD batches are in flight. So
   * it claims ahead (the next claim overlaps the current sends) as long as its slots take records
   * as fast as they are claimed.
   */
  claimedEnough(tenantId: string, batches: number): boolean {
    if (batches >= MAX_BATCHES_AHEAD) return true;
    return (this.tenantSlots.get(tenantId)?.waiting ?? 0) >= this.deps.settings.batchSize;
  }

  /**
   * Records the next claim of a tenant takes: a batch, or several when its slots have already
   * sent every record it claimed (claims, not endpoints, hold it back: fewer, larger statements).
   */
  claimLimit(tenantId: string): number {
    const { batchSize } = this.deps.settings;
    const share = this.tenantSlots.get(tenantId);
    if (!share || share.waiting > 0) return batchSize;
    return Math.max(batchSize, Math.min(1000, batchSize * HUNGRY_CLAIM_BATCHES));
  }

  /**
   * Resolves once fewer than a batch of the tenant's records wait to be sent; undefined when so
   * now (a promise resolved already would let a drain held back by its batches loop without ever
   * yielding).
   */
  whenRoomFor(tenantId: string): Promise<void> | undefined {
    const share = this.tenantSlots.get(tenantId);
    if (!share || share.waiting < this.deps.settings.batchSize) return undefined;
    return new Promise((resolve) => share.roomWaiters.push(resolve));
  }

  async close(): Promise<void> {
    await this.agent.close().catch(() => undefined);
  }

  /**
   * Delivers one claimed batch; each result is settled as its request ends, with others that end
   * about then (SettleQueue). `sent`: every record has been sent or given back (its slots hold
   * requests, no longer records waiting); `settled`: every result is written too, or rejects with
   * a send that failed once the others are written.
   */
  deliverAndSettle(outbox: TenantOutbox, records: ClaimedRecord[]): { sent: Promise<void>; settled: Promise<void> } {
    const { pool, workerId, settings } = this.deps;
    // Records whose result is not written yet: their leases are renewed until it is.
    const held = new Set(records.map((r) => r.id));
    const renewLeases = setInterval(
      () => {
        extendLeases(pool, outbox, { workerId, ids: [...held], leaseMs: settings.leaseMs }).catch((err) =>
          this.logFailure(err, 'dispatcher could not renew its leases'),
        );
      },
      Math.max(500, Math.floor(settings.leaseMs / 3)),
    );
    let markSent!: () => void;
    const sent = new Promise<void>((resolve) => (markSent = resolve));
    let queued = 0;
    let allWritten: (() => void) | undefined;
    const written = (id: string) => () => {
      held.delete(id);
      if (--queued === 0) allWritten?.();
    };
    const onResult = (record: ClaimedRecord, settlement: Settlement, attempt: EndpointAttempt | undefined) => {
      queued++;
      this.settleQueue.push(outbox.tenantId, { outbox, record, settlement, attempt }, written(record.id));
    };
    const settled = (async () => {
      let failure: { err: unknown } | undefined;
      try {
        const unsent = await this.deliverAll(outbox, records, onResult, markSent);
        markSent();
        if (unsent.length > 0) {
          for (const id of unsent) held.delete(id);
          try {
            await this.giveBack(outbox, unsent);
          } catch (err) {
            this.logFailure(
              err,
              'dispatcher could not give back a batch; its records will be retried after their lease',
            );
          }
        }
      } catch (err) {
        markSent();
        failure = { err };
      }
      if (queued > 0) await new Promise<void>((resolve) => (allWritten = resolve));
      clearInterval(renewLeases);
      if (failure) throw failure.err;
    })();
    return { sent, settled };
  }

  /**
   * The circuit outcomes and the results of one group of a tenant's ended requests, in one
   * statement each; never throws.
   */
  private async writeGroup(group: QueuedResult[]): Promise<void> {
    const { outbox } = group[0];
    const attempts = group.flatMap((g) => (g.attempt ? [g.attempt] : []));
    const settlements = group.map((g) => g.settlement);
    try {
      // Before the settle: while the group's records are still leased (in flight), a circuit due
      // for a probe lets no other probe start, so its outcome is written before a second one can.
      if (attempts.length > 0)
        await this.recordCircuit(
          outbox,
          attempts,
          lastErrorsOf(
            group.map((g) => g.record),
            settlements,
          ),
        );
    } catch (err) {
      this.logFailure(err, 'dispatcher could not record the circuit state of a batch');
    }
    try {
      await this.settle(outbox, settlements);
    } catch (err) {
      // The records stay leased to this worker and come back when the lease runs out.
      this.logFailure(err, 'dispatcher could not settle a batch; its records will be retried after their lease');
    }
  }

  /**
   * Sends every record of the batch, handing each result to `onResult` as its request ends;
   * `allSent` is called once the last record has been sent. Returns the records not sent (shutdown).
   */
  private async deliverAll(
    outbox: TenantOutbox,
    records: ClaimedRecord[],
    onResult: (record: ClaimedRecord, settlement: Settlement, attempt: EndpointAttempt | undefined) => void,
    allSent: () => void,
  ): Promise<string[]> {
    const tenant = this.tenantShare(outbox.tenantId);
    tenant.waiting += records.length;
    let tenantUnsent = records.length;
    const endpoints = new Endpoints(this.deps.headerPrefix);
    // One queue per configuration: a configuration at its share (or waiting for its pace) holds
    // back its own records only, not the batch's others.
    const groups = new Map<string | null, ClaimedRecord[]>();
    for (const r of records) {
      const key = r.config?.id ?? null;
      const group = groups.get(key);
      if (group) group.push(r);
      else groups.set(key, [r]);
    }
    const shares: Array<{ configId: string; share: ConfigShare; unsent: number }> = [];
    try {
      const sent = [...groups].map(([configId, group]) => {
        // The configuration's share first, then the tenant's: one at its cap waits without holding a wider slot.
        const config = configId === null ? undefined : this.configShare(tenant, configId, group.length);
        const held = config && { configId: configId!, share: config, unsent: group.length };
        if (held) shares.push(held);
        const slots = config ? [config.slots, tenant.slots, this.slots] : [tenant.slots, this.slots];
        const readyAt = config && group[0].pace ? (r: ClaimedRecord) => this.pacedStart(config, r) : undefined;
        return sendAsSlotsFree(
          group,
          slots,
          async (record) => {
            if (--tenantUnsent === 0) allSent();
            if (--tenant.waiting < this.deps.settings.batchSize && tenant.roomWaiters.length > 0)
              for (const wake of tenant.roomWaiters.splice(0)) wake();
            if (held) {
              held.share.waiting--;
              held.unsent--;
              if (record.pace) held.share.lastPacedStart = Date.now();
            }
            const { settlement, attempt } = await this.attemptDelivery(outbox.tenantId, record, endpoints, held?.share);
            onResult(record, settlement, attempt);
          },
          readyAt,
        );
      });
      const outcomes = await Promise.allSettled(sent);
      const failed = outcomes.find((o) => o.status === 'rejected');
      if (failed) throw failed.reason;
      return outcomes.flatMap((o) => (o.status === 'fulfilled' ? o.value.unsent.map((r) => r.id) : []));
    } finally {
      tenant.waiting -= tenantUnsent;
      if (tenant.waiting < this.deps.settings.batchSize) for (const wake of tenant.roomWaiters.splice(0)) wake();
      for (const held of shares) {
        held.share.waiting -= held.unsent;
        if (--held.share.users === 0) {
          held.share.window.attach(undefined);
          tenant.configs.delete(held.configId);
        }
      }
      if (--tenant.users === 0) this.tenantSlots.delete(outbox.tenantId);
    }
  }

  /**
   * When a paced record may start: its reserved time, and one emission interval after this
   * process's previous start of the configuration (timers that fire late together still space out).
   */
  private pacedStart(config: ConfigShare, record: ClaimedRecord): number {
    if (!record.pace) return 0;
    return Math.max(record.pace.notBefore, config.lastPacedStart + record.pace.intervalMs);
  }

  /** The tenant's slots, shared by its batches in flight; forgotten when its last batch ends. */
  private tenantShare(tenantId: string): TenantShare {
    let share = this.tenantSlots.get(tenantId);
    if (!share) {
      share = {
        slots: new Slots(this.deps.settings.tenantConcurrency),
        users: 0,
        waiting: 0,
        roomWaiters: [],
        configs: new Map(),
      };
      if (this.closed) share.slots.close();
      this.tenantSlots.set(tenantId, share);
    }
    share.users++;
    return share;
  }

  /** A configuration's share of its tenant's slots, for `records` more of its records. */
  private configShare(tenant: TenantShare, configId: string, records: number): ConfigShare {
    let share = tenant.configs.get(configId);
    if (!share) {
      const window = this.windowOf(configId);
      share = {
        slots: new Slots(window.size),
        window,
        users: 0,
        waiting: 0,
        lastPacedStart: 0,
      };
      if (this.closed) share.slots.close();
      window.attach(share.slots);
      tenant.configs.set(configId, share);
    }
    share.users++;
    share.waiting += records;
    return share;
  }

  /** A configuration's window: the one it learnt, or a new one; windows idle for long are forgotten. */
  private windowOf(configId: string): ConcurrencyWindow {
    const now = Date.now();
    if (now - this.windowsPrunedAt > 60_000) {
      this.windowsPrunedAt = now;
      for (const [id, w] of this.windows)
        if (!w.isAttached && now - w.lastUsed > WINDOW_IDLE_MS) this.windows.delete(id);
    }
    let window = this.windows.get(configId);
    if (!window) {
      window = new ConcurrencyWindow(configConcurrency(this.deps.settings.tenantConcurrency));
      this.windows.set(configId, window);
    }
    return window;
  }

  /**
   * One dispatch attempt of one record: the request (or the reason for none) and its result. A
   * request sent is also noted in `endpointAttempts`, for the configuration's circuit, and in
   * its window (`share`).
   */
  private async attemptDelivery(
    tenantId: string,
    record: ClaimedRecord,
    endpoints: Endpoints,
    share?: ConfigShare,
  ): Promise<{ settlement: Settlement; attempt?: EndpointAttempt }> {
    const prepared = endpoints.of(record.config);
    if ('refused' in prepared) {
      const transition = nextState(record, record.config, prepared.refused);
      return {
        settlement: {
          id: record.id,
          transition,
          attempt: { startedAt: Date.now(), durationMs: 0, statusCode: null, error: transition.lastError },
        },
      };
    }
    const request = signedRequest(prepared.endpoint, record, Math.floor(Date.now() / 1000));
    // A span in the trace of the write that made the record; sets the request's traceparent.
    const span =
      tracer.active?.attempt(record.traceContext, request.headers, {
        'hookgate.tenant_id': tenantId,
        'hookgate.webhook.config_id': record.config!.id,
        'hookgate.outbox.record_id': encodeRecordId(tenantId, record.id),
        'hookgate.delivery.request_id': record.requestId,
        'hookgate.delivery.retry_count': record.retryCount,
        'http.request.method': request.method,
        'server.address': request.url.hostname,
      }) ?? null;
    const sent = await sendDelivery(this.agent, request);
    const attempt: EndpointAttempt = {
      configId: record.config!.id,
      ok: sent.outcome.kind === 'response' && isSuccessStatus(sent.outcome.statusCode),
      at: sent.startedAt + sent.durationMs,
    };
    share?.window.report(
      { startedAt: sent.startedAt, durationMs: sent.durationMs, congested: isCongested(sent.outcome) },
      share.slots.isWaitedFor,
    );
    const transition = nextState(record, record.config, sent.outcome);
    this.latencyOf(transition.status).observe(sent.durationMs / 1000);
    span?.end(sent.outcome.kind === 'response' ? sent.outcome.statusCode : null, transition.lastError, {
      'hookgate.delivery.status': transition.status,
    });
    return {
      settlement: {
        id: record.id,
        transition,
        attempt: {
          startedAt: sent.startedAt,
          durationMs: sent.durationMs,
          statusCode: sent.outcome.kind === 'response' ? sent.outcome.statusCode : null,
          error: transition.lastError,
          responseBody: sent.responseBody,
        },
      },
      attempt,
    };
  }

  /** Writes the results this worker still holds, and counts them by the state they left. */
  private async settle(outbox: TenantOutbox, results: Settlement[]): Promise<void> {
    const { pool, workerId, logger } = this.deps;
    const settled = await retryOnConnectionLoss(() => settleWithNotices(pool, outbox, { workerId, batch: results }), {
      logger,
      what: 'outbox settle',
    });
    const counts = new Map<string, number>();
    for (const s of results)
      if (settled.has(s.id)) counts.set(s.transition.status, (counts.get(s.transition.status) ?? 0) + 1);
    for (const [status, n] of counts) this.deps.metrics.deliveries.labels(status.toLowerCase()).inc(n);
  }

  /** The configurations' shared circuit state (docs/api.md#circuit-breaker), written before the batch's settle. */
  private async recordCircuit(
    outbox: TenantOutbox,
    attempts: EndpointAttempt[],
    lastErrors: Map<string, string>,
  ): Promise<void> {
    const { pool, logger, settings } = this.deps;
    const toWrite = this.cleanCircuits.toWrite(attempts);
    if (toWrite.length === 0) return;
    const after = await retryOnConnectionLoss(
      () =>
        recordCircuitOutcomes(
          pool,
          outbox,
          circuitOutcomes(toWrite),
          { failures: settings.circuitFailures, openMs: settings.circuitOpenMs },
          lastErrors,
        ),
      { logger, what: 'circuit state' },
    );
    this.cleanCircuits.note(after);
  }

  private async giveBack(outbox: TenantOutbox, unsent: string[]): Promise<void> {
    const { pool, workerId, logger } = this.deps;
    await retryOnConnectionLoss(
      async () => {
        await releaseClaims(pool, outbox, { workerId, ids: unsent });
        // Due again at once, for any dispatcher: a retire that saw the lease may have pushed the hint.
        await pullTenantHint(pool, outbox);
      },
      { logger, what: 'outbox release' },
    );
  }

  /** The latency histogram's series of one outcome (looked up once: prom-client hashes the labels on every lookup). */
  private latencyOf(status: string): { observe(seconds: number): void } {
    let series = this.latencySeries.get(status);
    if (!series) {
      series = this.deps.metrics.latency.labels(status.toLowerCase());
      this.latencySeries.set(status, series);
    }
    return series;
  }

  private logFailure(err: unknown, message: string): void {
    logDispatcherFailure(this.deps.logger, this.deps.workerId, err, message);
  }
}

/** An endpoint asking for fewer requests: 429, 503, or no answer at all (timeout, connection failure). */
function isCongested(outcome: DispatchOutcome): boolean {
  return (
    outcome.kind === 'network-error' ||
    (outcome.kind === 'response' && (outcome.statusCode === 429 || outcome.statusCode === 503))
  );
}

/**
 * Each configuration's endpoint, worked out once per batch. Keyed by the config object: records of
 * one claim statement share it (toClaimedRecords), and a batch joining two statements' records
 * keeps each statement's own view of the configuration.
 */
class Endpoints {
  private readonly byConfig = new Map<DeliveryConfig | null, ReturnType<typeof prepareEndpoint>>();

  constructor(private readonly headerPrefix: string) {}

  of(config: DeliveryConfig | null): { endpoint: DeliveryEndpoint } | { refused: DispatchOutcome } {
    let prepared = this.byConfig.get(config);
    if (!prepared) {
      prepared = prepareEndpoint(config, this.headerPrefix);
      this.byConfig.set(config, prepared);
    }
    return prepared;
  }
}

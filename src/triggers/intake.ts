import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import { queryPrepared } from '../db/prepared';
import { AppError } from '../errors';
import { createRequestLimiter, type RequestLimiter } from '../limits/create';
import type { Logger } from '../logger';
import { createIntakeMetrics, type IntakeMetrics } from './metrics';
import { UUID_PATTERN } from '../validation';
import { openSecret } from '../secrets';
import { INTAKE_HEADERS, triggerNotFound, type AcceptedEvent } from './model';
import { EventWriter, type ActionApplier, type EventWriterOptions, type RecordActionSpec } from './event-writer';
import { schemeHeaders, verifyScheme, type SchemeSettings, type SignatureScheme } from './schemes';
import { slackChallenge } from './slack-challenge';
import type { BatchOperation } from '../records/record-service';
import { setNewest } from '../bounded-map';

/** What intake needs to know about a trigger, read once per request before the body is. */
export interface IntakeTarget {
  id: string;
  /** The trigger row's `version` (bumped by every UPDATE): the event is stored only while it holds. */
  version: string;
  tenantId: string;
  /** How a request is verified, scheme included; null for a trigger without a secret. */
  verification: SchemeSettings | null;
  /** The request headers kept with an event: INTAKE_HEADERS and those the scheme reads. */
  keptHeaders: readonly string[];
  /** Set for a RECORD trigger. */
  record: RecordActionSpec | null;
}

export interface IntakeRequest {
  body: Buffer;
  /** The Content-Type header as sent, if any. */
  contentType: string | null;
  headers: IncomingHttpHeaders;
}

// No named (prepared) statement: on the embedded database every connection shares one session,
// so after any reconnect (an idle timeout) a name prepared earlier makes every later Parse fail
// with 42P05.
const LOOKUP = `SELECT id, version::text AS version, tenant_id, webhook_secret, webhook_timestamp_header, webhook_signature_header, webhook_max_skew_seconds,
                        signature_scheme, action, record_entity, record_operation, record_field_map
                 FROM "public"."triggers" WHERE id = $1 AND enabled`;

// One insert (STORE) or one transaction (RECORD) at a time: requests that arrive meanwhile go
// together in the next one. With two in flight each batch was smaller. With a core busy, STORE
// then cost 15 % more server CPU and 25 % more PostgreSQL CPU per event and answered fewer
// requests, RECORD a third more CPU for 6-12 % fewer; quiet, two answered no more than one beyond
// the machine's noise (docs/benchmarks.md#trigger-intake-benchintakets). A second starts only beside one that
// has run 200 ms (far above a batch's usual 2-30 ms): a batch waiting on a lock or a dead
// connection does not hold back every trigger's events behind it.
const WRITER_BATCHING: EventWriterOptions = {
  maxInFlight: 2,
  spareAfterMs: 200,
  maxBatchRows: 100,
  maxBatchBytes: 4 * 1024 * 1024,
};
// Triggers kept after a look-up. An entry is only a guess (the insert checks it), so its one cost
// is memory: a few hundred bytes each.
const KNOWN_TRIGGERS = 10_000;
// A request whose trigger changes again and again while it is checked gives up after this many
// looks (503, nothing stored) rather than chasing the changes for ever.
const MAX_LOOKS = 3;

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : undefined;
}

/** The headers kept with an event, as JSON text. */
function keptHeadersJson(target: IntakeTarget, request: IntakeRequest): string {
  const kept: Record<string, string> = {};
  for (const name of target.keptHeaders) {
    const v = name === 'content-type' ? (request.contentType ?? undefined) : headerValue(request.headers, name);
    if (v !== undefined) kept[name] = v;
  }
  return JSON.stringify(kept);
}

/** A trigger as a request found it: `known` when it came from the triggers seen before. */
export interface FoundTarget {
  target: IntakeTarget;
  known: boolean;
}

/**
 * Signed trigger intake: finds the trigger, verifies the request and stores the event
 * before the caller acknowledges it. On the hot path it works on the pool directly: no look-up for
 * a trigger seen before, and inserts that the EventWriter batches under load.
 *
 * A trigger seen before is taken as it was and confirmed by the insert itself, which stores the
 * event only while the trigger row still has the `version` the request was checked against (a
 * database trigger bumps it on every UPDATE) and is enabled. An event the insert refuses, and a
 * refusal (401, 413) made with a trigger seen before, is looked at again with the trigger as it is
 * now. So a change to a trigger (disabled, deleted, secret rotated, action changed) still holds for
 * every request that arrives after the change commits, in every process, without a look-up per
 * request.
 */
export class TriggerIntake {
  readonly metrics: IntakeMetrics;
  private readonly writer: EventWriter;
  private readonly lookups = new Map<string, Promise<IntakeTarget | null>>();
  private readonly known = new Map<string, IntakeTarget>();

  constructor(
    private readonly pool: pg.Pool,
    registry: Registry,
    options: {
      headerPrefix: string;
      actions?: ActionApplier;
      rateLimitPerMinute?: number;
      /** The limit is shared through `pool` by every process unless the database is embedded. */
      embedded?: boolean;
      logger?: Logger;
    },
    // Read at each call (not a captured Date.now), so a test that pins the clock pins intake too.
    private readonly now: () => number = () => Date.now(),
  ) {
    this.metrics = createIntakeMetrics(registry);
    this.headerPrefix = options.headerPrefix;
    this.writer = new EventWriter(pool, WRITER_BATCHING);
    // RECORD events get a writer of their own, so a STORE event never waits behind a RECORD
    // batch's transaction (7 statements).
    this.recordWriter = new EventWriter(pool, WRITER_BATCHING, options.actions);
    const perMinute = options.rateLimitPerMinute ?? 0;
    this.limiter = createRequestLimiter({
      perMinute,
      burst: perMinute,
      pool,
      embedded: options.embedded ?? false,
      prefix: 'intake:',
      logger: options.logger,
      // Reads the clock at each call, so a test that pins the clock pins the local count too.
      now: () => this.now(),
    });
  }

  private readonly limiter: RequestLimiter | null;

  /**
   * Counts a request against its trigger's INTAKE_RATE_LIMIT_PER_MINUTE: RATE_LIMITED (with the
   * seconds to wait) once the trigger is over it. Called right after the trigger is found, before
   * the body is read, so a flood costs neither a signature check nor a write. A refusal made with a
   * trigger seen before is confirmed first, as the 401s and 413 are: a trigger disabled or deleted
   * since answers 404.
   */
  async admit(found: FoundTarget): Promise<void> {
    if (!this.limiter) return;
    const wait = await this.limiter.take(found.target.id);
    if (wait > 0) {
      await this.changedSince(found);
      throw new AppError(
        'RATE_LIMITED',
        `This trigger is over its limit of ${this.limiter.perMinute} requests per minute; retry in ${wait} s`,
        undefined,
        wait,
      );
    }
  }

  private readonly recordWriter: EventWriter;

  private readonly headerPrefix: string;

  /** The enabled trigger with this id; TRIGGER_NOT_FOUND for an unknown, disabled or malformed id. */
  async target(triggerId: string): Promise<FoundTarget> {
    if (!UUID_PATTERN.test(triggerId)) throw triggerNotFound();
    const id = triggerId.toLowerCase();
    const known = this.known.get(id);
    if (known) return { target: known, known: true };
    return { target: await this.current(id), known: false };
  }

  /**
   * The trigger as the database has it now (TRIGGER_NOT_FOUND when it is gone or disabled), which
   * also replaces the one kept. Single flight: requests that ask while a look-up of the trigger is
   * running share it.
   */
  async current(id: string): Promise<IntakeTarget> {
    let lookup = this.lookups.get(id);
    if (!lookup) {
      lookup = this.lookup(id).finally(() => this.lookups.delete(id));
      this.lookups.set(id, lookup);
    }
    const target = await lookup;
    if (!target) throw triggerNotFound();
    return target;
  }

  /**
   * For a refusal made with a trigger seen before: the trigger as it is now when it changed since
   * (the request is then checked again), or null when the refusal stands. TRIGGER_NOT_FOUND when it
   * is gone or disabled.
   */
  async changedSince(found: FoundTarget): Promise<IntakeTarget | null> {
    if (!found.known) return null;
    const now = await this.current(found.target.id);
    return now.version === found.target.version ? null : now;
  }

  private async lookup(id: string): Promise<IntakeTarget | null> {
    this.metrics.lookups.inc();
    const { rows } = await queryPrepared(this.pool, { text: LOOKUP, values: [id] });
    const row = rows[0];
    if (!row) {
      this.known.delete(id);
      return null;
    }
    // Settled here once per trigger version, not per request.
    const settings = {
      scheme: row.signature_scheme as SignatureScheme,
      timestampHeader: String(row.webhook_timestamp_header).toLowerCase(),
      signatureHeader: String(row.webhook_signature_header).toLowerCase(),
      maxSkewSeconds: row.webhook_max_skew_seconds as number,
      headerPrefix: this.headerPrefix,
    };
    // Opened once per trigger version: requests verify against the cached target.
    const secret = row.webhook_secret === '' ? null : openSecret(row.webhook_secret as string | null);
    const target: IntakeTarget = {
      id: row.id,
      version: row.version,
      tenantId: row.tenant_id,
      verification: secret === null ? null : { ...settings, secret },
      keptHeaders: [...INTAKE_HEADERS, ...schemeHeaders(settings)],
      record:
        row.action === 'RECORD' && row.record_entity
          ? {
              entityName: row.record_entity,
              operation: row.record_operation as BatchOperation,
              fieldMap: (row.record_field_map as Record<string, string> | null) ?? null,
            }
          : null,
    };
    setNewest(this.known, id, target, KNOWN_TRIGGERS);
    return target;
  }

  /**
   * Verifies (when the trigger has a secret) and stores the request; resolves once it is
   * committed. A request checked against a trigger that has changed since is checked again
   * against the trigger as it is now.
   */
  async receive(found: FoundTarget, request: IntakeRequest): Promise<AcceptedEvent> {
    let { target } = found;
    let known = found.known;
    for (let look = 1; ; look++) {
      let accepted: AcceptedEvent | null;
      try {
        accepted = await this.store(target, request);
      } catch (err) {
        // A refusal of the request itself (401) may come from a secret or header since changed.
        const now = err instanceof AppError && err.status === 401 ? await this.changedSince({ target, known }) : null;
        if (!now) throw err;
        target = now;
        known = false;
        continue;
      }
      if (accepted) return accepted;
      if (look === MAX_LOOKS) {
        throw new AppError('UNAVAILABLE', 'The trigger changed while the request was checked; send it again');
      }
      target = await this.current(target.id);
      known = false;
    }
  }

  /** One check and write against `target`; null when the trigger is no longer that version. */
  private async store(target: IntakeTarget, request: IntakeRequest): Promise<AcceptedEvent | null> {
    const nowMs = this.now();
    let verdict: { timestamp: number | null; signature: string; replayKey: string } | null = null;
    if (target.verification !== null) {
      const checked = verifyScheme(target.verification, request.headers, request.body, nowMs);
      if (!checked.ok) throw new AppError(checked.code, checked.reason);
      verdict = checked;
    }
    // Slack's handshake is kept in the event log like any request, but it is not an event of the
    // trigger's: no action runs on it, and the answer echoes its challenge.
    const challenge = target.verification?.scheme === 'SLACK' && verdict !== null ? slackChallenge(request.body) : null;
    const record = challenge === null ? (target.record ?? undefined) : undefined;
    const writer = record ? this.recordWriter : this.writer;
    const stored = await writer.write({
      id: crypto.randomUUID(),
      tenantId: target.tenantId,
      triggerId: target.id,
      triggerVersion: target.version,
      receivedAt: new Date(nowMs),
      contentType: request.contentType,
      headers: keptHeadersJson(target, request),
      body: request.body,
      signatureVerified: verdict !== null,
      signatureTimestamp: verdict?.timestamp ?? null,
      signature: verdict?.signature ?? null,
      replayKey: verdict?.replayKey ?? null,
      record,
    });
    if (!stored) return null;
    this.metrics.accepted.inc({ outcome: stored.replay ? 'replay' : 'stored' });
    return {
      ...stored,
      triggerId: target.id,
      signatureVerified: verdict !== null,
      ...(challenge === null ? {} : { slackChallenge: challenge }),
    };
  }

  /** Counts a request that was answered with an error (`code` is the error code sent). */
  countRejected(code: string): void {
    this.metrics.rejected.inc({ reason: code });
  }
}

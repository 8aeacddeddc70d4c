import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import type { Registry } from 'prom-client';
import { queryPrepared } from '../db/prepared';
import { AppError } from '../errors';
import { createIntakeMetrics, type IntakeMetrics } from './metrics';
import { UUID_PATTERN } from '../validation';
import { INTAKE_HEADERS, triggerNotFound, type AcceptedEvent } from './model';
import { EventWriter, type ActionApplier, type RecordActionSpec } from './event-writer';
import { schemeHeaders, verifyScheme, type SignatureScheme } from './schemes';
import { slackChallenge } from './slack-challenge';
import type { BatchOperation } from '../records/record-service';

/** What intake needs to know about a trigger, read once per request before the body is. */
export interface IntakeTarget {
  id: string;
  tenantId: string;
  secret: string | null;
  /** Lower-case, as Node presents request header names. */
  timestampHeader: string;
  signatureHeader: string;
  maxSkewSeconds: number;
  scheme: SignatureScheme;
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
const LOOKUP = `SELECT id, tenant_id, webhook_secret, webhook_timestamp_header, webhook_signature_header, webhook_max_skew_seconds,
                        signature_scheme, action, record_entity, record_operation, record_field_map
                 FROM "public"."triggers" WHERE id = $1 AND enabled`;

const RECORD_BATCHES_IN_FLIGHT = 4;

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return typeof v === 'string' ? v : Array.isArray(v) ? v.join(', ') : undefined;
}

/** The headers kept with an event: INTAKE_HEADERS and those the trigger's scheme reads. */
function selectHeaders(target: IntakeTarget, request: IntakeRequest, headerPrefix: string): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of [...INTAKE_HEADERS, ...schemeHeaders({ ...target, headerPrefix })]) {
    const v = name === 'content-type' ? (request.contentType ?? undefined) : headerValue(request.headers, name);
    if (v !== undefined) kept[name] = v;
  }
  return kept;
}

/**
 * Signed trigger intake (CONTRACT §6): finds the trigger, verifies the request and stores the event
 * before the caller acknowledges it. On the hot path it works on the pool directly: one lookup per
 * request, and inserts that the EventWriter batches under load.
 */
export class TriggerIntake {
  readonly metrics: IntakeMetrics;
  private readonly writer: EventWriter;
  private readonly lookups = new Map<string, Promise<IntakeTarget | null>>();

  constructor(
    private readonly pool: pg.Pool,
    registry: Registry,
    options: { headerPrefix: string; actions?: ActionApplier },
    // Read at each call (not a captured Date.now), so a test that pins the clock pins intake too.
    private readonly now: () => number = () => Date.now(),
  ) {
    this.metrics = createIntakeMetrics(registry);
    this.headerPrefix = options.headerPrefix;
    this.writer = new EventWriter(pool);
    // RECORD events get writers of their own: a batch of them is one transaction of several
    // statements per event, bound by round trips rather than by the commit, so more of them in
    // flight at once is what raises throughput; STORE batches (one statement) keep theirs.
    this.recordWriter = new EventWriter(
      pool,
      { maxInFlight: RECORD_BATCHES_IN_FLIGHT, maxBatchRows: 100, maxBatchBytes: 4 * 1024 * 1024 },
      options.actions,
    );
  }

  private readonly recordWriter: EventWriter;

  private readonly headerPrefix: string;

  /** The enabled trigger with this id; TRIGGER_NOT_FOUND for an unknown, disabled or malformed id. */
  async target(triggerId: string): Promise<IntakeTarget> {
    if (!UUID_PATTERN.test(triggerId)) throw triggerNotFound();
    const id = triggerId.toLowerCase();
    // Single flight: requests for a trigger that arrive while its lookup is running share that
    // lookup instead of queueing one each. Nothing is kept once it answers, so a change to the
    // trigger is seen by every request that arrives after the change commits.
    let lookup = this.lookups.get(id);
    if (!lookup) {
      lookup = this.lookup(id).finally(() => this.lookups.delete(id));
      this.lookups.set(id, lookup);
    }
    const target = await lookup;
    if (!target) throw triggerNotFound();
    return target;
  }

  private async lookup(id: string): Promise<IntakeTarget | null> {
    const { rows } = await queryPrepared(this.pool, { text: LOOKUP, values: [id] });
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      secret: row.webhook_secret === '' ? null : row.webhook_secret,
      timestampHeader: String(row.webhook_timestamp_header).toLowerCase(),
      signatureHeader: String(row.webhook_signature_header).toLowerCase(),
      maxSkewSeconds: row.webhook_max_skew_seconds,
      scheme: row.signature_scheme,
      record:
        row.action === 'RECORD' && row.record_entity
          ? {
              entityName: row.record_entity,
              operation: row.record_operation as BatchOperation,
              fieldMap: (row.record_field_map as Record<string, string> | null) ?? null,
            }
          : null,
    };
  }

  /** Verifies (when the trigger has a secret) and stores the request; resolves once it is committed. */
  async receive(target: IntakeTarget, request: IntakeRequest): Promise<AcceptedEvent> {
    const nowMs = this.now();
    let verdict: { timestamp: number | null; signature: string; replayKey: string } | null = null;
    if (target.secret !== null) {
      const checked = verifyScheme(
        { ...target, secret: target.secret, headerPrefix: this.headerPrefix },
        request.headers,
        request.body,
        nowMs,
      );
      if (!checked.ok) throw new AppError(checked.code, checked.reason);
      verdict = checked;
    }
    // Slack's handshake is kept in the event log like any request, but it is not an event of the
    // trigger's: no action runs on it, and the answer echoes its challenge.
    const challenge = verdict !== null && target.scheme === 'SLACK' ? slackChallenge(request.body) : null;
    const record = challenge === null ? (target.record ?? undefined) : undefined;
    const writer = record ? this.recordWriter : this.writer;
    const stored = await writer.write({
      id: crypto.randomUUID(),
      tenantId: target.tenantId,
      triggerId: target.id,
      receivedAt: new Date(nowMs),
      contentType: request.contentType,
      headers: JSON.stringify(selectHeaders(target, request, this.headerPrefix)),
      body: request.body,
      signatureVerified: verdict !== null,
      signatureTimestamp: verdict?.timestamp ?? null,
      signature: verdict?.signature ?? null,
      replayKey: verdict?.replayKey ?? null,
      record,
    });
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

import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import { DeliveryConnections } from './connections';
import type { DeliveryRequest } from './request';
import { honoursRetryAfter, retryAfterSeconds } from './retry-after';
import { guardedConnector, TargetForbiddenError } from './ssrf';
import type { DispatchOutcome } from './transitions';

/** Bytes of a response body read before the connection is given up rather than kept for reuse. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** Bytes of a response body kept with the attempt (`responseBody`, docs/api.md#outbox-records). */
export const KEPT_RESPONSE_BYTES = 4096;

/**
 * The HTTP client of the dispatcher: keep-alive connections per origin (connections.ts), no
 * redirects (undici's dispatch() follows none without the redirect interceptor), and the SSRF
 * guard as its connector unless private targets are allowed.
 */
export function createDeliveryAgent(opts: {
  connectionsPerOrigin: number;
  allowPrivateTargets: boolean;
}): DeliveryConnections {
  return new DeliveryConnections({
    connectionsPerOrigin: opts.connectionsPerOrigin,
    keepAliveTimeoutMs: 10_000,
    connect: opts.allowPrivateTargets ? { timeout: 10_000 } : guardedConnector({ timeout: 10_000 }),
  });
}

/** What sendDelivery sends through: the dispatcher's connections, or any undici dispatcher. */
export interface DeliverySender {
  dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): unknown;
}

export interface SendResult {
  outcome: DispatchOutcome;
  /** Epoch milliseconds. */
  startedAt: number;
  durationMs: number;
  /** The first KEPT_RESPONSE_BYTES of the response body as text; null when no response came. */
  responseBody: string | null;
}

/**
 * Aborts requests that run past their timeout (connect, send, response): one sweep for all
 * requests in flight instead of a timer per request, which measurably costs at high rates. It is
 * the only timeout of a delivery (undici's are turned off in sendDelivery): a request ends at most
 * DEADLINE_SWEEP_MS after its configuration's timeoutMs.
 */
const DEADLINE_SWEEP_MS = 25;
const deadlines = new Map<DeliveryInFlight, number>();
let sweeper: NodeJS.Timeout | undefined;

function watchDeadline(delivery: DeliveryInFlight, timeoutMs: number): void {
  deadlines.set(delivery, performance.now() + timeoutMs);
  sweeper ??= setInterval(() => {
    const now = performance.now();
    for (const [pending, deadline] of deadlines) {
      if (deadline <= now) {
        deadlines.delete(pending);
        pending.expire();
      }
    }
    if (deadlines.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }, DEADLINE_SWEEP_MS).unref();
}

class DeadlineExceeded extends Error {}
class ResponseTooLarge extends Error {}

/**
 * One request on undici's handler interface rather than `request()`: no response stream, no
 * promise per chunk and no AbortSignal, which together cost a large share of the client's CPU
 * per request (docs/benchmarks.md, "Building blocks", bench/http-client.ts). It keeps the first KEPT_RESPONSE_BYTES of the body and discards
 * the rest as it arrives; past MAX_RESPONSE_BYTES the request is aborted (undici then drops that
 * connection) instead of reading a large or endless body. A body that fails midway keeps what
 * arrived: the status already decided the outcome.
 */
class DeliveryInFlight implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private expired = false;
  private finished = false;
  /** 0 until a response starts. */
  private statusCode = 0;
  /** What a 429's or 503's Retry-After asks for, in seconds; null without one. */
  private retryAfter: number | null = null;
  private readonly kept: Buffer[] = [];
  private keptBytes = 0;
  private seenBytes = 0;

  constructor(
    private readonly timeoutMs: number,
    private readonly done: (outcome: DispatchOutcome, responseBody: string | null) => void,
  ) {}

  /** Whether its outcome is decided: a request that ended while it waited for a connection is never started. */
  get ended(): boolean {
    return this.finished;
  }

  /**
   * The deadline passed. A request still waiting for a connection ends now (and is dropped from
   * the queue when its turn comes); one started is aborted, before anything is written if it is
   * not yet.
   */
  expire(): void {
    this.expired = true;
    if (this.controller) this.controller.abort(new DeadlineExceeded());
    else this.finish(failureOutcome(new DeadlineExceeded(), true, this.timeoutMs), null);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.expired) controller.abort(new DeadlineExceeded());
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    this.statusCode = statusCode;
    // Read only where it counts, so a 2xx costs no header lookup.
    if (honoursRetryAfter(statusCode)) this.retryAfter = retryAfterSeconds(headers['retry-after'], Date.now());
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.keptBytes < KEPT_RESPONSE_BYTES) {
      const part = chunk.subarray(0, KEPT_RESPONSE_BYTES - this.keptBytes);
      this.kept.push(part);
      this.keptBytes += part.length;
    }
    this.seenBytes += chunk.length;
    if (this.seenBytes > MAX_RESPONSE_BYTES) {
      this.finishWithResponse();
      controller.abort(new ResponseTooLarge());
    }
  }

  onResponseEnd(): void {
    this.finishWithResponse();
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, err: Error): void {
    if (this.statusCode > 0) this.finishWithResponse();
    else this.finish(failureOutcome(err, this.expired, this.timeoutMs), null);
  }

  private finishWithResponse(): void {
    // As text: invalid UTF-8 (and a character cut at the limit) becomes U+FFFD, NUL too
    // (PostgreSQL text cannot hold it).
    const body = Buffer.concat(this.kept).toString('utf8').replaceAll('\0', '\uFFFD');
    this.finish(
      this.retryAfter === null
        ? { kind: 'response', statusCode: this.statusCode }
        : { kind: 'response', statusCode: this.statusCode, retryAfterSeconds: this.retryAfter },
      body,
    );
  }

  private finish(outcome: DispatchOutcome, responseBody: string | null): void {
    if (this.finished) return;
    this.finished = true;
    deadlines.delete(this);
    this.done(outcome, responseBody);
  }
}

/** Sends one delivery; never throws: every failure is an outcome for the state machine. */
export function sendDelivery(agent: DeliverySender, req: DeliveryRequest): Promise<SendResult> {
  const startedAt = Date.now();
  const started = performance.now();
  return new Promise<SendResult>((resolve) => {
    const delivery = new DeliveryInFlight(req.timeoutMs, (outcome, responseBody) =>
      resolve({ outcome, startedAt, durationMs: Math.round(performance.now() - started), responseBody }),
    );
    watchDeadline(delivery, req.timeoutMs);
    agent.dispatch(
      {
        origin: req.url.origin,
        path: req.url.pathname + req.url.search,
        method: req.method as 'POST',
        headers: req.headers,
        body: req.body,
        // The deadline sweep is the one timeout. undici's own would start a timer (a WeakRef and
        // an entry its timer tick sweeps) per request phase, redundant with the sweep, and cost a
        // measurable share of the dispatcher's CPU per delivery (docs/benchmarks.md, "Dispatcher").
        headersTimeout: 0,
        bodyTimeout: 0,
      },
      delivery,
    );
  });
}

function failureOutcome(err: unknown, timedOut: boolean, timeoutMs: number): DispatchOutcome {
  const forbidden = findCause(err, (e) => e instanceof TargetForbiddenError) as TargetForbiddenError | undefined;
  if (forbidden) return { kind: 'target-forbidden', reason: forbidden.message };
  const cause = findCause(err, (e) => typeof (e as { code?: unknown }).code === 'string') as
    { code?: string; hostname?: unknown } | undefined;
  const code = cause?.code;
  // DNS failures name the host (never an address): "network error (ENOTFOUND hooks.example)".
  const host = typeof cause?.hostname === 'string' ? ` ${cause.hostname.slice(0, 253)}` : '';
  if (
    timedOut ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return { kind: 'network-error', reason: `timeout after ${timeoutMs} ms` };
  }
  if (code === 'UND_ERR_INVALID_ARG')
    return { kind: 'headers-invalid', reason: 'the request was refused by the HTTP client' };
  return { kind: 'network-error', reason: `network error${code ? ` (${code}${host})` : ''}` };
}

function findCause(err: unknown, match: (e: object) => boolean): object | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (match(e)) return e;
  }
  return undefined;
}

import { Agent, type Dispatcher } from 'undici';
import type { DeliveryRequest } from './request';
import { guardedConnector, TargetForbiddenError } from './ssrf';
import type { DispatchOutcome } from './transitions';

/** Bytes of a response body read before the connection is given up rather than kept for reuse. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** Bytes of a response body kept with the attempt (CONTRACT §10 `responseBody`). */
const KEPT_RESPONSE_BYTES = 4096;

/**
 * The HTTP client of the dispatcher: one keep-alive undici Agent (a pool per origin), no
 * redirects (undici's request() follows none without the redirect interceptor), and the SSRF
 * guard as its connector unless private targets are allowed.
 */
export function createDeliveryAgent(opts: { connectionsPerOrigin: number; allowPrivateTargets: boolean }): Agent {
  return new Agent({
    connections: opts.connectionsPerOrigin,
    pipelining: 1,
    keepAliveTimeout: 10_000,
    connect: opts.allowPrivateTargets ? { timeout: 10_000 } : guardedConnector({ timeout: 10_000 }),
  });
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
 * requests in flight instead of a timer per request, which measurably costs at high rates.
 * Granularity is DEADLINE_SWEEP_MS; the response-headers timeout of undici is exact.
 */
const DEADLINE_SWEEP_MS = 25;
const deadlines = new Map<AbortController, number>();
let sweeper: NodeJS.Timeout | undefined;

function watchDeadline(abort: AbortController, timeoutMs: number): void {
  deadlines.set(abort, performance.now() + timeoutMs);
  sweeper ??= setInterval(() => {
    const now = performance.now();
    for (const [controller, deadline] of deadlines) {
      if (deadline <= now) {
        deadlines.delete(controller);
        controller.abort();
      }
    }
    if (deadlines.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }, DEADLINE_SWEEP_MS).unref();
}

/** Sends one delivery; never throws: every failure is an outcome for the state machine. */
export async function sendDelivery(agent: Agent, req: DeliveryRequest): Promise<SendResult> {
  const startedAt = Date.now();
  const started = performance.now();
  const abort = new AbortController();
  watchDeadline(abort, req.timeoutMs);
  let outcome: DispatchOutcome;
  let responseBody: string | null = null;
  try {
    const res = await agent.request({
      origin: req.url.origin,
      path: req.url.pathname + req.url.search,
      method: req.method as 'POST',
      headers: req.headers,
      body: req.body,
      signal: abort.signal,
      headersTimeout: req.timeoutMs,
      bodyTimeout: req.timeoutMs,
    });
    // The status decides; the body's head is kept for operators and the rest drained (bounded) so
    // the connection can be reused.
    responseBody = await readResponseHead(res.body);
    outcome = { kind: 'response', statusCode: res.statusCode };
  } catch (err) {
    outcome = failureOutcome(err, abort.signal.aborted, req.timeoutMs);
  } finally {
    deadlines.delete(abort);
  }
  return { outcome, startedAt, durationMs: Math.round(performance.now() - started), responseBody };
}

/**
 * Keeps the first KEPT_RESPONSE_BYTES of a body and discards the rest as it streams in; past
 * MAX_RESPONSE_BYTES the stream is destroyed (undici then drops that connection) instead of
 * reading a large or endless body. A body that fails midway keeps what arrived. As text: invalid
 * UTF-8 (and a character cut at the limit) becomes U+FFFD, NUL too (PostgreSQL text cannot hold it).
 */
async function readResponseHead(body: Dispatcher.ResponseData['body']): Promise<string> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let seen = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      if (keptBytes < KEPT_RESPONSE_BYTES) {
        const part = chunk.subarray(0, KEPT_RESPONSE_BYTES - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
      seen += chunk.length;
      if (seen > MAX_RESPONSE_BYTES) break;
    }
  } catch {
    // Reset or timeout while reading the body: the status already decided the outcome.
  }
  return Buffer.concat(kept).toString('utf8').replaceAll('\0', '\uFFFD');
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

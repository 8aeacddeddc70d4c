import { createDeliveryAgent, sendDelivery } from './deliver';
import { prepareEndpoint, signedRequest, type DeliveryConfig } from './request';
import { nextState, type DispatchOutcome } from './transitions';
import { tracer } from '../tracing/tracer';

/** The result of one request made outside the outbox, in the shape of a delivery attempt. */
export interface SingleAttempt {
  startedAt: Date;
  durationMs: number;
  /** null when no response came (network error, timeout, refused target). */
  statusCode: number | null;
  /** What a delivery's `lastError` would say of this outcome; null on a 2xx. */
  error: string | null;
  /** The first 4,096 bytes of the response body as text; null when no response came. */
  responseBody: string | null;
}

/** The error text a delivery attempt records for an outcome: the code first, as in `lastError`. */
function errorOf(outcome: DispatchOutcome): string | null {
  return nextState({ retryCount: 0, maxRetries: 1 }, null, outcome).lastError;
}

/**
 * Sends one message to a configuration's endpoint now, built, signed, guarded against private
 * targets and read exactly as a delivery is (same headers, signatures, timeout and response
 * capture), on a connection of its own that is closed afterwards. Nothing is written anywhere.
 * Never throws for what the endpoint does: every failure is the attempt's `error`.
 */
export async function sendOnce(
  config: DeliveryConfig,
  message: { requestId: string; payloadJson: string },
  opts: { headerPrefix: string; allowPrivateTargets: boolean },
): Promise<SingleAttempt> {
  const prepared = prepareEndpoint(config, opts.headerPrefix);
  if ('refused' in prepared) {
    return {
      startedAt: new Date(),
      durationMs: 0,
      statusCode: null,
      error: errorOf(prepared.refused),
      responseBody: null,
    };
  }
  const request = signedRequest(prepared.endpoint, message, Math.floor(Date.now() / 1000));
  // A span of the API request that asked for the send.
  const span =
    tracer.active?.testSend(request.headers, {
      'hookgate.webhook.config_id': config.id,
      'hookgate.delivery.request_id': message.requestId,
      'http.request.method': request.method,
      'server.address': request.url.hostname,
    }) ?? null;
  const agent = createDeliveryAgent({ connectionsPerOrigin: 1, allowPrivateTargets: opts.allowPrivateTargets });
  try {
    const sent = await sendDelivery(agent, request);
    span?.end(sent.outcome.kind === 'response' ? sent.outcome.statusCode : null, errorOf(sent.outcome));
    return {
      startedAt: new Date(sent.startedAt),
      durationMs: sent.durationMs,
      statusCode: sent.outcome.kind === 'response' ? sent.outcome.statusCode : null,
      error: errorOf(sent.outcome),
      responseBody: sent.responseBody,
    };
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}

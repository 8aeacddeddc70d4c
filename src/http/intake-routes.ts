import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { FoundTarget } from '../triggers/intake';
import type { RouteDeps } from './deps';
import { fromFastifyError } from './errors';
import { envelope, errorResponses, OPTIONAL_BODY } from './openapi-schemas';

type IntakeParams = { Params: { triggerId: string } };

const EMPTY = Buffer.alloc(0);

/** The trigger signature schemes as security requirements (schemes: openapi.ts); `{}`: no secret. */
const INTAKE_SECURITY: Array<Record<string, string[]>> = [
  {},
  { intakeHmacHex: [] },
  { intakeStandardWebhooks: [] },
  { intakeGithub: [] },
  { intakeStripe: [] },
  { intakeSlack: [] },
  { intakeHookgateV1: [] },
];

/** The intake route's OpenAPI description (documentation only: openapi.ts); header names follow the prefix. */
function intakeSchema(headerPrefix: string, bodyLimit: number) {
  const optional = (description: string) => ({ type: 'string', description });
  return {
    summary: 'Receive a signed call for a trigger',
    description:
      'No token and no X-Tenant-Id: the trigger id names the tenant and the signature is the credential. ' +
      'Checks, in order: the trigger exists and is enabled (404), the per-trigger rate limit (429 RATE_LIMITED, ' +
      "with Retry-After), the body's size (413), the timestamp " +
      "(401 TRIGGER_TIMESTAMP_INVALID), the signature (401 TRIGGER_SIGNATURE_INVALID), each by the trigger's " +
      'signature scheme (see the security schemes). A trigger without a secret takes unsigned calls. The ' +
      'event is stored before the answer; a replayed signed call (same delivery id, or same signature) answers ' +
      '202 with the first eventId.',
    operationId: 'receiveTriggerCall',
    tags: ['Trigger intake'],
    security: INTAKE_SECURITY,
    consumes: ['*/*'],
    params: {
      type: 'object',
      required: ['triggerId'],
      properties: { triggerId: { type: 'string', description: "The trigger's id" } },
    },
    headers: {
      type: 'object',
      properties: {
        'X-Timestamp': optional("HMAC_HEX: Unix seconds (the trigger's webhookTimestampHeader; default name)"),
        'webhook-id': optional('STANDARD_WEBHOOKS: the message id, signed and used as the replay key'),
        'webhook-timestamp': optional('STANDARD_WEBHOOKS: Unix seconds'),
        'X-GitHub-Delivery': optional('GITHUB: the delivery id, used as the replay key when sent'),
        'X-Slack-Request-Timestamp': optional('SLACK: Unix seconds'),
        [`X-${headerPrefix}-Timestamp`]: optional('HOOKGATE_V1: Unix seconds'),
        [`X-${headerPrefix}-Request-Id`]: optional('HOOKGATE_V1: the replay key'),
      },
    },
    body: {
      type: 'string',
      format: 'binary',
      description: `Any content type, read as raw bytes; at most ${bodyLimit} bytes`,
    },
    [OPTIONAL_BODY]: true,
    response: {
      202: envelope(
        {
          type: 'object',
          required: ['eventId', 'triggerId', 'receivedAt'],
          additionalProperties: false,
          properties: {
            eventId: { type: 'string', description: "The stored event's id" },
            triggerId: { type: 'string' },
            receivedAt: { type: 'string', format: 'date-time' },
          },
        },
        'Accepted and stored',
      ),
      200: {
        description: "SLACK scheme only: Slack's signed url_verification handshake, stored, its challenge echoed",
        type: 'object',
        required: ['challenge'],
        additionalProperties: false,
        properties: { challenge: { type: 'string' } },
      },
      ...errorResponses(
        'VALIDATION_FAILED',
        'TRIGGER_TIMESTAMP_INVALID',
        'TRIGGER_SIGNATURE_INVALID',
        'TRIGGER_NOT_FOUND',
        'PAYLOAD_TOO_LARGE',
        'RATE_LIMITED',
        'UNAVAILABLE',
      ),
    },
  };
}

/**
 * POST {prefix}/:triggerId, the signed trigger intake. No token and no X-Tenant-Id:
 * the trigger id names the tenant and the signature is the credential.
 *
 * The order of checks (docs/api.md#intake) maps onto Fastify's request lifecycle: the trigger is looked up in
 * onRequest, before a byte of the body is read (404 first), and counted against the trigger's rate
 * limit there too (429); the body parser enforces the size limit, on Content-Length at once and on
 * a chunked body while it streams (413, and the connection is closed rather than drained); the
 * handler then checks timestamp and signature (401s) and stores the event before answering 202.
 */
export const intakeRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (scope, deps) => {
  const intake = deps.services.triggerIntake;
  const bodyLimit = deps.services.config.bodyLimitBytes;
  const found = new WeakMap<FastifyRequest, { target: FoundTarget; contentType: string | null }>();

  // The body is bytes whatever its type: one raw parser for every content type, none for JSON.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));

  scope.addHook('onRequest', async (request) => {
    const target = await intake.target((request.params as { triggerId: string }).triggerId);
    await intake.admit(target);
    const contentType = request.headers['content-type'] ?? null;
    // Fastify answers 415 to a Content-Type it cannot parse as a media type; intake takes any
    // sender's header as it is. The header is kept here and hidden from the parser selection.
    delete request.raw.headers['content-type'];
    found.set(request, { target, contentType });
  });

  scope.addHook('onError', async (_request, _reply, error) => {
    intake.countRejected(fromFastifyError(error).code);
  });

  // A body refused as too large with a trigger seen before: 404 instead when the trigger has been
  // disabled or deleted since (the trigger check comes first). Thrown on to the app's handler.
  scope.setErrorHandler(async (error, request) => {
    const target = found.get(request)?.target;
    if (target?.known && fromFastifyError(error).status === 413) await intake.changedSince(target);
    throw error;
  });

  scope.post<IntakeParams>(
    '/:triggerId',
    { schema: intakeSchema(deps.services.config.webhookHeaderPrefix, bodyLimit) },
    async (request, reply) => {
      const { target, contentType } = found.get(request)!;
      const body = Buffer.isBuffer(request.body) ? request.body : EMPTY;
      const event = await intake.receive(target, { body, contentType, headers: request.headers });
      // Slack accepts an Event Subscriptions URL only when the answer is 200 with the challenge.
      if (event.slackChallenge !== undefined) return reply.code(200).send({ challenge: event.slackChallenge });
      reply.code(202);
      return {
        success: true,
        data: { eventId: event.eventId, triggerId: event.triggerId, receivedAt: event.receivedAt.toISOString() },
      };
    },
  );
};

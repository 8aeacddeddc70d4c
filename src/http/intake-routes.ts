import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { IntakeTarget } from '../triggers/intake';
import type { RouteDeps } from './deps';
import { fromFastifyError } from './errors';

type IntakeParams = { Params: { triggerId: string } };

const EMPTY = Buffer.alloc(0);

/**
 * POST {prefix}/:triggerId, the signed trigger intake (CONTRACT §6). No token and no X-Tenant-Id:
 * the trigger id names the tenant and the signature is the credential.
 *
 * The contract's order of checks maps onto Fastify's request lifecycle: the trigger is looked up in
 * onRequest, before a byte of the body is read (404 first); the body parser enforces the size
 * limit, on Content-Length at once and on a chunked body while it streams (413, and the connection
 * is closed rather than drained); the handler then checks timestamp and signature (401s) and
 * stores the event before answering 202.
 */
export const intakeRoutes: FastifyPluginAsync<RouteDeps & { publicPrefix: string }> = async (scope, deps) => {
  const intake = deps.services.triggerIntake;
  const bodyLimit = deps.services.config.bodyLimitBytes;
  const found = new WeakMap<FastifyRequest, { target: IntakeTarget; contentType: string | null }>();

  // The body is bytes whatever its type: one raw parser for every content type, none for JSON.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, body, done) => done(null, body));

  scope.addHook('onRequest', async (request) => {
    const target = await intake.target((request.params as { triggerId: string }).triggerId);
    const contentType = request.headers['content-type'] ?? null;
    // Fastify answers 415 to a Content-Type it cannot parse as a media type; intake takes any
    // sender's header as it is. The header is kept here and hidden from the parser selection.
    delete request.raw.headers['content-type'];
    found.set(request, { target, contentType });
  });

  scope.addHook('onError', async (_request, _reply, error) => {
    intake.countRejected(fromFastifyError(error).code);
  });

  scope.post<IntakeParams>('/:triggerId', async (request, reply) => {
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
  });
};

import crypto from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode } from '../errors';
import { errorBody } from './errors';

/**
 * The errors Node's HTTP server and Fastify answer on their own, before any route runs, in the
 * one error shape (docs/api.md#errors): slow requests, oversized headers, unparsable URLs,
 * path parameters over their limit, and requests that arrive while the server is closing.
 */

/** A URL longer than this is 414 URI_TOO_LONG (Node's own header limit, 16 KiB, comes after: 431). */
export const MAX_URL_LENGTH = 8192;

const CLIENT_ERRORS: Record<string, [ErrorCode, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: ['REQUEST_TIMEOUT', 'The request headers and body did not arrive in time'],
  HPE_HEADER_OVERFLOW: ['REQUEST_HEADERS_TOO_LARGE', 'The request headers are too large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: ['REQUEST_HEADERS_TOO_LARGE', 'The chunk extensions are too large'],
};

/**
 * Node's 'clientError': the request could not be parsed or did not arrive in time. The answer is
 * written to the socket (no request object exists, or its body never completed) and the
 * connection closed: a client that dribbles bytes holds nothing once its time is up.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const inFlight = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage;
  // A response already under way cannot be replaced: the connection just ends.
  if (socket.writable && !inFlight?.headersSent) {
    const [code, message] = CLIENT_ERRORS[err.code ?? ''] ?? ['VALIDATION_FAILED', 'The request is malformed'];
    const requestId = crypto.randomUUID();
    const appErr = new AppError(code, message);
    const body = JSON.stringify(errorBody(appErr, requestId));
    socket.write(
      `HTTP/1.1 ${appErr.status} ${http.STATUS_CODES[appErr.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/** Fastify's router failures (bad percent-encoding, a path parameter over its limit): 400. */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter is too long'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'The URL is malformed (bad percent-encoding)'
        : 'The request is malformed';
  reply
    .header('X-Request-Id', request.id)
    .status(400)
    .send(errorBody(new AppError('VALIDATION_FAILED', message), request.id));
}

/**
 * Refusals before routing: a URL over MAX_URL_LENGTH (414), and requests that reach the server
 * after close() began: 503 UNAVAILABLE in the error shape with `Connection: close`, so the
 * client moves to another instance. (Fastify's own answer, `return503OnClosing`, has a body of
 * its own and is turned off in app.ts.)
 */
export function installEarlyRefusals(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.length > MAX_URL_LENGTH) {
      throw new AppError('URI_TOO_LONG', `The URL is longer than ${MAX_URL_LENGTH} characters`);
    }
    if (!closing) return;
    return reply
      .status(503)
      .header('Connection', 'close')
      .header('Retry-After', '1')
      .send(errorBody(new AppError('UNAVAILABLE', 'The server is shutting down; try again'), request.id));
  });
}

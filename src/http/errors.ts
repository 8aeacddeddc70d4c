import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, errorSummary, toAppError, type ErrorCode } from '../errors';

/** Fastify's own failures (parsing, limits) in the contract's codes. */
const FASTIFY_CODES: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['VALIDATION_FAILED', 'The request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['VALIDATION_FAILED', 'The request body is empty'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['VALIDATION_FAILED', 'Content-Length does not match the body'],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', 'The request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'This route accepts application/json bodies'],
  FST_ERR_CTP_INVALID_TYPE: ['UNSUPPORTED_MEDIA_TYPE', 'Invalid Content-Type header'],
  FST_ERR_VALIDATION: ['VALIDATION_FAILED', 'Request validation failed'],
  FST_ERR_BAD_URL: ['NOT_FOUND', 'Not found'],
  FST_ERR_ASYNC_CONSTRAINT: ['VALIDATION_FAILED', 'Bad request'],
};

export function fromFastifyError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as FastifyError & { type?: string };
  const mapped = typeof e?.code === 'string' ? FASTIFY_CODES[e.code] : undefined;
  if (mapped) return new AppError(mapped[0], mapped[1]);
  // JSON parser rejections (prototype poisoning) and other 4xx raised by Fastify itself.
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    if (e.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
    if (e.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
    return new AppError('VALIDATION_FAILED', 'The request is malformed');
  }
  return toAppError(err);
}

export function errorBody(err: AppError, requestId: string) {
  return {
    success: false as const,
    error: {
      code: err.code,
      message: err.message,
      ...(err.details?.length ? { details: err.details } : {}),
      requestId,
    },
  };
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const appErr = fromFastifyError(err);
    if (appErr.status >= 500) {
      request.log.error({ error: errorSummary(err), code: appErr.code }, 'request failed');
    }
    if (appErr.code === 'UNAUTHENTICATED') reply.header('WWW-Authenticate', 'Bearer');
    if (appErr.code === 'UNAVAILABLE') reply.header('Retry-After', '5');
    if (appErr.retryAfterSeconds !== undefined) reply.header('Retry-After', String(appErr.retryAfterSeconds));
    return reply.status(appErr.status).send(errorBody(appErr, request.id));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        errorBody(
          new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0].slice(0, 200)}`),
          request.id,
        ),
      ),
  );
}

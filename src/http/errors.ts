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
  FST_ERR_BAD_URL: ['VALIDATION_FAILED', 'The URL is malformed (bad percent-encoding)'],
  FST_ERR_MAX_PARAM_LENGTH: ['VALIDATION_FAILED', 'A path parameter is too long'],
  FST_ERR_ASYNC_CONSTRAINT: ['VALIDATION_FAILED', 'Bad request'],
};

/** 4xx statuses raised without a known code (by Fastify, Apollo's integration or a plugin). */
const STATUS_CODES: Record<number, [ErrorCode, string]> = {
  404: ['NOT_FOUND', 'Not found'],
  405: ['METHOD_NOT_ALLOWED', 'This method is not allowed here'],
  408: ['REQUEST_TIMEOUT', 'The request headers and body did not arrive in time'],
  413: ['PAYLOAD_TOO_LARGE', 'The request body is too large'],
  414: ['URI_TOO_LONG', 'The URL is too long'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'],
  431: ['REQUEST_HEADERS_TOO_LARGE', 'The request headers are too large'],
};

export function fromFastifyError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as FastifyError & { type?: string };
  const mapped = typeof e?.code === 'string' ? FASTIFY_CODES[e.code] : undefined;
  if (mapped) return new AppError(mapped[0], mapped[1]);
  // JSON parser rejections (prototype poisoning) and other 4xx raised by Fastify itself.
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    const byStatus = STATUS_CODES[e.statusCode];
    if (byStatus) return new AppError(byStatus[0], byStatus[1]);
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
  // Every route's path as a pattern, so an unknown method on a known path is 405, not 404.
  const routes: Array<{ methods: string[]; pattern: RegExp }> = [];
  app.addHook('onRoute', (route) => {
    // A catch-all (the CORS preflight's `OPTIONS *`) says nothing about which paths exist.
    if (route.url === '*' || route.url === '/*') return;
    const source = route.url
      .split('/')
      .map((part) =>
        part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    routes.push({ methods: ([] as string[]).concat(route.method), pattern: new RegExp(`^${source}/?$`) });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).flatMap((r) => r.methods))];
    // A route that answered "not found" itself (callNotFound) is a 404 on a path it serves.
    if (allowed.length && !allowed.includes(request.method)) {
      return reply
        .status(405)
        .header('Allow', allowed.join(', '))
        .send(errorBody(new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed here`), request.id));
    }
    return reply
      .status(404)
      .send(errorBody(new AppError('NOT_FOUND', `No route for ${request.method} ${path.slice(0, 200)}`), request.id));
  });
}

/** The one error type of the service layer. Surfaces map `code` to a status through `AppError.status`. */
export interface FieldError {
  field: string;
  message: string;
}

export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  TENANT_REQUIRED: 400,
  WEBHOOK_HEADERS_INVALID: 400,
  INVALID_QUERY: 400,
  QUERY_TOO_COMPLEX: 400,
  UNAUTHENTICATED: 401,
  TRIGGER_SIGNATURE_INVALID: 401,
  TRIGGER_TIMESTAMP_INVALID: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  WEBHOOK_CONFIG_NOT_FOUND: 404,
  TRIGGER_NOT_FOUND: 404,
  ENTITY_NOT_FOUND: 404,
  METRIC_NOT_FOUND: 404,
  VIEW_NOT_FOUND: 404,
  OUTBOX_RECORD_NOT_FOUND: 404,
  PORTAL_SESSION_NOT_FOUND: 404,
  RECORD_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  LIMIT_EXCEEDED: 422,
  RATE_LIMITED: 429,
  REQUEST_HEADERS_TOO_LARGE: 431,
  INTERNAL_ERROR: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldError[],
    /** Seconds after which the same request may succeed (Retry-After), where that is known. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function validationError(details: FieldError[], message = 'Request validation failed'): AppError {
  return new AppError('VALIDATION_FAILED', message, details);
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

// Prisma's codes for an unreachable or vanished database, and its driver adapter's error kinds.
const PRISMA_CONNECTION_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const ADAPTER_CONNECTION_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'DatabaseUnavailable',
]);

/** True for errors that mean "the database is not reachable right now" (worth a retry, or a 503). */
export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
  };
  if (typeof e.code === 'string' && (CONNECTION_ERROR_CODES.has(e.code) || PRISMA_CONNECTION_CODES.has(e.code)))
    return true;
  const kind = e.meta?.driverAdapterError?.cause?.kind;
  if (typeof kind === 'string' && ADAPTER_CONNECTION_KINDS.has(kind)) return true;
  if (
    typeof e.message === 'string' &&
    // The last one is a pool wait that timed out: no connection free in time is "unavailable" too.
    /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection|timeout exceeded when trying to connect/i.test(
      e.message,
    )
  ) {
    return true;
  }
  return e.cause !== undefined && e.cause !== err ? isConnectionError(e.cause) : false;
}

/** Turns anything thrown into an AppError safe to show a client: unknown errors lose their text. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (isConnectionError(err)) return new AppError('UNAVAILABLE', 'The database is not reachable; try again shortly');
  // Text PostgreSQL cannot store (NUL, invalid encodings) that slipped past a validator is still bad input.
  const pgCode = (err as { code?: unknown })?.code;
  if (pgCode === '22021' || pgCode === '22P05')
    return new AppError('VALIDATION_FAILED', 'The request contains characters that cannot be stored');
  return new AppError('INTERNAL_ERROR', 'An unexpected error occurred');
}

/** What may be logged about an unexpected error: its kind and codes, never its text, SQL or stack. */
export function errorSummary(err: unknown): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { type: typeof err };
  const e = err as { name?: unknown; code?: unknown; constraint?: unknown; routine?: unknown; severity?: unknown };
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    code: typeof e.code === 'string' ? e.code : undefined,
    constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
    routine: typeof e.routine === 'string' ? e.routine : undefined,
  };
}

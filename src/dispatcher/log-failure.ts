import { isConnectionError } from '../errors';
import type { Logger } from '../logger';

/**
 * Logs a dispatcher failure without its message (which may carry SQL or a target's address): the
 * error's code or name only; a lost database connection is a warning, anything else an error.
 */
export function logDispatcherFailure(
  logger: Logger,
  workerId: string,
  err: unknown,
  message: string,
  tenantId?: string,
): void {
  const e = err as { code?: unknown; name?: unknown };
  const fields = {
    worker: workerId,
    tenant: tenantId,
    error: typeof e?.code === 'string' ? e.code : String(e?.name ?? 'Error'),
  };
  if (isConnectionError(err)) logger.warn(fields, `${message} (database unreachable)`);
  else logger.error(fields, message);
}

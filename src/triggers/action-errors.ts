import { isLostRace } from '../db/retry';
import { AppError, isConnectionError } from '../errors';

/**
 * Thrown inside a batch's transaction when the events' records, written together, could not be
 * written for a reason of the events' own (no savepoint): `eventId` names the event when the
 * write held only one.
 */
export class ActionFailed extends Error {
  constructor(
    readonly eventId: string | null,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * The actionError of a write that failed for the event's own reasons (its records), or undefined
 * for a failure of the database itself (lost connection, deadlock), which fails the request.
 */
export function describeActionError(err: unknown): string | undefined {
  if (err instanceof AppError) {
    const detail = err.details?.[0];
    return `${err.code}: ${err.message}${detail ? ` (${detail.field}: ${detail.message})` : ''}`;
  }
  const code = (err as { code?: unknown })?.code;
  if (isConnectionError(err) || typeof code !== 'string' || isLostRace(err)) return undefined;
  // Never the database's own message: it may quote SQL or values.
  return `INTERNAL_ERROR: the records could not be written (SQLSTATE ${code})`;
}

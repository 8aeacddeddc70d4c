import { validationError, type FieldError } from '../errors';
import { UUID_PATTERN } from '../validation';
import type { OutboxStatus } from './model';
import type { ReplayMatch } from './sql/replay-records';

/** Statuses a bulk replay may put back: the finished ones (docs/api.md#replay). */
const REPLAYABLE_STATUSES: readonly OutboxStatus[] = ['DEAD', 'DELIVERED'];

export interface OutboxReplayQuery {
  webhookConfigId?: string | null;
  entityName?: string | null;
  status?: readonly string[] | null;
  since?: Date | null;
  until?: Date | null;
}

/**
 * The errors of two bounds on a date, both included: each must be a date-time, and `from` must
 * not be after `to`. Each bound is named by its field.
 */
export function dateRangeErrors(
  fromField: string,
  from: Date | null | undefined,
  toField: string,
  to: Date | null | undefined,
): FieldError[] {
  const errors: FieldError[] = [];
  const invalid = (d: Date | null | undefined) => d != null && Number.isNaN(d.getTime());
  if (invalid(from)) errors.push({ field: fromField, message: 'must be a date-time' });
  if (invalid(to)) errors.push({ field: toField, message: 'must be a date-time' });
  if (from != null && to != null && from > to)
    errors.push({ field: toField, message: `must not be before ${fromField}` });
  return errors;
}

/**
 * Validates a replay filter: `status` defaults to [DEAD] and may only hold DEAD and DELIVERED;
 * `since` must not be after `until`. Returns null when nothing can match (a configuration id that
 * is not a UUID names no configuration).
 */
export function readReplayFilter(q: OutboxReplayQuery): ReplayMatch | null {
  const errors: FieldError[] = [];
  const statuses = q.status ?? ['DEAD'];
  if (statuses.length === 0) errors.push({ field: 'status', message: 'must name DEAD, DELIVERED or both' });
  for (const s of statuses) {
    if (!(REPLAYABLE_STATUSES as readonly string[]).includes(s)) {
      errors.push({ field: 'status', message: `only DEAD and DELIVERED records can be replayed, not ${s}` });
      break;
    }
  }
  errors.push(...dateRangeErrors('since', q.since, 'until', q.until));
  if (q.entityName != null && (q.entityName.length > 128 || q.entityName.includes('\0')))
    errors.push({ field: 'entityName', message: 'must be at most 128 characters without NUL' });
  if (errors.length) throw validationError(errors);
  if (q.webhookConfigId != null && !UUID_PATTERN.test(q.webhookConfigId)) return null;
  return {
    statuses: [...new Set(statuses)] as OutboxStatus[],
    webhookConfigId: q.webhookConfigId ?? undefined,
    entityName: q.entityName ?? undefined,
    since: q.since ?? undefined,
    until: q.until ?? undefined,
  };
}

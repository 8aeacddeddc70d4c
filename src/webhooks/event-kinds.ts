import type { FieldReader } from '../validation';
import {
  CHANGE_OPERATIONS,
  OPERATIONAL_EVENT_KINDS,
  OPERATIONS_ENTITY,
  type ChangeOperation,
  type OperationalEventKind,
} from './model';

/** The event-kind fields of a create or update, once validated. */
interface EventKindFields {
  entityName?: string;
  events?: ChangeOperation[];
  operationalEvents?: OperationalEventKind[];
}

/**
 * Event kinds: a comma-separated string (REST) or a list (GraphQL); trimmed, upper-cased,
 * de-duplicated. `allowed`: the entity changes, or the operational kinds of an `$operations` configuration.
 */
function parseEventKinds<T extends string>(
  field: string,
  value: unknown,
  r: FieldReader,
  allowed: readonly T[],
): T[] | undefined {
  let parts: unknown[];
  if (typeof value === 'string') parts = value.split(',');
  else if (Array.isArray(value)) parts = value;
  else return r.fail(field, `must be a comma-separated list of ${allowed.join(', ')}`);
  const out: T[] = [];
  for (const part of parts) {
    if (typeof part !== 'string') return r.fail(field, 'must contain only strings');
    if (part.includes('\0')) return r.fail(field, 'must not contain NUL characters');
    const kind = part.trim().toUpperCase();
    if (!(allowed as readonly string[]).includes(kind)) {
      return r.fail(field, `unknown event kind "${part.trim().slice(0, 40)}"; allowed: ${allowed.join(', ')}`);
    }
    if (!out.includes(kind as T)) out.push(kind as T);
  }
  if (out.length === 0) return r.fail(field, 'must name at least one event kind');
  return out;
}

/**
 * `events` and `operationalEvents` of a body (docs/api.md#operational-events). An `$operations`
 * configuration takes operational kinds, in `operationalEvents` or (the REST form) in `events`, and
 * stores no entity changes; any other takes entity changes in `events` and no `operationalEvents`.
 * An update that moves a configuration between the two must give the kinds of its new side.
 */
export function readEventKinds(
  r: FieldReader,
  out: EventKindFields,
  mode: 'create' | 'update',
  storedEntityName: string | undefined,
): void {
  const target = out.entityName ?? storedEntityName;
  const given = (field: string) => r.has(field) && r.raw(field) !== null;
  const moved =
    mode === 'create' ||
    (out.entityName !== undefined && (storedEntityName === OPERATIONS_ENTITY) !== (target === OPERATIONS_ENTITY));
  if (target === OPERATIONS_ENTITY) {
    if (given('operationalEvents') && given('events')) {
      r.fail('events', 'give the operational kinds once: in operationalEvents or in events');
      return;
    }
    const field = given('operationalEvents') ? 'operationalEvents' : 'events';
    if (given(field)) out.operationalEvents = parseEventKinds(field, r.raw(field), r, OPERATIONAL_EVENT_KINDS);
    else if (moved || r.has('operationalEvents'))
      r.fail('operationalEvents', `is required on a ${OPERATIONS_ENTITY} configuration`);
    if (moved) out.events = [];
    return;
  }
  if (given('operationalEvents')) {
    r.fail('operationalEvents', `is only for a configuration whose entityName is ${OPERATIONS_ENTITY}`);
  }
  if (given('events')) out.events = parseEventKinds('events', r.raw('events'), r, CHANGE_OPERATIONS);
  else if (moved || r.has('events')) r.fail('events', 'is required');
  if (moved) out.operationalEvents = [];
}

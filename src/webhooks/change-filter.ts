/**
 * Change filters of webhook configurations (docs/api.md#change-filters): `filter`, the analytics
 * filter language over one change (`operation`, `data.<field>`, `previous.<field>`), and
 * `changedFields`, the fields of which at least one must differ for an update to be sent. Checked
 * against the entity when a configuration is saved; evaluated in JS on the values the write
 * stored, inside its transaction, with each configuration's filter compiled once per version.
 */
import type { FieldDefinition, FieldType, FieldValue } from '../catalog/model';
import type { TenantContext } from '../auth/permissions';
import { AppError, validationError, type FieldError } from '../errors';
import type { Filter, FilterOperator } from '../query/model';
import { fieldMap, isObject, Problems, readFilter } from '../query/parse';
import type { FieldReader } from '../validation';
import { CHANGE_OPERATIONS } from './model';

/** The entity a filter is read against: its fields. */
export interface FilterEntity {
  name: string;
  fields: readonly FieldDefinition[];
}

/** One change as the outbox sees it; `previous` is null on INSERT and on an UPSERT that inserted. */
export interface FilteredChange {
  operation: string;
  data: Record<string, unknown> | null;
  previous: Record<string, unknown> | null;
}

const OPERATION_FIELD = 'operation';
const DATA_PREFIX = 'data.';
const PREVIOUS_PREFIX = 'previous.';

/**
 * The shapes of `filter` (an object, or null to clear) and `changedFields` (a non-empty array of
 * strings, or null to clear) in a configuration body; their names are checked against the entity
 * later (checkChangeFilter), once the configuration's entity is known.
 */
export function readChangeFilterShape(
  r: FieldReader,
  out: { filter?: Record<string, unknown> | null; changedFields?: string[] | null },
): void {
  if (r.has('filter')) {
    const raw = r.raw('filter');
    if (raw === null) out.filter = null;
    else if (!isObject(raw)) r.fail('filter', 'must be a condition or a group object, or null');
    else out.filter = raw;
  }
  if (r.has('changedFields')) {
    const raw = r.raw('changedFields');
    if (raw === null) out.changedFields = null;
    else if (!Array.isArray(raw) || raw.length === 0)
      r.fail('changedFields', 'must be a non-empty array of field names, or null');
    else if (raw.some((n) => typeof n !== 'string'))
      raw.forEach((n, i) =>
        typeof n === 'string' ? undefined : r.fail(`changedFields[${i}]`, 'must be a field name'),
      );
    else out.changedFields = raw as string[];
  }
}

/** The fields a filter over a change may name, with their types. */
function changeFields(entity: FilterEntity) {
  return fieldMap([
    { name: OPERATION_FIELD, type: 'STRING' },
    ...entity.fields.map((f) => ({ name: DATA_PREFIX + f.name, type: f.type })),
    ...entity.fields.map((f) => ({ name: PREVIOUS_PREFIX + f.name, type: f.type })),
  ]);
}

const UNKNOWN_FIELD = 'is not a field of the queried entity or view';

/**
 * Every problem of a filter and a changedFields list against `entity`, with their paths
 * (`filter.conditions[1].field`, `changedFields[0]`); empty when both fit. Null or undefined
 * values are not checked.
 */
export function checkChangeFilter(
  entity: FilterEntity,
  filter: Record<string, unknown> | null | undefined,
  changedFields: readonly string[] | null | undefined,
): FieldError[] {
  return [...filterProblems(entity, filter).errors, ...changedFieldProblems(entity, changedFields)];
}

function filterProblems(
  entity: FilterEntity,
  raw: Record<string, unknown> | null | undefined,
): { errors: FieldError[]; filter?: Filter } {
  if (raw === null || raw === undefined) return { errors: [] };
  const p = new Problems();
  const filter = readFilter(raw, changeFields(entity), p, 'filter');
  const errors = p.list.map((e) =>
    e.message === UNKNOWN_FIELD
      ? {
          field: e.field,
          message: `must be ${OPERATION_FIELD}, data.<field> or previous.<field> of entity ${entity.name}`,
        }
      : e,
  );
  if (filter) checkOperations(filter, 'filter', errors);
  return errors.length ? { errors } : { errors, filter };
}

/** A value compared with `operation` must be one of the operations, or the condition could never be true. */
function checkOperations(filter: Filter, path: string, errors: FieldError[]): void {
  if (filter.kind === 'group') {
    filter.conditions.forEach((c, i) => checkOperations(c, `${path}.conditions[${i}]`, errors));
    return;
  }
  if (filter.field !== OPERATION_FIELD || !['EQ', 'NE', 'IN', 'NOT_IN'].includes(filter.op)) return;
  const many = filter.op === 'IN' || filter.op === 'NOT_IN';
  filter.values.forEach((v, i) => {
    if (!(CHANGE_OPERATIONS as readonly unknown[]).includes(v))
      errors.push({
        field: many ? `${path}.value[${i}]` : `${path}.value`,
        message: `must be one of ${CHANGE_OPERATIONS.join(', ')}`,
      });
  });
}

function changedFieldProblems(entity: FilterEntity, names: readonly string[] | null | undefined): FieldError[] {
  if (names === null || names === undefined) return [];
  const errors: FieldError[] = [];
  const known = new Set(entity.fields.map((f) => f.name));
  names.forEach((name, i) => {
    if (!known.has(name))
      errors.push({ field: `changedFields[${i}]`, message: `is not a field of entity ${entity.name}` });
    else if (names.indexOf(name) !== i)
      errors.push({ field: `changedFields[${i}]`, message: `repeats changedFields[${names.indexOf(name)}]` });
  });
  return errors;
}

/** True, false or unknown (null), as SQL decides a condition. */
type Truth = boolean | null;
type Test = (change: FilteredChange) => Truth;
export type ChangeMatcher = (change: FilteredChange) => boolean;

const MATCH_ALL: ChangeMatcher = () => true;
const MATCH_NONE: ChangeMatcher = () => false;

/** What the outbox knows of a configuration: its stored filter and changedFields. */
export interface FilteredConfig {
  id: string;
  filter: unknown;
  changed_fields: unknown;
}

// Compiled matchers by configuration id; an entry is used while the configuration's filter and
// the entity's fields are what it was compiled from (its key), so a saved change or an entity
// defined again is compiled afresh.
const compiled = new Map<string, { key: string; match: ChangeMatcher }>();
const MAX_COMPILED = 10_000;

/** Whether a configuration sends only some changes. */
export function hasChangeFilter(config: FilteredConfig): boolean {
  return isObject(config.filter) || Array.isArray(config.changed_fields);
}

/**
 * The matcher of a configuration for changes of `entity`: true when the change is to be sent.
 * A configuration without filter and changedFields matches every change. A filter or changedFields
 * that no longer fits the entity (it was dropped and defined again without a field they name, or
 * with another type) matches no change, until the configuration is saved again.
 */
export function changeMatcher(config: FilteredConfig, entity: FilterEntity | undefined): ChangeMatcher {
  if (!hasChangeFilter(config)) return MATCH_ALL;
  const filter = isObject(config.filter) ? config.filter : null;
  const changedFields = Array.isArray(config.changed_fields) ? (config.changed_fields as string[]) : null;
  if (!entity) return MATCH_NONE;
  const key = JSON.stringify([entity.name, entity.fields, filter, changedFields]);
  const hit = compiled.get(config.id);
  if (hit?.key === key) return hit.match;
  const match = compileMatcher(entity, filter, changedFields);
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(config.id, { key, match });
  return match;
}

function compileMatcher(
  entity: FilterEntity,
  rawFilter: Record<string, unknown> | null,
  changedFields: string[] | null,
): ChangeMatcher {
  const { errors, filter } = filterProblems(entity, rawFilter);
  if (errors.length || changedFieldProblems(entity, changedFields).length) return MATCH_NONE;
  const test = filter ? compileFilter(filter, changeFields(entity)) : undefined;
  const changed = changedFields ? compileChanged(entity, changedFields) : undefined;
  return (change) => (changed ? changed(change) : true) && (test ? test(change) === true : true);
}

/**
 * changedFields: an update (an UPSERT with a previous record is one) passes when one of the fields
 * differs, null against a value included; INSERT, DELETE and an UPSERT that inserted pass.
 */
function compileChanged(entity: FilterEntity, names: string[]): ChangeMatcher {
  const types = new Map(entity.fields.map((f) => [f.name, f.type]));
  const fields = names.map((name) => ({ name, type: types.get(name)! }));
  return (change) => {
    if (!change.previous || !change.data) return true;
    if (change.operation !== 'UPDATE' && change.operation !== 'UPSERT') return true;
    const { previous, data } = change;
    return fields.some(({ name, type }) => {
      const a = previous[name] ?? null;
      const b = data[name] ?? null;
      if (a === null || b === null) return a !== b;
      return compare(type, a, b) !== 0;
    });
  };
}

function compileFilter(filter: Filter, fields: ReturnType<typeof changeFields>): Test {
  if (filter.kind === 'group') {
    const parts = filter.conditions.map((c) => compileFilter(c, fields));
    switch (filter.op) {
      case 'AND':
      case 'OR': {
        // One false part decides an AND, one true part an OR; else an unknown part leaves it unknown.
        const decisive = filter.op === 'OR';
        return (change) => {
          let result: Truth = !decisive;
          for (const part of parts) {
            const t = part(change);
            if (t === decisive) return decisive;
            if (t === null) result = null;
          }
          return result;
        };
      }
      case 'NOT': {
        const [part] = parts;
        return (change) => {
          const t = part(change);
          return t === null ? null : !t;
        };
      }
    }
  }
  const read = reader(filter.field);
  const type = filter.field === OPERATION_FIELD ? 'STRING' : fields.get(filter.field)!.type;
  const check = compileCondition(filter.op, type, filter.values);
  return (change) => check(read(change));
}

function reader(field: string): (change: FilteredChange) => unknown {
  if (field === OPERATION_FIELD) return (change) => change.operation;
  const [side, name] = field.startsWith(DATA_PREFIX)
    ? (['data', field.slice(DATA_PREFIX.length)] as const)
    : (['previous', field.slice(PREVIOUS_PREFIX.length)] as const);
  return (change) => change[side]?.[name] ?? null;
}

function compileCondition(op: FilterOperator, type: FieldType, values: FieldValue[]): (v: unknown) => Truth {
  const cmp = (v: unknown, i: number) => compare(type, v, values[i]);
  const ordered = (ok: (c: number) => boolean) => (v: unknown) => {
    if (v === null) return null;
    const c = cmp(v, 0);
    return Number.isNaN(c) ? null : ok(c);
  };
  switch (op) {
    case 'IS_NULL':
      return (v) => v === null;
    case 'IS_NOT_NULL':
      return (v) => v !== null;
    case 'EQ':
      return ordered((c) => c === 0);
    case 'NE':
      return ordered((c) => c !== 0);
    case 'GT':
      return ordered((c) => c > 0);
    case 'GTE':
      return ordered((c) => c >= 0);
    case 'LT':
      return ordered((c) => c < 0);
    case 'LTE':
      return ordered((c) => c <= 0);
    case 'BETWEEN':
      return (v) => {
        if (v === null) return null;
        const low = cmp(v, 0);
        const high = cmp(v, 1);
        return Number.isNaN(low) || Number.isNaN(high) ? null : low >= 0 && high <= 0;
      };
    case 'IN':
    case 'NOT_IN': {
      const wanted = op === 'IN';
      return (v) => {
        if (v === null) return null;
        let unknown = false;
        for (let i = 0; i < values.length; i++) {
          const c = cmp(v, i);
          if (c === 0) return wanted;
          if (Number.isNaN(c)) unknown = true;
        }
        return unknown ? null : !wanted;
      };
    }
    case 'LIKE':
    case 'ILIKE': {
      const pattern = likePattern(String(values[0]), op === 'ILIKE');
      return (v) => (v === null ? null : typeof v === 'string' ? pattern.test(v) : null);
    }
  }
}

/** PostgreSQL's LIKE: `%` any run, `_` one character, a backslash takes the next character as it is. */
function likePattern(pattern: string, ignoreCase: boolean): RegExp {
  let source = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '\\' && i + 1 < chars.length) source += escapeRegExp(chars[++i]);
    else if (c === '%') source += '.*';
    else if (c === '_') source += '.';
    else source += escapeRegExp(c);
  }
  return new RegExp(`^${source}$`, ignoreCase ? 'isu' : 'su');
}

// Only the syntax characters: with the `u` flag any other escaped character is a syntax error.
const escapeRegExp = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * Orders two non-null values of a field type as PostgreSQL does (text by character code, as the C
 * collation); NaN when they cannot be compared (a stored value of another type).
 */
function compare(type: FieldType, a: unknown, b: unknown): number {
  switch (type) {
    case 'INTEGER':
    case 'FLOAT':
    case 'DECIMAL': {
      const x = typeof a === 'number' ? a : typeof a === 'string' ? Number(a) : NaN;
      const y = typeof b === 'number' ? b : typeof b === 'string' ? Number(b) : NaN;
      return Number.isNaN(x) || Number.isNaN(y) ? NaN : Math.sign(x - y);
    }
    case 'TIMESTAMP': {
      const x = typeof a === 'string' ? Date.parse(a) : NaN;
      const y = typeof b === 'string' ? Date.parse(b) : NaN;
      return Number.isNaN(x) || Number.isNaN(y) ? NaN : Math.sign(x - y);
    }
    case 'STRING':
    case 'DATE':
      return typeof a === 'string' && typeof b === 'string' ? (a < b ? -1 : a > b ? 1 : 0) : NaN;
    case 'BOOLEAN':
      return typeof a === 'boolean' && typeof b === 'boolean' ? Number(a) - Number(b) : NaN;
    case 'JSON':
      return jsonEqual(a, b) ? 0 : 1;
  }
}

/** jsonb equality: object keys in any order, numbers by value. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const list = b as unknown[];
    return a.length === list.length && a.every((x, i) => jsonEqual(x, list[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && jsonEqual(x[k], y[k]));
}

/** How the configuration service finds the entity a filter is checked against. */
export type FilterEntityLookup = (ctx: TenantContext, name: string) => Promise<FilterEntity>;

/**
 * Throws 400 VALIDATION_FAILED unless `filter` and `changedFields` (what the configuration will
 * store) fit its entity, which must then be defined. Nothing to check when both are null.
 */
export async function assertChangeFilterFits(
  lookup: FilterEntityLookup,
  ctx: TenantContext,
  entityName: string,
  filter: unknown,
  changedFields: unknown,
): Promise<void> {
  const rawFilter = isObject(filter) ? filter : null;
  const names = Array.isArray(changedFields) ? (changedFields as string[]) : null;
  if (!rawFilter && !names) return;
  let entity: FilterEntity;
  try {
    entity = await lookup(ctx, entityName);
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'ENTITY_NOT_FOUND') throw err;
    throw validationError([
      {
        field: rawFilter ? 'filter' : 'changedFields',
        message: `needs the fields of entity ${entityName.slice(0, 128)}, which is not defined`,
      },
    ]);
  }
  const errors = checkChangeFilter(entity, rawFilter, names);
  if (errors.length) throw validationError(errors, 'The change filter does not fit the entity');
}

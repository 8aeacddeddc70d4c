import { FieldReader } from '../validation';
import {
  CATALOG_NAME,
  FIELD_TYPES,
  MAX_ENTITY_FIELDS,
  PRIMARY_KEY_TYPES,
  RESERVED_TABLE_NAMES,
  TIME_FIELD_TYPES,
  type FieldDefinition,
  type FieldType,
} from './model';

/** What a caller may define: an entity without its bookkeeping. */
export interface EntityDraft {
  name: string;
  fields: FieldDefinition[];
  primaryKey: string;
  timeField: string | null;
}

const NAME_RULE = 'must match ^[a-z][a-z0-9_]{0,62}$';
// Every PostgreSQL table already has these columns; a field of that name cannot be created.
const SYSTEM_COLUMNS: ReadonlySet<string> = new Set(['tableoid', 'xmin', 'cmin', 'xmax', 'cmax', 'ctid', 'oid']);

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Reads and checks a define-entity body (REST body or GraphQL input). Every problem is
 * collected, so one 400 names all of them. Reserved table names are refused here (400), because
 * the name breaks a rule of the catalogue, not because another entity holds it.
 */
export function readEntityDraft(body: unknown): EntityDraft {
  const r = FieldReader.of(body);
  const name = r.string('name', { required: true, pattern: CATALOG_NAME, patternText: NAME_RULE }) ?? undefined;
  if (name && RESERVED_TABLE_NAMES.has(name)) r.fail('name', 'is reserved for a table of the service');

  const fields: FieldDefinition[] = [];
  const rawFields = r.raw('fields');
  if (rawFields === undefined) r.fail('fields', 'is required');
  else if (!Array.isArray(rawFields)) r.fail('fields', 'must be an array');
  else if (rawFields.length === 0) r.fail('fields', 'must have at least one field');
  else if (rawFields.length > MAX_ENTITY_FIELDS) r.fail('fields', `must have at most ${MAX_ENTITY_FIELDS} fields`);
  else {
    const seen = new Set<string>();
    rawFields.forEach((raw, i) => {
      const at = `fields[${i}]`;
      if (!isObject(raw)) return void r.fail(at, 'must be an object with name and type');
      const fieldName = typeof raw.name === 'string' ? raw.name.trim() : raw.name;
      let ok = true;
      const bad = (field: string, message: string) => {
        r.fail(field, message);
        ok = false;
      };
      if (typeof fieldName !== 'string') bad(`${at}.name`, 'is required');
      else if (!CATALOG_NAME.test(fieldName)) bad(`${at}.name`, NAME_RULE);
      else if (SYSTEM_COLUMNS.has(fieldName)) bad(`${at}.name`, 'is reserved by PostgreSQL');
      else if (seen.has(fieldName)) bad(`${at}.name`, 'is used by another field');
      const type = typeof raw.type === 'string' ? raw.type.trim().toUpperCase() : undefined;
      if (!type || !(FIELD_TYPES as readonly string[]).includes(type))
        bad(`${at}.type`, `must be one of ${FIELD_TYPES.join(', ')}`);
      if (ok) {
        seen.add(fieldName as string);
        fields.push({ name: fieldName as string, type: type as FieldType });
      }
    });
  }
  const typeOf = (f: string) => fields.find((x) => x.name === f)?.type;
  const fieldsOk = r.errors.every((e) => !e.field.startsWith('fields'));

  const primaryKey = r.string('primaryKey', { required: true }) ?? undefined;
  if (primaryKey && fieldsOk) {
    const t = typeOf(primaryKey);
    if (!t) r.fail('primaryKey', 'must name one of the fields');
    else if (!PRIMARY_KEY_TYPES.has(t))
      r.fail('primaryKey', `must be a field of type ${[...PRIMARY_KEY_TYPES].join(', ')}`);
  }

  const timeField = r.string('timeField', { nullable: true }) ?? null;
  if (timeField && fieldsOk) {
    const t = typeOf(timeField);
    if (!t) r.fail('timeField', 'must name one of the fields');
    else if (!TIME_FIELD_TYPES.has(t)) r.fail('timeField', 'must be a TIMESTAMP or DATE field');
  }
  r.done();
  return { name: name!, fields, primaryKey: primaryKey!, timeField };
}

/**
 * View parameters: a view's stored filter holds `{ "$param": "<name>" }` where a value goes.
 * At query time the references are replaced by the caller's (or the default) values before the
 * filter is read like any other; a condition whose optional parameter has no value is left out.
 */
import type { FieldType, FieldValue } from '../catalog/model';
import { checkQueryValue, isObject, type Problems } from './parse';

export interface ViewParameter {
  name: string;
  type: FieldType;
  required: boolean;
  default: FieldValue | null;
}

export function isParamRef(v: unknown): v is { $param: string } {
  return isObject(v) && typeof v.$param === 'string' && Object.keys(v).length === 1;
}

type Resolve = (name: string, path: string) => { value: unknown } | 'omit';

/** Replaces parameter references in a raw filter; undefined when nothing of it remains. */
export function substituteParams(raw: unknown, resolve: Resolve, path = 'filter'): unknown {
  if (!isObject(raw)) return raw;
  if (Array.isArray(raw.conditions)) {
    const kept = raw.conditions
      .map((c, i) => substituteParams(c, resolve, `${path}.conditions[${i}]`))
      .filter((c) => c !== undefined);
    if (kept.length === 0) return undefined;
    if (raw.op === 'NOT' && kept.length !== raw.conditions.length) return undefined;
    return { ...raw, conditions: kept };
  }
  if (!('value' in raw)) return raw;
  const one = (v: unknown, at: string): { value: unknown } | 'omit' =>
    isParamRef(v) ? resolve(v.$param, at) : { value: v };
  let value: unknown;
  if (Array.isArray(raw.value)) {
    const parts = raw.value.map((v, i) => one(v, `${path}.value[${i}]`));
    if (parts.some((x) => x === 'omit')) return undefined;
    value = parts.map((x) => (x as { value: unknown }).value);
  } else {
    const x = one(raw.value, `${path}.value`);
    if (x === 'omit') return undefined;
    value = x.value;
  }
  return { ...raw, value };
}

/** A value of each type that stands in for a parameter while a view's filter is checked. */
const SAMPLE: Record<FieldType, unknown> = {
  STRING: 'x',
  INTEGER: 0,
  FLOAT: 0.5,
  DECIMAL: 0.5,
  BOOLEAN: true,
  TIMESTAMP: '2000-01-01T00:00:00.000Z',
  DATE: '2000-01-01',
  JSON: {},
};

/**
 * The filter with every reference replaced by a sample of its parameter's type, so that reading
 * it checks that each parameter fits the field it is compared with. Undeclared names are reported.
 */
export function sampleParams(raw: unknown, declared: ReadonlyMap<string, ViewParameter>, p: Problems): unknown {
  return substituteParams(raw, (name, at) => {
    const param = declared.get(name);
    if (!param) {
      p.add(at, 'refers to a parameter the view does not declare');
      return 'omit';
    }
    return { value: SAMPLE[param.type] };
  });
}

/** The caller's parameter values (or defaults), checked against their declared types. */
export function resolveParams(
  declared: readonly ViewParameter[],
  givenRaw: unknown,
  p: Problems,
): Map<string, FieldValue> {
  const values = new Map<string, FieldValue>();
  if (givenRaw !== undefined && givenRaw !== null && !isObject(givenRaw)) {
    p.add('params', 'must be an object of parameter values');
    return values;
  }
  const given = (givenRaw ?? {}) as Record<string, unknown>;
  const names = new Set(declared.map((d) => d.name));
  for (const key of Object.keys(given)) {
    if (!names.has(key)) p.add(`params.${key.slice(0, 64)}`, 'is not a parameter of the view');
  }
  for (const d of declared) {
    const raw = given[d.name];
    if (raw === undefined || raw === null) {
      if (d.default !== null) values.set(d.name, d.default);
      else if (d.required) p.add(`params.${d.name}`, 'is required');
      continue;
    }
    const c = checkQueryValue(d.type, raw);
    if (c.ok) values.set(d.name, c.value);
    else p.add(`params.${d.name}`, c.message);
  }
  return values;
}

import type { EntityDefinition, FieldType } from './model';

/** A value of each field type, in the JSON form deliveries carry it: [now, an earlier one]. */
const EXAMPLE_VALUES: Readonly<Record<FieldType, readonly [unknown, unknown]>> = {
  STRING: ['example', 'earlier example'],
  INTEGER: [42, 41],
  FLOAT: [3.5, 2.25],
  DECIMAL: [19.99, 18.5],
  BOOLEAN: [true, false],
  TIMESTAMP: ['2026-11-26T08:30:00.000Z', '2026-11-25T17:05:00.000Z'],
  DATE: ['2026-11-26', '2026-11-25'],
  JSON: [{ key: 'value' }, { key: 'earlier value' }],
};

/**
 * An example record of `entity`, every field set to a value of its type: the event catalog's
 * examples and the data of a test send. `before` gives other values for every field but the key,
 * as a change's `previous` would hold.
 */
export function exampleRecord(entity: EntityDefinition, before = false): Record<string, unknown> {
  return Object.fromEntries(
    entity.fields.map((f) => {
      const [now, then] = EXAMPLE_VALUES[f.type];
      return [f.name, before && f.name !== entity.primaryKey ? then : now];
    }),
  );
}

/** The two kinds of row source a query reads: an entity's table, or a view over one. */
import type { EntityDefinition } from '../catalog/model';
import type { ViewDefinition } from '../catalog/view-service';
import { qualified, quoteIdent, type Params } from '../db/sql';
import { compileQuery, type SqlSource } from './compile';
import type { SelectItem, SourceField, ValidQuery } from '../query/model';
import { fieldMap, invalidQuery, Problems, readFilter, readSelect, type Fields } from '../query/parse';
import { resolveParams, substituteParams } from '../query/view-params';

export function entitySource(schema: string, entity: EntityDefinition): SqlSource {
  return {
    from: qualified(schema, entity.tableName),
    fields: fieldMap(entity.fields),
    column: (name) => quoteIdent(name),
    orderKey: [quoteIdent(entity.primaryKey)],
  };
}

/** A view's select and filter read against its entity, with the caller's parameter values in place. */
export interface BoundView {
  select: ValidQuery['select'];
  filter: ValidQuery['filter'];
}

/** A view's stored select read against its entity; undefined when it no longer fits (say, the entity was redefined). */
export function readViewSelect(view: ViewDefinition, entityFields: Fields): SelectItem[] | undefined {
  const p = new Problems();
  const select = readSelect(
    view.select.map((s) => ({ field: s.field ?? undefined, agg: s.agg ?? undefined, alias: s.alias ?? undefined })),
    entityFields,
    p,
  );
  return p.any ? undefined : select;
}

const viewNoLongerFits = () =>
  invalidQuery([{ field: 'view', message: 'the view no longer fits its entity; define it again' }]);

/**
 * Binds `params` into the view and reads it against its entity (`select` is the view's select
 * already read, when the caller kept it from an earlier query). Problems with the values are the
 * caller's (INVALID_QUERY on `params.<name>`); a stored view that no longer fits its entity (say,
 * the entity was redefined) is reported on `view`.
 */
export function bindView(
  view: ViewDefinition,
  entityFields: Fields,
  params: unknown,
  p: Problems,
  select = readViewSelect(view, entityFields),
): BoundView | undefined {
  const values = resolveParams(view.parameters, params, p);
  if (p.any) return undefined;
  if (!select) throw viewNoLongerFits();
  // The filter is read on every query: the caller's parameter values are part of it.
  const filter = substituteParams(view.filter ?? undefined, (name) =>
    values.has(name) ? { value: values.get(name) } : 'omit',
  );
  const inner = new Problems();
  const boundFilter = readFilter(filter, entityFields, inner);
  if (inner.any) throw viewNoLongerFits();
  return { select, filter: boundFilter };
}

/**
 * A view (bound, with no paging) as the FROM item of an outer query: its columns are the fields.
 * The entity's time field and primary key carry over when the view selects them unaggregated.
 */
export function viewSource(
  schema: string,
  entity: EntityDefinition,
  bound: BoundView,
  params: Params,
): { source: SqlSource; timeField?: SourceField } {
  const base = entitySource(schema, entity);
  const inner = compileQuery(base, { select: bound.select, filter: bound.filter, limit: 0, offset: 0 }, params, {
    paging: false,
  });
  const fields: SourceField[] = inner.columns.map((name, i) => ({ name, type: inner.types[i] as SourceField['type'] }));
  const position = new Map(inner.columns.map((name, i) => [name, i]));
  const column = (name: string) => `"v".${quoteIdent(`c${position.get(name)}`)}`;
  const plainOf = (field: string | null) => bound.select.findIndex((s) => !s.agg && s.field === field);
  const pk = plainOf(entity.primaryKey);
  const time = entity.timeField ? plainOf(entity.timeField) : -1;
  return {
    source: {
      from: `(${inner.sql}) AS "v"`,
      fields: fieldMap(fields),
      column,
      orderKey: pk >= 0 ? [column(inner.columns[pk])] : inner.columns.map(column),
    },
    timeField: time >= 0 ? fields[time] : undefined,
  };
}

import { useState, type ReactNode } from 'react';
import type { FieldType, Granularity } from '../../gql/graphql';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { nextFieldId } from '../ui/fieldId';
import {
  aggregationsFor,
  entityOf,
  fieldsOf,
  freshQuery,
  GRANULARITIES,
  operatorsFor,
  takesList,
  takesNoValue,
  type Built,
  type Catalogue,
  type Condition,
  type Measure,
  type SourceKind,
} from './builderModel';

const SOURCES = [
  ['entity', 'Entity'],
  ['metric', 'Metric'],
  ['view', 'View'],
] as const;

/** A labelled input whose kind follows a field type: numbers, dates, true/false, text. */
function ValueInput({
  label,
  type,
  value,
  onChange,
  list,
}: {
  label: string;
  type: FieldType | undefined;
  value: string;
  onChange: (v: string) => void;
  /** Several values, comma-separated: always text. */
  list?: boolean;
}) {
  const [id] = useState(nextFieldId);
  if (type === 'BOOLEAN' && !list)
    return (
      <SelectField
        label={label}
        value={value}
        onChange={onChange}
        options={[
          ['', '—'],
          ['true', 'true'],
          ['false', 'false'],
        ]}
      />
    );
  const kind = list
    ? { type: 'text', placeholder: 'a, b, c' }
    : type === 'INTEGER' || type === 'FLOAT' || type === 'DECIMAL'
      ? { type: 'number', step: 'any' }
      : type === 'DATE'
        ? { type: 'date' }
        : type === 'TIMESTAMP'
          ? { type: 'text', placeholder: '2026-11-28T00:00:00Z' }
          : { type: 'text' };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} {...kind} />
    </div>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="filters builder-row">{children}</div>;
}

/**
 * Controls that build the query in the `Query` box: the source (an entity, a saved metric, a view
 * with its parameters), grouping, measures, filters, time buckets and range, and a limit. Disabled
 * while the box holds JSON they cannot show.
 */
export function Builder({
  built,
  catalogue,
  disabled,
  onChange,
}: {
  built: Built;
  catalogue: Catalogue;
  disabled: boolean;
  onChange: (b: Built) => void;
}) {
  const set = (patch: Partial<Built>) => onChange({ ...built, ...patch });
  const fields = fieldsOf(built, catalogue);
  const typeOf = (name: string) => fields.find((f) => f.name === name)?.type;
  const names = (kind: SourceKind) =>
    (kind === 'entity' ? catalogue.entities : kind === 'metric' ? catalogue.metrics : catalogue.views).map(
      (x) => x.name,
    );
  const metric = built.source === 'metric' ? catalogue.metrics.find((m) => m.name === built.name) : undefined;
  const view = built.source === 'view' ? catalogue.views.find((v) => v.name === built.name) : undefined;
  const timed = built.source === 'metric' ? !!metric?.timeField : !!entityOf(built, catalogue)?.timeField;

  /** Another source: what still fits it (grouping, filters, time) is kept. */
  const switchTo = (source: SourceKind, name: string) => {
    if (!name) return set({ source, name });
    const fresh = freshQuery(source, name, catalogue);
    const kept = new Set(fieldsOf(fresh, catalogue).map((f) => f.name));
    onChange({
      ...fresh,
      groupBy: source === 'view' ? [] : built.groupBy.filter((f) => kept.has(f)),
      filters: source === 'view' ? [] : built.filters.filter((c) => kept.has(c.field)),
      granularity: built.granularity || fresh.granularity,
      from: built.from,
      to: built.to,
      limit: built.limit,
    });
  };

  const setMeasure = (i: number, patch: Partial<Measure>) =>
    set({ measures: built.measures.map((m, j) => (j === i ? fitMeasure({ ...m, ...patch }) : m)) });
  const fitMeasure = (m: Measure): Measure => {
    const allowed = aggregationsFor(m.field ? typeOf(m.field) : undefined);
    return allowed.includes(m.agg) ? m : { ...m, agg: allowed[0] };
  };
  const setCondition = (i: number, patch: Partial<Condition>) =>
    set({
      filters: built.filters.map((c, j) => {
        if (j !== i) return c;
        const next = { ...c, ...patch };
        // EQ applies to every type.
        return operatorsFor(typeOf(next.field)).includes(next.op) ? next : { ...next, op: 'EQ' };
      }),
    });

  return (
    <fieldset disabled={disabled} className="builder">
      <legend>Build the query</legend>
      <Row>
        <SelectField
          label="Source"
          value={built.source}
          options={SOURCES}
          onChange={(s) => switchTo(s, names(s)[0] ?? '')}
        />
        <SelectField
          label={SOURCES.find(([k]) => k === built.source)![1]}
          value={built.name}
          options={names(built.source).length ? names(built.source) : [['', `No ${built.source} yet`] as const]}
          onChange={(n) => switchTo(built.source, n)}
        />
        {metric ? (
          <p className="muted">
            {metric.name} = {metric.aggregation}({metric.field ?? '*'}) over {metric.entity}
            {metric.filter ? ', with its own filter' : ''}
          </p>
        ) : null}
      </Row>

      {built.source !== 'view' && fields.length ? (
        <fieldset>
          <legend>Group by</legend>
          {fields.map((f) => (
            <label key={f.name} className="check">
              <input
                type="checkbox"
                checked={built.groupBy.includes(f.name)}
                onChange={(e) =>
                  set({
                    groupBy: e.target.checked ? [...built.groupBy, f.name] : built.groupBy.filter((g) => g !== f.name),
                  })
                }
              />{' '}
              {f.name}
            </label>
          ))}
        </fieldset>
      ) : null}

      {built.source === 'entity' ? (
        <fieldset>
          <legend>Measures</legend>
          {built.measures.map((m, i) => (
            <Row key={i}>
              <SelectField
                label={`Measure ${i + 1} field`}
                value={m.field}
                options={[['', 'all rows'] as const, ...fields.map((f) => [f.name, `${f.name} (${f.type})`] as const)]}
                onChange={(field) => setMeasure(i, { field })}
              />
              <SelectField
                label={`Measure ${i + 1} aggregation`}
                value={m.agg}
                options={aggregationsFor(m.field ? typeOf(m.field) : undefined)}
                onChange={(agg) => setMeasure(i, { agg })}
              />
              <TextField
                label={`Measure ${i + 1} name`}
                value={m.alias}
                onChange={(alias) => setMeasure(i, { alias })}
              />
              <div className="buttons">
                <button type="button" onClick={() => set({ measures: built.measures.filter((_, j) => j !== i) })}>
                  Remove measure {i + 1}
                </button>
              </div>
            </Row>
          ))}
          <button
            type="button"
            onClick={() => set({ measures: [...built.measures, { agg: 'COUNT', field: '', alias: '' }] })}
          >
            Add measure
          </button>
        </fieldset>
      ) : null}

      {built.source !== 'view' && fields.length ? (
        <fieldset>
          <legend>Filters (all must match)</legend>
          {built.filters.map((c, i) => {
            const type = typeOf(c.field);
            return (
              <Row key={i}>
                <SelectField
                  label={`Filter ${i + 1} field`}
                  value={c.field}
                  options={fields.map((f) => [f.name, `${f.name} (${f.type})`] as const)}
                  onChange={(field) => setCondition(i, { field })}
                />
                <SelectField
                  label={`Filter ${i + 1} operator`}
                  value={c.op}
                  options={operatorsFor(type)}
                  onChange={(op) => setCondition(i, { op })}
                />
                {takesNoValue(c.op) ? null : c.op === 'BETWEEN' ? (
                  <>
                    <ValueInput
                      label={`Filter ${i + 1} low`}
                      type={type}
                      value={c.value}
                      onChange={(value) => setCondition(i, { value })}
                    />
                    <ValueInput
                      label={`Filter ${i + 1} high`}
                      type={type}
                      value={c.high}
                      onChange={(high) => setCondition(i, { high })}
                    />
                  </>
                ) : (
                  <ValueInput
                    label={`Filter ${i + 1} value`}
                    type={type}
                    list={takesList(c.op)}
                    value={c.value}
                    onChange={(value) => setCondition(i, { value })}
                  />
                )}
                <div className="buttons">
                  <button type="button" onClick={() => set({ filters: built.filters.filter((_, j) => j !== i) })}>
                    Remove filter {i + 1}
                  </button>
                </div>
              </Row>
            );
          })}
          <button
            type="button"
            onClick={() =>
              set({ filters: [...built.filters, { field: fields[0].name, op: 'EQ', value: '', high: '' }] })
            }
          >
            Add filter
          </button>
        </fieldset>
      ) : null}

      {view?.parameters.length ? (
        <fieldset>
          <legend>Parameters of {view.name}</legend>
          <Row>
            {view.parameters.map((p) => (
              <ValueInput
                key={p.name}
                label={`${p.name}${p.required ? ' (required)' : ''}`}
                type={p.type}
                value={built.params[p.name] ?? ''}
                onChange={(v) => set({ params: { ...built.params, [p.name]: v } })}
              />
            ))}
          </Row>
        </fieldset>
      ) : null}

      <Row>
        <SelectField<Granularity | ''>
          label="Granularity"
          value={built.granularity}
          disabled={!timed && !built.granularity}
          options={[['', timed ? 'none' : 'no time field'] as const, ...GRANULARITIES]}
          onChange={(granularity) => set({ granularity })}
        />
        <ValueInput label="From" type="DATE" value={built.from} onChange={(from) => set({ from })} />
        <ValueInput label="To" type="DATE" value={built.to} onChange={(to) => set({ to })} />
        <ValueInput label="Limit" type="INTEGER" value={built.limit} onChange={(limit) => set({ limit })} />
      </Row>
    </fieldset>
  );
}

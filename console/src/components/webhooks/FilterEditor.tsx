import { useId, useState } from 'react';
import {
  FILTER_OPERATORS,
  filterFields,
  filterRows,
  rowsFilter,
  type FilterState,
  type Match,
  type Operator,
  type Row,
} from './filterModel';

/** A control's error wiring: aria-invalid and the id of the message that describes it. */
function invalid(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
}

function Message({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <small id={id} className="error-text">
      {text}
    </small>
  ) : null;
}

/** A condition's select with its label and, when the server refused it, its message. */
function RowSelect({
  id,
  label,
  value,
  options,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: readonly string[];
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} {...invalid(`${id}-e`, error)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <Message id={`${id}-e`} text={error} />
    </div>
  );
}

function ConditionRow({
  n,
  row,
  fields,
  errors,
  onChange,
  onRemove,
}: {
  n: number;
  row: Row;
  fields: string[];
  errors: ReadonlyMap<string, string>;
  onChange: (r: Row) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const at = `filter.conditions[${n - 1}]`;
  const fieldError = errors.get(`${at}.field`) ?? errors.get(at);
  const opError = errors.get(`${at}.op`);
  const valueError = errors.get(`${at}.value`);
  // A field the entity no longer has (or not loaded yet) stays selectable as it is.
  const options = fields.includes(row.field) ? fields : [row.field, ...fields];
  return (
    <fieldset className="condition">
      <legend>Condition {n}</legend>
      <RowSelect
        id={`${id}-f`}
        label="Field"
        value={row.field}
        options={options}
        error={fieldError}
        onChange={(field) => onChange({ ...row, field })}
      />
      <RowSelect
        id={`${id}-o`}
        label="Operator"
        value={row.op}
        options={FILTER_OPERATORS}
        error={opError}
        onChange={(op) => onChange({ ...row, op: op as Operator })}
      />
      {row.op === 'IS_NULL' || row.op === 'IS_NOT_NULL' ? null : (
        <div className="field">
          <label htmlFor={`${id}-v`}>Value</label>
          <input
            id={`${id}-v`}
            value={row.value}
            spellCheck={false}
            placeholder={row.op === 'BETWEEN' ? '[1, 10]' : row.op === 'IN' || row.op === 'NOT_IN' ? 'a, b' : ''}
            onChange={(e) => onChange({ ...row, value: e.target.value })}
            {...invalid(`${id}-ve`, valueError)}
          />
          <Message id={`${id}-ve`} text={valueError} />
        </div>
      )}
      <button type="button" className="secondary" onClick={onRemove} aria-label={`Remove condition ${n}`}>
        Remove
      </button>
    </fieldset>
  );
}

/**
 * Which changes are sent: conditions over `operation`, `data.<field>` and `previous.<field>`
 * (all or any of them must hold), or the filter as JSON. `errors` are the server's field errors.
 */
export function FilterEditor({
  state,
  onChange,
  entityFields,
  errors,
}: {
  state: FilterState;
  onChange: (s: FilterState) => void;
  entityFields: readonly string[];
  errors: ReadonlyMap<string, string>;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const fields = filterFields(entityFields);
  const setRows = (rows: Row[]) => onChange({ ...state, rows });
  const groupError = [...errors].filter(
    ([k]) => k === 'filter' || (k.startsWith('filter.') && !/^filter\.conditions\[\d+\]/.test(k)),
  );
  const jsonError =
    state.mode === 'json'
      ? [...errors]
          .filter(([k]) => k === 'filter' || k.startsWith('filter.'))
          .map(([k, m]) => `${k}: ${m}`)
          .join('; ') || undefined
      : undefined;
  const toJson = () => {
    const filter = rowsFilter(state.match, state.rows);
    setProblem(null);
    onChange({ ...state, mode: 'json', text: filter ? JSON.stringify(filter, null, 2) : '' });
  };
  const toConditions = () => {
    let parsed: unknown;
    try {
      parsed = state.text.trim() ? (JSON.parse(state.text) as unknown) : null;
    } catch {
      setProblem('The filter is not valid JSON.');
      return;
    }
    const read = filterRows(parsed);
    if ('problem' in read) {
      setProblem(`The conditions cannot show this filter: ${read.problem}. Keep editing it as JSON.`);
      return;
    }
    setProblem(null);
    onChange({ ...state, mode: 'conditions', ...read });
  };

  return (
    <fieldset className="filter-editor">
      <legend>Filter</legend>
      <p className="muted" id={`${id}-about`}>
        Only changes that match are sent; none: every change. <code>previous.*</code> of an INSERT is null.
      </p>
      {state.mode === 'conditions' ? (
        <>
          {state.rows.length > 1 ? (
            <div className="field">
              <label htmlFor={`${id}-m`}>Match</label>
              <select
                id={`${id}-m`}
                value={state.match}
                onChange={(e) => onChange({ ...state, match: e.target.value as Match })}
              >
                <option value="AND">All conditions</option>
                <option value="OR">Any condition</option>
              </select>
            </div>
          ) : null}
          {state.rows.map((r, i) => (
            <ConditionRow
              key={i}
              n={i + 1}
              row={r}
              fields={fields}
              errors={errors}
              onChange={(row) => setRows(state.rows.map((o, j) => (j === i ? row : o)))}
              onRemove={() => setRows(state.rows.filter((_, j) => j !== i))}
            />
          ))}
          {groupError.length ? (
            <p className="error-text">{groupError.map(([k, m]) => `${k}: ${m}`).join('; ')}</p>
          ) : null}
          <div className="buttons">
            <button
              type="button"
              className="secondary"
              onClick={() => setRows([...state.rows, { field: fields[1] ?? 'operation', op: 'EQ', value: '' }])}
            >
              Add condition
            </button>
            <button type="button" className="secondary" onClick={toJson}>
              Edit filter as JSON
            </button>
          </div>
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-j`}>Filter (JSON)</label>
            <textarea
              id={`${id}-j`}
              rows={6}
              spellCheck={false}
              value={state.text}
              placeholder='{"op": "AND", "conditions": [{"field": "data.status", "op": "EQ", "value": "paid"}]}'
              onChange={(e) => onChange({ ...state, text: e.target.value })}
              {...invalid(`${id}-je`, jsonError)}
            />
            <Message id={`${id}-je`} text={jsonError} />
          </div>
          <div className="buttons">
            <button type="button" className="secondary" onClick={toConditions}>
              Edit filter as conditions
            </button>
          </div>
        </>
      )}
      {problem ? (
        <p role="alert" className="error-text">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Fields whose change (UPDATE, or an UPSERT that updated) is sent; none checked: any change. */
export function ChangedFieldsPicker({
  fields,
  value,
  onChange,
  errors,
}: {
  fields: readonly string[];
  value: readonly string[];
  onChange: (v: string[]) => void;
  errors: ReadonlyMap<string, string>;
}) {
  const id = useId();
  const error = [...errors].filter(([k]) => k === 'changedFields' || k.startsWith('changedFields[')).map(([, m]) => m);
  const message = error.length ? error.join('; ') : undefined;
  // A stored name the entity no longer has stays visible, so it can be unchecked.
  const shown = [...fields, ...value.filter((f) => !fields.includes(f))];
  return (
    <fieldset aria-describedby={message ? `${id}-e` : `${id}-h`} {...(message ? { 'aria-invalid': true } : {})}>
      <legend>Changed fields</legend>
      <small id={`${id}-h`} className="muted">
        An update is sent only when one of the checked fields changed; none checked: any update. Inserts and deletes
        always pass.
      </small>
      <div>
        {shown.length === 0 ? <span className="muted">The entity has no fields to choose from.</span> : null}
        {shown.map((f) => (
          <label key={f} className="check">
            <input
              type="checkbox"
              checked={value.includes(f)}
              onChange={() => onChange(value.includes(f) ? value.filter((x) => x !== f) : [...value, f])}
              {...(message ? { 'aria-invalid': true } : {})}
            />{' '}
            {f}
          </label>
        ))}
      </div>
      <Message id={`${id}-e`} text={message} />
    </fieldset>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleDefineEntityDocument,
  ConsoleDropEntityDocument,
  ConsoleEntitiesDocument,
  ConsoleEntityQueryDocument,
  ConsoleInsertRecordsDocument,
  ConsoleMetricsAndViewsDocument,
  ConsoleUpsertRecordsDocument,
  type ConsoleEntitiesQuery,
  type FieldType,
} from '../gql/graphql';
import { cellText, Empty, ErrorBox, Loading, TextField } from '../ui';

type Entity = ConsoleEntitiesQuery['entities'][number];
const TYPES: FieldType[] = ['STRING', 'INTEGER', 'FLOAT', 'DECIMAL', 'BOOLEAN', 'TIMESTAMP', 'DATE', 'JSON'];

export function EntitiesPage() {
  const [list, refresh] = useQuery({ query: ConsoleEntitiesDocument, requestPolicy: 'cache-and-network' });
  const [defining, setDefining] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [dropped, drop] = useMutation(ConsoleDropEntityDocument);
  const items = list.data?.entities ?? [];
  return (
    <section aria-labelledby="entities-title">
      <div className="page-head">
        <h1 id="entities-title">Entities and records</h1>
        <button type="button" onClick={() => setDefining(true)}>
          Define entity
        </button>
      </div>
      {defining ? (
        <EntityForm
          onDone={() => {
            setDefining(false);
            refresh({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
      {list.error ? <ErrorBox error={list.error} /> : null}
      {dropped.error ? <ErrorBox error={dropped.error} /> : null}
      {!list.data && !list.error ? <Loading /> : null}
      {list.data && items.length === 0 ? <Empty>No entities yet. Define one with “Define entity”.</Empty> : null}
      {items.map((e) => (
        <article key={e.name} className="card" aria-labelledby={`entity-${e.name}`}>
          <div className="page-head">
            <h2 id={`entity-${e.name}`}>{e.name}</h2>
            <div className="buttons">
              <button
                type="button"
                className="secondary"
                aria-expanded={open === e.name}
                onClick={() => setOpen(open === e.name ? null : e.name)}
              >
                {open === e.name ? 'Hide records' : 'Show records'}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() =>
                  window.confirm(`Drop entity ${e.name} and every record in it?`) && drop({ name: e.name })
                }
              >
                Drop
              </button>
            </div>
          </div>
          <p className="muted">
            Key <code>{e.primaryKey}</code>
            {e.timeField ? (
              <>
                , time field <code>{e.timeField}</code>
              </>
            ) : null}
            . Fields: {e.fields.map((f) => `${f.name} ${f.type}`).join(', ')}
          </p>
          {open === e.name ? <Records entity={e} /> : null}
        </article>
      ))}
      <MetricsAndViews />
    </section>
  );
}

function EntityForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [fields, setFields] = useState('id STRING\namount DECIMAL\ncreated_at TIMESTAMP');
  const [primaryKey, setPrimaryKey] = useState('id');
  const [timeField, setTimeField] = useState('created_at');
  const [res, define] = useMutation(ConsoleDefineEntityDocument);
  const [parseError, setParseError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = fields
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => l.split(/[\s:]+/));
    const bad = parsed.find((p) => p.length !== 2 || !TYPES.includes(p[1].toUpperCase() as FieldType));
    if (bad) {
      setParseError(`“${bad.join(' ')}”: write one field per line as “name TYPE” (${TYPES.join(', ')})`);
      return;
    }
    setParseError(null);
    const r = await define({
      input: {
        name: name.trim(),
        fields: parsed.map(([n, t]) => ({ name: n, type: t.toUpperCase() as FieldType })),
        primaryKey: primaryKey.trim(),
        ...(timeField.trim() ? { timeField: timeField.trim() } : {}),
      },
    });
    if (!r.error) onDone();
  };
  return (
    <form className="card" onSubmit={submit} aria-label="Define entity form">
      <div className="grid">
        <TextField label="Name" required value={name} onChange={setName} autoFocus placeholder="orders" />
        <TextField
          label="Fields (one per line: name TYPE)"
          multiline
          rows={5}
          value={fields}
          onChange={setFields}
          spellCheck={false}
        />
        <TextField label="Primary key" required value={primaryKey} onChange={setPrimaryKey} />
        <TextField
          label="Time field"
          value={timeField}
          onChange={setTimeField}
          hint="Optional: a TIMESTAMP or DATE field."
        />
      </div>
      {parseError ? <ErrorBox error={parseError} /> : null}
      {res.error ? <ErrorBox error={res.error} /> : null}
      <div className="buttons">
        <button type="submit" disabled={res.fetching}>
          Define
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Records({ entity }: { entity: Entity }) {
  const [rows] = useQuery({
    query: ConsoleEntityQueryDocument,
    variables: { input: { entity: entity.name, select: entity.fields.map((f) => ({ field: f.name })), limit: 100 } },
    requestPolicy: 'cache-and-network',
  });
  const [text, setText] = useState('');
  const [inserted, insert] = useMutation(ConsoleInsertRecordsDocument);
  const [upserted, upsert] = useMutation(ConsoleUpsertRecordsDocument);
  const [parseError, setParseError] = useState<string | null>(null);
  const [written, setWritten] = useState<string | null>(null);
  const write = async (how: 'insert' | 'upsert') => {
    let records: Array<Record<string, unknown>>;
    try {
      const v = JSON.parse(text) as unknown;
      records = (Array.isArray(v) ? v : [v]) as Array<Record<string, unknown>>;
    } catch {
      setParseError('Records must be a JSON object or an array of objects');
      return;
    }
    setParseError(null);
    const r =
      how === 'insert'
        ? await insert({ entity: entity.name, records })
        : await upsert({ entity: entity.name, records });
    const result = r.data && ('insertRecords' in r.data ? r.data.insertRecords : r.data.upsertRecords);
    if (result) setWritten(`${result.count} record(s) written (request ${result.requestId}).`);
  };
  const result = rows.data?.entityQuery;
  return (
    <div>
      <h3>Records (first 100)</h3>
      {rows.error ? <ErrorBox error={rows.error} /> : null}
      {!rows.data && !rows.error ? <Loading /> : null}
      {result && result.rows.length === 0 ? <Empty>No records yet.</Empty> : null}
      {result && result.rows.length ? (
        <ResultTable
          columns={result.columns}
          rows={result.rows.map((r) => r ?? [])}
          caption={`Records of ${entity.name}`}
        />
      ) : null}
      <TextField
        label={`Records to write to ${entity.name} (JSON)`}
        multiline
        rows={4}
        value={text}
        onChange={setText}
        spellCheck={false}
        placeholder={`[{ ${entity.fields
          .slice(0, 2)
          .map((f) => `"${f.name}": …`)
          .join(', ')} }]`}
      />
      {parseError ? <ErrorBox error={parseError} /> : null}
      {inserted.error ? <ErrorBox error={inserted.error} /> : null}
      {upserted.error ? <ErrorBox error={upserted.error} /> : null}
      {written ? (
        <p role="status" className="ok">
          {written}
        </p>
      ) : null}
      <div className="buttons">
        <button type="button" onClick={() => write('insert')}>
          Insert
        </button>
        <button type="button" className="secondary" onClick={() => write('upsert')}>
          Upsert
        </button>
      </div>
    </div>
  );
}

export function ResultTable({ columns, rows, caption }: { columns: string[]; rows: unknown[][]; caption: string }) {
  return (
    <div className="table-wrap">
      <table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((v, j) => (
                <td key={j}>{cellText(v)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MetricsAndViews() {
  const [res] = useQuery({ query: ConsoleMetricsAndViewsDocument, requestPolicy: 'cache-and-network' });
  return (
    <>
      <h2>Metrics</h2>
      {res.error ? <ErrorBox error={res.error} /> : null}
      {!res.data && !res.error ? <Loading /> : null}
      {res.data && res.data.metrics.length === 0 ? <Empty>No metrics defined.</Empty> : null}
      {res.data?.metrics.length ? (
        <table>
          <caption className="sr-only">Metrics</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Entity</th>
              <th scope="col">Aggregation</th>
              <th scope="col">Time field</th>
              <th scope="col">Filter</th>
            </tr>
          </thead>
          <tbody>
            {res.data.metrics.map((m) => (
              <tr key={m.name}>
                <td>{m.name}</td>
                <td>{m.entity}</td>
                <td>
                  {m.aggregation}({m.field ?? '*'})
                </td>
                <td>{m.timeField ?? ''}</td>
                <td>
                  <code>{m.filter ? JSON.stringify(m.filter) : ''}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <h2>Views</h2>
      {res.data && res.data.views.length === 0 ? <Empty>No views defined.</Empty> : null}
      {res.data?.views.length ? (
        <table>
          <caption className="sr-only">Views</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Entity</th>
              <th scope="col">Columns</th>
              <th scope="col">Parameters</th>
            </tr>
          </thead>
          <tbody>
            {res.data.views.map((v) => (
              <tr key={v.name}>
                <td>{v.name}</td>
                <td>{v.entity}</td>
                <td>
                  {v.select
                    .map((s) => (s.agg ? `${s.agg}(${s.field ?? '*'})` : s.field) + (s.alias ? ` as ${s.alias}` : ''))
                    .join(', ')}
                </td>
                <td>{v.parameters.map((p) => `${p.name} ${p.type}${p.required ? ' (required)' : ''}`).join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleEntityQueryDocument,
  ConsoleInsertRecordsDocument,
  ConsoleUpsertRecordsDocument,
} from '../../gql/graphql';
import { Empty } from '../ui/Empty';
import { ErrorBox } from '../ui/ErrorBox';
import { Loading } from '../ui/Loading';
import { ResultTable } from '../ui/ResultTable';
import { TextField } from '../ui/TextField';
import type { Entity } from './types';

/** An entity's first 100 records, and a JSON box that inserts or upserts more. */
export function RecordsEditor({ entity }: { entity: Entity }) {
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
      <ErrorBox error={rows.error} />
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
      <ErrorBox error={parseError} />
      <ErrorBox error={inserted.error} />
      <ErrorBox error={upserted.error} />
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

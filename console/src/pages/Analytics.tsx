import { useEffect, useState, type FormEvent } from 'react';
import { useClient, useQuery } from 'urql';
import { ConsoleEntitiesDocument, ConsoleEntityQueryDocument, type EntityQueryInput } from '../gql/graphql';
import { Empty, ErrorBox, Loading, TextField } from '../ui';
import { Chart } from './Chart';
import { ResultTable } from './Entities';
import type { CombinedError } from 'urql';

const KEY = 'hookgate.analytics.query';

export function AnalyticsPage() {
  const client = useClient();
  const [entities] = useQuery({ query: ConsoleEntitiesDocument });
  const [text, setText] = useState(() => sessionStorage.getItem(KEY) ?? '');
  const [state, setState] = useState<{
    running: boolean;
    result?: { columns: string[]; rows: unknown[][] };
    error?: CombinedError | string;
  }>({ running: false });

  // A starting point from the first entity of the catalogue.
  useEffect(() => {
    const first = entities.data?.entities[0];
    if (text || !first) return;
    const body = first.timeField
      ? { entity: first.name, select: [{ agg: 'COUNT', alias: 'records' }], time: { granularity: 'DAY' }, limit: 100 }
      : { entity: first.name, select: first.fields.slice(0, 4).map((f) => ({ field: f.name })), limit: 100 };
    setText(JSON.stringify(body, null, 2));
  }, [entities.data, text]);

  const run = async (e: FormEvent) => {
    e.preventDefault();
    sessionStorage.setItem(KEY, text);
    let input: EntityQueryInput;
    try {
      input = JSON.parse(text) as EntityQueryInput;
    } catch (err) {
      setState({ running: false, error: `The query is not valid JSON: ${(err as Error).message}` });
      return;
    }
    setState({ running: true });
    const r = await client.query(ConsoleEntityQueryDocument, { input }, { requestPolicy: 'network-only' }).toPromise();
    if (r.error) setState({ running: false, error: r.error });
    else setState({ running: false, result: r.data!.entityQuery as { columns: string[]; rows: unknown[][] } });
  };

  return (
    <section aria-labelledby="analytics-title">
      <h1 id="analytics-title">Analytics</h1>
      <form onSubmit={run} className="card" aria-label="Analytics query">
        <TextField
          label="Query"
          multiline
          rows={10}
          value={text}
          onChange={setText}
          spellCheck={false}
          hint='An entity query (A1) body: { "entity", "select": [{ "field", "agg", "alias" }], "filter", "time": { "granularity", "range": { "from", "to" } }, "limit", "offset" }'
        />
        <div className="buttons">
          <button type="submit" disabled={state.running}>
            Run
          </button>
          <span className="muted">
            {entities.data?.entities.length
              ? `Entities: ${entities.data.entities.map((x) => x.name).join(', ')}`
              : entities.data
                ? 'No entities yet: define one on the Entities page.'
                : ''}
          </span>
        </div>
      </form>
      {state.running ? <Loading what="Running" /> : null}
      {state.error ? <ErrorBox error={state.error} /> : null}
      {state.result ? (
        state.result.rows.length === 0 ? (
          <Empty>The query returned no rows.</Empty>
        ) : (
          <>
            <Chart columns={state.result.columns} rows={state.result.rows} />
            <ResultTable columns={state.result.columns} rows={state.result.rows} caption="Query result" />
          </>
        )
      ) : null}
    </section>
  );
}

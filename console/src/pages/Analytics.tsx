import { useState, type FormEvent } from 'react';
import { useClient, useQuery } from 'urql';
import type { CombinedError } from 'urql';
import {
  ConsoleEntitiesDocument,
  ConsoleEntityQueryDocument,
  type ConsoleEntitiesQuery,
  type EntityQueryInput,
} from '../gql/graphql';
import { Empty, ErrorBox, Loading, TextField } from '../ui';
import { Chart } from './Chart';
import { ResultTable } from './Entities';

const KEY = 'hookgate.analytics.query';

export function AnalyticsPage() {
  const client = useClient();
  const [entities] = useQuery({ query: ConsoleEntitiesDocument });
  // null until the person edits the query: until then it shows a starting point built from the
  // catalogue. The form waits for the catalogue, so that starting point never lands in the middle of
  // typing (it used to arrive after the first keystrokes and be merged with them).
  const [edited, setEdited] = useState<string | null>(() => sessionStorage.getItem(KEY));
  const text = edited ?? startingQuery(entities.data?.entities[0]);
  const [state, setState] = useState<{
    running: boolean;
    result?: { columns: string[]; rows: unknown[][]; query: EntityQueryInput };
    error?: CombinedError | string;
  }>({ running: false });

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
    else
      setState({
        running: false,
        result: { ...(r.data!.entityQuery as { columns: string[]; rows: unknown[][] }), query: input },
      });
  };

  return (
    <section aria-labelledby="analytics-title">
      <h1 id="analytics-title">Analytics</h1>
      {!entities.data && !entities.error ? <Loading what="Loading the catalogue" /> : null}
      {entities.error ? <ErrorBox error={entities.error} title="The catalogue did not load" /> : null}
      {entities.data || entities.error ? (
        <form onSubmit={run} className="card" aria-label="Analytics query">
          <TextField
            label="Query"
            multiline
            rows={10}
            value={text}
            onChange={setEdited}
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
      ) : null}
      {state.running ? <Loading what="Running" /> : null}
      {state.error ? <ErrorBox error={state.error} /> : null}
      {state.result ? (
        state.result.rows.length === 0 ? (
          <Empty>The query returned no rows.</Empty>
        ) : (
          <>
            <Chart columns={state.result.columns} rows={state.result.rows} query={state.result.query} />
            <ResultTable columns={state.result.columns} rows={state.result.rows} caption="Query result" />
          </>
        )
      ) : null}
    </section>
  );
}

type CatalogueEntity = NonNullable<ConsoleEntitiesQuery['entities']>[number];

/** A query that runs as it is on the given entity: a daily count when it has a time field. */
function startingQuery(entity: CatalogueEntity | undefined): string {
  if (!entity) return '';
  const body = entity.timeField
    ? { entity: entity.name, select: [{ agg: 'COUNT', alias: 'records' }], time: { granularity: 'DAY' }, limit: 100 }
    : { entity: entity.name, select: entity.fields.slice(0, 4).map((f) => ({ field: f.name })), limit: 100 };
  return JSON.stringify(body, null, 2);
}

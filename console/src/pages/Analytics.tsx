import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useClient, useQuery } from 'urql';
import type { CombinedError } from 'urql';
import { ConsoleEntitiesDocument, ConsoleEntityQueryDocument, type EntityQueryInput } from '../gql/graphql';
import { QueryForm } from '../components/analytics/QueryForm';
import { startingQuery } from '../components/analytics/startingQuery';
import { Empty } from '../components/ui/Empty';
import { ErrorBox } from '../components/ui/ErrorBox';
import { Loading } from '../components/ui/Loading';
import { ResultTable } from '../components/ui/ResultTable';

const KEY = 'hookgate.analytics.query';
// The chart (uPlot) is a large module only a query's result needs: it loads with the first result.
const Chart = lazy(() => import('../components/analytics/Chart').then((m) => ({ default: m.Chart })));

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
      <ErrorBox error={entities.error} title="The catalogue did not load" />
      {entities.data || entities.error ? (
        <QueryForm
          text={text}
          onChange={setEdited}
          onRun={run}
          running={state.running}
          entities={entities.data?.entities}
        />
      ) : null}
      {state.running ? <Loading what="Running" /> : null}
      <ErrorBox error={state.error} />
      {state.result ? (
        state.result.rows.length === 0 ? (
          <Empty>The query returned no rows.</Empty>
        ) : (
          <>
            <Suspense fallback={<Loading what="Loading the chart" />}>
              <Chart columns={state.result.columns} rows={state.result.rows} query={state.result.query} />
            </Suspense>
            <ResultTable columns={state.result.columns} rows={state.result.rows} caption="Query result" />
          </>
        )
      ) : null}
    </section>
  );
}

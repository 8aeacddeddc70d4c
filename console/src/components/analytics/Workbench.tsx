import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import { useClient, useQuery, type CombinedError } from 'urql';
import {
  ConsoleEntitiesDocument,
  ConsoleEntityQueryDocument,
  ConsoleMetricQueryDocument,
  ConsoleMetricsAndViewsDocument,
  ConsoleViewQueryDocument,
  type EntityQueryInput,
  type MetricQueryParamsInput,
  type TimeConfigInput,
} from '../../gql/graphql';
import { Empty } from '../ui/Empty';
import { ErrorBox } from '../ui/ErrorBox';
import { Loading } from '../ui/Loading';
import { ResultTable } from '../ui/ResultTable';
import { Builder } from './Builder';
import { bodyText, freshQuery, readBody, type Built, type Catalogue } from './builderModel';
import type { ChartQuery } from './chartPlan';
import { toCsv } from './csv';
import { QueryForm } from './QueryForm';
import { SaveQuery } from './SaveQuery';
import { startingQuery } from './startingQuery';

const KEY = 'hookgate.analytics.query';
// The chart (uPlot) is a large module only a query's result needs: it loads with the first result.
const Chart = lazy(() => import('./Chart').then((m) => ({ default: m.Chart })));

interface Result {
  columns: string[];
  rows: unknown[][];
  /** What the chart needs to tell measures from grouping columns. */
  query: ChartQuery;
  /** The source's name, for the CSV file's. */
  name: string;
}

/** Saves `text` as a file through a Blob link: built in the page, nothing is asked of the server. */
function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has taken the data once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The Analytics page's body: the builder and the `Query` box (kept in step both ways), `Run`, the
 * result as a chart and a table with its CSV, and saving the built query as a metric or a view.
 */
export default function Workbench() {
  const client = useClient();
  const [entities] = useQuery({ query: ConsoleEntitiesDocument });
  const [defs, refetchDefs] = useQuery({ query: ConsoleMetricsAndViewsDocument, requestPolicy: 'cache-and-network' });
  // null until the person edits the query: until then it shows a starting point built from the
  // catalogue. The form waits for the catalogue, so that starting point never lands in the middle of
  // typing (it used to arrive after the first keystrokes and be merged with them).
  const [edited, setEdited] = useState<string | null>(() => sessionStorage.getItem(KEY));
  const text = edited ?? startingQuery(entities.data?.entities[0]);
  const catalogue: Catalogue = useMemo(
    () => ({
      entities: entities.data?.entities ?? [],
      metrics: defs.data?.metrics ?? [],
      views: defs.data?.views ?? [],
    }),
    [entities.data, defs.data],
  );
  // What the controls last built, with the text made from it: values stay as typed ("1.") while
  // the text is theirs; text typed in the box is read back into controls.
  const [fromControls, setFromControls] = useState<{ built: Built; text: string }>();
  const read = useMemo(() => readBody(text, catalogue), [text, catalogue]);
  const built = fromControls?.text === text ? fromControls.built : read.built;
  const problem = fromControls?.text === text ? undefined : read.problem;
  // While the box holds JSON the controls cannot show, they keep showing the last query they could.
  const [shown, setShown] = useState<Built>();
  if (built && built !== shown) setShown(built);
  const first = catalogue.entities[0]?.name;
  // JSON the controls never could show (kept from an earlier visit): they start from the first entity.
  const controls = built ?? shown ?? (first ? freshQuery('entity', first, catalogue) : undefined);

  const [state, setState] = useState<{ running: boolean; result?: Result; error?: CombinedError | string }>({
    running: false,
  });

  const setText = (t: string) => {
    setEdited(t);
    sessionStorage.setItem(KEY, t);
  };
  const build = (b: Built) => {
    const t = bodyText(b, catalogue);
    setFromControls({ built: b, text: t });
    setText(t);
  };

  const run = async (e: FormEvent) => {
    e.preventDefault();
    sessionStorage.setItem(KEY, text);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (err) {
      setState({ running: false, error: `The query is not valid JSON: ${(err as Error).message}` });
      return;
    }
    if (!isObject(body)) {
      setState({ running: false, error: 'The query is not a JSON object.' });
      return;
    }
    setState({ running: true });
    const time = body.time as TimeConfigInput | undefined;
    const network = { requestPolicy: 'network-only' } as const;
    let r;
    let query: ChartQuery;
    let name: string;
    if ('metric' in body) {
      const { metric, ...params } = body;
      name = String(metric);
      const def = catalogue.metrics.find((m) => m.name === metric);
      const dimensions = Array.isArray(params.dimensions) ? (params.dimensions as unknown[]) : [];
      query = {
        select: [...dimensions.map((d) => ({ field: String(d) })), { agg: def?.aggregation ?? 'COUNT', alias: name }],
        time,
      };
      r = await client
        .query(ConsoleMetricQueryDocument, { metricName: name, params: params as MetricQueryParamsInput }, network)
        .toPromise();
    } else if ('view' in body) {
      const { view, params, limit, ...rest } = body;
      const extra = Object.keys(rest).filter((k) => k !== 'time' && k !== 'offset');
      if (extra.length) {
        setState({
          running: false,
          error: `A view query takes view, params, time, limit and offset, not ${extra[0]}.`,
        });
        return;
      }
      name = String(view);
      query = { select: catalogue.views.find((v) => v.name === view)?.select, time };
      r = await client
        .query(
          ConsoleViewQueryDocument,
          {
            viewName: name,
            params: params as Record<string, unknown> | undefined,
            time,
            limit: limit as number | undefined,
            offset: rest.offset as number | undefined,
          },
          network,
        )
        .toPromise();
    } else {
      const input = body as unknown as EntityQueryInput;
      name = String(input.entity);
      query = input;
      r = await client.query(ConsoleEntityQueryDocument, { input }, network).toPromise();
    }
    if (r.error || !r.data) {
      setState({ running: false, error: r.error ?? 'The query answered nothing.' });
      return;
    }
    const data =
      'entityQuery' in r.data ? r.data.entityQuery : 'metricQuery' in r.data ? r.data.metricQuery : r.data.viewQuery;
    setState({ running: false, result: { columns: data.columns, rows: data.rows as unknown[][], query, name } });
  };

  const ready = (entities.data || entities.error) && (defs.data || defs.error);
  const result = state.result;
  return (
    <>
      {!ready ? <Loading what="Loading the catalogue" /> : null}
      <ErrorBox error={entities.error} title="The catalogue did not load" />
      <ErrorBox error={defs.error} title="The metrics and views did not load" />
      {ready ? (
        <QueryForm
          text={text}
          onChange={setText}
          onRun={run}
          running={state.running}
          entities={entities.data?.entities}
        >
          {controls ? (
            <>
              <Builder built={controls} catalogue={catalogue} disabled={!!problem} onChange={build} />
              <p role="status" className={problem ? 'error-text' : 'muted'}>
                {problem ?? 'The controls and the JSON below show the same query; edit either.'}
              </p>
              {problem ? (
                <div className="buttons">
                  <button type="button" onClick={() => build(controls)}>
                    Replace the JSON with the controls&apos; query
                  </button>
                </div>
              ) : null}
            </>
          ) : null}
        </QueryForm>
      ) : null}
      {state.running ? <Loading what="Running" /> : null}
      <ErrorBox error={state.error} />
      {result ? (
        result.rows.length === 0 ? (
          <Empty>The query returned no rows.</Empty>
        ) : (
          <>
            <Suspense fallback={<Loading what="Loading the chart" />}>
              <Chart columns={result.columns} rows={result.rows} query={result.query} />
            </Suspense>
            <div className="buttons">
              <button
                type="button"
                onClick={() => downloadCsv(`${result.name}.csv`, toCsv(result.columns, result.rows))}
              >
                Download CSV
              </button>
            </div>
            <ResultTable columns={result.columns} rows={result.rows} caption="Query result" />
          </>
        )
      ) : null}
      {ready && controls?.source === 'entity' && !problem ? (
        <SaveQuery
          built={controls}
          catalogue={catalogue}
          onSaved={() => refetchDefs({ requestPolicy: 'network-only' })}
          onOpen={(kind, name) => {
            const fresh = freshQuery(kind, name, catalogue);
            build({
              ...fresh,
              groupBy: kind === 'metric' ? controls.groupBy : [],
              granularity: controls.granularity || fresh.granularity,
              from: controls.from,
              to: controls.to,
              limit: controls.limit,
            });
          }}
        />
      ) : null}
    </>
  );
}

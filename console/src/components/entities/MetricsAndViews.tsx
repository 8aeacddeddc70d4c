import { useQuery } from 'urql';
import { ConsoleMetricsAndViewsDocument } from '../../gql/graphql';
import { Empty } from '../ui/Empty';
import { ErrorBox } from '../ui/ErrorBox';
import { Loading } from '../ui/Loading';
import { ColumnHeads } from '../ui/ColumnHeads';

/** The tenant's defined metrics and views, one table each. */
export function MetricsAndViews() {
  const [res] = useQuery({ query: ConsoleMetricsAndViewsDocument, requestPolicy: 'cache-and-network' });
  return (
    <>
      <h2>Metrics</h2>
      <ErrorBox error={res.error} />
      {!res.data && !res.error ? <Loading /> : null}
      {res.data && res.data.metrics.length === 0 ? <Empty>No metrics defined.</Empty> : null}
      {res.data?.metrics.length ? (
        <table>
          <caption className="sr-only">Metrics</caption>
          <ColumnHeads names={['Name', 'Entity', 'Aggregation', 'Time field', 'Filter']} />
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
          <ColumnHeads names={['Name', 'Entity', 'Columns', 'Parameters']} />
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

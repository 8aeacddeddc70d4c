import { useState, type FormEvent } from 'react';
import { useMutation, type CombinedError } from 'urql';
import { ConsoleDefineMetricDocument, ConsoleDefineViewDocument, type FilterInput } from '../../gql/graphql';
import { ErrorBox } from '../ui/ErrorBox';
import { SelectField } from '../ui/SelectField';
import { nextFieldId } from '../ui/fieldId';
import { toBody, type Built, type Catalogue } from './builderModel';

type Kind = 'metric' | 'view';

/** What of an error belongs at the name field: the server's rule for names, or the name taken. */
function nameError(error: CombinedError | undefined): string | undefined {
  const gql = error?.graphQLErrors[0];
  if (!gql) return undefined;
  if (gql.extensions?.code === 'CONFLICT') return gql.message;
  const details = gql.extensions?.details as Array<{ field: string; message: string }> | undefined;
  const d = details?.find((x) => x.field === 'name');
  return d ? `name ${d.message}` : undefined;
}

function NameField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const [id] = useState(nextFieldId);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        spellCheck={false}
      />
      {error ? (
        <small id={`${id}-error`} className="error-text">
          {error}
        </small>
      ) : (
        <small id={`${id}-hint`} className="muted">
          Lower-case letters, digits and _, starting with a letter.
        </small>
      )}
    </div>
  );
}

/**
 * Saves the built entity query in the catalogue: as a metric (its entity, one measure and the
 * filters; grouping and time are chosen when the metric runs) or as a view (its columns and filters).
 */
export function SaveQuery({
  built,
  catalogue,
  onSaved,
  onOpen,
}: {
  built: Built;
  catalogue: Catalogue;
  /** After the catalogue took it (to read the catalogue again). */
  onSaved: () => void;
  /** Builds a query of the saved metric or view. */
  onOpen: (kind: Kind, name: string) => void;
}) {
  const [metricName, setMetricName] = useState('');
  const [viewName, setViewName] = useState('');
  const [measure, setMeasure] = useState('0');
  const [metricRes, defineMetric] = useMutation(ConsoleDefineMetricDocument);
  const [viewRes, defineView] = useMutation(ConsoleDefineViewDocument);
  const [saved, setSaved] = useState<{ kind: Kind; name: string }>();
  const body = toBody(built, catalogue);
  const filter = body.filter as FilterInput | undefined;
  const m = built.measures[Number(measure)] ?? built.measures[0];

  const save = async (e: FormEvent, kind: Kind) => {
    e.preventDefault();
    const r =
      kind === 'metric'
        ? await defineMetric({
            input: {
              name: metricName,
              entity: built.name,
              aggregation: m.agg,
              ...(m.field ? { field: m.field } : {}),
              ...(filter ? { filter } : {}),
            },
          })
        : await defineView({
            input: {
              name: viewName,
              entity: built.name,
              select: body.select as Array<{ field?: string; agg?: typeof m.agg; alias?: string }>,
              ...(filter ? { filter } : {}),
            },
          });
    if (r.error) return;
    const name = kind === 'metric' ? metricName : viewName;
    setSaved({ kind, name });
    onSaved();
  };

  const metricNameError = nameError(metricRes.error);
  const viewNameError = nameError(viewRes.error);
  return (
    <section className="card" aria-labelledby="save-query-title">
      <h2 id="save-query-title">Save this query</h2>
      <div className="grid">
        <form aria-label="Save as metric" onSubmit={(e) => void save(e, 'metric')}>
          <NameField label="Metric name" value={metricName} onChange={setMetricName} error={metricNameError} />
          {built.measures.length > 1 ? (
            <SelectField
              label="Measure to save"
              value={measure}
              onChange={setMeasure}
              options={built.measures.map((x, i) => [String(i), `${x.agg}(${x.field || '*'})`] as const)}
            />
          ) : null}
          <small className="muted">
            A metric keeps the entity, one measure and the filters; grouping and time are chosen when it runs.
          </small>
          {metricNameError ? null : <ErrorBox error={metricRes.error} />}
          <div className="buttons">
            <button type="submit" disabled={metricRes.fetching || !m}>
              Save as metric
            </button>
          </div>
        </form>
        <form aria-label="Save as view" onSubmit={(e) => void save(e, 'view')}>
          <NameField label="View name" value={viewName} onChange={setViewName} error={viewNameError} />
          <small className="muted">A view keeps the columns and the filters.</small>
          {viewNameError ? null : <ErrorBox error={viewRes.error} />}
          <div className="buttons">
            <button type="submit" disabled={viewRes.fetching}>
              Save as view
            </button>
          </div>
        </form>
      </div>
      {saved ? (
        <p role="status" className="buttons">
          Saved the {saved.kind} {saved.name}.{' '}
          <button type="button" onClick={() => onOpen(saved.kind, saved.name)}>
            Query the {saved.kind} {saved.name}
          </button>
        </p>
      ) : null}
    </section>
  );
}

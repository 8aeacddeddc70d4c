import { useState, type MouseEvent } from 'react';
import { createRequest, useClient, useQuery } from 'urql';
import { ConsoleEventCatalogDocument, type ConsoleEventCatalogQuery } from '../gql/graphql';
import { CopyButton } from '../components/ui/CopyButton';
import { Empty } from '../components/ui/Empty';
import { ErrorBox } from '../components/ui/ErrorBox';
import { Loading } from '../components/ui/Loading';

type EventType = ConsoleEventCatalogQuery['eventCatalog'][number];

const ASYNCAPI_PATH = '/metadata/event-catalog/asyncapi.json';
const OPERATIONAL = '$operations';

/** The catalog grouped by entity, in the catalog's order (entities, then the operational kinds). */
function byEntity(items: EventType[]): Array<[string, EventType[]]> {
  const groups = new Map<string, EventType[]>();
  for (const t of items) groups.set(t.entityName, [...(groups.get(t.entityName) ?? []), t]);
  return [...groups];
}

const pretty = (v: unknown) => JSON.stringify(v, null, 2);

/**
 * The AsyncAPI document needs the signed-in headers, which a plain link would not send: it is
 * fetched through the GraphQL client's own fetch (so a portal's client works as well) and handed
 * to the browser as a file.
 */
function AsyncApiLink() {
  const client = useClient();
  const [error, setError] = useState<string | null>(null);
  const download = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    setError(null);
    const send = client.createRequestOperation('query', createRequest(ConsoleEventCatalogDocument, {})).context.fetch;
    try {
      const res = await (send ?? fetch)(ASYNCAPI_PATH, { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`The server answered ${res.status}.`);
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = 'asyncapi.json';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <>
      <p>
        One channel per webhook configuration, its messages these schemas:{' '}
        <a href={ASYNCAPI_PATH} onClick={download}>
          AsyncAPI document
        </a>{' '}
        (AsyncAPI 3.0, JSON).
      </p>
      <ErrorBox error={error} title="AsyncAPI document" />
    </>
  );
}

function EventTypeCard({ type: t }: { type: EventType }) {
  const name = `${t.entityName} ${t.operation}`;
  const id = `event-${t.entityName}-${t.operation}`.replace(/[^\w-]/g, '_');
  const schema = pretty(t.schema);
  const example = pretty(t.example);
  return (
    <article className="card event-type" aria-labelledby={id}>
      <h3 id={id}>{name}</h3>
      <details>
        <summary>JSON Schema</summary>
        <pre className="body">{schema}</pre>
      </details>
      <details>
        <summary>Example</summary>
        <pre className="body">{example}</pre>
      </details>
      <div className="buttons">
        <CopyButton text={schema} label="Copy schema" name={`Copy schema of ${name}`} />
        <CopyButton text={example} label="Copy example" name={`Copy example of ${name}`} />
      </div>
    </article>
  );
}

/** Every payload the tenant's webhooks can receive: its JSON Schema (draft 2020-12) and an example. */
export function EventTypesPage() {
  const [catalog] = useQuery({ query: ConsoleEventCatalogDocument, requestPolicy: 'cache-and-network' });
  const items = catalog.data?.eventCatalog ?? [];
  return (
    <section aria-labelledby="event-types-title">
      <div className="page-head">
        <h1 id="event-types-title">Event types</h1>
      </div>
      <p className="muted">
        What a delivery carries for each entity and kind of change, exactly as sent; every delivery validates against
        its schema.
      </p>
      <AsyncApiLink />
      <ErrorBox error={catalog.error} />
      {!catalog.data && !catalog.error ? <Loading /> : null}
      {catalog.data && items.length === 0 ? <Empty>No entities yet, so no event types.</Empty> : null}
      {byEntity(items).map(([entity, types]) => (
        <section key={entity} aria-labelledby={`entity-${entity}`.replace(/[^\w-]/g, '_')}>
          <h2 id={`entity-${entity}`.replace(/[^\w-]/g, '_')}>
            {entity === OPERATIONAL ? `${OPERATIONAL} (operational events)` : entity}
          </h2>
          {types.map((t) => (
            <EventTypeCard key={t.operation} type={t} />
          ))}
        </section>
      ))}
    </section>
  );
}

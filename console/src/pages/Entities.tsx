import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ConsoleDropEntityDocument, ConsoleEntitiesDocument } from '../gql/graphql';
import { EntityCard } from '../components/entities/EntityCard';
import { EntityForm } from '../components/entities/EntityForm';
import { MetricsAndViews } from '../components/entities/MetricsAndViews';
import { Empty } from '../components/ui/Empty';
import { ErrorBox } from '../components/ui/ErrorBox';
import { Loading } from '../components/ui/Loading';

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
      <ErrorBox error={list.error} />
      <ErrorBox error={dropped.error} />
      {!list.data && !list.error ? <Loading /> : null}
      {list.data && items.length === 0 ? <Empty>No entities yet. Define one with “Define entity”.</Empty> : null}
      {items.map((e) => (
        <EntityCard
          key={e.name}
          entity={e}
          open={open === e.name}
          onToggleOpen={() => setOpen(open === e.name ? null : e.name)}
          onDrop={() => window.confirm(`Drop entity ${e.name} and every record in it?`) && drop({ name: e.name })}
        />
      ))}
      <MetricsAndViews />
    </section>
  );
}

import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ConsoleDeleteTriggerDocument, ConsoleTriggersDocument, ConsoleUpdateTriggerDocument } from '../gql/graphql';
import type { Trigger } from '../components/triggers/describe';
import { TriggerCard } from '../components/triggers/TriggerCard';
import { TriggerForm } from '../components/triggers/TriggerForm';
import { Empty } from '../components/ui/Empty';
import { ErrorBox } from '../components/ui/ErrorBox';
import { Loading } from '../components/ui/Loading';

export function TriggersPage() {
  const [list, refresh] = useQuery({ query: ConsoleTriggersDocument, requestPolicy: 'cache-and-network' });
  const [editing, setEditing] = useState<Trigger | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [updated, update] = useMutation(ConsoleUpdateTriggerDocument);
  const [deleted, remove] = useMutation(ConsoleDeleteTriggerDocument);
  const items = list.data?.triggers ?? [];
  return (
    <section aria-labelledby="triggers-title">
      <div className="page-head">
        <h1 id="triggers-title">Triggers</h1>
        <button type="button" onClick={() => setEditing('new')}>
          New trigger
        </button>
      </div>
      <p className="muted">
        A trigger is a signed intake URL: other systems POST to it and Hookgate stores every accepted request (and, with
        action RECORD, writes it as records of an entity).
      </p>
      {editing ? (
        <TriggerForm
          key={editing === 'new' ? 'new' : editing.id}
          trigger={editing === 'new' ? null : editing}
          onDone={(id) => {
            setEditing(null);
            if (id) setOpen(id);
            refresh({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
      <ErrorBox error={list.error} />
      <ErrorBox error={updated.error} />
      <ErrorBox error={deleted.error} />
      {!list.data && !list.error ? <Loading /> : null}
      {list.data && items.length === 0 ? <Empty>No triggers yet. Create one with “New trigger”.</Empty> : null}
      {items.map((t) => (
        <TriggerCard
          key={t.id}
          trigger={t}
          open={open === t.id}
          onToggleOpen={() => setOpen(open === t.id ? null : t.id)}
          onEdit={() => setEditing(t)}
          onToggleEnabled={() => update({ id: t.id, input: { enabled: !t.enabled } })}
          onDelete={() => window.confirm(`Delete trigger ${t.name} and its events?`) && remove({ id: t.id })}
        />
      ))}
    </section>
  );
}

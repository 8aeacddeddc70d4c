import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreateTriggerDocument,
  ConsoleDeleteTriggerDocument,
  ConsoleTriggerEventsDocument,
  ConsoleTriggersDocument,
  ConsoleUpdateTriggerDocument,
  type ConsoleTriggerFragment,
} from '../gql/graphql';
import { CopyButton, Empty, ErrorBox, formatTime, Loading, TextField } from '../ui';

type Trigger = ConsoleTriggerFragment;

function intakeUrl(id: string): string {
  return `${window.location.origin}/linker/triggers/webhook/${encodeURIComponent(id)}`;
}

/** A shell example that signs a body the way this trigger checks it (HMAC_HEX, CONTRACT §6). */
function signingExample(t: Trigger): string {
  const url = intakeUrl(t.id);
  if (!t.hasWebhookSecret) {
    return `curl -sS -X POST '${url}' -H 'Content-Type: application/json' -d '{"hello":"world"}'`;
  }
  return [
    `SECRET='<the trigger secret>'`,
    `BODY='{"hello":"world"}'`,
    `TS=$(date +%s)`,
    `SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')`,
    `curl -sS -X POST '${url}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H "${t.webhookTimestampHeader}: $TS" \\`,
    `  -H "${t.webhookSignatureHeader}: sha256=$SIG" \\`,
    `  -d "$BODY"`,
  ].join('\n');
}

export function TriggersPage() {
  const [list, refresh] = useQuery({ query: ConsoleTriggersDocument, requestPolicy: 'cache-and-network' });
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [updated, update] = useMutation(ConsoleUpdateTriggerDocument);
  const [deleted, remove] = useMutation(ConsoleDeleteTriggerDocument);
  const items = list.data?.triggers ?? [];
  return (
    <section aria-labelledby="triggers-title">
      <div className="page-head">
        <h1 id="triggers-title">Triggers</h1>
        <button type="button" onClick={() => setCreating(true)}>
          New trigger
        </button>
      </div>
      <p className="muted">
        A trigger is a signed intake URL: other systems POST to it and Hookgate stores every accepted request.
      </p>
      {creating ? (
        <TriggerForm
          onDone={(id) => {
            setCreating(false);
            if (id) setOpen(id);
            refresh({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
      {list.error ? <ErrorBox error={list.error} /> : null}
      {updated.error ? <ErrorBox error={updated.error} /> : null}
      {deleted.error ? <ErrorBox error={deleted.error} /> : null}
      {!list.data && !list.error ? <Loading /> : null}
      {list.data && items.length === 0 ? <Empty>No triggers yet. Create one with “New trigger”.</Empty> : null}
      {items.map((t) => (
        <article key={t.id} className="card" aria-labelledby={`trigger-${t.id}`}>
          <div className="page-head">
            <h2 id={`trigger-${t.id}`}>
              {t.name} <small className="muted">{t.enabled ? 'enabled' : 'disabled'}</small>
            </h2>
            <div className="buttons">
              <button
                type="button"
                className="secondary"
                onClick={() => setOpen(open === t.id ? null : t.id)}
                aria-expanded={open === t.id}
              >
                {open === t.id ? 'Hide events' : 'Show events'}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => update({ id: t.id, input: { enabled: !t.enabled } })}
              >
                {t.enabled ? 'Disable' : 'Enable'}
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => window.confirm(`Delete trigger ${t.name} and its events?`) && remove({ id: t.id })}
              >
                Delete
              </button>
            </div>
          </div>
          <p>
            Intake URL: <code>{intakeUrl(t.id)}</code> <CopyButton text={intakeUrl(t.id)} label="Copy URL" />
          </p>
          <p className="muted">
            {t.hasWebhookSecret
              ? `Signed: hex HMAC-SHA256 of "<timestamp>.<body>" in ${t.webhookSignatureHeader}, Unix seconds in ${t.webhookTimestampHeader}, within ${t.webhookMaxSkewSeconds} s.`
              : 'Not signed: anyone with the URL can post to it.'}
          </p>
          <details>
            <summary>Signing example</summary>
            <pre className="body">{signingExample(t)}</pre>
            <CopyButton text={signingExample(t)} label="Copy example" />
          </details>
          {open === t.id ? <TriggerEvents id={t.id} /> : null}
        </article>
      ))}
    </section>
  );
}

function TriggerForm({ onDone }: { onDone: (id?: string) => void }) {
  const [name, setName] = useState('');
  const [secret, setSecret] = useState('');
  const [res, create] = useMutation(ConsoleCreateTriggerDocument);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await create({ input: { name: name.trim(), ...(secret ? { webhookSecret: secret } : {}) } });
    if (r.data) onDone(r.data.createTrigger.id);
  };
  return (
    <form className="card" onSubmit={submit} aria-label="New trigger form">
      <div className="grid">
        <TextField label="Trigger name" required value={name} onChange={setName} autoFocus />
        <TextField
          label="Signing secret"
          type="password"
          value={secret}
          onChange={setSecret}
          hint="Optional; without it intake is not verified."
        />
      </div>
      {res.error ? <ErrorBox error={res.error} /> : null}
      <div className="buttons">
        <button type="submit" disabled={res.fetching}>
          Create trigger
        </button>
        <button type="button" className="secondary" onClick={() => onDone()}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TriggerEvents({ id }: { id: string }) {
  const [res, refresh] = useQuery({
    query: ConsoleTriggerEventsDocument,
    variables: { triggerId: id, first: 50 },
    requestPolicy: 'cache-and-network',
  });
  const items = res.data?.triggerEvents.items ?? [];
  return (
    <div>
      <div className="page-head">
        <h3>Events</h3>
        <button type="button" className="secondary" onClick={() => refresh({ requestPolicy: 'network-only' })}>
          Refresh
        </button>
      </div>
      {res.error ? <ErrorBox error={res.error} /> : null}
      {!res.data && !res.error ? <Loading /> : null}
      {res.data && items.length === 0 ? <Empty>No events received yet.</Empty> : null}
      {items.length ? (
        <table>
          <caption className="sr-only">Accepted intake requests, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Content type</th>
              <th scope="col">Signature</th>
              <th scope="col">Body</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td>{formatTime(e.receivedAt)}</td>
                <td>{e.contentType ?? ''}</td>
                <td>{e.signatureVerified ? 'verified' : 'not signed'}</td>
                <td>
                  <pre className="body">{e.body.length > 2000 ? `${e.body.slice(0, 2000)}…` : e.body}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

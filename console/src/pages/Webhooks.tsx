import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreateWebhookConfigDocument,
  ConsoleDeleteWebhookConfigDocument,
  ConsoleRotateWebhookSecretDocument,
  ConsoleUpdateWebhookConfigDocument,
  ConsoleWebhookConfigsDocument,
  type ChangeOperation,
  type ConsoleWebhookConfigFragment,
} from '../gql/graphql';
import { navigate } from '../router';
import { CopyButton, Empty, ErrorBox, formatTime, Loading, TextField } from '../ui';

const OPERATIONS: ChangeOperation[] = ['INSERT', 'UPDATE', 'UPSERT', 'DELETE'];
type Config = ConsoleWebhookConfigFragment;

export function WebhooksPage() {
  const [list, refresh] = useQuery({
    query: ConsoleWebhookConfigsDocument,
    variables: { page: 1, pageSize: 100 },
    requestPolicy: 'cache-and-network',
  });
  const [editing, setEditing] = useState<Config | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Config | null>(null);
  const [secret, setSecret] = useState<{ config: Config; secret: string } | null>(null);
  const [update, runUpdate] = useMutation(ConsoleUpdateWebhookConfigDocument);
  const [rotate, runRotate] = useMutation(ConsoleRotateWebhookSecretDocument);
  const items = list.data?.webhookConfigs.items ?? [];

  const toggle = (c: Config) => runUpdate({ id: c.id, input: { enabled: !c.enabled } });
  const rotateSecret = async (c: Config) => {
    const r = await runRotate({ id: c.id });
    if (r.data) setSecret({ config: c, secret: r.data.rotateWebhookSecret });
  };

  return (
    <section aria-labelledby="webhooks-title">
      <div className="page-head">
        <h1 id="webhooks-title">Webhook configurations</h1>
        <button type="button" onClick={() => setEditing('new')}>
          New webhook
        </button>
      </div>
      {editing ? (
        <WebhookForm
          config={editing === 'new' ? null : editing}
          onDone={() => {
            setEditing(null);
            refresh({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
      {update.error ? <ErrorBox error={update.error} /> : null}
      {rotate.error ? <ErrorBox error={rotate.error} /> : null}
      {secret ? (
        <div className="card" role="status">
          New secret for {secret.config.entityName} → {secret.config.webhookUrl}, shown only this once:{' '}
          <code>{secret.secret}</code> <CopyButton text={secret.secret} />{' '}
          <button type="button" className="secondary" onClick={() => setSecret(null)}>
            Hide
          </button>
        </div>
      ) : null}
      {list.error ? <ErrorBox error={list.error} /> : null}
      {list.fetching && !list.data ? <Loading /> : null}
      {list.data && items.length === 0 ? (
        <Empty>No webhook configurations yet. Create one with “New webhook”.</Empty>
      ) : null}
      {items.length ? (
        <table>
          <caption className="sr-only">Webhook configurations</caption>
          <thead>
            <tr>
              <th scope="col">Entity</th>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">State</th>
              <th scope="col">Signed</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id}>
                <td>{c.entityName}</td>
                <td className="url">{c.webhookUrl}</td>
                <td>{c.events.join(', ')}</td>
                <td>{c.enabled ? 'enabled' : 'disabled'}</td>
                <td>{c.hasSecret ? 'yes' : 'no'}</td>
                <td>{formatTime(c.updatedAt)}</td>
                <td className="actions">
                  <button type="button" className="secondary" onClick={() => setEditing(c)}>
                    Edit
                  </button>
                  <button type="button" className="secondary" onClick={() => toggle(c)}>
                    {c.enabled ? 'Disable' : 'Enable'}
                  </button>
                  <button type="button" className="secondary" onClick={() => rotateSecret(c)}>
                    Rotate secret
                  </button>
                  <button
                    type="button"
                    className="secondary"
                    onClick={() => navigate(`/deliveries?config=${encodeURIComponent(c.id)}`)}
                  >
                    Records
                  </button>
                  <button type="button" className="danger" onClick={() => setDeleting(c)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.data && list.data.webhookConfigs.total > items.length ? (
        <p className="muted">
          Showing the newest {items.length} of {list.data.webhookConfigs.total}.
        </p>
      ) : null}
      {deleting ? <DeleteDialog config={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}

function WebhookForm({ config, onDone }: { config: Config | null; onDone: () => void }) {
  const [entityName, setEntityName] = useState(config?.entityName ?? '');
  const [url, setUrl] = useState(config?.webhookUrl ?? '');
  const [secret, setSecret] = useState('');
  const [events, setEvents] = useState<ChangeOperation[]>(config?.events ?? ['INSERT', 'UPDATE', 'UPSERT', 'DELETE']);
  const [headersJson, setHeadersJson] = useState(config?.headersJson ?? '');
  const [maxRetries, setMaxRetries] = useState(String(config?.maxRetries ?? ''));
  const [timeoutMs, setTimeoutMs] = useState(String(config?.timeoutMs ?? ''));
  const [created, create] = useMutation(ConsoleCreateWebhookConfigDocument);
  const [updated, update] = useMutation(ConsoleUpdateWebhookConfigDocument);
  const error = created.error ?? updated.error;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = {
      entityName: entityName.trim(),
      webhookUrl: url.trim(),
      events,
      headersJson: headersJson.trim() || null,
      ...(maxRetries.trim() ? { maxRetries: Number(maxRetries) } : {}),
      ...(timeoutMs.trim() ? { timeoutMs: Number(timeoutMs) } : {}),
      ...(secret ? { secret } : {}),
    };
    const r = config ? await update({ id: config.id, input }) : await create({ input });
    if (!r.error) onDone();
  };
  const toggle = (op: ChangeOperation) =>
    setEvents((cur) =>
      cur.includes(op) ? cur.filter((o) => o !== op) : OPERATIONS.filter((o) => o === op || cur.includes(o)),
    );

  return (
    <form className="card" onSubmit={submit} aria-label={config ? 'Edit webhook' : 'New webhook form'}>
      <h2>{config ? `Edit ${config.entityName} → ${config.webhookUrl}` : 'New webhook'}</h2>
      <div className="grid">
        <TextField label="Entity name" required value={entityName} onChange={setEntityName} autoFocus />
        <TextField label="Webhook URL" required type="url" value={url} onChange={setUrl} placeholder="https://…" />
        <TextField
          label="Secret"
          type="password"
          value={secret}
          onChange={setSecret}
          hint={
            config
              ? config.hasSecret
                ? 'Leave empty to keep the current secret.'
                : 'Not signed yet.'
              : 'Optional: deliveries are signed with it.'
          }
        />
        <TextField
          label="Extra headers (JSON object)"
          value={headersJson}
          onChange={setHeadersJson}
          placeholder='{"X-Env":"prod"}'
        />
        <TextField label="Max retries" type="number" value={maxRetries} onChange={setMaxRetries} />
        <TextField label="Timeout (ms)" type="number" value={timeoutMs} onChange={setTimeoutMs} />
      </div>
      <fieldset>
        <legend>Events</legend>
        {OPERATIONS.map((op) => (
          <label key={op} className="check">
            <input type="checkbox" checked={events.includes(op)} onChange={() => toggle(op)} /> {op}
          </label>
        ))}
      </fieldset>
      {error ? <ErrorBox error={error} /> : null}
      <div className="buttons">
        <button type="submit" disabled={created.fetching || updated.fetching}>
          Save
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function DeleteDialog({ config, onClose }: { config: Config; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [res, run] = useMutation(ConsoleDeleteWebhookConfigDocument);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const confirm = async () => {
    const r = await run({ id: config.id });
    if (!r.error) onClose();
  };
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="delete-title">
      <h2 id="delete-title">Delete this webhook?</h2>
      <p>
        {config.entityName} → <code>{config.webhookUrl}</code>. Its records stay listable; waiting ones will not be
        delivered.
      </p>
      {res.error ? <ErrorBox error={res.error} /> : null}
      <div className="buttons">
        <button type="button" className="danger" onClick={confirm} disabled={res.fetching}>
          Delete
        </button>
        <button type="button" className="secondary" onClick={() => ref.current?.close()} autoFocus>
          Cancel
        </button>
      </div>
    </dialog>
  );
}

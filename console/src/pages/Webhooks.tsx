import { Fragment, useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreateWebhookConfigDocument,
  ConsoleDeleteWebhookConfigDocument,
  ConsoleRotateWebhookSecretDocument,
  ConsoleUpdateWebhookConfigDocument,
  ConsoleWebhookConfigsWithHealthDocument,
  type ChangeOperation,
  type ConsoleWebhookConfigFragment,
  type ConsoleWebhookConfigsWithHealthQuery,
  type DeliveryOrdering,
  type SignatureScheme,
} from '../gql/graphql';
import { navigate } from '../router';
import {
  ago,
  CircuitBadge,
  CopyButton,
  Empty,
  ErrorBox,
  formatTime,
  fromNow,
  Loading,
  SelectField,
  TextField,
} from '../ui';

const OPERATIONS: ChangeOperation[] = ['INSERT', 'UPDATE', 'UPSERT', 'DELETE'];
const SCHEMES: SignatureScheme[] = ['HOOKGATE_V1', 'STANDARD_WEBHOOKS'];
const ORDERINGS: DeliveryOrdering[] = ['NONE', 'PER_KEY'];
const DAY = 86_400;
/** How often the list (and so each circuit's state) is read again while the page is open. */
const HEALTH_REFRESH_MS = 5000;

type Config = ConsoleWebhookConfigFragment;
type Health = ConsoleWebhookConfigsWithHealthQuery['webhookConfigs']['items'][number]['health'];

export function WebhooksPage() {
  const [list, refresh] = useQuery({
    query: ConsoleWebhookConfigsWithHealthDocument,
    variables: { page: 1, pageSize: 100 },
    requestPolicy: 'cache-and-network',
  });
  const [editing, setEditing] = useState<Config | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Config | null>(null);
  const [rotating, setRotating] = useState<Config | null>(null);
  const [update, runUpdate] = useMutation(ConsoleUpdateWebhookConfigDocument);
  const items = list.data?.webhookConfigs.items ?? [];
  // Circuits open and close on their own: look again every few seconds while the page is open.
  useEffect(() => {
    const t = setInterval(() => refresh({ requestPolicy: 'network-only' }), HEALTH_REFRESH_MS);
    return () => clearInterval(t);
  }, [refresh]);

  const toggle = (c: Config) => runUpdate({ id: c.id, input: { enabled: !c.enabled } });
  const open = items.filter((c) => c.health.circuit !== 'CLOSED');

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
      {list.error ? <ErrorBox error={list.error} /> : null}
      {list.fetching && !list.data ? <Loading /> : null}
      {list.data && items.length === 0 ? (
        <Empty>No webhook configurations yet. Create one with “New webhook”.</Empty>
      ) : null}
      {open.length ? (
        <p className="alert-line">
          {open.length === 1 ? '1 configuration has' : `${open.length} configurations have`} an open circuit: its
          endpoint kept failing, so deliveries to it wait (retries are not spent) until a probe succeeds.
        </p>
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
              <th scope="col">Signing</th>
              <th scope="col">Delivery control</th>
              <th scope="col">Health</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((c) => (
              <tr key={c.id} className={c.health.circuit === 'OPEN' ? 'row-alert' : undefined}>
                <td>{c.entityName}</td>
                <td className="url">{c.webhookUrl}</td>
                <td>{c.events.join(', ')}</td>
                <td>{c.enabled ? 'enabled' : 'disabled'}</td>
                <td>
                  <Signing config={c} />
                </td>
                <td>
                  <Controls config={c} />
                </td>
                <td>
                  <HealthCell health={c.health} />
                </td>
                <td className="actions">
                  <button type="button" className="secondary" onClick={() => setEditing(c)}>
                    Edit
                  </button>
                  <button type="button" className="secondary" onClick={() => toggle(c)}>
                    {c.enabled ? 'Disable' : 'Enable'}
                  </button>
                  <button type="button" className="secondary" onClick={() => setRotating(c)}>
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
      {rotating ? (
        <RotateDialog
          config={rotating}
          onClose={() => {
            setRotating(null);
            refresh({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
    </section>
  );
}

function Signing({ config: c }: { config: Config }) {
  return (
    <>
      <code>{c.signatureScheme}</code>
      <br />
      {!c.hasSecret ? (
        <small className="muted">no secret: unsigned</small>
      ) : c.previousSecretExpiresAt ? (
        <small className="muted">
          old secret still signs, ends <Time iso={c.previousSecretExpiresAt} future />
        </small>
      ) : (
        <small className="muted">signed</small>
      )}
    </>
  );
}

function Controls({ config: c }: { config: Config }) {
  const parts = [
    c.rateLimitPerSecond !== null && c.rateLimitPerSecond !== undefined ? `≤ ${c.rateLimitPerSecond}/s` : null,
    c.maxInFlight !== null && c.maxInFlight !== undefined ? `≤ ${c.maxInFlight} in flight` : null,
    c.ordering === 'PER_KEY' ? 'ordered per key' : null,
  ].filter(Boolean);
  if (!parts.length) return <span className="muted">none</span>;
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={p}>
          {i ? ', ' : ''}
          <span className="nowrap">{p}</span>
        </Fragment>
      ))}
    </>
  );
}

function Time({ iso, future }: { iso: string; future?: boolean }) {
  return (
    <time dateTime={iso} title={formatTime(iso)}>
      {future ? fromNow(iso) : ago(iso)}
    </time>
  );
}

/** The circuit as a badge (red when open) and the figures behind it (CONTRACT §10). */
function HealthCell({ health: h }: { health: Health }) {
  return (
    <div className="health">
      <div>
        <CircuitBadge circuit={h.circuit} />
        {h.consecutiveFailures > 0 ? (
          <small className="error-text"> {h.consecutiveFailures} failed in a row</small>
        ) : null}
      </div>
      <small className="muted">
        24 h: {h.attempts24h} {h.attempts24h === 1 ? 'attempt' : 'attempts'}, {h.failures24h} failed
        {h.p95DurationMs24h !== null && h.p95DurationMs24h !== undefined ? `, p95 ${h.p95DurationMs24h} ms` : ''}
      </small>
      <small className="muted">last success {h.lastSuccessAt ? <Time iso={h.lastSuccessAt} /> : 'never'}</small>
      {h.lastFailureAt ? (
        <small className="muted">
          last failure <Time iso={h.lastFailureAt} />
        </small>
      ) : null}
    </div>
  );
}

/** A blank number field means "no limit" (null); anything else is sent as typed (the server checks it). */
const limitOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function WebhookForm({ config, onDone }: { config: Config | null; onDone: () => void }) {
  const [entityName, setEntityName] = useState(config?.entityName ?? '');
  const [url, setUrl] = useState(config?.webhookUrl ?? '');
  const [secret, setSecret] = useState('');
  const [scheme, setScheme] = useState<SignatureScheme>(config?.signatureScheme ?? 'HOOKGATE_V1');
  const [events, setEvents] = useState<ChangeOperation[]>(config?.events ?? ['INSERT', 'UPDATE', 'UPSERT', 'DELETE']);
  const [headersJson, setHeadersJson] = useState(config?.headersJson ?? '');
  const [maxRetries, setMaxRetries] = useState(String(config?.maxRetries ?? ''));
  const [timeoutMs, setTimeoutMs] = useState(String(config?.timeoutMs ?? ''));
  const [rateLimit, setRateLimit] = useState(String(config?.rateLimitPerSecond ?? ''));
  const [maxInFlight, setMaxInFlight] = useState(String(config?.maxInFlight ?? ''));
  const [ordering, setOrdering] = useState<DeliveryOrdering>(config?.ordering ?? 'NONE');
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
      rateLimitPerSecond: limitOf(rateLimit),
      maxInFlight: limitOf(maxInFlight),
      ordering,
      ...(maxRetries.trim() ? { maxRetries: Number(maxRetries) } : {}),
      ...(timeoutMs.trim() ? { timeoutMs: Number(timeoutMs) } : {}),
      ...(secret ? { secret } : {}),
      // Sent only when it changes: a new scheme ends a rotation's grace period.
      ...(!config || scheme !== config.signatureScheme ? { signatureScheme: scheme } : {}),
    };
    const r = config ? await update({ id: config.id, input }) : await create({ input });
    if (!r.error) onDone();
  };
  const toggle = (op: ChangeOperation) =>
    setEvents((cur) =>
      cur.includes(op) ? cur.filter((o) => o !== op) : OPERATIONS.filter((o) => o === op || cur.includes(o)),
    );
  const secretHint =
    scheme === 'STANDARD_WEBHOOKS'
      ? 'whsec_ followed by base64 of 24 to 64 bytes; or leave empty and use “Rotate secret” to get one.'
      : config
        ? config.hasSecret
          ? 'Leave empty to keep the current secret.'
          : 'Not signed yet.'
        : 'Optional: deliveries are signed with it.';

  return (
    <form className="card" onSubmit={submit} aria-label={config ? 'Edit webhook' : 'New webhook form'}>
      <h2>{config ? `Edit ${config.entityName} → ${config.webhookUrl}` : 'New webhook'}</h2>
      <div className="grid">
        <TextField label="Entity name" required value={entityName} onChange={setEntityName} autoFocus />
        <TextField label="Webhook URL" required type="url" value={url} onChange={setUrl} placeholder="https://…" />
        <SelectField
          label="Signature scheme"
          value={scheme}
          onChange={setScheme}
          options={SCHEMES}
          hint={
            scheme === 'STANDARD_WEBHOOKS'
              ? 'webhook-id, webhook-timestamp, webhook-signature headers (standardwebhooks.com).'
              : 'X-Hookgate-Timestamp and X-Hookgate-Signature: v1=<base64 HMAC-SHA256> (the prefix is WEBHOOK_HEADER_PREFIX).'
          }
        />
        <TextField label="Secret" type="password" value={secret} onChange={setSecret} hint={secretHint} />
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
      <fieldset>
        <legend>Delivery control</legend>
        <div className="grid">
          <TextField
            label="Rate limit per second"
            type="number"
            min={1}
            max={10000}
            value={rateLimit}
            onChange={setRateLimit}
            hint="Attempts started per second, over all dispatchers (1–10000). Blank: no limit."
          />
          <TextField
            label="Max in flight"
            type="number"
            min={1}
            max={1000}
            value={maxInFlight}
            onChange={setMaxInFlight}
            hint="Requests open at once, over all dispatchers (1–1000). Blank: no limit."
          />
          <SelectField
            label="Ordering"
            value={ordering}
            onChange={setOrdering}
            options={ORDERINGS}
            hint={
              ordering === 'PER_KEY'
                ? 'A record waits while an older one of the same key is PENDING or RETRYING.'
                : 'Records are delivered as they come, in no particular order.'
            }
          />
        </div>
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

/**
 * Rotation with an overlap (CONTRACT §10): the grace period is asked first; the new secret is then
 * shown in the dialog, once, with a copy button.
 */
function RotateDialog({ config, onClose }: { config: Config; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [grace, setGrace] = useState(String(DAY));
  const [secret, setSecret] = useState<string | null>(null);
  const [res, run] = useMutation(ConsoleRotateWebhookSecretDocument);
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const rotate = async (e: FormEvent) => {
    e.preventDefault();
    const r = await run({ id: config.id, graceSeconds: limitOf(grace) });
    if (r.data) setSecret(r.data.rotateWebhookSecret);
  };
  const graceSeconds = limitOf(grace) ?? DAY;
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="rotate-title">
      <h2 id="rotate-title">Rotate secret</h2>
      <p>
        {config.entityName} → <code>{config.webhookUrl}</code> ({config.signatureScheme})
      </p>
      {secret === null ? (
        <form onSubmit={rotate}>
          <TextField
            label="Grace period (seconds)"
            type="number"
            min={0}
            max={2592000}
            value={grace}
            onChange={setGrace}
            autoFocus
            hint="The old secret keeps signing next to the new one for this long, so receivers can switch (86400 = one day, at most 2592000 = 30 days). 0 drops it at once."
          />
          {res.error ? <ErrorBox error={res.error} /> : null}
          <div className="buttons">
            <button type="submit" disabled={res.fetching}>
              Rotate
            </button>
            <button type="button" className="secondary" onClick={() => ref.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div role="status">
          <p>Shown only this once: give it to the receiver now.</p>
          <div className="field">
            <label htmlFor="rotated-secret">New secret</label>
            <input
              id="rotated-secret"
              className="secret"
              readOnly
              value={secret}
              onFocus={(e) => e.currentTarget.select()}
              spellCheck={false}
            />
          </div>
          <p className="muted">
            {graceSeconds > 0
              ? `For the next ${graceSeconds} s every delivery carries two signatures, one with each secret; then only the new one.`
              : 'The old secret no longer signs.'}
          </p>
          <div className="buttons">
            <CopyButton text={secret} label="Copy secret" />
            <button type="button" onClick={() => ref.current?.close()}>
              Done
            </button>
          </div>
        </div>
      )}
    </dialog>
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

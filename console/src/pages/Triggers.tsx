import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreateTriggerDocument,
  ConsoleDeleteTriggerDocument,
  ConsoleEntitiesDocument,
  ConsoleRetryTriggerEventDocument,
  ConsoleTriggerEventsDocument,
  ConsoleTriggersDocument,
  ConsoleUpdateTriggerDocument,
  type ConsoleTriggerFragment,
  type TriggerAction,
  type TriggerRecordOperation,
  type TriggerSignatureScheme,
} from '../gql/graphql';
import {
  CopyButton,
  Empty,
  ErrorBox,
  ErrorText,
  formatTime,
  Loading,
  SelectField,
  StatusBadge,
  TextField,
} from '../ui';
import { signingExample as buildSigningExample } from '../examples';

type Trigger = ConsoleTriggerFragment;

const SCHEMES: TriggerSignatureScheme[] = ['HMAC_HEX', 'STANDARD_WEBHOOKS', 'GITHUB', 'STRIPE', 'SLACK', 'HOOKGATE_V1'];
const ACTIONS: TriggerAction[] = ['STORE', 'RECORD'];
const RECORD_OPERATIONS: TriggerRecordOperation[] = ['UPSERT', 'INSERT'];

/** Who signs this way, and the headers a trigger of the scheme reads (CONTRACT §11). */
const SCHEME_SENDER: Record<TriggerSignatureScheme, string> = {
  HMAC_HEX: 'Hex HMAC-SHA256 of "<timestamp>.<body>"',
  STANDARD_WEBHOOKS:
    'Standard Webhooks senders (Svix and others): webhook-id, webhook-timestamp and webhook-signature (v1,<base64>)',
  GITHUB: "GitHub's X-Hub-Signature-256 (sha256=<hex HMAC of the body>; no timestamp), X-GitHub-Delivery as replay key",
  STRIPE: 'Stripe\'s Stripe-Signature header (t=<timestamp>,v1=<hex HMAC of "<t>.<body>">)',
  SLACK: 'Slack\'s X-Slack-Request-Timestamp and X-Slack-Signature (v0=<hex HMAC of "v0:<ts>:<body>">)',
  HOOKGATE_V1:
    "Another Hookgate's deliveries: X-Hookgate-Timestamp, X-Hookgate-Signature (v1=<base64>) and X-Hookgate-Request-Id (the prefix is WEBHOOK_HEADER_PREFIX)",
};

function intakeUrl(id: string): string {
  return `${window.location.origin}/linker/triggers/webhook/${encodeURIComponent(id)}`;
}

/** The trigger's signing example, every value quoted for the shell (examples.ts). */
function signingExample(t: Trigger): string {
  return buildSigningExample(t, { url: intakeUrl(t.id) });
}

function signingText(t: Trigger): string {
  if (!t.hasWebhookSecret) return 'Not signed: anyone with the URL can post to it.';
  if (t.signatureScheme === 'HMAC_HEX') {
    return `Signed (HMAC_HEX): hex HMAC-SHA256 of "<timestamp>.<body>" in ${t.webhookSignatureHeader}, Unix seconds in ${t.webhookTimestampHeader}, within ${t.webhookMaxSkewSeconds} s.`;
  }
  const skew = t.signatureScheme === 'GITHUB' ? '' : `, timestamp within ${t.webhookMaxSkewSeconds} s`;
  return `Signed (${t.signatureScheme}): expects ${SCHEME_SENDER[t.signatureScheme]}${skew}.`;
}

function actionText(t: Trigger): string {
  if (t.action !== 'RECORD') return 'Action STORE: each accepted request is stored as an event.';
  const map = t.recordFieldMap ? `field map ${JSON.stringify(t.recordFieldMap)}` : "the body's keys that name fields";
  return `Action RECORD: each accepted request also writes ${t.recordEntity} records (${t.recordOperation}, ${map}).`;
}

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
              <button type="button" className="secondary" onClick={() => setEditing(t)}>
                Edit
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
          <p className="muted">{signingText(t)}</p>
          <p className="muted">{actionText(t)}</p>
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

/** Create, or edit (`trigger` set): the secret is write-only, so an empty one keeps the stored one. */
function TriggerForm({ trigger, onDone }: { trigger: Trigger | null; onDone: (id?: string) => void }) {
  const [name, setName] = useState(trigger?.name ?? '');
  const [secret, setSecret] = useState('');
  const [scheme, setScheme] = useState<TriggerSignatureScheme>(trigger?.signatureScheme ?? 'HMAC_HEX');
  const [action, setAction] = useState<TriggerAction>(trigger?.action ?? 'STORE');
  const [entity, setEntity] = useState(trigger?.recordEntity ?? '');
  const [operation, setOperation] = useState<TriggerRecordOperation>(trigger?.recordOperation ?? 'UPSERT');
  const [fieldMap, setFieldMap] = useState(trigger?.recordFieldMap ? JSON.stringify(trigger.recordFieldMap) : '');
  const [mapError, setMapError] = useState<string | null>(null);
  const [entities] = useQuery({ query: ConsoleEntitiesDocument, pause: action !== 'RECORD' });
  const [created, create] = useMutation(ConsoleCreateTriggerDocument);
  const [updated, update] = useMutation(ConsoleUpdateTriggerDocument);
  const error = created.error ?? updated.error;
  const catalogue = (entities.data?.entities ?? []).map((e) => e.name);
  // A stored entity that is gone from the catalogue stays selectable, so an edit does not move it silently.
  const names = entity && !catalogue.includes(entity) ? [entity, ...catalogue] : catalogue;
  // The select shows the first entity until one is picked.
  const recordEntity = entity || names[0] || '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let recordFieldMap: Record<string, unknown> | null = null;
    if (action === 'RECORD' && fieldMap.trim()) {
      try {
        const v = JSON.parse(fieldMap) as unknown;
        if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('must be a JSON object');
        recordFieldMap = v as Record<string, unknown>;
      } catch (err) {
        setMapError(`Field map: ${(err as Error).message}`);
        return;
      }
    }
    setMapError(null);
    const input = {
      name: name.trim(),
      signatureScheme: scheme,
      action,
      ...(action === 'RECORD'
        ? { recordEntity: recordEntity || null, recordOperation: operation, recordFieldMap }
        : {}),
      ...(secret ? { webhookSecret: secret } : {}),
    };
    if (trigger) {
      const r = await update({ id: trigger.id, input });
      if (r.data) onDone(r.data.updateTrigger.id);
    } else {
      const r = await create({ input });
      if (r.data) onDone(r.data.createTrigger.id);
    }
  };
  const secretHint =
    (trigger?.hasWebhookSecret ? 'Leave empty to keep the current secret. ' : '') +
    (scheme === 'HMAC_HEX'
      ? 'Optional with HMAC_HEX; without it intake is not verified.'
      : scheme === 'STANDARD_WEBHOOKS'
        ? "Required: the sender's whsec_… secret."
        : "Required: the sender's signing secret.");
  return (
    <form className="card" onSubmit={submit} aria-label={trigger ? 'Edit trigger' : 'New trigger form'}>
      {trigger ? <h2>Edit {trigger.name}</h2> : null}
      <div className="grid">
        <TextField label="Trigger name" required value={name} onChange={setName} autoFocus />
        <SelectField
          label="Signature scheme"
          value={scheme}
          onChange={setScheme}
          options={SCHEMES}
          hint={SCHEME_SENDER[scheme] + '.'}
        />
        <TextField label="Signing secret" type="password" value={secret} onChange={setSecret} hint={secretHint} />
        <SelectField
          label="Action"
          value={action}
          onChange={setAction}
          options={ACTIONS}
          hint={
            action === 'RECORD'
              ? 'Each accepted request also writes records of an entity, in the same commit.'
              : 'Each accepted request is stored as an event.'
          }
        />
      </div>
      {action === 'RECORD' ? (
        <fieldset>
          <legend>Records written</legend>
          {entities.error ? <ErrorBox error={entities.error} title="The catalogue did not load" /> : null}
          <div className="grid">
            <SelectField
              label="Record entity"
              value={recordEntity}
              onChange={setEntity}
              options={names.length ? names : [['', 'No entity yet: define one on Entities'] as const]}
              disabled={!names.length}
            />
            <SelectField
              label="Record operation"
              value={operation}
              onChange={setOperation}
              options={RECORD_OPERATIONS}
              hint="UPSERT: a known key is updated. INSERT: a known key fails the event."
            />
          </div>
          <TextField
            label="Field map"
            multiline
            rows={3}
            value={fieldMap}
            onChange={setFieldMap}
            spellCheck={false}
            placeholder='{"id": "/data/object/id", "amount": "/data/object/amount", "received_at": "$receivedAt"}'
            hint={
              'JSON object: entity field → JSON Pointer into the body, "$eventId" or "$receivedAt". ' +
              "Empty: the body's top-level keys that name entity fields. An array body is one record per object."
            }
          />
        </fieldset>
      ) : null}
      {mapError ? <ErrorBox error={mapError} /> : null}
      {error ? <ErrorBox error={error} /> : null}
      <div className="buttons">
        <button type="submit" disabled={created.fetching || updated.fetching}>
          {trigger ? 'Save trigger' : 'Create trigger'}
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
  const [retried, retry] = useMutation(ConsoleRetryTriggerEventDocument);
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
      {retried.error ? <ErrorBox error={retried.error} title="Retry" /> : null}
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
              <th scope="col">Action</th>
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
                  <div className="action-status">
                    <StatusBadge status={e.actionStatus} />
                    {e.actionStatus === 'FAILED' ? (
                      <>
                        <ErrorText text={e.actionError} />
                        <button
                          type="button"
                          className="secondary"
                          onClick={() => retry({ id: e.id })}
                          disabled={retried.fetching}
                        >
                          Retry
                        </button>
                      </>
                    ) : null}
                  </div>
                </td>
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

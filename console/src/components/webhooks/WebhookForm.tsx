import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import {
  ConsoleCreateWebhookConfigDocument,
  ConsoleUpdateWebhookConfigDocument,
  type ChangeOperation,
  type DeliveryOrdering,
  type SignatureScheme,
} from '../../gql/graphql';
import { CHANGE_OPERATIONS, DELIVERY_ORDERINGS, SIGNATURE_SCHEMES } from '../../enums';
import { ErrorBox } from '../ui/ErrorBox';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { usePortalEntities } from '../../portal/scope';
import { limitOf, type WebhookConfig } from './types';

/** Create, or edit (`config` set): the secret is write-only, so an empty one keeps the stored one. */
export function WebhookForm({ config, onDone }: { config: WebhookConfig | null; onDone: () => void }) {
  const portalEntities = usePortalEntities();
  const [entityName, setEntityName] = useState(config?.entityName ?? portalEntities?.[0] ?? '');
  const [url, setUrl] = useState(config?.webhookUrl ?? '');
  const [secret, setSecret] = useState('');
  const [scheme, setScheme] = useState<SignatureScheme>(config?.signatureScheme ?? 'HOOKGATE_V1');
  const [events, setEvents] = useState<ChangeOperation[]>(config?.events ?? [...CHANGE_OPERATIONS]);
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
      cur.includes(op) ? cur.filter((o) => o !== op) : CHANGE_OPERATIONS.filter((o) => o === op || cur.includes(o)),
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
        {portalEntities ? (
          // A portal session configures only its own entities: it picks one of them.
          <SelectField label="Entity name" value={entityName} onChange={setEntityName} options={portalEntities} />
        ) : (
          <TextField label="Entity name" required value={entityName} onChange={setEntityName} autoFocus />
        )}
        <TextField label="Webhook URL" required type="url" value={url} onChange={setUrl} placeholder="https://…" />
        <SelectField
          label="Signature scheme"
          value={scheme}
          onChange={setScheme}
          options={SIGNATURE_SCHEMES}
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
        {CHANGE_OPERATIONS.map((op) => (
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
            options={DELIVERY_ORDERINGS}
            hint={
              ordering === 'PER_KEY'
                ? 'A record waits while an older one of the same key is PENDING or RETRYING.'
                : 'Records are delivered as they come, in no particular order.'
            }
          />
        </div>
      </fieldset>
      <ErrorBox error={error} />
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

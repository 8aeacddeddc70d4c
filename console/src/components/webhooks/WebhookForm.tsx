import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import {
  ConsoleCreateWebhookConfigDocument,
  ConsoleUpdateWebhookConfigDocument,
  type ChangeOperation,
  type DeliveryOrdering,
  type OperationalEventKind,
  type SignatureScheme,
} from '../../gql/graphql';
import { CHANGE_OPERATIONS, DELIVERY_ORDERINGS, OPERATIONAL_EVENT_KINDS, SIGNATURE_SCHEMES } from '../../enums';
import { ErrorBox } from '../ui/ErrorBox';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { useEntityFields } from '../../portal/fields';
import { usePortalEntities } from '../../portal/scope';
import { ChangedFieldsPicker, FilterEditor } from './FilterEditor';
import { detailsByField, initialFilterState, stateFilter } from './filterModel';
import { limitOf, OPERATIONS_ENTITY, type WebhookConfig } from './types';

/** Create, or edit (`config` set): the secret is write-only, so an empty one keeps the stored one. */
export function WebhookForm({ config, onDone }: { config: WebhookConfig | null; onDone: () => void }) {
  const portalEntities = usePortalEntities();
  // Settings and dispatchers are the operator's business: the portal's customers see neither.
  const operator = portalEntities === null;
  const [entityName, setEntityName] = useState(config?.entityName ?? portalEntities?.[0] ?? '');
  const [url, setUrl] = useState(config?.webhookUrl ?? '');
  const [secret, setSecret] = useState('');
  const [scheme, setScheme] = useState<SignatureScheme>(config?.signatureScheme ?? 'HOOKGATE_V1');
  const [events, setEvents] = useState<ChangeOperation[]>(
    // An $operations configuration has none: turned into an entity's, it starts with every kind.
    config?.events.length ? config.events : [...CHANGE_OPERATIONS],
  );
  const [headersJson, setHeadersJson] = useState(config?.headersJson ?? '');
  const [maxRetries, setMaxRetries] = useState(String(config?.maxRetries ?? ''));
  const [timeoutMs, setTimeoutMs] = useState(String(config?.timeoutMs ?? ''));
  const [rateLimit, setRateLimit] = useState(String(config?.rateLimitPerSecond ?? ''));
  const [maxInFlight, setMaxInFlight] = useState(String(config?.maxInFlight ?? ''));
  const [ordering, setOrdering] = useState<DeliveryOrdering>(config?.ordering ?? 'NONE');
  const [operational, setOperational] = useState<OperationalEventKind[]>(
    config?.operationalEvents ?? [...OPERATIONAL_EVENT_KINDS],
  );
  const [filter, setFilter] = useState(() => initialFilterState(config?.filter));
  const [changedFields, setChangedFields] = useState<string[]>(config?.changedFields ?? []);
  const [filterProblem, setFilterProblem] = useState<string | null>(null);
  const isOperations = entityName.trim() === OPERATIONS_ENTITY;
  const entityFields = useEntityFields(entityName);
  const [created, create] = useMutation(ConsoleCreateWebhookConfigDocument);
  const [updated, update] = useMutation(ConsoleUpdateWebhookConfigDocument);
  const error = created.error ?? updated.error;
  const fieldErrors = detailsByField(error);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const read = stateFilter(filter);
    setFilterProblem('problem' in read ? read.problem : null);
    if ('problem' in read) return;
    // An $operations configuration has operational kinds instead of events, and no change filter.
    const what = isOperations
      ? { operationalEvents: operational }
      : { events, filter: read.filter, changedFields: changedFields.length ? changedFields : null };
    const input = {
      entityName: entityName.trim(),
      webhookUrl: url.trim(),
      ...what,
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
  const toggleKind = (k: OperationalEventKind) =>
    setOperational((cur) =>
      cur.includes(k) ? cur.filter((o) => o !== k) : OPERATIONAL_EVENT_KINDS.filter((o) => o === k || cur.includes(o)),
    );
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
              : `X-Hookgate-Timestamp and X-Hookgate-Signature: v1=<base64 HMAC-SHA256>${operator ? ' (the prefix is WEBHOOK_HEADER_PREFIX)' : ''}.`
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
      {portalEntities ? null : (
        <fieldset>
          <legend>Receives</legend>
          <label className="check">
            <input
              type="radio"
              name="receives"
              checked={!isOperations}
              onChange={() => setEntityName(config && config.entityName !== OPERATIONS_ENTITY ? config.entityName : '')}
            />{' '}
            Entity changes
          </label>
          <label className="check">
            <input
              type="radio"
              name="receives"
              checked={isOperations}
              onChange={() => setEntityName(OPERATIONS_ENTITY)}
            />{' '}
            Operational events ({OPERATIONS_ENTITY})
          </label>
        </fieldset>
      )}
      {isOperations ? (
        <fieldset>
          <legend>Operational events</legend>
          {OPERATIONAL_EVENT_KINDS.map((k) => (
            <label key={k} className="check">
              <input type="checkbox" checked={operational.includes(k)} onChange={() => toggleKind(k)} /> {k}
            </label>
          ))}
        </fieldset>
      ) : (
        <>
          <fieldset>
            <legend>Events</legend>
            {CHANGE_OPERATIONS.map((op) => (
              <label key={op} className="check">
                <input type="checkbox" checked={events.includes(op)} onChange={() => toggle(op)} /> {op}
              </label>
            ))}
          </fieldset>
          <ChangedFieldsPicker
            fields={entityFields}
            value={changedFields}
            onChange={setChangedFields}
            errors={fieldErrors}
          />
          <FilterEditor state={filter} onChange={setFilter} entityFields={entityFields} errors={fieldErrors} />
        </>
      )}
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
            hint={`Attempts started per second${operator ? ', over all dispatchers' : ''} (1–10000). Blank: no limit.`}
          />
          <TextField
            label="Max in flight"
            type="number"
            min={1}
            max={1000}
            value={maxInFlight}
            onChange={setMaxInFlight}
            hint={`Requests open at once${operator ? ', over all dispatchers' : ''} (1–1000). Blank: no limit.`}
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
      {filterProblem ? <ErrorBox error={filterProblem} /> : null}
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

import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  ConsoleCreateTriggerDocument,
  ConsoleEntitiesDocument,
  ConsoleUpdateTriggerDocument,
  type TriggerAction,
  type TriggerRecordOperation,
  type TriggerSignatureScheme,
} from '../../gql/graphql';
import { TRIGGER_ACTIONS, TRIGGER_RECORD_OPERATIONS, TRIGGER_SIGNATURE_SCHEMES } from '../../enums';
import { ErrorBox } from '../ui/ErrorBox';
import { SelectField } from '../ui/SelectField';
import { TextField } from '../ui/TextField';
import { SCHEME_SENDER, type Trigger } from './describe';

/** Create, or edit (`trigger` set): the secret is write-only, so an empty one keeps the stored one. */
export function TriggerForm({ trigger, onDone }: { trigger: Trigger | null; onDone: (id?: string) => void }) {
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
          options={TRIGGER_SIGNATURE_SCHEMES}
          hint={SCHEME_SENDER[scheme] + '.'}
        />
        <TextField label="Signing secret" type="password" value={secret} onChange={setSecret} hint={secretHint} />
        <SelectField
          label="Action"
          value={action}
          onChange={setAction}
          options={TRIGGER_ACTIONS}
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
          <ErrorBox error={entities.error} title="The catalogue did not load" />
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
              options={TRIGGER_RECORD_OPERATIONS}
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
      <ErrorBox error={mapError} />
      <ErrorBox error={error} />
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

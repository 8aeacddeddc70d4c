import { useState, type FormEvent } from 'react';
import { useMutation } from 'urql';
import { ConsoleDefineEntityDocument, type FieldType } from '../../gql/graphql';
import { FIELD_TYPES } from '../../enums';
import { ErrorBox } from '../ui/ErrorBox';
import { TextField } from '../ui/TextField';

const isFieldType = (t: string): t is FieldType => (FIELD_TYPES as readonly string[]).includes(t);

/** Defines an entity from "name TYPE" lines, a primary key and an optional time field. */
export function EntityForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [fields, setFields] = useState('id STRING\namount DECIMAL\ncreated_at TIMESTAMP');
  const [primaryKey, setPrimaryKey] = useState('id');
  const [timeField, setTimeField] = useState('created_at');
  const [res, define] = useMutation(ConsoleDefineEntityDocument);
  const [parseError, setParseError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = fields
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .map((l) => l.split(/[\s:]+/));
    const bad = parsed.find((p) => p.length !== 2 || !isFieldType(p[1].toUpperCase()));
    if (bad) {
      setParseError(`“${bad.join(' ')}”: write one field per line as “name TYPE” (${FIELD_TYPES.join(', ')})`);
      return;
    }
    setParseError(null);
    const r = await define({
      input: {
        name: name.trim(),
        fields: parsed.map(([n, t]) => ({ name: n, type: t.toUpperCase() as FieldType })),
        primaryKey: primaryKey.trim(),
        ...(timeField.trim() ? { timeField: timeField.trim() } : {}),
      },
    });
    if (!r.error) onDone();
  };
  return (
    <form className="card" onSubmit={submit} aria-label="Define entity form">
      <div className="grid">
        <TextField label="Name" required value={name} onChange={setName} autoFocus placeholder="orders" />
        <TextField
          label="Fields (one per line: name TYPE)"
          multiline
          rows={5}
          value={fields}
          onChange={setFields}
          spellCheck={false}
        />
        <TextField label="Primary key" required value={primaryKey} onChange={setPrimaryKey} />
        <TextField
          label="Time field"
          value={timeField}
          onChange={setTimeField}
          hint="Optional: a TIMESTAMP or DATE field."
        />
      </div>
      <ErrorBox error={parseError} />
      <ErrorBox error={res.error} />
      <div className="buttons">
        <button type="submit" disabled={res.fetching}>
          Define
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

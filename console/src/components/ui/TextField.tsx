import { useState } from 'react';
import { nextFieldId } from './fieldId';

/** A labelled text input or textarea (label bound with for/id so its name is exactly `label`). */
export function TextField({
  label,
  value,
  onChange,
  multiline,
  rows,
  hint,
  id,
  ...rest
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  multiline?: boolean;
  rows?: number;
  hint?: string;
  id?: string;
  required?: boolean;
  placeholder?: string;
  type?: string;
  autoFocus?: boolean;
  spellCheck?: boolean;
  min?: number;
  max?: number;
}) {
  const [fid] = useState(() => id ?? nextFieldId());
  return (
    <div className="field">
      <label htmlFor={fid}>{label}</label>
      {multiline ? (
        <textarea
          id={fid}
          rows={rows ?? 4}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={hint ? `${fid}-hint` : undefined}
          {...rest}
        />
      ) : (
        <input
          id={fid}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={hint ? `${fid}-hint` : undefined}
          {...rest}
        />
      )}
      {hint ? (
        <small id={`${fid}-hint`} className="muted">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import { nextFieldId } from './fieldId';

/** A labelled select (label bound with for/id, so the combobox's name is exactly `label`). */
export function SelectField<T extends string>({
  label,
  value,
  onChange,
  options,
  hint,
  disabled,
}: {
  label: string;
  value: T;
  onChange: (v: T) => void;
  /** Values, or [value, text] pairs. */
  options: ReadonlyArray<T | readonly [T, string]>;
  hint?: string;
  disabled?: boolean;
}) {
  const [fid] = useState(nextFieldId);
  return (
    <div className="field">
      <label htmlFor={fid}>{label}</label>
      <select
        id={fid}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as T)}
        aria-describedby={hint ? `${fid}-hint` : undefined}
      >
        {options.map((o) => {
          const [v, text] = typeof o === 'string' ? [o, o] : o;
          return (
            <option key={v} value={v}>
              {text}
            </option>
          );
        })}
      </select>
      {hint ? (
        <small id={`${fid}-hint`} className="muted">
          {hint}
        </small>
      ) : null}
    </div>
  );
}

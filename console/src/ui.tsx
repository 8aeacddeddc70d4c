import type { CombinedError } from 'urql';
import { useState, type ReactNode } from 'react';

/** An error as the API gave it: `extensions.code` and the message. */
export function ErrorBox({ error, title }: { error: CombinedError | Error | string; title?: string }) {
  let code = 'ERROR';
  let message = typeof error === 'string' ? error : error.message;
  const gql = (error as CombinedError).graphQLErrors?.[0];
  if (gql) {
    code = typeof gql.extensions?.code === 'string' ? gql.extensions.code : 'GRAPHQL_ERROR';
    message = gql.message;
  } else if ((error as CombinedError).networkError) {
    code = 'NETWORK_ERROR';
    message = (error as CombinedError).networkError!.message;
  }
  const details = gql?.extensions?.details as Array<{ field: string; message: string }> | undefined;
  return (
    <div role="alert" className="error">
      {title ? <strong>{title}: </strong> : null}
      <code className="error-code">{code}</code> {message}
      {details?.length ? (
        <ul>
          {details.map((d, i) => (
            <li key={i}>
              <code>{d.field}</code>: {d.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function Loading({ what = 'Loading' }: { what?: string }) {
  return (
    <p role="status" className="muted">
      {what}…
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="empty">{children}</p>;
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${status.toLowerCase()}`}>{status}</span>;
}

const CIRCUIT_TEXT = { CLOSED: 'Closed', OPEN: 'Open', HALF_OPEN: 'Half-open' } as const;
const CIRCUIT_MEANING = {
  CLOSED: 'Circuit closed: deliveries flow',
  OPEN: 'Circuit open: the endpoint kept failing; no attempts until the probe',
  HALF_OPEN: 'Circuit half-open: one probe attempt decides',
} as const;

/** A configuration's circuit as a badge, red when open. */
export function CircuitBadge({ circuit }: { circuit: keyof typeof CIRCUIT_TEXT }) {
  return (
    <span className={`badge circuit-${circuit.toLowerCase()}`} title={CIRCUIT_MEANING[circuit]}>
      <span className="sr-only">Circuit </span>
      {CIRCUIT_TEXT[circuit]}
    </span>
  );
}

/** An error text in red; none is a plain muted dash (an empty cell is no alarm). */
export function ErrorText({ text, as: Tag = 'span' }: { text: string | null | undefined; as?: 'span' | 'dd' }) {
  return text ? <Tag className="error-text">{text}</Tag> : <Tag className="muted">—</Tag>;
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z');
}

function span(s: number): string {
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86400) return `${Math.floor(s / 3600)} h`;
  return `${Math.floor(s / 86400)} d`;
}

export function ago(iso: string, now = Date.now()): string {
  return `${span(Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000)))} ago`;
}

/** A time still to come, as from now: "in 59 min". */
export function fromNow(iso: string, now = Date.now()): string {
  return `in ${span(Math.max(0, Math.round((new Date(iso).getTime() - now) / 1000)))}`;
}

/** A button that copies text and says so; falls back to selecting a textarea where the API is missing. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [done, setDone] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const ta = document.createElement('textarea');
      ta.value = text;
      document.body.appendChild(ta);
      ta.select();
      document.execCommand('copy');
      ta.remove();
    }
    setDone(true);
    setTimeout(() => setDone(false), 1500);
  };
  return (
    <button type="button" className="secondary" onClick={copy}>
      {done ? 'Copied' : label}
    </button>
  );
}

/** Cells of a result row as text: objects as JSON, null as an empty cell. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

let fieldSeq = 0;
const nextId = () => `f${++fieldSeq}`;

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
  const [fid] = useState(nextId);
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
  const [fid] = useState(() => id ?? nextId());
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

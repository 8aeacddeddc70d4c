import { CopyButton } from '../ui/CopyButton';
import { actionText, intakeUrl, signingExample, signingText, type Trigger } from './describe';
import { TriggerEvents } from './TriggerEvents';

/** One trigger: its intake URL, how it verifies and what it does, its actions, and its events when open. */
export function TriggerCard({
  trigger: t,
  open,
  onToggleOpen,
  onEdit,
  onToggleEnabled,
  onDelete,
}: {
  trigger: Trigger;
  open: boolean;
  onToggleOpen: () => void;
  onEdit: () => void;
  onToggleEnabled: () => void;
  onDelete: () => void;
}) {
  return (
    <article className="card" aria-labelledby={`trigger-${t.id}`}>
      <div className="page-head">
        <h2 id={`trigger-${t.id}`}>
          {t.name} <small className="muted">{t.enabled ? 'enabled' : 'disabled'}</small>
        </h2>
        <div className="buttons">
          <button type="button" className="secondary" onClick={onToggleOpen} aria-expanded={open}>
            {open ? 'Hide events' : 'Show events'}
          </button>
          <button type="button" className="secondary" onClick={onEdit}>
            Edit
          </button>
          <button type="button" className="secondary" onClick={onToggleEnabled}>
            {t.enabled ? 'Disable' : 'Enable'}
          </button>
          <button type="button" className="danger" onClick={onDelete}>
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
      {open ? <TriggerEvents id={t.id} /> : null}
    </article>
  );
}

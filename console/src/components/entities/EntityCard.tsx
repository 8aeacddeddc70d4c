import { RecordsEditor } from './RecordsEditor';
import type { Entity } from './types';

/** One entity: its key, time field and fields, and its records when open. */
export function EntityCard({
  entity: e,
  open,
  onToggleOpen,
  onDrop,
}: {
  entity: Entity;
  open: boolean;
  onToggleOpen: () => void;
  onDrop: () => void;
}) {
  return (
    <article className="card" aria-labelledby={`entity-${e.name}`}>
      <div className="page-head">
        <h2 id={`entity-${e.name}`}>{e.name}</h2>
        <div className="buttons">
          <button type="button" className="secondary" aria-expanded={open} onClick={onToggleOpen}>
            {open ? 'Hide records' : 'Show records'}
          </button>
          <button type="button" className="danger" onClick={onDrop}>
            Drop
          </button>
        </div>
      </div>
      <p className="muted">
        Key <code>{e.primaryKey}</code>
        {e.timeField ? (
          <>
            , time field <code>{e.timeField}</code>
          </>
        ) : null}
        . Fields: {e.fields.map((f) => `${f.name} ${f.type}`).join(', ')}
      </p>
      {open ? <RecordsEditor entity={e} /> : null}
    </article>
  );
}

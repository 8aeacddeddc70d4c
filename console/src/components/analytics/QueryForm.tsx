import type { FormEvent } from 'react';
import type { ConsoleEntitiesQuery } from '../../gql/graphql';
import { TextField } from '../ui/TextField';

/** The query box and its Run button, with the catalogue's entity names beside it. */
export function QueryForm({
  text,
  onChange,
  onRun,
  running,
  entities,
}: {
  text: string;
  onChange: (text: string) => void;
  onRun: (e: FormEvent) => void;
  running: boolean;
  /** The catalogue's entities; undefined when it did not load. */
  entities: ConsoleEntitiesQuery['entities'] | undefined;
}) {
  return (
    <form onSubmit={onRun} className="card" aria-label="Analytics query">
      <TextField
        label="Query"
        multiline
        rows={10}
        value={text}
        onChange={onChange}
        spellCheck={false}
        hint='An entity query (A1) body: { "entity", "select": [{ "field", "agg", "alias" }], "filter", "time": { "granularity", "range": { "from", "to" } }, "limit", "offset" }'
      />
      <div className="buttons">
        <button type="submit" disabled={running}>
          Run
        </button>
        <span className="muted">
          {entities?.length
            ? `Entities: ${entities.map((x) => x.name).join(', ')}`
            : entities
              ? 'No entities yet: define one on the Entities page.'
              : ''}
        </span>
      </div>
    </form>
  );
}

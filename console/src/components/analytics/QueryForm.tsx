import type { FormEvent, ReactNode } from 'react';
import type { ConsoleEntitiesQuery } from '../../gql/graphql';
import { TextField } from '../ui/TextField';

/** The query's controls (children), the query box and its Run button, with the catalogue's entity names. */
export function QueryForm({
  text,
  onChange,
  onRun,
  running,
  entities,
  children,
}: {
  text: string;
  onChange: (text: string) => void;
  onRun: (e: FormEvent) => void;
  running: boolean;
  /** The catalogue's entities; undefined when it did not load. */
  entities: ConsoleEntitiesQuery['entities'] | undefined;
  children?: ReactNode;
}) {
  return (
    <form onSubmit={onRun} className="card" aria-label="Analytics query">
      {children}
      <TextField
        label="Query"
        multiline
        rows={10}
        value={text}
        onChange={onChange}
        spellCheck={false}
        hint='An entity query (A1) body: { "entity", "select": [{ "field", "agg", "alias" }], "filter", "time": { "granularity", "range": { "from", "to" } }, "limit", "offset" }; or a metric query { "metric", "dimensions", "filter", "time", "limit", "offset" }; or a view query { "view", "params", "time", "limit", "offset" }'
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

/**
 * The only way identifiers reach SQL text. Values never do: they are bound as parameters.
 * Identifiers are quoted (so they keep case and cannot close the quote) and refused when they
 * contain anything a PostgreSQL identifier should not.
 */
export function quoteIdent(name: string): string {
  if (typeof name !== 'string' || name.length === 0 || name.length > 63 || name.includes('\0')) {
    throw new Error('invalid SQL identifier');
  }
  return '"' + name.replace(/"/g, '""') + '"';
}

export function qualified(schema: string, table: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(table)}`;
}

/** Collects bound values while a statement is built: `params.add(v)` returns `$n`. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

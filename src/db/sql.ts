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

/**
 * An integer written into SQL text where a parameter will not do: a LIMIT the planner of a
 * generic plan must see, a SET. Only our own numbers (settings, constants) come here, never a
 * client's; truncated, and refused unless it is a safe integer of at least `min`.
 */
export function sqlInteger(n: number, min = 0): string {
  const v = Math.trunc(n);
  if (!Number.isSafeInteger(v) || v < min) throw new Error(`invalid SQL integer (at least ${min})`);
  return String(v);
}

/** Collects bound values while a statement is built: `params.add(v)` returns `$n`. */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * A bound array value as PostgreSQL's array literal (`{1,NULL,"a\"b"}`), or undefined when an
 * element is neither a string, a number nor null/undefined (node-postgres then writes the array).
 * node-postgres writes the same literal but runs two regular expressions over every element,
 * numbers included, which showed in the dispatcher's profile (docs/benchmarks.md, "Prepared
 * statements"). Numbers are written as node-postgres writes them (`String(n)`), null and undefined
 * as NULL, strings always quoted (so "NULL", "" and a string with commas or braces stay strings),
 * with `\` and `"` escaped.
 */
export function arrayParameter(values: readonly unknown[]): string | undefined {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) literal += ',';
    const v = values[i];
    if (v === null || v === undefined) literal += 'NULL';
    else if (typeof v === 'number') literal += String(v);
    else if (typeof v === 'string') literal += `"${v.replace(ESCAPED, '\\$&')}"`;
    else return undefined;
  }
  return literal + '}';
}

const ESCAPED = /["\\]/g;

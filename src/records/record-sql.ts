import type { EntityDefinition } from '../catalog/model';
import { SQL_TYPES } from '../catalog/model';
import { qualified, quoteIdent } from '../db/sql';

/**
 * The statements of record writes for one entity. Records travel as ONE jsonb parameter and
 * PostgreSQL converts each value to its column's type (jsonb_populate_recordset over the table's
 * row type), so a batch of 1000 is one statement, not 1000, and no value is ever spliced in.
 */
export class RecordSql {
  private readonly table: string;
  private readonly pk: string;
  private readonly pkType: string;
  private readonly columns: string[];

  constructor(schema: string, entity: EntityDefinition) {
    this.table = qualified(schema, entity.tableName);
    this.pk = quoteIdent(entity.primaryKey);
    this.pkType = SQL_TYPES[entity.fields.find((f) => f.name === entity.primaryKey)!.type];
    this.columns = entity.fields.map((f) => quoteIdent(f.name));
  }

  private input(param: string): string {
    return `jsonb_populate_recordset(NULL::${this.table}, ${param}::jsonb)`;
  }

  /** $1: records. Fails with unique_violation on an existing key. */
  insert(): string {
    const cols = this.columns.join(', ');
    return `INSERT INTO ${this.table} (${cols}) SELECT ${cols} FROM ${this.input('$1')} RETURNING *`;
  }

  /** $1: records. Inserts those whose key is free, in key order (so concurrent writers lock alike); returns the inserted rows. */
  insertNew(): string {
    const cols = this.columns.join(', ');
    return `INSERT INTO ${this.table} (${cols}) SELECT ${cols} FROM ${this.input('$1')} AS input ORDER BY input.${this.pk}
            ON CONFLICT (${this.pk}) DO NOTHING RETURNING *`;
  }

  /** $1: records. Locks the existing rows with these keys and returns them as they are. */
  lockExisting(): string {
    return `SELECT cur.* FROM ${this.table} AS cur WHERE cur.${this.pk} IN (SELECT input.${this.pk} FROM ${this.input('$1')} AS input)
            ORDER BY cur.${this.pk} FOR UPDATE OF cur`;
  }

  /** $1: records. Replaces every field of the rows with these keys; returns the new rows. */
  replace(nonKeyColumns: string[]): string {
    const set = (nonKeyColumns.length ? nonKeyColumns.map(quoteIdent) : [this.pk])
      .map((c) => `${c} = input.${c}`)
      .join(', ');
    return `UPDATE ${this.table} AS cur SET ${set} FROM ${this.input('$1')} AS input WHERE cur.${this.pk} = input.${this.pk} RETURNING cur.*`;
  }

  /** $1: key as text. */
  lockOne(): string {
    return `SELECT * FROM ${this.table} WHERE ${this.pk} = $1::${this.pkType} FOR UPDATE`;
  }

  /** $1: key as text, $2: the patch as a one-record array. Sets only `patchColumns`. */
  patch(patchColumns: string[]): string {
    const set = patchColumns
      .map(quoteIdent)
      .map((c) => `${c} = input.${c}`)
      .join(', ');
    return `UPDATE ${this.table} AS cur SET ${set} FROM ${this.input('$2')} AS input WHERE cur.${this.pk} = $1::${this.pkType} RETURNING cur.*`;
  }

  /** $1: key as text. */
  deleteOne(): string {
    return `DELETE FROM ${this.table} WHERE ${this.pk} = $1::${this.pkType} RETURNING *`;
  }
}

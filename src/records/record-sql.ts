import type { EntityDefinition } from '../catalog/model';
import { SQL_TYPES } from '../catalog/model';
import { qualified, quoteIdent } from '../db/sql';

/**
 * The statements of record writes for one entity. Records travel as ONE jsonb parameter and
 * PostgreSQL converts each value to its column's type (jsonb_populate_recordset over the table's
 * row type), so a batch of 1000 is one statement, not 1000, and no value is ever spliced in.
 *
 * The batch statements run prepared where the connection allows it (src/db/prepared.ts). A
 * prepared statement keeps the result columns it was first planned with, and PostgreSQL refuses
 * to run it once they would change ("cached plan must not change result type"): an entity
 * dropped and defined again with a field of another type would otherwise break every connection
 * that prepared the old one. So each text names the columns it returns and ends with the
 * definition's column types: a new shape is a new text, hence a new statement.
 */
export class RecordSql {
  private readonly table: string;
  private readonly pk: string;
  private readonly pkType: string;
  private readonly columns: string[];
  /** The column types in field order (constants of SQL_TYPES, never user input). */
  private readonly shape: string;

  constructor(schema: string, entity: EntityDefinition) {
    this.table = qualified(schema, entity.tableName);
    this.pk = quoteIdent(entity.primaryKey);
    this.pkType = SQL_TYPES[entity.fields.find((f) => f.name === entity.primaryKey)!.type];
    this.columns = entity.fields.map((f) => quoteIdent(f.name));
    this.shape = `/* row (${entity.fields.map((f) => SQL_TYPES[f.type]).join(', ')}) */`;
  }

  /** The entity's columns, in field order, each prefixed with `alias.` when given. */
  private columnList(alias?: string): string {
    return (alias ? this.columns.map((c) => `${alias}.${c}`) : this.columns).join(', ');
  }

  private returning(alias?: string): string {
    return `RETURNING ${this.columnList(alias)} ${this.shape}`;
  }

  private input(param: string): string {
    return `jsonb_populate_recordset(NULL::${this.table}, ${param}::jsonb)`;
  }

  /** $1: records. Fails with unique_violation on an existing key. */
  insert(): string {
    const cols = this.columnList();
    return `INSERT INTO ${this.table} (${cols}) SELECT ${cols} FROM ${this.input('$1')} ${this.returning()}`;
  }

  /** $1: records. Inserts those whose key is free, in key order (so concurrent writers lock alike); returns the inserted rows. */
  insertNew(): string {
    const cols = this.columnList();
    return `INSERT INTO ${this.table} (${cols}) SELECT ${cols} FROM ${this.input('$1')} AS input ORDER BY input.${this.pk}
            ON CONFLICT (${this.pk}) DO NOTHING ${this.returning()}`;
  }

  /** $1: records. Locks the existing rows with these keys and returns them as they are. */
  lockExisting(): string {
    return `SELECT ${this.columnList('cur')} FROM ${this.table} AS cur WHERE cur.${this.pk} IN (SELECT input.${this.pk} FROM ${this.input('$1')} AS input)
            ORDER BY cur.${this.pk} FOR UPDATE OF cur ${this.shape}`;
  }

  /** $1: records. Replaces every field of the rows with these keys; returns the new rows. */
  replace(nonKeyColumns: string[]): string {
    const set = (nonKeyColumns.length ? nonKeyColumns.map(quoteIdent) : [this.pk])
      .map((c) => `${c} = input.${c}`)
      .join(', ');
    return `UPDATE ${this.table} AS cur SET ${set} FROM ${this.input('$1')} AS input WHERE cur.${this.pk} = input.${this.pk} ${this.returning('cur')}`;
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

import crypto from 'node:crypto';
import type pg from 'pg';
import { qualified, quoteIdent } from '../db/sql';
import type { Logger } from '../logger';
import type { EntityDefinition, FieldType } from './model';

/** Types whose columns are worth a B-tree index for range scans and equality lookups. */
const INDEXABLE: ReadonlySet<FieldType> = new Set([
  'STRING',
  'INTEGER',
  'FLOAT',
  'DECIMAL',
  'BOOLEAN',
  'TIMESTAMP',
  'DATE',
]);
const MAX_INDEX_COLUMNS = 4;

/** A stable index name per table and column list that always fits PostgreSQL's 63 bytes. */
function catalogIndexName(table: string, columns: string[]): string {
  const hash = crypto
    .createHash('sha256')
    .update(`${table}\0${columns.join('\0')}`)
    .digest('hex')
    .slice(0, 10);
  return `hg_${table.slice(0, 20)}_${columns[0].slice(0, 20)}_${hash}`;
}

/**
 * Creates the B-tree index a metric or view implies: equality columns first, then at most one
 * range column (usually the time field), so one index scan reads exactly the rows asked for.
 * Idempotent. An index the entity's table already has (its primary key, its time field alone) is
 * not made again. A failure is logged and left: the definition stands, its queries are only slower.
 */
export async function ensureCatalogIndex(
  pool: pg.Pool,
  schema: string,
  entity: EntityDefinition,
  equality: Iterable<string>,
  range: string | undefined,
  logger: Logger,
): Promise<void> {
  const types = new Map(entity.fields.map((f) => [f.name, f.type]));
  const usable = (f: string) => INDEXABLE.has(types.get(f) as FieldType);
  const columns = [...new Set(equality)].filter((f) => usable(f) && f !== range).slice(0, MAX_INDEX_COLUMNS - 1);
  if (range && usable(range)) columns.push(range);
  if (columns.length === 0) return;
  if (columns.length === 1 && (columns[0] === entity.primaryKey || columns[0] === entity.timeField)) return;
  try {
    await pool.query(
      `CREATE INDEX IF NOT EXISTS ${quoteIdent(catalogIndexName(entity.tableName, columns))} ON ${qualified(schema, entity.tableName)} (${columns.map(quoteIdent).join(', ')})`,
    );
  } catch (err) {
    logger.warn({ code: (err as { code?: unknown }).code, entity: entity.name }, 'could not create a catalogue index');
  }
}

import crypto from 'node:crypto';
import pg from 'pg';
import type { Queryable } from './queryable';
import { arrayParameter } from './sql';

/**
 * Named (prepared) statements for the statements every change runs: the outbox insert, the hint
 * check, the dispatcher's claim and settle. For statements this short PostgreSQL spends about as
 * long parsing and planning as running them (docs/benchmarks.md, "Prepared statements").
 *
 * Only on connections of pools that opted in with `allowPreparedStatements`: never on PGlite,
 * where every connection is the one shared session and a name prepared by one would collide with
 * another's. Texts differ per tenant schema, so a connection keeps at most as many as its pool
 * allows (DB_PREPARED_STATEMENTS_PER_CONNECTION); the next new one first deallocates them all.
 * That bounds a backend's memory however many tenants there are; the default is sized so that a
 * batch of RECORD events over a hundred tenants does not reset on every batch.
 */
export const DEFAULT_STATEMENTS_PER_CONNECTION = 500;

/** Names prepared on each connection that may have them, and how many it may keep; others get none. */
const preparedOn = new WeakMap<pg.ClientBase, { names: Set<string>; max: number }>();
const namesByText = new Map<string, string>();

/** From now on, connections this pool opens may keep up to `maxPerConnection` prepared statements each. */
export function allowPreparedStatements(pool: pg.Pool, maxPerConnection = DEFAULT_STATEMENTS_PER_CONNECTION): void {
  pool.on('connect', (client) => {
    // node-postgres remembers what it prepared here; it must forget them when we deallocate.
    if (typeof (client as unknown as ClientInternals).connection?.parsedStatements === 'object')
      preparedOn.set(client, { names: new Set(), max: maxPerConnection });
  });
}

interface ClientInternals {
  connection?: { parsedStatements?: Record<string, string> };
}

function nameOf(text: string): string {
  let name = namesByText.get(text);
  if (name === undefined) {
    if (namesByText.size >= 10_000) {
      namesByText.clear();
      describedByTypes = new WeakMap();
    }
    name = 'hg_' + crypto.createHash('sha1').update(text).digest('hex').slice(0, 24);
    namesByText.set(text, name);
  }
  return name;
}

/** Texts built by `statementText`, by their key; as bounded as `namesByText`, which keys on the same strings. */
const textsByKey = new Map<string, string>();

/**
 * The text of a statement that differs only by `key` (a tenant's table, say): built once, then the
 * same string each time, so neither the name look-up nor node-postgres' comparison with the text
 * it prepared hashes or compares a fresh string on every run. `key` must name the statement as
 * well as what varies.
 */
export function statementText(key: string, build: () => string): string {
  let text = textsByKey.get(key);
  if (text === undefined) {
    if (textsByKey.size >= 10_000) textsByKey.clear();
    text = build();
    textsByKey.set(key, text);
  }
  return text;
}

/**
 * `client.query` in its callback form, in a promise of our own: with node-postgres' promise form,
 * results survive young-generation collections far more often and the dispatcher spends
 * measurably more CPU per delivery (docs/benchmarks.md, "Prepared statements").
 */
function queryWithCallback<R extends pg.QueryResultRow>(
  client: Queryable,
  query: pg.QueryConfig,
): Promise<pg.QueryResult<R>> {
  return new Promise((resolve, reject) => {
    client.query<R>(query, (err: Error | undefined, result: pg.QueryResult<R>) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/** What node-postgres sends a query's RowDescription to, and what PreparedQuery reads of it. */
interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}
interface ResultInternals {
  command: string | null;
  /** The connection's type parsers (node-postgres sets them before the statement is sent). */
  _types: object | undefined;
  fields: FieldDescription[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: object | null;
}
interface QueryInternals {
  name?: string;
  values?: unknown[];
  _result: ResultInternals;
  _accumulateRows: boolean;
}

/**
 * The parsers and row template node-postgres built from a named statement's last RowDescription,
 * by the type parsers they came from (each connection has its own) and the statement's name.
 */
type Described = { fields: FieldDescription[]; parsers: unknown[]; template: object };
let describedByTypes = new WeakMap<object, Map<string, Described>>();

function sameFields(a: FieldDescription[], b: FieldDescription[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i].name !== b[i].name || a[i].dataTypeID !== b[i].dataTypeID || a[i].format !== b[i].format) return false;
  }
  return true;
}

/**
 * A named statement's run, as node-postgres' own Query, minus two costs it pays on every run of
 * the same statement: `client.query(config)` copies the config object, and the RowDescription that
 * comes back each time is turned into new parsers and a new row template. Made from the text, the
 * query has no config to copy; a RowDescription equal to the statement's last one on a connection
 * with the same type parsers reuses what that one built.
 *
 * It reads node-postgres' private fields, so it is used only while `pgInternalsMatch` holds (pg is
 * pinned to one version, and test/unit/pg-internals.test.ts fails on a version whose internals
 * differ); otherwise named statements go through `client.query({ name, text, values })`.
 */
class PreparedQuery<R extends pg.QueryResultRow> extends pg.Query<R> {
  constructor(
    name: string,
    text: string,
    values: unknown[] | undefined,
    callback: (err: Error | undefined, result: pg.QueryResult<R>) => void,
  ) {
    super(text, callback as never);
    const self = this as unknown as QueryInternals;
    self.name = name;
    self.values = values;
  }

  handleRowDescription(msg: { fields: FieldDescription[] }): void {
    const self = this as unknown as QueryInternals;
    const result = self._result;
    const name = self.name!;
    const types = result._types;
    let byName = types && describedByTypes.get(types);
    const described = byName?.get(name);
    if (described !== undefined && result.command === null && sameFields(described.fields, msg.fields)) {
      result.fields = msg.fields;
      result._parsers = described.parsers;
      result._prebuiltEmptyResultObject = described.template;
      self._accumulateRows = true;
      return;
    }
    (pg.Query.prototype as unknown as { handleRowDescription(m: unknown): void }).handleRowDescription.call(this, msg);
    if (!types || !result._parsers || !result._prebuiltEmptyResultObject) return;
    if (!byName) describedByTypes.set(types, (byName = new Map()));
    byName.set(name, { fields: msg.fields, parsers: result._parsers, template: result._prebuiltEmptyResultObject });
  }
}

/**
 * True when this node-postgres has the private fields PreparedQuery and the statement reset rely
 * on: a Query's `_result` and `_accumulateRows`, a Result's `_types`, `_parsers`, `command` and
 * `_prebuiltEmptyResultObject`, and `handleRowDescription` on Query's prototype.
 */
export const pgInternalsMatch: boolean = (() => {
  const probe = new pg.Query('SELECT 1') as unknown as Partial<QueryInternals>;
  const result = probe._result as unknown as Record<string, unknown> | undefined;
  const { handleRowDescription } = pg.Query.prototype as unknown as { handleRowDescription?: () => void };
  return (
    typeof handleRowDescription === 'function' &&
    // Set there and read by handleDataRow; a PreparedQuery that returns early sets it itself.
    handleRowDescription.toString().includes('_accumulateRows') &&
    typeof result === 'object' &&
    result !== null &&
    '_types' in result &&
    '_parsers' in result &&
    'command' in result &&
    '_prebuiltEmptyResultObject' in result &&
    typeof (result as { addFields?: unknown }).addFields === 'function'
  );
})();

function queryNamed<R extends pg.QueryResultRow>(
  client: Queryable,
  name: string,
  query: { text: string; values?: unknown[] },
): Promise<pg.QueryResult<R>> {
  if (!pgInternalsMatch) return queryWithCallback<R>(client, { name, text: query.text, values: query.values });
  return new Promise((resolve, reject) => {
    const submitted = new PreparedQuery<R>(name, query.text, query.values, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    (client as unknown as { query(q: pg.Submittable): unknown }).query(submitted);
  });
}

async function run<R extends pg.QueryResultRow>(
  client: Queryable,
  query: { text: string; values?: unknown[] },
): Promise<pg.QueryResult<R>> {
  const prepared = preparedOn.get(client as pg.ClientBase);
  if (!prepared) return queryWithCallback<R>(client, query);
  const { names, max } = prepared;
  const name = nameOf(query.text);
  if (!names.has(name) && names.size >= max) {
    await client.query('DEALLOCATE ALL');
    names.clear();
    (client as unknown as ClientInternals).connection!.parsedStatements = {};
  }
  // Counted before it runs: a statement whose preparation failed only makes the next reset sooner.
  names.add(name);
  return queryNamed<R>(client, name, query);
}

/**
 * Runs `query` as a prepared statement where the connection allows it, else as an unnamed one.
 * `db` is a pool (a connection is taken for the statement) or a connection, say a transaction's.
 */
export async function queryPrepared<R extends pg.QueryResultRow = pg.QueryResultRow>(
  db: Queryable | pg.Pool,
  given: { text: string; values?: unknown[] },
): Promise<pg.QueryResult<R>> {
  const query = given.values ? { text: given.text, values: withArrayLiterals(given.values) } : given;
  if (!(db instanceof pg.Pool)) return run<R>(db, query);
  const client = await db.connect();
  try {
    const result = await run<R>(client, query);
    client.release();
    return result;
  } catch (err) {
    // As pool.query does: a connection that failed a statement is not reused.
    client.release(err as Error);
    throw err;
  }
}

/**
 * The values with each array of strings, numbers and nulls written as its literal by
 * `arrayParameter` (src/db/sql.ts): the batch statements bind one array per column, and
 * node-postgres' own serialisation of them is a measurable share of a delivery's cost. Any other
 * array goes to node-postgres as it is.
 */
function withArrayLiterals(values: unknown[]): unknown[] {
  let written: unknown[] | undefined;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Array.isArray(v)) continue;
    const literal = arrayParameter(v);
    if (literal === undefined) continue;
    written ??= values.slice();
    written[i] = literal;
  }
  return written ?? values;
}

import crypto from 'node:crypto';
import pg from 'pg';
import type { Queryable } from './database';

/**
 * Named (prepared) statements for the statements every change runs: the outbox insert, the hint
 * check, the dispatcher's claim and settle. For statements like these PostgreSQL spends about as
 * much time parsing and planning as running them (claim + settle of one record: 0.74 ms of backend
 * CPU unnamed, 0.37 ms prepared, bench/README.md), and at hundreds of changes a second that is
 * the CPU the whole machine is short of.
 *
 * Only on connections of pools that opted in with `allowPreparedStatements`: never on PGlite,
 * where every connection is the one shared session and a name prepared by one would collide with
 * another's. Texts differ per tenant schema, so a connection keeps at most as many as its pool
 * allows (DB_PREPARED_STATEMENTS_PER_CONNECTION, default DEFAULT_STATEMENTS_PER_CONNECTION); the
 * next new one first deallocates them all (one round trip per that many new statements). The
 * backend's memory stays bounded however many tenants there are: a record or outbox insert kept
 * prepared takes ~40 KB of a backend beyond what the same statement run unnamed leaves behind,
 * so ~20 MB per connection at 500.
 *
 * Why 500 by default: a batch of RECORD events spread over 100 tenants needs ~230 texts per
 * connection (two per tenant, the event inserts of each batch size, a few shared). Below that,
 * every statement is parsed and planned again after each reset: at 200, 555 events/s and 952 µs of
 * PostgreSQL CPU per event; at 500, 909–933 events/s and 420–435 µs (bench/README.md, seventeenth
 * session).
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
    if (namesByText.size >= 10_000) namesByText.clear();
    name = 'hg_' + crypto.createHash('sha1').update(text).digest('hex').slice(0, 24);
    namesByText.set(text, name);
  }
  return name;
}

/**
 * `client.query` in its callback form, in a promise of our own. With node-postgres' own promise
 * form, results and what is allocated around them survive V8's young-generation collections far
 * more often: the same claim loop (bench/peers.ts's floor) promoted 3.4 KB per delivery to the old
 * generation instead of 0.54, and its scavenges took 3.5x as long; the dispatcher promotes 13–16 %
 * fewer bytes with this and uses 4–10 % less CPU per delivery (bench/README.md, fourteenth
 * session). Why the promise form keeps them was not found; the measurement decides.
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
  return queryWithCallback<R>(client, { name, text: query.text, values: query.values });
}

/**
 * Runs `query` as a prepared statement where the connection allows it, else as an unnamed one.
 * `db` is a pool (a connection is taken for the statement) or a connection, say a transaction's.
 */
export async function queryPrepared<R extends pg.QueryResultRow = pg.QueryResultRow>(
  db: Queryable | pg.Pool,
  query: { text: string; values?: unknown[] },
): Promise<pg.QueryResult<R>> {
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

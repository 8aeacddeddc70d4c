/**
 * Runs compiled statements: one read-only transaction each, a statement timeout, and the tenant's
 * schema as the only search path. PostgreSQL's own errors leave as contract codes, never as text.
 */
import pg from 'pg';
import { Histogram, type Registry } from 'prom-client';
import type { Database } from '../db/database';
import { quoteIdent } from '../db/sql';
import { AppError } from '../errors';
import { rowsOf } from './cells';
import type { CompiledQuery } from './compile';
import type { TabularResult } from './model';

const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;

/** Time buckets arrive as UTC wall-clock timestamps; kept as text so no local time zone shifts them. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_WITHOUT_TIME_ZONE ? (v: string) => v : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A database error the query itself caused (a value PostgreSQL refuses, the time limit). */
function queryFault(err: unknown, timeoutMs: number): AppError | undefined {
  const code = (err as { code?: unknown })?.code;
  if (code === '57014') return new AppError('INVALID_QUERY', `The query ran longer than the ${timeoutMs} ms limit; narrow its filter or time range`);
  if (typeof code === 'string' && code.startsWith('22')) return new AppError('INVALID_QUERY', 'A value in the query is not valid for its field');
  return undefined;
}

export class QueryRunner {
  private readonly duration?: Histogram<'kind' | 'outcome'>;

  constructor(
    private readonly db: Database,
    private readonly timeoutMs: number,
    registry?: Registry,
  ) {
    if (registry) {
      this.duration = new Histogram({
        name: 'hookgate_analytics_statement_duration_seconds',
        help: 'Analytics statements by kind (query, explain) and outcome (ok, timeout, invalid, error)',
        labelNames: ['kind', 'outcome'],
        buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
        registers: [registry],
      });
    }
  }

  /** True when statements must run one at a time (the embedded database has one session). */
  get serial(): boolean {
    return this.db.embedded;
  }

  async run(schema: string, q: CompiledQuery): Promise<TabularResult> {
    const result = await this.inReadOnly('query', schema, (client) =>
      client.query<unknown[]>({ text: q.sql, values: q.values, rowMode: 'array', types }),
    );
    return { columns: q.columns, rows: rowsOf(q.types, result.rows) };
  }

  /** PostgreSQL's plan for the statement, as text; it is planned, never executed. */
  async explain(schema: string, q: CompiledQuery): Promise<string> {
    const result = await this.inReadOnly('explain', schema, (client) =>
      client.query<unknown[]>({ text: `EXPLAIN ${q.sql}`, values: q.values, rowMode: 'array' }),
    );
    return result.rows.map((r) => String(r[0])).join('\n');
  }

  private async inReadOnly<T>(kind: 'query' | 'explain', schema: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.db.pool.connect();
    const end = this.duration?.startTimer({ kind });
    let result: T;
    try {
      // One round trip: the timeout is an integer from the configuration, the schema a quoted name.
      await client.query(
        `BEGIN READ ONLY; SET LOCAL statement_timeout = ${Math.trunc(this.timeoutMs)}; SET LOCAL search_path = ${quoteIdent(schema)}, pg_catalog`,
      );
      result = await fn(client);
    } catch (err) {
      // A client that cannot even roll back is broken: it leaves the pool instead of going back.
      const rolledBack = await client.query('ROLLBACK').then(() => true, () => false);
      client.release(!rolledBack);
      const fault = queryFault(err, this.timeoutMs);
      end?.({ outcome: fault ? ((err as { code?: unknown }).code === '57014' ? 'timeout' : 'invalid') : 'error' });
      throw fault ?? err;
    }
    end?.({ outcome: 'ok' });
    const commit = client.query('COMMIT').then(
      () => client.release(),
      (err: Error) => client.release(err),
    );
    // Nothing was written, so the answer need not wait for COMMIT; the client goes back to the pool
    // once it is done. Not on the embedded database: its connections share one session, and
    // another connection's statement could land inside this transaction.
    if (this.db.embedded) await commit;
    return result;
  }
}

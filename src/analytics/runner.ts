/**
 * Runs compiled statements: one read-only transaction each, a statement timeout, and a search path
 * of pg_catalog, then the tenant's schema. PostgreSQL's own errors leave as contract codes, never
 * as text.
 *
 * pg_catalog comes first so that a tenant's entity named like a built-in type or function (`text`,
 * `date`, `jsonb`, `timestamptz`) never shadows what the compiled SQL casts to or calls; the
 * compiler qualifies the tenant's own tables, so they need no place in front of it.
 */
import pg from 'pg';
import { Histogram, type Registry } from 'prom-client';
import type { Database } from '../db/database';
import { isLostRace } from '../db/retry';
import { qualified, quoteIdent, sqlInteger } from '../db/sql';
import { AppError, isConnectionError } from '../errors';
import type { EntityDefinition } from '../catalog/model';
import { rowsOf } from './cells';
import type { CompiledQuery } from './compile';
import { standbyUnavailable, type AnalyticsStandby, type StandbyTarget } from './standby';
import type { TabularResult } from '../query/model';
import { TenantGate } from './tenant-gate';

const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;
const NUMERIC = 1700;
const NUMERIC_VALUE_OUT_OF_RANGE = '22003';

/**
 * Time buckets arrive as UTC wall-clock timestamps; kept as text so no local time zone shifts them.
 * NUMERIC stays text too: a sum can pass what a double holds, and cells.ts keeps its digits then.
 * So does timestamptz: cells.ts writes it as ISO text without a Date per cell.
 */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_WITHOUT_TIME_ZONE || oid === NUMERIC || oid === pg.types.builtins.TIMESTAMPTZ
      ? (v: string) => v
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A database error the query itself caused (a value PostgreSQL refuses, the time limit). */
function queryFault(err: unknown, timeoutMs: number): AppError | undefined {
  const code = (err as { code?: unknown })?.code;
  if (code === '57014')
    return new AppError(
      'INVALID_QUERY',
      `The query ran longer than the ${timeoutMs} ms limit; narrow its filter or time range`,
    );
  if (typeof code === 'string' && code.startsWith('22'))
    return new AppError('INVALID_QUERY', 'A value in the query is not valid for its field');
  return undefined;
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/**
 * What each session of the read-only pool was last set to. Kept per connection and shared by every
 * runner (they share the pool), so a runner with another timeout or tenant never trusts a stale entry.
 */
const sessions = new WeakMap<pg.PoolClient, { timeoutMs: number; schema: string }>();

/** The search path of an analytics statement (see the top of this file). */
const searchPath = (schema: string) => `pg_catalog, ${quoteIdent(schema)}`;

export interface RunnerLimits {
  /** Statements one tenant runs at once (ANALYTICS_TENANT_CONCURRENCY); default 4. */
  tenantConcurrency?: number;
  /** On PGlite: the plan cost above which a statement is refused (ANALYTICS_EMBEDDED_MAX_COST). */
  embeddedMaxCost?: number;
  /** ANALYTICS_DATABASE_URL: statements run on this hot standby once it has replayed their tables. */
  standby?: AnalyticsStandby;
}

export class QueryRunner {
  private readonly duration?: Histogram<'kind' | 'outcome'>;
  private readonly gate: TenantGate;
  private readonly embeddedMaxCost: number;
  private readonly standby?: AnalyticsStandby;
  private catalogue?: Promise<string | undefined>;

  constructor(
    private readonly db: Database,
    private readonly timeoutMs: number,
    registry?: Registry,
    limits: RunnerLimits = {},
  ) {
    this.gate = new TenantGate(limits.tenantConcurrency ?? 4);
    this.embeddedMaxCost = limits.embeddedMaxCost ?? timeoutMs * 10;
    this.standby = limits.standby;
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

  /** `tables`: the entities whose tables the statement reads (a standby must have replayed them). */
  async run(schema: string, q: CompiledQuery, tables: readonly EntityDefinition[] = []): Promise<TabularResult> {
    return (await this.runChecked(schema, q, tables)).result;
  }

  /**
   * As `run`; `confirmed` when the statement is guarded and its guard column held. The guard is
   * read once per statement (it reads no row of the query), so the first row answers for all; a
   * statement without rows confirms nothing.
   */
  async runChecked(
    schema: string,
    q: CompiledQuery,
    tables: readonly EntityDefinition[] = [],
  ): Promise<{ result: TabularResult; confirmed: boolean }> {
    const select = (sql: string, wider?: string) =>
      this.inReadOnly('query', schema, tables, async (client) => {
        // Compiled queries are all SELECTs; anything else cannot be planned on its own (EXPLAIN).
        if (this.db.embedded && /^\s*(SELECT|WITH)\b/i.test(sql)) await this.refuseExpensive(client, sql, q.values);
        try {
          return await client.query<unknown[]>({ text: sql, values: q.values, rowMode: 'array', types });
        } catch (err) {
          // A sum of FLOAT past a double's range: answered by the statement that sums in numeric.
          if (wider && (err as { code?: unknown })?.code === NUMERIC_VALUE_OUT_OF_RANGE) return undefined;
          throw err;
        }
      });
    const result = (await select(q.sql, q.wideSql)) ?? (await select(q.wideSql!))!;
    const confirmed = !!q.guarded && result.rows.length > 0 && result.rows[0][q.columns.length] === true;
    return { result: { columns: q.columns, rows: rowsOf(q.types, result.rows) }, confirmed };
  }

  /**
   * The catalogue's table of entity definitions (quoted, qualified) for a statement's guard, when
   * statements run where the catalogue is current: on the primary. A standby may not have replayed
   * the latest definition yet, and the embedded database runs one statement at a time anyway.
   */
  entityCatalogue(): Promise<string | undefined> {
    if (this.standby || this.db.embedded) return Promise.resolve(undefined);
    this.catalogue ??= this.db.pool
      .query<{ schema: string }>(
        `SELECT n.nspname AS schema FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE c.oid = to_regclass('entity_definitions')`,
      )
      .then((r) => (r.rows.length ? qualified(r.rows[0].schema, 'entity_definitions') : undefined));
    // A failed look-up is not kept: the next query asks again, and runs unguarded meanwhile.
    return this.catalogue.catch(() => {
      this.catalogue = undefined;
      return undefined;
    });
  }

  /** PostgreSQL's plan for the statement, as text; it is planned, never executed. */
  async explain(schema: string, q: CompiledQuery, tables: readonly EntityDefinition[] = []): Promise<string> {
    const result = await this.inReadOnly('explain', schema, tables, (client) =>
      client.query<unknown[]>({ text: `EXPLAIN ${q.sql}`, values: q.values, rowMode: 'array' }),
    );
    return result.rows.map((r) => String(r[0])).join('\n');
  }

  /** One tenant (one schema) waits for its own turn only, never for another tenant's statements. */
  private async inReadOnly<T>(
    kind: 'query' | 'explain',
    schema: string,
    tables: readonly EntityDefinition[],
    fn: (client: pg.PoolClient) => Promise<T>,
  ) {
    // Waiting for the standby happens outside the tenant's gate: it holds no connection.
    const target = this.standby
      ? await this.standby.target(tables.map((e) => ({ key: `${schema}\0${e.tableName}`, definition: e })))
      : 'primary';
    return this.gate.run(schema, async () => {
      if (target === 'primary') return this.onReadOnlyConnection(kind, schema, 'primary', fn);
      try {
        return await this.onReadOnlyConnection(kind, schema, 'standby', fn);
      } catch (err) {
        // A standby cancels a statement whose snapshot replay must overwrite (40001) or that holds a
        // buffer replay needs (40P01): the same SQLSTATEs as a lost race; the primary answers it instead.
        if (!isLostRace(err)) throw err;
        return this.onReadOnlyConnection(kind, schema, 'primary', fn);
      }
    });
  }

  private async onReadOnlyConnection<T>(
    kind: 'query' | 'explain',
    schema: string,
    target: StandbyTarget,
    fn: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    const onStandby = target === 'standby' && this.standby !== undefined;
    const readOnly = onStandby ? this.standby!.pool : this.db.readOnlyPool();
    const end = this.duration?.startTimer({ kind });
    try {
      const client = await (readOnly ?? this.db.pool).connect();
      const result = readOnly
        ? await this.inReadOnlySession(client, schema, fn)
        : await this.inReadOnlyTransaction(client, schema, fn);
      end?.({ outcome: 'ok' });
      return result;
    } catch (err) {
      if (onStandby && isConnectionError(err)) {
        end?.({ outcome: 'error' });
        throw standbyUnavailable();
      }
      const fault = queryFault(err, this.timeoutMs);
      end?.({ outcome: fault ? ((err as { code?: unknown }).code === '57014' ? 'timeout' : 'invalid') : 'error' });
      throw fault ?? err;
    }
  }

  /**
   * On PostgreSQL: a session of the read-only pool, where every statement is its own read-only
   * transaction. Its timeout and search path are set once and again only when they change, so a
   * statement usually costs one round trip instead of three (BEGIN and settings, statement, COMMIT).
   */
  private async inReadOnlySession<T>(
    client: pg.PoolClient,
    schema: string,
    fn: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    try {
      const settings = sessions.get(client);
      const statements: string[] = [];
      if (!settings) statements.push('SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY');
      // The timeout is an integer from the configuration, the schema a quoted name.
      if (settings?.timeoutMs !== this.timeoutMs)
        statements.push(`SET statement_timeout = ${sqlInteger(this.timeoutMs)}`);
      if (settings?.schema !== schema) statements.push(`SET search_path = ${searchPath(schema)}`);
      if (statements.length) {
        sessions.delete(client);
        await client.query(statements.join('; '));
        sessions.set(client, { timeoutMs: this.timeoutMs, schema });
      }
      const result = await fn(client);
      client.release();
      return result;
    } catch (err) {
      // An error the server reports ends only its statement's transaction; any other may have left
      // the connection in an unknown state, so it is closed rather than reused.
      const intact = err instanceof pg.DatabaseError && sessions.has(client);
      if (!intact) sessions.delete(client);
      client.release(intact ? undefined : asError(err));
      throw err;
    }
  }

  /**
   * PGlite cannot end a running statement: it ignores statement_timeout, its socket drops cancel
   * requests, and it runs on this process's own thread, so a long statement stalls every request
   * (/readyz included) until it is done. Its work is bounded before it starts instead: the
   * planner's cost estimate of the statement against a budget (by default 10 cost units per
   * millisecond of the statement timeout, about what PGlite got through in the slowest of the
   * shapes measured; README "Analytics on the embedded database").
   */
  private async refuseExpensive(client: pg.PoolClient, sql: string, values: unknown[]): Promise<void> {
    const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: { 'Total Cost': number } }> }>({
      text: `EXPLAIN (FORMAT JSON) ${sql}`,
      values,
    });
    const cost = rows[0]['QUERY PLAN'][0].Plan['Total Cost'];
    if (cost > this.embeddedMaxCost)
      throw new AppError(
        'INVALID_QUERY',
        `The query would run longer than the embedded database allows (estimated cost ${Math.round(cost)}, limit ${this.embeddedMaxCost}); narrow its filter or time range`,
      );
  }

  /**
   * On PGlite, whose connections share one session: settings last only as long as the
   * transaction, and COMMIT is awaited so no other connection's statement lands inside it.
   */
  private async inReadOnlyTransaction<T>(
    client: pg.PoolClient,
    schema: string,
    fn: (client: pg.PoolClient) => Promise<T>,
  ): Promise<T> {
    let result: T;
    try {
      await client.query(
        `BEGIN READ ONLY; SET LOCAL statement_timeout = ${sqlInteger(this.timeoutMs)}; SET LOCAL search_path = ${searchPath(schema)}`,
      );
      result = await fn(client);
    } catch (err) {
      // A client that cannot even roll back is broken: it leaves the pool instead of going back.
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      client.release(!rolledBack);
      throw err;
    }
    // Nothing was written: a COMMIT that fails loses nothing, but its connection leaves the pool.
    await client.query('COMMIT').then(
      () => client.release(),
      (err: Error) => client.release(err),
    );
    return result;
  }
}

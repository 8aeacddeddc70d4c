/**
 * Analytics on a hot standby (ANALYTICS_DATABASE_URL). Definitions are read on the primary; a
 * statement runs on the standby once the standby has replayed the primary's WAL up to a position at
 * which the tables it reads certainly exist as defined.
 *
 * That position is the primary's WAL insert position taken right after this process first read an
 * entity definition with its present content: the definition (and its table's DDL, committed with
 * it) was visible then, so its commit record lies before that position. It is measured once per
 * definition content, so a query usually costs nothing more; the standby's replay position is
 * remembered too and read again only while some statement still waits for it. A statement whose
 * tables are not replayed within ANALYTICS_STANDBY_WAIT_MS runs on the primary instead.
 */
import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';
import { AppError, isConnectionError } from '../errors';
import { setNewest } from '../bounded-map';

/** Entries kept, per process: tenants × entities in daily use fit; an evicted one costs a round trip. */
const MAX_ENTRIES = 2_000;
/** Between two reads of the standby's replay position while a statement waits for it. */
const POLL_MS = 20;
/** Longest a readiness probe or a metrics scrape waits for the standby. */
const PROBE_TIMEOUT_MS = 2_000;

export type StandbyTarget = 'standby' | 'primary';

export interface StandbyStatus {
  state: 'up' | 'down';
  /** Seconds since the last replayed commit while WAL waits to be replayed; 0 when nothing waits. */
  lagSeconds: number | null;
}

/** Above every WAL position (they are 64-bit). */
const PAST_EVERY_LSN = 1n << 64n;

/** `X/Y` (pg_lsn as text) as a number that compares. */
function parseLsn(text: string): bigint {
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export const standbyUnavailable = () =>
  new AppError('UNAVAILABLE', 'The analytics database is not reachable; try again shortly');

const LAG_SQL = `SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN 0
    WHEN pg_last_wal_receive_lsn() IS NULL OR pg_last_wal_replay_lsn() >= pg_last_wal_receive_lsn() THEN 0
    ELSE GREATEST(0, EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp()))::float8
  END AS lag`;

export class AnalyticsStandby {
  private readonly required = new Map<string, { content: string; lsn: Promise<bigint> }>();
  /** The highest replay position read from the standby. */
  private replayed = 0n;
  private polling: Promise<bigint> | undefined;

  constructor(
    private readonly primary: pg.Pool,
    /** Connections to the standby; the runner takes its statements' sessions from here too. */
    readonly pool: pg.Pool,
    private readonly waitMs: number,
    registry?: Registry,
  ) {
    if (registry) {
      const probe = () => this.status();
      new Gauge({
        name: 'hookgate_analytics_standby_lag_seconds',
        help: 'Seconds since the analytics standby last replayed a commit while WAL waits to be replayed (0: caught up; NaN while it is unreachable)',
        registers: [registry],
        async collect() {
          const { lagSeconds } = await probe();
          this.set(lagSeconds ?? NaN);
        },
      });
    }
  }

  /**
   * Where a statement over these tables runs: on the standby once it has replayed them (waiting up
   * to the configured time), else on the primary. `tables` are `schema\0table` keys with the content
   * of the entity definition each was read with. An unreachable standby is 503 UNAVAILABLE.
   */
  async target(tables: ReadonlyArray<{ key: string; definition: unknown }>): Promise<StandbyTarget> {
    let needed = 0n;
    for (const t of tables) {
      const lsn = await this.requiredLsn(t.key, t.definition);
      if (lsn > needed) needed = lsn;
    }
    if (needed <= this.replayed) return 'standby';
    const deadline = Date.now() + this.waitMs;
    for (;;) {
      if ((await this.replayPosition()) >= needed) return 'standby';
      const left = deadline - Date.now();
      if (left <= 0) return 'primary';
      await new Promise((r) => setTimeout(r, Math.min(POLL_MS, left)));
    }
  }

  /** The standby's state and replay lag, for /readyz and the lag gauge; never throws. */
  async status(): Promise<StandbyStatus> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), PROBE_TIMEOUT_MS);
    });
    try {
      const lag = await Promise.race([
        this.pool.query<{ lag: number }>(LAG_SQL).then(
          (r) => Number(r.rows[0].lag),
          () => undefined,
        ),
        timeout,
      ]);
      return lag === undefined ? { state: 'down', lagSeconds: null } : { state: 'up', lagSeconds: lag };
    } finally {
      clearTimeout(timer);
    }
  }

  private requiredLsn(key: string, definition: unknown): Promise<bigint> {
    const content = JSON.stringify(definition);
    const seen = this.required.get(key);
    if (seen?.content === content) return seen.lsn;
    const lsn = this.primary
      .query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn')
      .then((r) => parseLsn(r.rows[0].lsn));
    // A failed read is not kept: the next query measures again.
    lsn.catch(() => {
      if (this.required.get(key)?.lsn === lsn) this.required.delete(key);
    });
    setNewest(this.required, key, { content, lsn }, MAX_ENTRIES);
    return lsn;
  }

  /** Reads the standby's replay position; statements waiting at once share one read. */
  private replayPosition(): Promise<bigint> {
    this.polling ??= this.pool
      .query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn')
      .then(
        (r) => {
          // Not in recovery (promoted, or a primary given as the standby): everything is there.
          const lsn = r.rows[0].lsn === null ? PAST_EVERY_LSN : parseLsn(r.rows[0].lsn);
          if (lsn > this.replayed) this.replayed = lsn;
          return lsn;
        },
        (err: unknown) => {
          throw isConnectionError(err) ? standbyUnavailable() : err;
        },
      )
      .finally(() => {
        this.polling = undefined;
      });
    return this.polling;
  }
}

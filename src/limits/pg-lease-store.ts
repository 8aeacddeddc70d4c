import type pg from 'pg';
import { EPSILON, type LeaseRequest, type LeaseResult } from './gcra';

/** Where processes lease tokens of a shared bucket and give back the ones they did not use. */
export interface LeaseStore {
  lease(key: string, request: LeaseRequest): Promise<LeaseResult>;
  giveBack(returns: Array<{ key: string; tokens: number; msPerToken: number }>): Promise<void>;
  /** Drops buckets that have been full for a while (a missing bucket is a full one). */
  prune(): Promise<void>;
}

/**
 * One statement per lease, in whichever transaction the pool's connection is in: no session state
 * and no lock held between statements, so it works behind a transaction-mode pooler. The clock is
 * the database's, so the processes' clocks need not agree. The arithmetic is leaseFrom's (gcra.ts):
 * a new key starts full. Unnamed statements: nothing is prepared on a pooler's connections.
 */
const LEASE = `
INSERT INTO "rate_limit_buckets" AS b ("key", "tat_ms", "granted", "seen_ms")
SELECT $1, n.now_ms + f.g * $5::float8, f.g, n.now_ms
  FROM (SELECT extract(epoch FROM clock_timestamp())::float8 * 1000 AS now_ms) n,
       LATERAL (SELECT GREATEST($2::int, LEAST($4::int, $6::int)) AS g) f
ON CONFLICT ("key") DO UPDATE SET ("granted", "tat_ms", "seen_ms") = (
  SELECT g, base + g * $5::float8, now_ms
    FROM (SELECT base, now_ms,
                 CASE WHEN avail >= $3::int THEN GREATEST($2::int, LEAST($4::int, floor(avail)::int)) ELSE 0 END AS g
            FROM (SELECT GREATEST(b."tat_ms", EXCLUDED."seen_ms") AS base, EXCLUDED."seen_ms" AS now_ms,
                         (EXCLUDED."seen_ms" + $6::int * $5::float8 - GREATEST(b."tat_ms", EXCLUDED."seen_ms")) / $5::float8
                           + ${EPSILON} AS avail) x) y)
RETURNING "granted", ("seen_ms" + $6::int * $5::float8 - "tat_ms") / $5::float8 AS "available"`;

const GIVE_BACK = `
UPDATE "rate_limit_buckets" AS b SET "tat_ms" = b."tat_ms" - r.ms
  FROM unnest($1::text[], $2::float8[]) AS r("key", ms)
 WHERE b."key" = r."key"`;

/** A bucket whose arrival time has passed is full, the same as no bucket: those an hour past go. */
const PRUNE = `
DELETE FROM "rate_limit_buckets"
 WHERE "key" IN (SELECT "key" FROM "rate_limit_buckets"
                  WHERE "tat_ms" < extract(epoch FROM clock_timestamp()) * 1000 - 3600000 LIMIT 1000)
   AND "tat_ms" < extract(epoch FROM clock_timestamp()) * 1000 - 3600000`;

export class PgLeaseStore implements LeaseStore {
  constructor(private readonly pool: pg.Pool) {}

  async lease(key: string, r: LeaseRequest): Promise<LeaseResult> {
    const { rows } = await this.pool.query<{ granted: number; available: number }>(LEASE, [
      key,
      r.need,
      r.atLeast,
      r.want,
      r.msPerToken,
      r.burst,
    ]);
    return { granted: rows[0].granted, available: rows[0].available };
  }

  async giveBack(returns: Array<{ key: string; tokens: number; msPerToken: number }>): Promise<void> {
    if (returns.length === 0) return;
    await this.pool.query(GIVE_BACK, [returns.map((r) => r.key), returns.map((r) => r.tokens * r.msPerToken)]);
  }

  async prune(): Promise<void> {
    await this.pool.query(PRUNE);
  }
}

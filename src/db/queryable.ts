import type pg from 'pg';

/** What runs a statement: a pool's connection, or a transaction's. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

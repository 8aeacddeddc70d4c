import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from '../logger';

const MIGRATIONS_DIR = path.resolve(__dirname, '../../prisma/migrations');
/** The advisory lock key Prisma Migrate itself uses, so our runner and the CLI exclude each other. */
const PRISMA_MIGRATE_LOCK = 72707369;

/**
 * Migrations whose comments were reworded after they shipped, with the checksums they were applied
 * under: their statements are unchanged, so a database that applied them is not told otherwise.
 */
const REWORDED_COMMENTS: Readonly<Record<string, readonly string[]>> = {
  '20261126001200_trigger_schemes_actions': ['ec132f564a06c7e5085b6aad7f6f4c3cbc4d0dd8cb22ef69f6163986bca648c4'],
};

/** True when `checksum`, read from `_prisma_migrations`, is what `m` was applied under. */
export function appliedAs(m: MigrationFile, checksum: string): boolean {
  return checksum === m.checksum || (REWORDED_COMMENTS[m.name]?.includes(checksum) ?? false);
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"            VARCHAR(64) NOT NULL,
    "finished_at"         TIMESTAMPTZ,
    "migration_name"      VARCHAR(255) NOT NULL,
    "logs"                TEXT,
    "rolled_back_at"      TIMESTAMPTZ,
    "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Applies prisma/migrations/* the way `prisma migrate deploy` would (same table, same rows,
 * checksum = sha256 of the file), without Prisma's native engine. Holds Prisma's advisory lock
 * for the whole run, so N processes starting together apply each migration exactly once; each
 * migration and its bookkeeping row commit in one transaction, so a failure leaves no trace.
 */
export async function applyMigrations(pool: pg.Pool, logger?: Logger, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = readMigrations(dir);
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    try {
      await client.query(CREATE_MIGRATIONS_TABLE);
      const { rows } = await client.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "_prisma_migrations"
          WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      );
      const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
      for (const m of migrations) {
        const previous = done.get(m.name);
        if (previous !== undefined) {
          if (!appliedAs(m, previous)) logger?.warn({ migration: m.name }, 'applied migration was edited since');
          continue;
        }
        await client.query('BEGIN');
        try {
          const started = new Date();
          await client.query(m.sql);
          await client.query(
            `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
             VALUES ($1, $2, now(), $3, $4, 1)`,
            [crypto.randomUUID(), m.checksum, m.name, started],
          );
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(m.name);
        logger?.info({ migration: m.name }, 'migration applied');
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
  return applied;
}

/** Names of migrations on disk that the database has not applied yet (for /readyz). */
export async function pendingMigrations(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const { rows } = await pool.query<{ migration_name: string }>(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Set(rows.map((r) => r.migration_name));
  return readMigrations(dir)
    .map((m) => m.name)
    .filter((n) => !done.has(n));
}

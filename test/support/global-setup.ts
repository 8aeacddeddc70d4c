import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../src/db/embedded';
import { applyMigrations } from '../../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    embedded: boolean;
    /** The server URL (postgres database) for tests that create databases of their own. */
    adminDatabaseUrl: string | null;
    /**
     * With DATABASE_DIRECT_URL beside DATABASE_URL (a transaction-mode pooler in front of the same
     * server): the test database straight on the server, for what needs one session.
     */
    databaseDirectUrl: string | null;
  }
}

/** Replaces the database name of a connection URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = '/' + database;
  return u.toString();
}

/**
 * With DATABASE_URL: a fresh database on that server for this run, dropped at the end. With
 * DATABASE_DIRECT_URL too (DATABASE_URL is then a transaction-mode pooler in front of that server),
 * the database is made, migrated and dropped through the direct URL, and the tests reach it through
 * the pooler. Without either: an embedded PGlite in a temporary directory. Migrations are applied
 * once here.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const directServerUrl = serverUrl ? process.env.DATABASE_DIRECT_URL : undefined;
  const adminUrl = directServerUrl ?? serverUrl;
  let embedded: EmbeddedDatabase | undefined;
  let tmpDir: string | undefined;
  let url: string;
  let directUrl: string | undefined;
  let dbName: string | undefined;
  if (serverUrl) {
    dbName = `hookgate_test_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    url = withDatabase(serverUrl, dbName);
    directUrl = directServerUrl ? withDatabase(directServerUrl, dbName) : undefined;
  } else {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-test-'));
    embedded = await startEmbeddedDatabase(tmpDir, 16);
    url = embedded.url;
  }
  // Migrations hold a session advisory lock: never through a transaction-mode pooler.
  const pool = new pg.Pool({ connectionString: directUrl ?? url, max: 1 });
  await applyMigrations(pool);
  await pool.end();
  project.provide('databaseUrl', url);
  project.provide('embedded', !serverUrl);
  project.provide('adminDatabaseUrl', adminUrl ?? null);
  project.provide('databaseDirectUrl', directUrl ?? null);

  return async () => {
    if (embedded) {
      await embedded.close();
      fs.rmSync(tmpDir!, { recursive: true, force: true });
    } else {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    }
  };
}

/**
 * Seals every stored webhook and trigger secret (all tenants; current and previous webhook
 * secrets) under SECRETS_KEY: npm run secrets:rotate
 *
 * During a key change run it with SECRETS_KEY set to the new key and SECRETS_KEY_PREVIOUS to the
 * old one; values in clear are sealed too. Each value is its own guarded UPDATE, so it is safe to
 * run twice, beside running servers, or to stop halfway. Without DATABASE_URL it opens the
 * embedded database in DATA_DIR (stop the server first) and its generated key.
 */
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/db/embedded';
import { keyIdOf, loadOrCreateSecretsKey, parseSecretsKey, SecretKeyring, sealedKeyId } from '../src/secrets';
import { resealStoredSecrets, SECRET_COLUMNS } from '../src/secrets/reseal';

async function main() {
  const env = process.env;
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './.data');
  const previous = parseSecretsKey('SECRETS_KEY_PREVIOUS', env.SECRETS_KEY_PREVIOUS);
  let key = parseSecretsKey('SECRETS_KEY', env.SECRETS_KEY);
  if (!key && databaseUrl) throw new Error('SECRETS_KEY is not set: there is no key to seal the secrets under');
  let embedded: EmbeddedDatabase | undefined;
  if (!databaseUrl) {
    key ??= loadOrCreateSecretsKey(dataDir);
    embedded = await startEmbeddedDatabase(dataDir);
  }
  const ring = new SecretKeyring(key, [previous]);
  const pool = new pg.Pool({ connectionString: databaseUrl ?? embedded!.url, max: 1 });
  try {
    const { sealed, skipped } = await resealStoredSecrets(pool, ring, 'all');
    const left = await remaining(pool, keyIdOf(key!));
    process.stdout.write(
      `secrets:rotate: ${sealed} secret(s) sealed under key ${ring.currentKeyId}` +
        (skipped ? `, ${skipped} changed meanwhile and left as written` : '') +
        (left ? `; ${left} not under it yet (written by a process with another key): run again` : '; all under it') +
        '\n',
    );
    if (left) process.exitCode = 1;
  } finally {
    await pool.end();
    await embedded?.close();
  }
}

/** Stored secrets not sealed under the key `keyId`. */
async function remaining(pool: pg.Pool, keyId: string): Promise<number> {
  let count = 0;
  for (const { table, column } of SECRET_COLUMNS) {
    const { rows } = await pool.query<{ value: string }>(
      `SELECT ${column} AS value FROM ${table} WHERE ${column} IS NOT NULL AND ${column} <> ''`,
    );
    count += rows.filter((r) => sealedKeyId(r.value) !== keyId).length;
  }
  return count;
}

main().catch((err) => {
  process.stderr.write(`secrets:rotate: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

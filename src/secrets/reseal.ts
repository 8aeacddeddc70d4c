import type { Queryable } from '../db/database';
import { isEncrypted, type SecretKeyring } from './index';

/** Every column that stores a secret (shared schema, all tenants). Fixed names, never input. */
export const SECRET_COLUMNS = [
  { table: 'webhook_configs', column: 'secret' },
  { table: 'webhook_configs', column: 'previous_secret' },
  { table: 'triggers', column: 'webhook_secret' },
] as const;

const PAGE = 500;

export interface ResealCounts {
  /** Values sealed (or sealed again) under the current key. */
  sealed: number;
  /** Values another writer changed between the read and the update: left as that writer made them. */
  skipped: number;
}

/**
 * Seals every stored secret that is not under `ring`'s current key: `only: 'clear'` those still
 * in clear (at start-up), `'all'` also those under another key (secrets:rotate). Each value is one
 * autocommit UPDATE guarded by the value read, so a concurrent change is never overwritten, two
 * runs at once do no harm, and stopping halfway leaves every row readable (the old key stays in
 * SECRETS_KEY_PREVIOUS until a run completes). Values no key opens are an error: nothing is lost
 * by stopping, and the message names the key id.
 */
export async function resealStoredSecrets(
  db: Queryable,
  ring: SecretKeyring,
  only: 'clear' | 'all',
): Promise<ResealCounts> {
  const counts: ResealCounts = { sealed: 0, skipped: 0 };
  if (!ring.encrypting) return counts;
  const current = `v1:${ring.currentKeyId}:%`;
  for (const { table, column } of SECRET_COLUMNS) {
    // Pages by id: a value that stays as it is (another writer's) is not read again.
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const { rows } = await db.query<{ id: string; value: string }>(
        `SELECT id::text AS id, ${column} AS value FROM ${table}
          WHERE id > $1::uuid AND ${column} IS NOT NULL AND ${column} <> '' AND ${column} NOT LIKE $2
          ORDER BY id LIMIT ${PAGE}`,
        [after, current],
      );
      for (const row of rows) {
        if (only === 'clear' && isEncrypted(row.value)) continue;
        const sealed = ring.seal(ring.open(row.value));
        const { rowCount } = await db.query(
          `UPDATE ${table} SET ${column} = $1 WHERE id = $2::uuid AND ${column} = $3`,
          [sealed, row.id, row.value],
        );
        if (rowCount) counts.sealed++;
        else counts.skipped++;
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1].id;
    }
  }
  return counts;
}

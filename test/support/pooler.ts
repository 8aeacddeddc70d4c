import { inject } from 'vitest';

/**
 * Behind a transaction-mode pooler (CI's PgBouncer run): the direct URL of the test database and
 * the statements the pooler can serve, for anything that connects to `inject('databaseUrl')`.
 */
export function poolerSettings(): Record<string, string> {
  const direct = inject('databaseDirectUrl');
  const settings: Record<string, string> = direct ? { DATABASE_DIRECT_URL: direct } : {};
  if (process.env.DB_PREPARED_STATEMENTS) settings.DB_PREPARED_STATEMENTS = process.env.DB_PREPARED_STATEMENTS;
  return settings;
}

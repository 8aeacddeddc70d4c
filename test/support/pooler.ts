import { inject } from 'vitest';
import { startProcess, type ServerProcess } from './process';

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

/**
 * startProcess for tests: a process on the suite's database connects the way the suite does, pooler
 * included. (startProcess itself stays free of vitest: the benchmarks use it too.)
 */
export function startSuiteProcess(entry: string, env: Record<string, string | undefined>): ServerProcess {
  const onSuiteDatabase = env.DATABASE_URL !== undefined && env.DATABASE_URL === inject('databaseUrl');
  return startProcess(entry, onSuiteDatabase ? { ...poolerSettings(), ...env } : env);
}

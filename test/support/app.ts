import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { loadConfig, type Config } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createHttpServer, startRuntime, type Runtime } from '../../src/runtime';
import { poolerSettings } from './pooler';

export const TEST_JWT_SECRET = 'test-secret-for-hookgate-suite-0123456789abcdef';

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  /** A token for `tenantId` with `permissions` (default tenant:admin). */
  token(tenantId: string | undefined, permissions?: string[], sub?: string): Promise<string>;
  /** Headers for a tenant admin of `tenantId`. */
  headers(tenantId: string, permissions?: string[]): Promise<Record<string, string>>;
  close(): Promise<void>;
}

/** A unique tenant id per test, so files and tests never see each other's rows. */
export function uniqueTenant(prefix = 't'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}`;
}

/**
 * The real service (real database, real migrations, real auth) with Fastify's inject() as the
 * client. `env` overrides settings, e.g. { DISPATCHER: 'off' }.
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: inject('databaseUrl'),
    ...poolerSettings(),
    AUTH_JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    DB_POOL_SIZE: inject('embedded') ? '1' : '5',
    ...env,
  });
  const runtime = await startRuntime(config, createLogger(config.logLevel));
  const app = await createHttpServer(runtime);
  await app.ready();
  const token = (tenantId: string | undefined, permissions = ['tenant:admin'], sub = 'test-user') =>
    mintToken(TEST_JWT_SECRET, { sub, tenantId, permissions, expiresIn: '1h' });
  return {
    app,
    runtime,
    config,
    token,
    async headers(tenantId, permissions) {
      return { authorization: `Bearer ${await token(tenantId, permissions)}`, 'x-tenant-id': tenantId };
    },
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

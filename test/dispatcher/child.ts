import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { TEST_JWT_SECRET } from '../support/app';
import { poolerSettings } from '../support/pooler';

const ROOT = path.resolve(__dirname, '../..');

export interface DispatcherChild {
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr (log lines), for a failing test's message. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `npm run dispatcher` from sources: a dispatcher-only process on `databaseUrl`, for tenants `<prefix>-…`. */
export function spawnDispatcher(
  databaseUrl: string,
  prefix: string,
  env: Record<string, string> = {},
): DispatcherChild {
  const child = spawn(process.execPath, ['-r', './scripts/register.js', 'src/dispatcher-main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      DB_POOL_SIZE: '4',
      DISPATCHER_TENANT_PREFIX: `${prefix}-`,
      // On the suite's database the child connects the way the suite does, pooler included.
      ...(databaseUrl === inject('databaseUrl') ? poolerSettings() : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { process: child, output: () => output, exited };
}

/** SIGTERM, and SIGKILL if it has not exited after `graceMs`. */
export async function stopChild(child: DispatcherChild, graceMs = 10_000): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

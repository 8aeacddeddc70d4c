import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the base URL once the banner is printed. */
  ready: Promise<string>;
  exited: Promise<number | null>;
}

/** Runs `src/<entry>` in its own Node process (swc keeps decorator metadata) with `env`. */
export function startProcess(entry: string, env: Record<string, string | undefined>): ServerProcess {
  const child = spawn(process.execPath, ['-r', path.join(ROOT, 'scripts/register.js'), path.join(ROOT, 'src', entry)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    exited.then((code) => reject(new Error(`process exited (${code}) before it was ready:\n${out.slice(-2000)}`)));
  });
  ready.catch(() => undefined);
  return { child, output: () => out, ready, exited };
}

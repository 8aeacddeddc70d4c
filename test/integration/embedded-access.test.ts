import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startEmbeddedDatabase } from '../../src/db/embedded';
import { createLogger } from '../../src/logger';
import { startRuntime, type Runtime } from '../../src/runtime';

/** Every file and directory under `dir` (itself included) with its permission bits. */
function modes(dir: string): Array<{ path: string; dir: boolean; mode: number }> {
  const out = [{ path: dir, dir: true, mode: fs.statSync(dir).mode & 0o777 }];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...modes(full));
    else if (entry.isFile()) out.push({ path: full, dir: false, mode: fs.statSync(full).mode & 0o777 });
  }
  return out;
}

const socketDirOf = (url: string) => decodeURIComponent(new URL(url).hostname);

/** The embedded database is the server's alone: its files, and who may connect to it. */
describe('embedded database access', () => {
  let dataDir: string;
  let runtime: Runtime;
  beforeAll(async () => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-access-')), 'data');
    // A data directory an earlier version left open to everyone (PGlite wrote its files 0666).
    const first = await startEmbeddedDatabase(dataDir);
    await first.close();
    for (const entry of modes(dataDir)) fs.chmodSync(entry.path, entry.dir ? 0o777 : 0o666);
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DISPATCHER: 'off' });
    runtime = await startRuntime(config, createLogger('silent'));
    // Something written after start (the next tenant's tables) is private too.
    await runtime.services.tenants.ensure('access-check');
  });
  afterAll(async () => {
    await runtime?.close();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('keeps DATA_DIR and every file the server wrote in it readable by the server user only', () => {
    const entries = modes(dataDir);
    expect(entries.some((e) => e.path.endsWith('dev-jwt-secret'))).toBe(true);
    expect(entries.some((e) => e.path.includes(`${path.sep}pgdata${path.sep}`))).toBe(true);
    const open = entries.filter((e) => e.mode !== (e.dir ? 0o700 : 0o600));
    expect(open).toEqual([]);
  });

  it('listens on no TCP port: only on a unix socket in a directory of mode 0700 owned by the server user', () => {
    const url = runtime.embedded!.url;
    const socketDir = socketDirOf(url);
    expect(socketDir.startsWith('/')).toBe(true);
    const stat = fs.statSync(socketDir);
    expect(stat.mode & 0o777).toBe(0o700);
    expect(stat.uid).toBe(process.getuid!());
    expect(fs.statSync(path.join(socketDir, '.s.PGSQL.5432')).isSocket()).toBe(true);
  });

  it('serves the server itself', async () => {
    const client = new pg.Client({ connectionString: runtime.embedded!.url });
    await client.connect();
    try {
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  });

  it.skipIf(process.getuid?.() !== 0)('refuses a connection from another local user', async () => {
    const socket = path.join(socketDirOf(runtime.embedded!.url), '.s.PGSQL.5432');
    // As user nobody, the way psql would connect: straight to the socket.
    const script = `require('net').connect(${JSON.stringify(socket)}).on('connect', () => { console.log('CONNECTED'); process.exit(0); }).on('error', (e) => { console.log(e.code); process.exit(3); });`;
    const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      execFile('runuser', ['-u', 'nobody', '--', process.execPath, '-e', script], (err, stdout) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout }),
      );
    });
    expect(result.stdout.trim()).toBe('EACCES');
    expect(result.code).toBe(3);
  });
});

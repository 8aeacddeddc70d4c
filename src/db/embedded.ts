import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDatabase {
  url: string;
  close(): Promise<void>;
}

/**
 * A lock file so that two processes never open the same PGlite data directory (PGlite itself
 * would let them, and corrupt it). A lock left by a dead process is taken over.
 */
function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new Error(
          `the embedded database in ${path.dirname(lockPath)} is in use by process ${owner}; stop it or set DATA_DIR to another directory`,
          { cause: err },
        );
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`could not lock ${lockPath}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * DATA_DIR holds every tenant's data and the development signing secret: it and everything in it
 * belong to the server's user alone (directories 0700, files 0600). The umask keeps most new files
 * private, but PGlite's file system sets the modes of files PostgreSQL opens with fopen (the
 * relation cache files, 0644) itself; so the modes are put right at start, once PGlite is up,
 * every RESTRICT_INTERVAL_MS while it runs, and at close. The directories are 0700 throughout, so
 * no other user can reach such a file even in between.
 */
function restrictDataDir(dataDir: string): void {
  process.umask(process.umask() | 0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const walk = (dir: string) => {
    fs.chmodSync(dir, 0o700);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && (fs.statSync(full).mode & 0o077) !== 0) fs.chmodSync(full, 0o600);
    }
  };
  walk(dataDir);
}

const RESTRICT_INTERVAL_MS = 30_000;

/** restrictDataDir that never throws: a file PGlite removed meanwhile is no reason to stop. */
function tryRestrict(dataDir: string): void {
  try {
    restrictDataDir(dataDir);
  } catch {
    /* the next round fixes what this one missed */
  }
}

/** The connection URL of a PostgreSQL server listening on a unix socket in `dir` (port 5432). */
function socketUrl(dir: string): string {
  return `postgresql://postgres@${encodeURIComponent(dir)}/postgres`;
}

/**
 * Starts PGlite in `dataDir/pgdata` and serves it over the PostgreSQL wire protocol to this
 * process only. PGlite has no authentication of its own (any client is user postgres), so it never
 * listens on TCP, where every local user could connect: it listens on a unix socket in a fresh
 * directory of mode 0700, which only the server's user can enter.
 */
export async function startEmbeddedDatabase(dataDir: string, maxConnections = 4): Promise<EmbeddedDatabase> {
  restrictDataDir(dataDir);
  const release = acquireLock(path.join(dataDir, 'hookgate.lock'));
  // Under the system's temporary directory rather than DATA_DIR: a socket path has at most 107 bytes.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-pg-'));
  fs.chmodSync(socketDir, 0o700);
  const removeSocketDir = () => fs.rmSync(socketDir, { recursive: true, force: true });
  try {
    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    const server = new PGLiteSocketServer({ db, path: path.join(socketDir, '.s.PGSQL.5432'), maxConnections });
    await server.start();
    tryRestrict(dataDir);
    const timer = setInterval(() => tryRestrict(dataDir), RESTRICT_INTERVAL_MS).unref();
    return {
      url: socketUrl(socketDir),
      async close() {
        clearInterval(timer);
        await server.stop();
        await db.close();
        tryRestrict(dataDir);
        removeSocketDir();
        release();
      },
    };
  } catch (err) {
    removeSocketDir();
    release();
    throw err;
  }
}

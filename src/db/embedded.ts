import fs from 'node:fs';
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
      const fd = fs.openSync(lockPath, 'wx');
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

/** Starts PGlite in `dataDir/pgdata` and serves it over the PostgreSQL wire protocol on loopback. */
export async function startEmbeddedDatabase(dataDir: string, maxConnections = 4): Promise<EmbeddedDatabase> {
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(path.join(dataDir, 'hookgate.lock'));
  try {
    const db = await PGlite.create(path.join(dataDir, 'pgdata'));
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
    await server.start();
    const address = server.getServerConn();
    return {
      url: `postgresql://postgres@${address}/postgres?sslmode=disable`,
      async close() {
        await server.stop();
        await db.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

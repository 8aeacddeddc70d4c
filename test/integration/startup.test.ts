import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedDatabase } from '../../src/db/embedded';
import { readMigrations } from '../../src/db/migrate';
import { readTenantDdl } from '../../src/db/tenant-schema';
import { TEST_JWT_SECRET } from '../support/app';
import { startProcess, type ServerProcess } from '../support/process';

const started: ServerProcess[] = [];
afterAll(async () => {
  for (const p of started) {
    if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await p.exited;
  }
});

describe('start-up', () => {
  it('on the embedded default: applies migrations, prints a working development token, stops on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-start-'));
    const p = startProcess('main.ts', { NODE_ENV: 'development', DATA_DIR: dataDir });
    started.push(p);
    const base = await p.ready;
    await new Promise((r) => setTimeout(r, 200));
    const token = /Development token[^\n]*\n\s+(\S+)/.exec(p.output())?.[1];
    expect(token).toMatch(/^ey/);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    const created = await fetch(`${base}/metadata/entity-webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-tenant-id': 'demo', 'content-type': 'application/json' },
      body: JSON.stringify({ entityName: 'orders', events: 'INSERT', webhookUrl: 'https://example.com/h' }),
    });
    expect(created.status).toBe(201);
    // The same data directory cannot be opened twice.
    const second = startProcess('main.ts', { NODE_ENV: 'development', DATA_DIR: dataDir });
    started.push(second);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toMatch(/in use by process/);

    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'hookgate.lock'))).toBe(false);
    // The token was printed once, to the terminal banner, never inside a JSON log line.
    for (const line of p.output().split('\n')) if (line.startsWith('{')) expect(line).not.toContain(token!);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses to start in production without an AUTH_* setting', async () => {
    const p = startProcess('main.ts', { NODE_ENV: 'production', DATA_DIR: path.join(os.tmpdir(), 'hookgate-never') });
    started.push(p);
    expect(await p.exited).toBe(2);
    expect(p.output()).toMatch(/AUTH_JWT_SECRET/);
  });

  it('keeps two processes off one embedded data directory (lock file)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-lock-'));
    const first = await startEmbeddedDatabase(dir);
    await expect(startEmbeddedDatabase(dir)).rejects.toThrow(/in use by process/);
    await first.close();
    const again = await startEmbeddedDatabase(dir);
    await again.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.skipIf(inject('embedded'))(
    'three processes on one fresh PostgreSQL apply every migration once and all serve',
    async () => {
      const server = inject('adminDatabaseUrl')!;
      const name = `hookgate_start_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: server });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      try {
        const procs = [0, 1, 2].map(() =>
          startProcess('main.ts', {
            DATABASE_URL: url.toString(),
            AUTH_JWT_SECRET: TEST_JWT_SECRET,
            DISPATCHER: 'off',
          }),
        );
        started.push(...procs);
        const bases = await Promise.all(procs.map((p) => p.ready));
        const { mintToken } = await import('../../src/auth/tokens');
        const token = await mintToken(TEST_JWT_SECRET, {
          sub: 's',
          tenantId: 'fresh-tenant',
          permissions: ['tenant:admin'],
        });
        for (const base of bases) expect((await fetch(`${base}/readyz`)).status).toBe(200);
        // All three create the same new tenant's first configuration at once.
        const results = await Promise.all(
          bases.map((base) =>
            fetch(`${base}/metadata/entity-webhooks`, {
              method: 'POST',
              headers: {
                authorization: `Bearer ${token}`,
                'x-tenant-id': 'fresh-tenant',
                'content-type': 'application/json',
              },
              body: JSON.stringify({ entityName: 'orders', events: 'INSERT', webhookUrl: 'https://example.com/h' }),
            }).then((r) => r.status),
          ),
        );
        expect(results).toEqual([201, 201, 201]);
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        const migrations = await db.query(
          'SELECT migration_name, count(*)::int AS n FROM _prisma_migrations GROUP BY 1 ORDER BY 1',
        );
        expect(migrations.rows).toEqual(readMigrations().map((m) => ({ migration_name: m.name, n: 1 })));
        const tenantDdl = await db.query(
          "SELECT version, count(*)::int AS n FROM tenant_schema_migrations WHERE tenant_id = 'fresh-tenant' GROUP BY 1 ORDER BY 1",
        );
        expect(tenantDdl.rows).toEqual(readTenantDdl().map((d) => ({ version: d.version, n: 1 })));
        await db.end();
        for (const p of procs) p.child.kill('SIGTERM');
        expect(await Promise.all(procs.map((p) => p.exited))).toEqual([0, 0, 0]);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});

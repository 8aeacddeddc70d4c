import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createHttpServer, devToken, startRuntime } from '../../src/runtime';

/** The development setup makes portal sessions work with nothing set, and keeps their links valid across restarts. */
describe('portal sessions on the embedded database', () => {
  it('generate PORTAL_TOKEN_SECRET in DATA_DIR (owner-only) and keep it across a restart', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-portal-')), 'data');
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DISPATCHER: 'off' });
    const start = async () => {
      const runtime = await startRuntime(config, createLogger('silent'));
      const app = await createHttpServer(runtime);
      const headers = { authorization: `Bearer ${await devToken(runtime)}`, 'x-tenant-id': 'demo' };
      return { runtime, app, headers };
    };
    try {
      let s = await start();
      let token: string;
      try {
        const entity = await s.app.inject({
          method: 'POST',
          url: '/metadata/entities',
          headers: s.headers,
          payload: { name: 'orders', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' },
        });
        expect(entity.statusCode).toBe(201);
        const res = await s.app.inject({
          method: 'POST',
          url: '/metadata/portal-sessions',
          headers: s.headers,
          payload: { entityNames: ['orders'] },
        });
        expect(res.statusCode).toBe(201);
        token = res.json().token;
      } finally {
        await s.app.close();
        await s.runtime.close();
      }
      const file = path.join(dataDir, 'portal-token-secret');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const secret = fs.readFileSync(file, 'utf8').trim();
      expect(Buffer.byteLength(secret)).toBeGreaterThanOrEqual(32);
      const [header, payload, signature] = token.split('.');
      expect(crypto.createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).toBe(signature);

      s = await start();
      try {
        const mine = await s.app.inject({
          method: 'GET',
          url: '/metadata/portal-session',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(mine.statusCode).toBe(200);
        expect(mine.json()).toMatchObject({ tenantId: 'demo', entityNames: ['orders'] });
      } finally {
        await s.app.close();
        await s.runtime.close();
      }
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(secret);
    } finally {
      fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 120_000);
});

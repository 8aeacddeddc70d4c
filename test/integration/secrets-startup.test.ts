import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createHttpServer, startRuntime } from '../../src/runtime';
import { keyIdOf, parseSecretsKey, sealedKeyId } from '../../src/secrets';
import { startProcess, type ServerProcess } from '../support/process';
import { clientSignature, nowSeconds } from '../e2e/trigger-helpers';

const started: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const p of started) {
    if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await p.exited;
  }
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('secrets key at start-up', () => {
  it('refuses NODE_ENV=production without SECRETS_KEY, with a message naming it', async () => {
    const p = startProcess('main.ts', {
      NODE_ENV: 'production',
      AUTH_JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      DATABASE_URL: 'postgresql://127.0.0.1:9/never',
      DATA_DIR: path.join(os.tmpdir(), 'hookgate-never'),
    });
    started.push(p);
    expect(await p.exited).toBe(2);
    expect(p.output()).toMatch(/NODE_ENV=production and SECRETS_KEY is not set: refusing to start/);
    expect(p.output()).not.toMatch(/listening on/);
  });

  it('stops with a message naming SECRETS_KEY when it is not base64 of 32 bytes', async () => {
    const p = startProcess('main.ts', {
      NODE_ENV: 'development',
      SECRETS_KEY: crypto.randomBytes(16).toString('base64'),
      DATA_DIR: path.join(os.tmpdir(), 'hookgate-never'),
    });
    started.push(p);
    expect(await p.exited).toBe(2);
    expect(p.output()).toMatch(/SECRETS_KEY must be base64 of exactly 32 random bytes/);
  });

  it('the embedded database generates its key in DATA_DIR (mode 0600), seals with it and reads with it after a restart', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-seckey-')), 'data');
    dirs.push(path.dirname(dataDir));
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DISPATCHER: 'off' });
    const ctx = { tenantId: 'demo', actor: 'test', permissions: new Set(['tenant:admin']) };
    const secret = crypto.randomBytes(24).toString('base64url');
    let runtime = await startRuntime(config, createLogger('silent'));
    let triggerId: string;
    try {
      const file = path.join(dataDir, 'secrets-key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const key = parseSecretsKey('key file', fs.readFileSync(file, 'utf8'))!;
      triggerId = (await runtime.services.triggers.create(ctx, { name: 'in', webhookSecret: secret })).id;
      const { rows } = await runtime.db.pool.query('SELECT webhook_secret FROM triggers WHERE id = $1', [triggerId]);
      expect(sealedKeyId(rows[0].webhook_secret)).toBe(keyIdOf(key));
    } finally {
      await runtime.close();
    }
    runtime = await startRuntime(config, createLogger('silent'));
    const app = await createHttpServer(runtime);
    try {
      const body = '{"after":"restart"}';
      const ts = String(nowSeconds());
      const res = await app.inject({
        method: 'POST',
        url: `/linker/triggers/webhook/${triggerId}`,
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-timestamp': ts,
          'x-signature': clientSignature(secret, ts, body),
        },
      });
      expect(res.statusCode, res.body).toBe(202);
    } finally {
      await app.close();
      await runtime.close();
    }
  });
});

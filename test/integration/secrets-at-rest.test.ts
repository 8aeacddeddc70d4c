import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import { isEncrypted, keyIdOf, SecretKeyring, sealedKeyId } from '../../src/secrets';
import {
  RotateWebhookSecretWithGraceDocument,
  SendTestDeliveryDocument,
  UpdateTriggerDocument,
} from '../generated/graphql';
import { commitChanges, inserts, outboxRows } from '../dispatcher/fixtures';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver, type Received } from '../dispatcher/receiver';
import { clientSignature, createTrigger, nowSeconds } from '../e2e/trigger-helpers';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { withDatabase } from '../support/global-setup';
import { gqlRequest } from '../support/graphql';
import { ROOT } from '../support/process';

const run = promisify(execFile);
const PREFIX = 'sec';
const BASE = '/metadata/entity-webhooks';
const adminUrl = inject('adminDatabaseUrl');

const newKey = () => crypto.randomBytes(32);
const b64 = (k: Buffer) => k.toString('base64');
const whsec = () => 'whsec_' + crypto.randomBytes(32).toString('base64');
const randomSecret = () => crypto.randomBytes(24).toString('base64url');

/**
 * A database of this file's own: sealing at start-up covers every row of the database, and the
 * shared test database holds other files' secrets, stored in clear for their own runtimes.
 */
async function ownDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hookgate_secrets_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl! });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    url: withDatabase(adminUrl!, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl! });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

const appOn = (url: string, env: Record<string, string> = {}) =>
  startTestApp({ DATABASE_URL: url, DATABASE_DIRECT_URL: '', DISPATCHER: 'off', ...env });

/** Every stored secret value of the database, by where it is. */
async function storedSecrets(t: TestApp): Promise<Array<{ where: string; value: string }>> {
  const { rows } = await t.runtime.db.pool.query<{ where: string; value: string }>(
    `SELECT 'webhook ' || id || ' secret' AS where, secret AS value FROM webhook_configs WHERE secret IS NOT NULL
     UNION ALL SELECT 'webhook ' || id || ' previous', previous_secret FROM webhook_configs WHERE previous_secret IS NOT NULL
     UNION ALL SELECT 'trigger ' || id, webhook_secret FROM triggers WHERE webhook_secret IS NOT NULL
     ORDER BY 1`,
  );
  return rows;
}

/** A receiver's own check of HOOKGATE_V1: some `v1=` part is the HMAC of "<ts>.<body>" under `secret`. */
function v1Accepts(secret: string, r: Received): boolean {
  const ts = r.headers['x-hookgate-timestamp'];
  const header = r.headers['x-hookgate-signature'];
  if (typeof ts !== 'string' || typeof header !== 'string') return false;
  const expected = crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${ts}.${r.body}`).digest();
  return header.split(' ').some((part) => {
    const given = Buffer.from(part.slice(3), 'base64');
    return part.startsWith('v1=') && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

async function signedIntake(t: TestApp, triggerId: string, secret: string) {
  const body = JSON.stringify({ hello: crypto.randomUUID() });
  const ts = String(nowSeconds());
  return t.app.inject({
    method: 'POST',
    url: `/linker/triggers/webhook/${triggerId}`,
    payload: body,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': ts,
      'x-signature': clientSignature(secret, ts, body),
    },
  });
}

describe.skipIf(inject('embedded'))('secrets at rest on PostgreSQL', () => {
  const keyA = newKey();
  let db: { url: string; drop(): Promise<void> };
  let t: TestApp;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  const tenant = uniqueTenant(PREFIX);
  const secrets: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    db = await ownDatabase();
    t = await appOn(db.url, { SECRETS_KEY: b64(keyA) });
    receiver = await Receiver.start();
    dispatcher = startDispatcher(t, PREFIX);
  });
  afterAll(async () => {
    await dispatcher?.stop();
    await receiver?.close();
    await t?.close();
    await db?.drop();
  });

  it('stores webhook and trigger secrets made through the API sealed: pg_dump shows none of them', async () => {
    const h = await t.headers(tenant);
    const create = async (name: string, fields: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: h,
        payload: { entityName: 'orders', events: 'INSERT', webhookUrl: `${receiver.url}/${name}`, ...fields },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.body).not.toContain(String(fields.secret));
      return res.json().id as string;
    };
    secrets.v1First = randomSecret();
    ids.v1 = await create('v1', { secret: secrets.v1First });
    const rotated = await gqlRequest(
      t.app,
      RotateWebhookSecretWithGraceDocument,
      { id: ids.v1, graceSeconds: 3600 },
      h,
    );
    expect(rotated.errors).toBeUndefined();
    secrets.v1Second = rotated.data!.rotateWebhookSecret;
    secrets.std = whsec();
    ids.std = await create('std', { signatureScheme: 'STANDARD_WEBHOOKS', secret: secrets.std });
    // A secret set by an update is sealed as well.
    ids.upd = await create('upd', { secret: randomSecret() });
    secrets.upd = randomSecret();
    const put = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/${ids.upd}`,
      headers: h,
      payload: { secret: secrets.upd },
    });
    expect(put.statusCode, put.body).toBe(200);

    secrets.trigger = randomSecret();
    ids.trigger = (await createTrigger(t, tenant, { name: 'in', webhookSecret: secrets.trigger })).id;
    const other = (await createTrigger(t, tenant, { name: 'in-2', webhookSecret: randomSecret() })).id;
    secrets.triggerUpdated = randomSecret();
    const upd = await gqlRequest(
      t.app,
      UpdateTriggerDocument,
      { id: other, input: { webhookSecret: secrets.triggerUpdated } },
      h,
    );
    expect(upd.errors).toBeUndefined();
    ids.trigger2 = other;

    const stored = await storedSecrets(t);
    // 3 current webhook secrets, 1 previous in grace, 2 trigger secrets: all sealed under key A.
    expect(stored).toHaveLength(6);
    for (const { where, value } of stored) {
      expect(isEncrypted(value), where).toBe(true);
      expect(sealedKeyId(value), where).toBe(keyIdOf(keyA));
    }

    const { stdout: dump } = await run('pg_dump', ['--data-only', '-d', db.url], { maxBuffer: 64 * 1024 * 1024 });
    expect(dump).toContain(`v1:${keyIdOf(keyA)}:`);
    for (const [name, secret] of Object.entries(secrets)) {
      const forms = [secret, Buffer.from(secret).toString('base64'), Buffer.from(secret).toString('hex')];
      if (secret.startsWith('whsec_')) {
        const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
        forms.push(key.toString('hex'), key.toString('base64url'));
      }
      for (const form of forms) expect(dump.includes(form), `${name} (${form.slice(0, 12)}…) in the dump`).toBe(false);
    }
  });

  it('still signs deliveries (both secrets during the grace) and test sends, and verifies signed intake', async () => {
    const before = (await outboxRows(t.runtime.services, tenant)).length;
    await commitChanges(t.runtime.services, tenant, inserts(2));
    await eventually(
      async () => {
        const rows = await outboxRows(t.runtime.services, tenant);
        return rows.length === before + 6 && rows.every((r) => r.status === 'DELIVERED') ? rows : undefined;
      },
      30_000,
      'deliveries',
    );
    const at = (p: string) => receiver.received.filter((r) => r.path === `/${p}`);
    expect(at('v1')).toHaveLength(2);
    for (const r of at('v1')) {
      expect(v1Accepts(secrets.v1Second, r)).toBe(true);
      expect(v1Accepts(secrets.v1First, r)).toBe(true);
      expect(v1Accepts(randomSecret(), r)).toBe(false);
    }
    for (const r of at('upd')) expect(v1Accepts(secrets.upd, r)).toBe(true);
    expect(at('std')).toHaveLength(2);
    for (const r of at('std'))
      expect(() => new Webhook(secrets.std).verify(r.body, r.headers as Record<string, string>)).not.toThrow();

    const sent = await gqlRequest(
      t.app,
      SendTestDeliveryDocument,
      { webhookConfigId: ids.v1 },
      await t.headers(tenant),
    );
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.sendTestDelivery.statusCode).toBe(204);
    const last = at('v1').at(-1)!;
    expect(at('v1')).toHaveLength(3);
    expect(v1Accepts(secrets.v1Second, last)).toBe(true);

    expect((await signedIntake(t, ids.trigger, secrets.trigger)).statusCode).toBe(202);
    expect((await signedIntake(t, ids.trigger2, secrets.triggerUpdated)).statusCode).toBe(202);
    const forged = await signedIntake(t, ids.trigger, randomSecret());
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.code).toBe('TRIGGER_SIGNATURE_INVALID');
  });
});

describe.skipIf(inject('embedded'))('sealing at start-up and npm run secrets:rotate', () => {
  const keyA = newKey();
  const keyB = newKey();
  let db: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    db = await ownDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const rotate = (env: Record<string, string>) =>
    run(
      process.execPath,
      ['-r', path.join(ROOT, 'scripts/register.js'), path.join(ROOT, 'scripts/secrets-rotate.ts')],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: db.url, ...env },
      },
    );

  it('seals secrets stored in clear at start-up, re-seals every one under the new key, twice is a no-op', async () => {
    const tenant = uniqueTenant(PREFIX);
    const hooks = { v1First: randomSecret(), trigger: randomSecret(), late: randomSecret() };
    let v1Second: string;
    const ids: Record<string, string> = {};
    // A database from before any key: secrets in clear (development, no SECRETS_KEY).
    let t = await appOn(db.url);
    try {
      const h = await t.headers(tenant);
      const res = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: h,
        payload: {
          entityName: 'orders',
          events: 'INSERT',
          webhookUrl: 'http://127.0.0.1:9/none',
          secret: hooks.v1First,
        },
      });
      expect(res.statusCode).toBe(201);
      ids.v1 = res.json().id;
      v1Second = (await gqlRequest(t.app, RotateWebhookSecretWithGraceDocument, { id: ids.v1, graceSeconds: 3600 }, h))
        .data!.rotateWebhookSecret;
      ids.trigger = (await createTrigger(t, tenant, { name: 'in', webhookSecret: hooks.trigger })).id;
      ids.late = (await createTrigger(t, tenant, { name: 'late', webhookSecret: hooks.late })).id;
      const clear = await storedSecrets(t);
      expect(clear.map((s) => s.value).sort()).toEqual([hooks.v1First, v1Second, hooks.trigger, hooks.late].sort());
    } finally {
      await t.close();
    }

    // Start-up with key A seals them all.
    t = await appOn(db.url, { SECRETS_KEY: b64(keyA) });
    try {
      for (const { where, value } of await storedSecrets(t)) expect(sealedKeyId(value), where).toBe(keyIdOf(keyA));
      expect((await signedIntake(t, ids.trigger, hooks.trigger)).statusCode).toBe(202);
      // One value left in clear (written by a process without the key): the rotation seals it too.
      await t.runtime.db.pool.query('UPDATE triggers SET webhook_secret = $1 WHERE id = $2', [hooks.late, ids.late]);
    } finally {
      await t.close();
    }

    const first = await rotate({ SECRETS_KEY: b64(keyB), SECRETS_KEY_PREVIOUS: b64(keyA) });
    expect(first.stdout).toMatch(new RegExp(`4 secret\\(s\\) sealed under key ${keyIdOf(keyB)}; all under it`));
    const ringB = new SecretKeyring(keyB);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const snapshot = async () =>
      (
        await admin.query<{ value: string }>(
          `SELECT secret AS value FROM webhook_configs UNION ALL SELECT previous_secret FROM webhook_configs
           UNION ALL SELECT webhook_secret FROM triggers ORDER BY 1`,
        )
      ).rows.map((r) => r.value);
    try {
      const afterFirst = await snapshot();
      expect(afterFirst).toHaveLength(4);
      for (const value of afterFirst) expect(sealedKeyId(value)).toBe(keyIdOf(keyB));
      expect(afterFirst.map((v) => ringB.open(v)).sort()).toEqual(
        [hooks.v1First, v1Second!, hooks.trigger, hooks.late].sort(),
      );
      const second = await rotate({ SECRETS_KEY: b64(keyB), SECRETS_KEY_PREVIOUS: b64(keyA) });
      expect(second.stdout).toMatch(/0 secret\(s\) sealed under key .*; all under it/);
      expect(await snapshot()).toEqual(afterFirst);
    } finally {
      await admin.end();
    }
    // Without the old key the rotation names the key it cannot open, and changes nothing.
    await expect(rotate({ SECRETS_KEY: b64(newKey()) })).rejects.toMatchObject({
      stderr: expect.stringContaining(`sealed under key ${keyIdOf(keyB)}`),
    });

    // A server with only key B works: signed intake and a test send's signature.
    const receiver = await Receiver.start();
    t = await appOn(db.url, { SECRETS_KEY: b64(keyB) });
    try {
      expect((await signedIntake(t, ids.trigger, hooks.trigger)).statusCode).toBe(202);
      expect((await signedIntake(t, ids.late, hooks.late)).statusCode).toBe(202);
      const h = await t.headers(tenant);
      const put = await t.app.inject({
        method: 'PUT',
        url: `${BASE}/${ids.v1}`,
        headers: h,
        payload: { webhookUrl: `${receiver.url}/after` },
      });
      expect(put.statusCode).toBe(200);
      const sent = await gqlRequest(t.app, SendTestDeliveryDocument, { webhookConfigId: ids.v1 }, h);
      expect(sent.data?.sendTestDelivery.statusCode).toBe(204);
      const [got] = receiver.received.filter((r) => r.path === '/after');
      expect(v1Accepts(v1Second!, got)).toBe(true);
      expect(v1Accepts(hooks.v1First, got)).toBe(true);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});

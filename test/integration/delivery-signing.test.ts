import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import { OutboxRecordResponsesDocument } from '../generated/graphql';
import { encodeRecordId } from '../../src/outbox/record-id';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { gqlRequest } from '../support/graphql';
import { adminOf, attemptRows, commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver, type Received } from '../dispatcher/receiver';

/** Tenants of this file, and the only ones its dispatchers touch. */
const PREFIX = 'sgn';

const whsec = () => 'whsec_' + crypto.randomBytes(32).toString('base64');

/** A HOOKGATE_V1 receiver's own check: any `v1=` value of the header equals its HMAC of "<ts>.<body>". */
function hookgateAccepts(secret: string, r: Received): boolean {
  const ts = r.headers['x-hookgate-timestamp'];
  const header = r.headers['x-hookgate-signature'];
  if (typeof ts !== 'string' || typeof header !== 'string') return false;
  const expected = crypto.createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${ts}.${r.body}`).digest();
  return header.split(' ').some((part) => {
    if (!part.startsWith('v1=')) return false;
    const given = Buffer.from(part.slice(3), 'base64');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}

/** A Standard Webhooks receiver: the `standardwebhooks` package's own verify. */
function standardAccepts(secret: string, r: Received): boolean {
  try {
    new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

describe('delivery signatures: Standard Webhooks and rotation grace', () => {
  let t: TestApp;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    receiver = await Receiver.start();
    dispatcher = startDispatcher(t, PREFIX);
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
  });

  /** Commits `n` changes for the tenant's configurations and returns what the receiver got for them. */
  async function deliver(tenant: string, n: number, path: string): Promise<Received[]> {
    const before = (await outboxRows(t.runtime.services, tenant)).length;
    await commitChanges(t.runtime.services, tenant, inserts(n));
    const rows = await eventually(
      async () => {
        const all = await outboxRows(t.runtime.services, tenant);
        return all.length === before + n && all.every((r) => r.status === 'DELIVERED') ? all.slice(before) : undefined;
      },
      30_000,
      'deliveries',
    );
    return rows.map((row) => {
      const got = receiver.received.filter((r) => r.path === path && JSON.parse(r.body).requestId === row.request_id);
      expect(got).toHaveLength(1);
      return got[0];
    });
  }

  it('sends webhook-id, webhook-timestamp and webhook-signature that the standardwebhooks library verifies', async () => {
    const tenant = uniqueTenant(PREFIX);
    const secret = whsec();
    await createConfig(t.runtime.services, tenant, {
      webhookUrl: `${receiver.url}/std`,
      signatureScheme: 'STANDARD_WEBHOOKS',
      secret,
      headersJson: JSON.stringify({ 'Webhook-Signature': 'v1,forged', 'X-Hookgate-Request-Id': 'forged', 'X-A': '1' }),
    });
    const got = await deliver(tenant, 3, '/std');
    for (const r of got) {
      const payload = new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { requestId: string };
      expect(r.headers['webhook-id']).toBe(payload.requestId);
      expect(Number(r.headers['webhook-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 120);
      expect(r.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(r.headers['x-a']).toBe('1');
      expect(Object.keys(r.headers).filter((h) => h.startsWith('x-hookgate-'))).toEqual([]);
      expect(standardAccepts(whsec(), r)).toBe(false);
      // The library's own signature of the same message is the one sent.
      expect(
        new Webhook(secret).sign(payload.requestId, new Date(Number(r.headers['webhook-timestamp']) * 1000), r.body),
      ).toBe(r.headers['webhook-signature']);
    }
  });

  it('STANDARD_WEBHOOKS rotation: old-only and new-only receivers both accept during the grace, only new after', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    const oldSecret = whsec();
    const config = await createConfig(s, tenant, {
      webhookUrl: `${receiver.url}/std-rot`,
      signatureScheme: 'STANDARD_WEBHOOKS',
      secret: oldSecret,
    });
    const newSecret = await s.webhooks.rotateSecret(adminOf(tenant), config.id, 3600);
    for (const r of await deliver(tenant, 2, '/std-rot')) {
      expect(standardAccepts(oldSecret, r)).toBe(true);
      expect(standardAccepts(newSecret, r)).toBe(true);
      const [first, second] = (r.headers['webhook-signature'] as string).split(' ');
      expect(standardAccepts(newSecret, { ...r, headers: { ...r.headers, 'webhook-signature': first } })).toBe(true);
      expect(standardAccepts(oldSecret, { ...r, headers: { ...r.headers, 'webhook-signature': second } })).toBe(true);
    }
    // The grace runs out (moved into the past rather than waited for).
    await s.db.pool.query(
      `UPDATE webhook_configs SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`,
      [config.id],
    );
    for (const r of await deliver(tenant, 2, '/std-rot')) {
      expect(standardAccepts(oldSecret, r)).toBe(false);
      expect(standardAccepts(newSecret, r)).toBe(true);
      expect((r.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    }
  });

  it('HOOKGATE_V1 rotation: both signatures, new first, during the grace; the grace really ends; grace 0 drops the old', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    const first = 'the-first-secret';
    const config = await createConfig(s, tenant, { webhookUrl: `${receiver.url}/v1-rot`, secret: first });
    const second = await s.webhooks.rotateSecret(adminOf(tenant), config.id, 3600);
    for (const r of await deliver(tenant, 2, '/v1-rot')) {
      expect(hookgateAccepts(first, r)).toBe(true);
      expect(hookgateAccepts(second, r)).toBe(true);
      const parts = (r.headers['x-hookgate-signature'] as string).split(' ');
      expect(parts).toHaveLength(2);
      expect(hookgateAccepts(second, { ...r, headers: { ...r.headers, 'x-hookgate-signature': parts[0] } })).toBe(true);
      expect(hookgateAccepts(first, { ...r, headers: { ...r.headers, 'x-hookgate-signature': parts[1] } })).toBe(true);
    }

    // A short grace, waited out for real.
    const third = await s.webhooks.rotateSecret(adminOf(tenant), config.id, 1);
    await new Promise((r) => setTimeout(r, 1500));
    for (const r of await deliver(tenant, 2, '/v1-rot')) {
      expect(hookgateAccepts(second, r)).toBe(false);
      expect(hookgateAccepts(third, r)).toBe(true);
      expect(r.headers['x-hookgate-signature']).not.toContain(' ');
    }

    // Grace 0: only the new secret, at once.
    const fourth = await s.webhooks.rotateSecret(adminOf(tenant), config.id, 0);
    for (const r of await deliver(tenant, 2, '/v1-rot')) {
      expect(hookgateAccepts(third, r)).toBe(false);
      expect(hookgateAccepts(fourth, r)).toBe(true);
    }
  });
});

describe('DeliveryAttempt.responseBody', () => {
  let t: TestApp;
  let server: http.Server;
  let url: string;
  let dispatcher: Dispatcher;
  const long = 'é'.repeat(3000); // 6,000 bytes of UTF-8
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/small') res.writeHead(200, { 'content-type': 'text/plain' }).end('ok, thanks');
        else if (req.url === '/long') res.writeHead(500).end(long);
        else if (req.url === '/huge') {
          // 1 MiB streamed: the dispatcher must not wait for, or keep, all of it.
          res.writeHead(503);
          for (let i = 0; i < 256; i++) res.write('z'.repeat(4096));
          res.end();
        } else if (req.url === '/nul') res.writeHead(400).end('a\0b');
        else if (req.url === '/empty') res.writeHead(204).end();
        else req.socket.resetAndDestroy();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dispatcher = startDispatcher(t, 'rsp');
  });
  afterAll(async () => {
    await dispatcher.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  it('keeps the first 4,096 bytes of each response body as text, and null without a response', async () => {
    const tenant = uniqueTenant('rsp');
    const s = t.runtime.services;
    const paths = ['small', 'long', 'huge', 'nul', 'empty', 'reset'];
    const configs = new Map<string, string>();
    for (const p of paths)
      configs.set((await createConfig(s, tenant, { webhookUrl: `${url}/${p}`, maxRetries: 1 })).id, p);
    await commitChanges(s, tenant, inserts(1));
    const rows = await eventually(
      async () => {
        const all = await outboxRows(s, tenant);
        return all.length === paths.length && all.every((r) => r.attempt_count === 1 && r.locked_by === null)
          ? all
          : undefined;
      },
      30_000,
      'one attempt each',
    );
    const attempts = await attemptRows(s, tenant);
    const bodyOf = new Map<string, string | null>();
    for (const row of rows) {
      const a = attempts.find((x) => x.outbox_id === row.id) as unknown as { response_body: string | null };
      bodyOf.set(configs.get(row.webhook_config_id)!, a.response_body);
    }
    expect(bodyOf.get('small')).toBe('ok, thanks');
    // 4,096 bytes is 2,048 two-byte characters exactly.
    expect(bodyOf.get('long')).toBe('é'.repeat(2048));
    expect(bodyOf.get('huge')).toBe('z'.repeat(4096));
    expect(bodyOf.get('nul')).toBe('a\uFFFDb');
    expect(bodyOf.get('empty')).toBe('');
    expect(bodyOf.get('reset')).toBeNull();

    const h = await t.headers(tenant);
    const longRow = rows.find((r) => configs.get(r.webhook_config_id) === 'long')!;
    const shown = await gqlRequest(
      t.app,
      OutboxRecordResponsesDocument,
      { id: encodeRecordId(tenant, String(longRow.id)) },
      h,
    );
    expect(shown.data!.outboxRecord!.attempts).toHaveLength(1);
    expect(shown.data!.outboxRecord!.attempts[0]).toMatchObject({
      attemptNumber: 1,
      statusCode: 500,
      responseBody: 'é'.repeat(2048),
    });
    const resetRow = rows.find((r) => configs.get(r.webhook_config_id) === 'reset')!;
    const reset = await gqlRequest(
      t.app,
      OutboxRecordResponsesDocument,
      { id: encodeRecordId(tenant, String(resetRow.id)) },
      h,
    );
    expect(reset.data!.outboxRecord!.attempts[0]).toMatchObject({ statusCode: null, responseBody: null });
  });
});

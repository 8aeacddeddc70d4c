import crypto from 'node:crypto';
import { sign as githubSign } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TriggerActionSettingsDocument, UpdateTriggerDocument } from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';
import { createTrigger, nowSeconds } from './trigger-helpers';

/**
 * The intake signature schemes, each signed by the provider's own library (or, for Slack, the
 * documented v0 base string computed here), never by Hookgate's code: a request signed right is
 * stored once (its replay answered with the first eventId), and a wrong secret, a tampered body,
 * a stale timestamp or a missing header is refused with its error code and not stored.
 */
const stripe = new Stripe('sk_test_hookgate_suite');
const STANDARD_SECRET = `whsec_${crypto.randomBytes(24).toString('base64')}`;
const OTHER_STANDARD_SECRET = `whsec_${crypto.randomBytes(24).toString('base64')}`;
const SECRET = `whsec_${crypto.randomBytes(16).toString('hex')}`;

interface Signed {
  body: string;
  headers: Record<string, string>;
}

/** Each scheme's sender: (secret, body, unix seconds, delivery id) → headers. */
const senders: Record<string, (secret: string, body: string, ts: number, id: string) => Promise<Signed> | Signed> = {
  STANDARD_WEBHOOKS: (secret, body, ts, id) => ({
    body,
    headers: {
      'webhook-id': id,
      'webhook-timestamp': String(ts),
      'webhook-signature': new Webhook(secret).sign(id, new Date(ts * 1000), body),
    },
  }),
  GITHUB: async (secret, body, _ts, id) => ({
    body,
    headers: {
      'x-github-delivery': id,
      'x-github-event': 'push',
      'x-hub-signature-256': await githubSign(secret, body),
    },
  }),
  STRIPE: (secret, body, ts) => ({
    body,
    headers: { 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: ts }) },
  }),
  // https://api.slack.com/authentication/verifying-requests-from-slack: v0=hex(HMAC-SHA256("v0:<ts>:<body>")).
  SLACK: (secret, body, ts) => ({
    body,
    headers: {
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': `v0=${crypto.createHmac('sha256', secret).update(`v0:${ts}:${body}`).digest('hex')}`,
    },
  }),
};

describe('intake signature schemes', () => {
  let t: TestApp;
  let tenant: string;
  const triggers: Record<string, { id: string; secret: string; wrong: string }> = {};

  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    tenant = uniqueTenant('schemes');
    for (const scheme of Object.keys(senders)) {
      const secret = scheme === 'STANDARD_WEBHOOKS' ? STANDARD_SECRET : SECRET;
      const wrong = scheme === 'STANDARD_WEBHOOKS' ? OTHER_STANDARD_SECRET : `${SECRET}x`;
      const created = await createTrigger(t, tenant, {
        name: scheme,
        webhookSecret: secret,
        signatureScheme: scheme as never,
        webhookMaxSkewSeconds: 120,
      });
      triggers[scheme] = { id: created.id, secret, wrong };
    }
  });
  afterAll(() => t.close());

  const post = (triggerId: string, signed: Signed) =>
    t.app.inject({
      method: 'POST',
      url: `/linker/triggers/webhook/${triggerId}`,
      payload: signed.body,
      headers: { 'content-type': 'application/json', ...signed.headers },
    });

  const stored = async (triggerId: string) =>
    (
      await t.runtime.db.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM trigger_events WHERE trigger_id = $1',
        [triggerId],
      )
    ).rows[0].n;

  const bodyOf = () => JSON.stringify({ id: crypto.randomUUID(), type: 'thing.happened', amount: 12.5 });

  for (const scheme of Object.keys(senders)) {
    describe(scheme, () => {
      it('accepts the provider-signed request, stores it verified, and stores a replay once', async () => {
        const { id, secret } = triggers[scheme];
        const before = await stored(id);
        const signed = await senders[scheme](secret, bodyOf(), nowSeconds(), `msg_${crypto.randomUUID()}`);
        const first = await post(id, signed);
        expect(first.statusCode, first.body).toBe(202);
        const eventId = first.json().data.eventId;
        const again = await post(id, signed);
        expect(again.statusCode).toBe(202);
        expect(again.json().data.eventId).toBe(eventId);
        expect(await stored(id)).toBe(before + 1);
        const row = (
          await t.runtime.db.pool.query('SELECT body, signature_verified FROM trigger_events WHERE id = $1', [eventId])
        ).rows[0];
        expect(row.signature_verified).toBe(true);
        expect(row.body.toString('utf8')).toBe(signed.body);
      });

      it('refuses a wrong secret and a tampered body with TRIGGER_SIGNATURE_INVALID, storing nothing', async () => {
        const { id, secret, wrong } = triggers[scheme];
        const before = await stored(id);
        const wrongSecret = await senders[scheme](wrong, bodyOf(), nowSeconds(), `msg_${crypto.randomUUID()}`);
        const good = await senders[scheme](secret, bodyOf(), nowSeconds(), `msg_${crypto.randomUUID()}`);
        const tampered = { ...good, body: good.body.replace('12.5', '99.5') };
        for (const attempt of [wrongSecret, tampered]) {
          const res = await post(id, attempt);
          expect(res.statusCode).toBe(401);
          expect(res.json().error.code).toBe('TRIGGER_SIGNATURE_INVALID');
        }
        expect(await stored(id)).toBe(before);
      });

      it('refuses a request without its signature header, storing nothing', async () => {
        const { id, secret } = triggers[scheme];
        const before = await stored(id);
        const signed = await senders[scheme](secret, bodyOf(), nowSeconds(), `msg_${crypto.randomUUID()}`);
        const signatureHeader = Object.keys(signed.headers).find((h) => /signature/.test(h))!;
        const { [signatureHeader]: _dropped, ...rest } = signed.headers;
        const res = await post(id, { body: signed.body, headers: rest });
        expect(res.statusCode).toBe(401);
        // Stripe's one header carries the timestamp too: without it, the timestamp is missing first.
        expect(res.json().error.code).toBe(
          scheme === 'STRIPE' ? 'TRIGGER_TIMESTAMP_INVALID' : 'TRIGGER_SIGNATURE_INVALID',
        );
        expect(await stored(id)).toBe(before);
      });

      if (scheme !== 'GITHUB') {
        it('refuses a stale timestamp (outside webhookMaxSkewSeconds) with TRIGGER_TIMESTAMP_INVALID', async () => {
          const { id, secret } = triggers[scheme];
          const before = await stored(id);
          for (const ts of [nowSeconds() - 600, nowSeconds() + 600]) {
            const signed = await senders[scheme](secret, bodyOf(), ts, `msg_${crypto.randomUUID()}`);
            const res = await post(id, signed);
            expect(res.statusCode).toBe(401);
            expect(res.json().error.code).toBe('TRIGGER_TIMESTAMP_INVALID');
          }
          // Inside the window it is accepted: the refusals above were the clock, not the signer.
          const inside = await senders[scheme](secret, bodyOf(), nowSeconds() - 100, `msg_${crypto.randomUUID()}`);
          expect((await post(id, inside)).statusCode).toBe(202);
          expect(await stored(id)).toBe(before + 1);
        });
      }
    });
  }

  it('Standard Webhooks: a retry (same webhook-id, new timestamp and signature) is the same event', async () => {
    const { id, secret } = triggers.STANDARD_WEBHOOKS;
    const msgId = `msg_${crypto.randomUUID()}`;
    const body = bodyOf();
    const first = await post(id, senders.STANDARD_WEBHOOKS(secret, body, nowSeconds() - 30, msgId) as Signed);
    const retry = await post(id, senders.STANDARD_WEBHOOKS(secret, body, nowSeconds(), msgId) as Signed);
    expect(first.statusCode).toBe(202);
    expect(retry.statusCode).toBe(202);
    expect(retry.json().data.eventId).toBe(first.json().data.eventId);
  });

  it('GitHub: a redelivery keeps X-GitHub-Delivery and is one event; another body is another', async () => {
    const { id, secret } = triggers.GITHUB;
    const body = bodyOf();
    const delivery = crypto.randomUUID();
    const a = await post(id, await senders.GITHUB(secret, body, 0, delivery));
    const b = await post(id, await senders.GITHUB(secret, body, 0, delivery));
    const c = await post(id, await senders.GITHUB(secret, bodyOf(), 0, delivery.replace(/.$/, 'x')));
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([202, 202, 202]);
    expect(b.json().data.eventId).toBe(a.json().data.eventId);
    expect(c.json().data.eventId).not.toBe(a.json().data.eventId);
    // Without a delivery id the body's signature is the key: the same request twice is one event.
    const signed = await senders.GITHUB(secret, bodyOf(), 0, '');
    delete signed.headers['x-github-delivery'];
    const d = await post(id, signed);
    const e = await post(id, signed);
    expect(e.json().data.eventId).toBe(d.json().data.eventId);
  });

  it('Stripe: any v1 of the header may match (a secret being rolled)', async () => {
    const { id, secret } = triggers.STRIPE;
    const body = bodyOf();
    const ts = nowSeconds();
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: ts });
    const other = stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_old', timestamp: ts });
    const both = `t=${ts},${other.split(',')[1]},${header.split(',')[1]}`;
    const res = await post(id, { body, headers: { 'stripe-signature': both } });
    expect(res.statusCode, res.body).toBe(202);
  });

  it('Slack: a signed URL-verification handshake is answered 200 with its challenge and runs no action', async () => {
    const headers = await t.headers(tenant);
    const entity = await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers,
      payload: { name: 'slack_events', fields: [{ name: 'id', type: 'STRING' }], primaryKey: 'id' },
    });
    expect(entity.statusCode).toBe(201);
    const recording = await createTrigger(t, tenant, {
      name: 'slack-record',
      webhookSecret: SECRET,
      signatureScheme: 'SLACK' as never,
      action: 'RECORD' as never,
      recordEntity: 'slack_events',
    });
    for (const id of [triggers.SLACK.id, recording.id]) {
      const before = await stored(id);
      const challenge = crypto.randomBytes(24).toString('base64url');
      const handshake = JSON.stringify({ token: 'legacy', challenge, type: 'url_verification' });
      const res = await post(id, senders.SLACK(SECRET, handshake, nowSeconds(), '') as Signed);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ challenge });
      // Kept in the event log, with no action run on it.
      const { rows } = await t.runtime.db.pool.query(
        'SELECT action_status FROM trigger_events WHERE trigger_id = $1 ORDER BY seq DESC LIMIT 1',
        [id],
      );
      expect(rows[0].action_status).toBe('NONE');
      expect(await stored(id)).toBe(before + 1);
      // Signed with another secret it is refused like any request; nothing is echoed or stored.
      const forged = await post(id, senders.SLACK(`${SECRET}x`, handshake, nowSeconds(), '') as Signed);
      expect(forged.statusCode).toBe(401);
      expect(forged.body).not.toContain(challenge);
      expect(await stored(id)).toBe(before + 1);
    }
    // The RECORD trigger wrote no record for it.
    const schema = await t.runtime.services.tenants.ensure(tenant);
    const def = await t.runtime.services.entities.get(
      { tenantId: tenant, actor: 't', permissions: new Set() },
      'slack_events',
    );
    const records = await t.runtime.db.pool.query(`SELECT count(*)::int AS n FROM "${schema}"."${def.tableName}"`);
    expect(records.rows[0].n).toBe(0);
  });

  it('checks a trigger that does not exist before the body and the signature (404 first)', async () => {
    const res = await post(crypto.randomUUID(), { body: bodyOf(), headers: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('TRIGGER_NOT_FOUND');
  });

  it('validates the scheme against the secret on create and update', async () => {
    const headers = await t.headers(tenant);
    const noSecret = await createTriggerRaw({ name: 'x', signatureScheme: 'GITHUB' });
    expect(noSecret.errors?.[0].extensions?.code).toBe('VALIDATION_FAILED');
    const badWhsec = await createTriggerRaw({
      name: 'x',
      signatureScheme: 'STANDARD_WEBHOOKS',
      webhookSecret: 'whsec_not*base64!',
    });
    expect(badWhsec.errors?.[0].extensions?.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(badWhsec.errors?.[0].extensions?.details)).toContain('webhookSecret');
    // Switching an unsigned trigger to a provider scheme needs a secret too.
    const open = await createTrigger(t, tenant, { name: 'open' });
    const upd = await gqlRequest(
      t.app,
      UpdateTriggerDocument,
      { id: open.id, input: { signatureScheme: 'SLACK' as never } },
      headers,
    );
    expect(codes(upd)).toEqual(['VALIDATION_FAILED']);
    const ok = await gqlRequest(
      t.app,
      UpdateTriggerDocument,
      { id: open.id, input: { signatureScheme: 'SLACK' as never, webhookSecret: 'slack-signing-secret' } },
      headers,
    );
    expect(ok.errors).toBeUndefined();
    const read = await gqlRequest(t.app, TriggerActionSettingsDocument, { id: open.id }, headers);
    expect(read.data!.trigger).toMatchObject({ signatureScheme: 'SLACK', hasWebhookSecret: true, action: 'STORE' });

    async function createTriggerRaw(input: Record<string, unknown>) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: {
          query: 'mutation($input: CreateTriggerInput!) { createTrigger(input: $input) { id } }',
          variables: { input },
        },
      });
      return res.json() as { errors?: Array<{ extensions?: Record<string, unknown> }> };
    }
  });
});

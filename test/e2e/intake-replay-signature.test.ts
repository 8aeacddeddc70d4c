import crypto from 'node:crypto';
import { sign as githubSign } from '@octokit/webhooks-methods';
import { Webhook } from 'standardwebhooks';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { clientSignature, createTrigger, nowSeconds } from './trigger-helpers';

/**
 * A request whose signature a trigger has already accepted is a replay in every scheme, whatever
 * its id headers say: answered 202 with the first event's id and stored once. Each request is
 * signed by the provider's own library or by Node's crypto, never by Hookgate's code.
 */
const stripe = new Stripe('sk_test_hookgate_suite');
const SECRET = `replay-${crypto.randomBytes(16).toString('hex')}`;
const STANDARD_SECRET = `whsec_${crypto.randomBytes(24).toString('base64')}`;

type Headers = Record<string, string>;

describe('intake replays recognised by their signature', () => {
  let t: TestApp;
  let tenant: string;

  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    tenant = uniqueTenant('rsig');
  });
  afterAll(() => t.close());

  const trigger = async (scheme: string) =>
    (
      await createTrigger(t, tenant, {
        name: `${scheme} replays`,
        webhookSecret: scheme === 'STANDARD_WEBHOOKS' ? STANDARD_SECRET : SECRET,
        signatureScheme: scheme as never,
      })
    ).id;

  const post = (id: string, body: string, headers: Headers) =>
    t.app.inject({
      method: 'POST',
      url: `/linker/triggers/webhook/${id}`,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  /** Posts each header set with the same body; all must be 202: their event ids, in order. */
  const eventIds = async (id: string, body: string, headerSets: Headers[]) => {
    const ids: string[] = [];
    for (const headers of headerSets) {
      const res = await post(id, body, headers);
      expect(res.statusCode, res.body).toBe(202);
      ids.push(res.json().data.eventId);
    }
    return ids;
  };

  const stored = async (id: string) =>
    (
      await t.runtime.db.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM trigger_events WHERE trigger_id = $1',
        [id],
      )
    ).rows[0].n;

  const bodyOf = () => JSON.stringify({ id: crypto.randomUUID(), type: 'thing.happened' });

  it('GITHUB: a captured request sent again with a new X-GitHub-Delivery, or none, is the first event', async () => {
    const id = await trigger('GITHUB');
    const body = bodyOf();
    const signature = await githubSign(SECRET, body);
    const ids = await eventIds(id, body, [
      { 'x-hub-signature-256': signature, 'x-github-delivery': crypto.randomUUID(), 'x-github-event': 'push' },
      { 'x-hub-signature-256': signature, 'x-github-delivery': crypto.randomUUID(), 'x-github-event': 'push' },
      { 'x-hub-signature-256': signature },
    ]);
    expect(new Set(ids).size).toBe(1);
    expect(await stored(id)).toBe(1);
    // Another body is another signature, so another event.
    const other = bodyOf();
    const [next] = await eventIds(id, other, [
      { 'x-hub-signature-256': await githubSign(SECRET, other), 'x-github-delivery': crypto.randomUUID() },
    ]);
    expect(next).not.toBe(ids[0]);
    expect(await stored(id)).toBe(2);
  });

  it('GITHUB: copies racing with different delivery ids are stored once', async () => {
    const id = await trigger('GITHUB');
    const body = bodyOf();
    const signature = await githubSign(SECRET, body);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(id, body, { 'x-hub-signature-256': signature, 'x-github-delivery': crypto.randomUUID() }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(202));
    expect(new Set(answers.map((r) => r.json().data.eventId)).size).toBe(1);
    expect(await stored(id)).toBe(1);
  });

  it('HOOKGATE_V1: a captured request sent again with a new request id, or none, is the first event', async () => {
    const id = await trigger('HOOKGATE_V1');
    const body = bodyOf();
    const ts = String(nowSeconds());
    const signature = `v1=${crypto.createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('base64')}`;
    const headers = (requestId?: string): Headers => ({
      'x-hookgate-timestamp': ts,
      'x-hookgate-signature': signature,
      ...(requestId ? { 'x-hookgate-request-id': requestId } : {}),
    });
    const ids = await eventIds(id, body, [headers(crypto.randomUUID()), headers(crypto.randomUUID()), headers()]);
    expect(new Set(ids).size).toBe(1);
    expect(await stored(id)).toBe(1);
  });

  it('STANDARD_WEBHOOKS: the signature covers webhook-id, so a new id with the old signature is refused', async () => {
    const id = await trigger('STANDARD_WEBHOOKS');
    const body = bodyOf();
    const msgId = `msg_${crypto.randomUUID()}`;
    const ts = nowSeconds();
    const signed: Headers = {
      'webhook-id': msgId,
      'webhook-timestamp': String(ts),
      'webhook-signature': new Webhook(STANDARD_SECRET).sign(msgId, new Date(ts * 1000), body),
    };
    const ids = await eventIds(id, body, [signed, { ...signed, 'x-request-id': crypto.randomUUID() }]);
    expect(ids[1]).toBe(ids[0]);
    const renamed = await post(id, body, { ...signed, 'webhook-id': `msg_${crypto.randomUUID()}` });
    expect(renamed.statusCode).toBe(401);
    expect(await stored(id)).toBe(1);
  });

  it('STRIPE: the accepted v1 sent again beside other candidates is the first event', async () => {
    const id = await trigger('STRIPE');
    const body = bodyOf();
    const ts = nowSeconds();
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: ts });
    const v1 = /v1=([0-9a-f]+)/.exec(header)![1];
    const ids = await eventIds(id, body, [
      { 'stripe-signature': header },
      { 'stripe-signature': `t=${ts},v1=${'0'.repeat(64)},v1=${v1}` },
    ]);
    expect(ids[1]).toBe(ids[0]);
    expect(await stored(id)).toBe(1);
  });

  it('SLACK and HMAC_HEX: the same signature is the first event whatever else the request carries', async () => {
    const slack = await trigger('SLACK');
    const body = bodyOf();
    const ts = String(nowSeconds());
    const v0 = `v0=${crypto.createHmac('sha256', SECRET).update(`v0:${ts}:${body}`).digest('hex')}`;
    const slackHeaders = { 'x-slack-request-timestamp': ts, 'x-slack-signature': v0 };
    const slackIds = await eventIds(slack, body, [slackHeaders, { ...slackHeaders, 'x-slack-retry-num': '1' }]);
    expect(slackIds[1]).toBe(slackIds[0]);
    expect(await stored(slack)).toBe(1);

    const hex = await trigger('HMAC_HEX');
    const sig = clientSignature(SECRET, ts, body);
    const hexIds = await eventIds(hex, body, [
      { 'x-timestamp': ts, 'x-signature': sig },
      { 'x-timestamp': ts, 'x-signature': `sha256=${sig}`, 'x-request-id': crypto.randomUUID() },
    ]);
    expect(hexIds[1]).toBe(hexIds[0]);
    expect(await stored(hex)).toBe(1);
  });

  it('finds an accepted signature through a unique index, not by reading the trigger’s events', async () => {
    const { rows } = await t.runtime.db.pool.query<{ indexdef: string }>(
      `SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'trigger_events'`,
    );
    expect(rows.map((r) => r.indexdef)).toContainEqual(
      expect.stringMatching(
        /^CREATE UNIQUE INDEX \S+ ON public\.trigger_events USING btree \(trigger_id, signature_key\)$/,
      ),
    );
  });
});

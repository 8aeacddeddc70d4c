import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { DeleteTriggerDocument, UpdateTriggerDocument } from '../generated/graphql';
import { gqlRequest } from '../support/graphql';
import { clientSignature, createTrigger, listEvents, nowSeconds } from './trigger-helpers';

const SECRET = 'whsec_7f3a9c0e1b2d4f6a';
const MiB = 1024 * 1024;

describe('trigger intake', () => {
  let t: TestApp;
  let tenant: string;
  let signed: string;
  let custom: string;
  let unsigned: string;

  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    tenant = uniqueTenant('intake');
    signed = (await createTrigger(t, tenant, { name: 'orders', webhookSecret: SECRET })).id;
    custom = (
      await createTrigger(t, tenant, {
        name: 'custom headers',
        webhookSecret: SECRET,
        webhookTimestampHeader: 'X-Hook-Time',
        webhookSignatureHeader: 'X-Hook-Sig',
        webhookMaxSkewSeconds: 60,
      })
    ).id;
    unsigned = (await createTrigger(t, tenant, { name: 'open' })).id;
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  function post(
    triggerId: string,
    payload: string | Buffer,
    headers: Record<string, string> = {},
    prefix = '/linker/triggers/webhook',
  ) {
    return t.app.inject({ method: 'POST', url: `${prefix}/${triggerId}`, payload, headers });
  }

  /** A correctly signed request for the default headers, with overrides. */
  function signedPost(
    triggerId: string,
    body: string | Buffer,
    opts: { ts?: string; contentType?: string | null; headers?: Record<string, string> } = {},
  ) {
    const ts = opts.ts ?? String(nowSeconds());
    const headers: Record<string, string> = {
      'x-timestamp': ts,
      'x-signature': clientSignature(SECRET, ts, body),
      ...opts.headers,
    };
    if (opts.contentType !== null) headers['content-type'] = opts.contentType ?? 'application/json';
    return post(triggerId, body, headers);
  }

  async function storedRows(triggerId: string): Promise<number> {
    const { rows } = await t.runtime.db.pool.query(
      'SELECT count(*)::int AS n FROM trigger_events WHERE trigger_id = $1',
      [triggerId],
    );
    return rows[0].n;
  }

  function expectError(res: { statusCode: number; json(): any }, status: number, code: string) {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: { code } });
  }

  it('accepts a correctly signed request with 202 and stores it before answering', async () => {
    const body = JSON.stringify({ order: 42, items: ['a', 'b'] });
    const res = await signedPost(signed, body);
    expect(res.statusCode).toBe(202);
    const json = res.json();
    expect(json).toEqual({
      success: true,
      data: { eventId: expect.any(String), triggerId: signed, receivedAt: expect.any(String) },
    });
    expect(json.data.receivedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(res.headers['x-request-id']).toBeTruthy();
    const { rows } = await t.runtime.db.pool.query(
      'SELECT tenant_id, body, content_type, signature_verified FROM trigger_events WHERE id = $1',
      [json.data.eventId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tenant_id: tenant, content_type: 'application/json', signature_verified: true });
    expect(rows[0].body.toString('utf8')).toBe(body);
  });

  it('accepts the sha256= prefix and the /api/v1 path', async () => {
    const body = '{"prefixed":true}';
    const ts = String(nowSeconds());
    const res = await post(signed, body, {
      'content-type': 'application/json',
      'x-timestamp': ts,
      'x-signature': `sha256=${clientSignature(SECRET, ts, body)}`,
    });
    expect(res.statusCode).toBe(202);
    const v1 = await post(
      signed,
      '{"v1":true}',
      { 'x-timestamp': ts, 'x-signature': clientSignature(SECRET, ts, '{"v1":true}') },
      '/api/v1/linker/triggers/webhook',
    );
    expect(v1.statusCode).toBe(202);
    expect(v1.json().data.triggerId).toBe(signed);
  });

  it('rejects wrong, missing and malformed signatures with 401 TRIGGER_SIGNATURE_INVALID', async () => {
    const before = await storedRows(signed);
    const body = '{"a":1}';
    const ts = String(nowSeconds());
    const right = clientSignature(SECRET, ts, body);
    const wrong = [
      clientSignature('another-secret', ts, body),
      clientSignature(SECRET, String(Number(ts) - 1), body),
      right.toUpperCase(),
      right.slice(0, 63),
      right + '0',
      `sha256=${right.slice(1)}`,
      `sha256=sha256=${right}`,
      `SHA256=${right}`,
      'sha256=',
      'é'.repeat(32),
      crypto.createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('base64'),
    ];
    for (const signature of wrong) {
      expectError(
        await post(signed, body, { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signature }),
        401,
        'TRIGGER_SIGNATURE_INVALID',
      );
    }
    expectError(
      await post(signed, body, { 'content-type': 'application/json', 'x-timestamp': ts }),
      401,
      'TRIGGER_SIGNATURE_INVALID',
    );
    expectError(
      await post(signed, body, { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': '' }),
      401,
      'TRIGGER_SIGNATURE_INVALID',
    );
    expect(await storedRows(signed)).toBe(before);
  });

  it('signs the exact body text: altered whitespace or content fails', async () => {
    const ts = String(nowSeconds());
    const signedFor = clientSignature(SECRET, ts, '{"a":1}');
    for (const sent of ['{"a": 1}', '{"a":1}\n', ' {"a":1}', '{"a":2}', '']) {
      expectError(
        await post(signed, sent, { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signedFor }),
        401,
        'TRIGGER_SIGNATURE_INVALID',
      );
    }
    // The same whitespace-laden text, signed as sent, is fine.
    expect((await signedPost(signed, '{ "a" :\t1 }\r\n')).statusCode).toBe(202);
  });

  it('reads the timestamp and signature from the trigger’s own header names', async () => {
    const body = 'custom';
    const ts = String(nowSeconds());
    const sig = clientSignature(SECRET, ts, body);
    expect((await post(custom, body, { 'X-Hook-Time': ts, 'X-Hook-Sig': sig })).statusCode).toBe(202);
    expect(
      (
        await post(custom, body + '2', {
          'x-hook-time': ts,
          'x-hook-sig': `sha256=${clientSignature(SECRET, ts, body + '2')}`,
        })
      ).statusCode,
    ).toBe(202);
    // The default names mean nothing to this trigger.
    expectError(await post(custom, body, { 'x-timestamp': ts, 'x-signature': sig }), 401, 'TRIGGER_TIMESTAMP_INVALID');
    expectError(await post(custom, body, { 'x-hook-time': ts, 'x-signature': sig }), 401, 'TRIGGER_SIGNATURE_INVALID');
  });

  it('rejects missing and non-integer timestamps with 401 TRIGGER_TIMESTAMP_INVALID, before the signature', async () => {
    const before = await storedRows(signed);
    const body = '{}';
    const now = nowSeconds();
    for (const ts of [
      `${now}.5`,
      '12.5',
      '1e9',
      ' 123',
      `${now} `,
      '',
      'abc',
      `-${now}`,
      `+${now}`,
      '0x10',
      `${now}s`,
      '١٢٣',
    ]) {
      // Correctly signed over the text as sent: the timestamp itself is what is wrong.
      expectError(
        await post(signed, body, { 'x-timestamp': ts, 'x-signature': clientSignature(SECRET, ts, body) }),
        401,
        'TRIGGER_TIMESTAMP_INVALID',
      );
    }
    expectError(
      await post(signed, body, { 'x-signature': clientSignature(SECRET, String(now), body) }),
      401,
      'TRIGGER_TIMESTAMP_INVALID',
    );
    // Both wrong: the timestamp is reported.
    expectError(
      await post(signed, body, { 'x-timestamp': 'nope', 'x-signature': 'nope' }),
      401,
      'TRIGGER_TIMESTAMP_INVALID',
    );
    expect(await storedRows(signed)).toBe(before);
  });

  it('takes timestamps up to the skew window in both directions, and not one second beyond', async () => {
    // The service's clock is this process's clock: pinned, the window edges are exact.
    const nowMs = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(nowMs / 1000) * 1000 + 999 });
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, number, number]> = [
      [signed, now - 300, 202],
      [signed, now + 300, 202],
      [signed, now - 301, 401],
      [signed, now + 301, 401],
      [signed, now - 86_400, 401],
      [signed, 0, 401],
      [custom, now - 60, 202],
      [custom, now + 60, 202],
      [custom, now - 61, 401],
      [custom, now + 61, 401],
    ];
    for (const [id, ts, status] of cases) {
      const body = `{"edge":${ts},"id":"${id}"}`;
      const headers: Record<string, string> =
        id === custom
          ? { 'x-hook-time': String(ts), 'x-hook-sig': clientSignature(SECRET, String(ts), body) }
          : { 'x-timestamp': String(ts), 'x-signature': clientSignature(SECRET, String(ts), body) };
      const res = await post(id, body, headers);
      expect({ ts: ts - now, status: res.statusCode }).toEqual({ ts: ts - now, status });
      if (status === 401) expect(res.json().error.code).toBe('TRIGGER_TIMESTAMP_INVALID');
    }
  });

  it('takes bodies of any content type, or none, as raw bytes', async () => {
    const binary = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x41, 0xc3, 0x28, 0x0a]);
    const cases: Array<{ body: string | Buffer; contentType: string | null }> = [
      { body: 'plain text, not JSON', contentType: 'text/plain; charset=utf-8' },
      { body: '{not json', contentType: 'application/json' },
      { body: 'a=1&b=two', contentType: 'application/x-www-form-urlencoded' },
      { body: '<xml attr="1"/>', contentType: 'application/xml' },
      { body: 'no content type at all', contentType: null },
      { body: 'a malformed media type', contentType: 'json' },
      { body: 'ünïcødé ✓ 😀', contentType: 'text/plain' },
      { body: binary, contentType: 'application/octet-stream' },
      { body: '', contentType: 'application/json' },
    ];
    for (const c of cases) {
      const res = await signedPost(signed, c.body, { contentType: c.contentType });
      expect({ contentType: c.contentType, status: res.statusCode }).toEqual({
        contentType: c.contentType,
        status: 202,
      });
      const { rows } = await t.runtime.db.pool.query('SELECT body, content_type FROM trigger_events WHERE id = $1', [
        res.json().data.eventId,
      ]);
      expect(rows[0].content_type).toBe(c.contentType);
      expect(Buffer.compare(rows[0].body, Buffer.from(c.body))).toBe(0);
    }
    // A client that signs the raw bytes of a body that is not UTF-8 is accepted too.
    const ts = String(nowSeconds());
    const rawSig = crypto.createHmac('sha256', SECRET).update(`${ts}.`).update(binary).digest('hex');
    const other = Buffer.concat([binary, Buffer.from([0x99])]);
    const rawSig2 = crypto.createHmac('sha256', SECRET).update(`${ts}.`).update(other).digest('hex');
    expect(rawSig).not.toBe(clientSignature(SECRET, ts, binary));
    expect(
      (
        await post(signed, other, {
          'content-type': 'application/octet-stream',
          'x-timestamp': ts,
          'x-signature': rawSig2,
        })
      ).statusCode,
    ).toBe(202);
  });

  it('accepts anything for a trigger without a secret, and records it as unverified', async () => {
    const a = await post(unsigned, 'no headers at all', {});
    expect(a.statusCode).toBe(202);
    const b = await post(unsigned, '{"x":1}', {
      'content-type': 'application/json',
      'x-timestamp': 'garbage',
      'x-signature': 'garbage',
    });
    expect(b.statusCode).toBe(202);
    // Without a signature there is no replay key: the same request twice is two events.
    const c = await post(unsigned, '{"x":1}', {
      'content-type': 'application/json',
      'x-timestamp': 'garbage',
      'x-signature': 'garbage',
    });
    expect(c.statusCode).toBe(202);
    expect(c.json().data.eventId).not.toBe(b.json().data.eventId);
    const events = await listEvents(t, tenant, unsigned);
    expect(events.errors).toBeUndefined();
    expect(events.data!.triggerEvents.items.map((e: any) => [e.id, e.signatureVerified])).toEqual([
      [c.json().data.eventId, false],
      [b.json().data.eventId, false],
      [a.json().data.eventId, false],
    ]);
  });

  it('answers 404 TRIGGER_NOT_FOUND for unknown, malformed, disabled and deleted triggers', async () => {
    const body = '{}';
    expectError(await signedPost(crypto.randomUUID(), body), 404, 'TRIGGER_NOT_FOUND');
    expectError(await signedPost('not-a-uuid', body), 404, 'TRIGGER_NOT_FOUND');
    expectError(await signedPost("1' OR '1'='1", body), 404, 'TRIGGER_NOT_FOUND');

    const admin = await t.headers(tenant);
    const temp = (await createTrigger(t, tenant, { name: 'temp', webhookSecret: SECRET, enabled: false })).id;
    expectError(await signedPost(temp, body), 404, 'TRIGGER_NOT_FOUND');
    await gqlRequest(t.app, UpdateTriggerDocument, { id: temp, input: { enabled: true } }, admin);
    expect((await signedPost(temp, body)).statusCode).toBe(202);
    await gqlRequest(t.app, UpdateTriggerDocument, { id: temp, input: { enabled: false } }, admin);
    expectError(await signedPost(temp, '{"later":1}'), 404, 'TRIGGER_NOT_FOUND');
    const del = await gqlRequest(t.app, DeleteTriggerDocument, { id: temp }, admin);
    expect(del.data).toEqual({ deleteTrigger: true });
    expectError(await signedPost(temp, body), 404, 'TRIGGER_NOT_FOUND');
    expect(await storedRows(temp)).toBe(0);
  });

  it('answers 413 PAYLOAD_TOO_LARGE above 1 MiB, after the trigger check and before the signature check', async () => {
    const before = await storedRows(signed);
    const exactly = Buffer.alloc(MiB, 0x61);
    expect((await signedPost(signed, exactly, { contentType: 'application/octet-stream' })).statusCode).toBe(202);
    const over = Buffer.alloc(MiB + 1, 0x61);
    expectError(await signedPost(signed, over, { contentType: 'application/octet-stream' }), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await post(signed, over, { 'x-timestamp': 'bad', 'x-signature': 'bad' }), 413, 'PAYLOAD_TOO_LARGE');
    expectError(await post(unsigned, over, {}), 413, 'PAYLOAD_TOO_LARGE');
    // Unknown and disabled triggers are 404 whatever the size.
    expectError(await signedPost(crypto.randomUUID(), over), 404, 'TRIGGER_NOT_FOUND');
    expect(await storedRows(signed)).toBe(before + 1);
  });

  it('answers a replayed signed request with the first eventId and stores it once', async () => {
    const body = JSON.stringify({ replay: crypto.randomUUID() });
    const ts = String(nowSeconds());
    const headers = {
      'content-type': 'application/json',
      'x-timestamp': ts,
      'x-signature': clientSignature(SECRET, ts, body),
    };
    const first = await post(signed, body, headers);
    expect(first.statusCode).toBe(202);
    const again = await post(signed, body, { ...headers, 'x-signature': `sha256=${headers['x-signature']}` });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    const { rows } = await t.runtime.db.pool.query(
      'SELECT count(*)::int AS n FROM trigger_events WHERE trigger_id = $1 AND body = $2',
      [signed, Buffer.from(body)],
    );
    expect(rows[0].n).toBe(1);
  });

  it('stores concurrent identical requests once: all 202 with one eventId', async () => {
    const body = JSON.stringify({ concurrent: crypto.randomUUID() });
    const ts = String(nowSeconds());
    const headers = {
      'content-type': 'application/json',
      'x-timestamp': ts,
      'x-signature': clientSignature(SECRET, ts, body),
    };
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(signed, body, headers)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
    expect(new Set(responses.map((r) => r.json().data.eventId)).size).toBe(1);
    const { rows } = await t.runtime.db.pool.query(
      'SELECT id FROM trigger_events WHERE trigger_id = $1 AND body = $2',
      [signed, Buffer.from(body)],
    );
    expect(rows.map((r) => r.id)).toEqual([responses[0].json().data.eventId]);
  });

  it('stores only accepted requests, and triggerEvents lists exactly those, once each, newest first', async () => {
    const tenant2 = uniqueTenant('intake-list');
    const id = (await createTrigger(t, tenant2, { name: 'listed', webhookSecret: SECRET })).id;
    const accepted: string[] = [];
    for (let i = 0; i < 7; i++) {
      const body = `{"n":${i}}`;
      const ok = await signedPost(id, body);
      expect(ok.statusCode).toBe(202);
      accepted.push(ok.json().data.eventId);
      // Interleaved rejections and a replay: none of them adds an event.
      expectError(
        await post(id, body, { 'x-timestamp': String(nowSeconds()), 'x-signature': 'bad' }),
        401,
        'TRIGGER_SIGNATURE_INVALID',
      );
      expectError(
        await post(id, body, { 'x-timestamp': '1.5', 'x-signature': 'bad' }),
        401,
        'TRIGGER_TIMESTAMP_INVALID',
      );
    }
    const seen: any[] = [];
    let after: string | null = null;
    do {
      const page = await listEvents(t, tenant2, id, 3, after);
      expect(page.errors).toBeUndefined();
      seen.push(...page.data!.triggerEvents.items);
      after = page.data!.triggerEvents.nextCursor;
    } while (after);
    expect(seen.map((e) => e.id)).toEqual([...accepted].reverse());
    expect(seen[0]).toMatchObject({
      triggerId: id,
      contentType: 'application/json',
      body: '{"n":6}',
      signatureVerified: true,
    });
    expect(seen[0].headers).toEqual(
      expect.arrayContaining([
        { name: 'content-type', value: 'application/json' },
        { name: 'x-timestamp', value: expect.any(String) },
      ]),
    );
  });

  const metric = async (line: string) => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const m = text.split('\n').find((l) => l.startsWith(line + ' '));
    return m ? Number(m.slice(line.length + 1)) : 0;
  };

  it('sees at once a change made through another Hookgate process to a trigger it has served', async () => {
    // Two processes on one database: this one serves the requests, the other changes the trigger.
    const other = await startTestApp({ DISPATCHER: 'off' });
    try {
      const admin = await other.headers(tenant);
      const id = (await createTrigger(t, tenant, { name: 'changed elsewhere', webhookSecret: SECRET })).id;
      const update = (input: Record<string, unknown>) =>
        gqlRequest(other.app, UpdateTriggerDocument, { id, input }, admin);
      // The first request reads the trigger; more requests for the unchanged trigger read none.
      const lookups = 'hookgate_trigger_intake_lookups_total';
      const first = await metric(lookups);
      expect((await signedPost(id, '{"n":1}')).statusCode).toBe(202);
      const before = await metric(lookups);
      expect(before).toBe(first + 1);
      for (let i = 0; i < 5; i++) expect((await signedPost(id, `{"same":${i}}`)).statusCode).toBe(202);
      expect(await metric(lookups)).toBe(before);

      await update({ enabled: false });
      expectError(await signedPost(id, '{"n":2}'), 404, 'TRIGGER_NOT_FOUND');
      await update({ enabled: true });
      expect((await signedPost(id, '{"n":3}')).statusCode).toBe(202);
      // 404 before 413: the trigger check comes first, also for a trigger served before.
      await update({ enabled: false });
      expectError(await signedPost(id, Buffer.alloc(MiB + 1, 0x61)), 404, 'TRIGGER_NOT_FOUND');
      await update({ enabled: true });
      expect((await signedPost(id, '{"n":4}')).statusCode).toBe(202);

      // A new secret: requests signed with it are accepted at once, those with the old one refused.
      await update({ webhookSecret: 'whsec_rotated_0123456789' });
      const body = '{"n":5}';
      const ts = String(nowSeconds());
      const withNew = await post(id, body, {
        'x-timestamp': ts,
        'x-signature': clientSignature('whsec_rotated_0123456789', ts, body),
      });
      expect(withNew.statusCode).toBe(202);
      expectError(await signedPost(id, '{"n":6}'), 401, 'TRIGGER_SIGNATURE_INVALID');

      // Unsigned now: a request without a signature is stored, unverified.
      await update({ webhookSecret: null });
      const open = await post(id, '{"n":7}', { 'content-type': 'application/json' });
      expect(open.statusCode).toBe(202);
      expect(open.json().data.eventId).toBeDefined();

      await gqlRequest(other.app, DeleteTriggerDocument, { id }, admin);
      expectError(await post(id, '{"n":8}', {}), 404, 'TRIGGER_NOT_FOUND');
      expect(await storedRows(id)).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('sees a change an operator makes with plain SQL to a trigger served before', async () => {
    const id = (await createTrigger(t, tenant, { name: 'edited in psql', webhookSecret: SECRET })).id;
    expect((await signedPost(id, '{"before":1}')).statusCode).toBe(202);
    const newSecret = 'whsec_set_in_psql_0123';
    await t.runtime.db.pool.query('UPDATE triggers SET webhook_secret = $1 WHERE id = $2', [newSecret, id]);
    expectError(await signedPost(id, '{"old secret":1}'), 401, 'TRIGGER_SIGNATURE_INVALID');
    const body = '{"new secret":1}';
    const ts = String(nowSeconds());
    const res = await post(id, body, { 'x-timestamp': ts, 'x-signature': clientSignature(newSecret, ts, body) });
    expect(res.statusCode).toBe(202);
    await t.runtime.db.pool.query('UPDATE triggers SET enabled = false WHERE id = $1', [id]);
    expectError(await post(id, body, {}), 404, 'TRIGGER_NOT_FOUND');
    expect(await storedRows(id)).toBe(2);
  });

  it('counts accepted and rejected requests for Prometheus', async () => {
    const stored = 'hookgate_trigger_intake_accepted_total{outcome="stored"}';
    const replay = 'hookgate_trigger_intake_accepted_total{outcome="replay"}';
    const sigBad = 'hookgate_trigger_intake_rejected_total{reason="TRIGGER_SIGNATURE_INVALID"}';
    const tsBad = 'hookgate_trigger_intake_rejected_total{reason="TRIGGER_TIMESTAMP_INVALID"}';
    const notFound = 'hookgate_trigger_intake_rejected_total{reason="TRIGGER_NOT_FOUND"}';
    const tooLarge = 'hookgate_trigger_intake_rejected_total{reason="PAYLOAD_TOO_LARGE"}';
    const before = await Promise.all([stored, replay, sigBad, tsBad, notFound, tooLarge].map(metric));
    const body = `{"m":"${crypto.randomUUID()}"}`;
    const ts = String(nowSeconds());
    const good = { 'x-timestamp': ts, 'x-signature': clientSignature(SECRET, ts, body) };
    await post(signed, body, good);
    await post(signed, body, good);
    await post(signed, body, { ...good, 'x-signature': 'bad' });
    await post(signed, body, { ...good, 'x-timestamp': 'bad' });
    await post(crypto.randomUUID(), body, good);
    await post(signed, Buffer.alloc(MiB + 10), good);
    const after = await Promise.all([stored, replay, sigBad, tsBad, notFound, tooLarge].map(metric));
    expect(after.map((v, i) => v - before[i])).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

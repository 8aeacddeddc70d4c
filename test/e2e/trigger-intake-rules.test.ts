import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { clientSignature, createTrigger, nowSeconds, postSigned, rawGql } from './trigger-helpers';

/**
 * Rules of trigger settings and intake: header names are plain tokens, a RECORD trigger is signed,
 * a field-map pointer that names nothing gives null, and INTAKE_RATE_LIMIT_PER_MINUTE answers 429
 * (with Retry-After) before anything is stored, over a real HTTP connection.
 */
const SECRET = 'intake-rules-secret';

interface GqlError {
  extensions: { code: string; details?: Array<{ field: string; message: string }> };
}

describe('trigger settings and intake rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  const gql = async (tenant: string, query: string, variables: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...(await t.headers(tenant)), 'content-type': 'application/json' },
      payload: { query, variables },
    });
    return res.json() as { data?: Record<string, { id: string } | null>; errors?: GqlError[] };
  };
  const create = (tenant: string, input: Record<string, unknown>) =>
    gql(tenant, 'mutation($input: CreateTriggerInput!) { createTrigger(input: $input) { id } }', {
      input: { name: 'rules', ...input },
    });
  const update = (tenant: string, id: string, input: Record<string, unknown>) =>
    gql(tenant, 'mutation($id: ID!, $input: UpdateTriggerInput!) { updateTrigger(id: $id, input: $input) { id } }', {
      id,
      input,
    });
  const expectInvalid = (r: { errors?: GqlError[] }, field: string, what: string) => {
    expect(r.errors?.[0]?.extensions.code, what).toBe('VALIDATION_FAILED');
    expect(
      r.errors?.[0]?.extensions.details?.map((d) => d.field),
      what,
    ).toContain(field);
  };

  const signedPost = (triggerId: string, body: string) => postSigned(t, triggerId, SECRET, body);

  it('takes header names of 1 to 64 letters, digits and dashes only, and still reads older ones', async () => {
    const tenant = uniqueTenant('hdr');
    const hostile = [
      'X-`touch /tmp/hookgate-x`-Sig',
      'X-$(id)',
      "X-Sig'",
      'X|Sig',
      'X.Sig',
      'X_Sig',
      'X~Sig',
      'X-Sig!',
      'X-Sig#',
      'X-Sig\nY',
      `X-${'a'.repeat(63)}`,
    ];
    for (const field of ['webhookTimestampHeader', 'webhookSignatureHeader']) {
      for (const name of hostile) expectInvalid(await create(tenant, { [field]: name }), field, `${field}=${name}`);
    }
    const ok = await create(tenant, { webhookTimestampHeader: 'X-Ts-2', webhookSignatureHeader: 'a'.repeat(64) });
    expect(ok.errors).toBeUndefined();
    const id = ok.data!.createTrigger!.id;
    for (const name of hostile) {
      expectInvalid(await update(tenant, id, { webhookSignatureHeader: name }), 'webhookSignatureHeader', name);
    }

    // A trigger stored with a name the rule now refuses is still read, and changed in other fields.
    const legacy = await createTrigger(t, tenant, { name: 'legacy' });
    await t.runtime.db.pool.query(`UPDATE triggers SET webhook_signature_header = 'X_Legacy.Sig' WHERE id = $1`, [
      legacy.id,
    ]);
    const read = await rawGql(t, await t.headers(tenant), `{ trigger(id: "${legacy.id}") { webhookSignatureHeader } }`);
    expect(read.errors).toBeUndefined();
    expect(read.data).toEqual({ trigger: { webhookSignatureHeader: 'X_Legacy.Sig' } });
    const renamed = await update(tenant, legacy.id, { name: 'renamed' });
    expect(renamed.errors).toBeUndefined();
  });

  describe('RECORD triggers', () => {
    let tenant: string;
    beforeAll(async () => {
      tenant = uniqueTenant('recsec');
      const res = await t.app.inject({
        method: 'POST',
        url: '/metadata/entities',
        headers: await t.headers(tenant),
        payload: {
          name: 'orders',
          fields: [
            { name: 'id', type: 'STRING' },
            { name: 'amount', type: 'FLOAT' },
            { name: 'status', type: 'STRING' },
          ],
          primaryKey: 'id',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    });

    it('need a secret: on create, when switched to RECORD, and when the secret is removed', async () => {
      expectInvalid(await create(tenant, { action: 'RECORD', recordEntity: 'orders' }), 'webhookSecret', 'create');
      expectInvalid(
        await create(tenant, { action: 'RECORD', recordEntity: 'orders', webhookSecret: '' }),
        'webhookSecret',
        'create with an empty secret',
      );
      const store = await createTrigger(t, tenant, { name: 'unsigned store' });
      expectInvalid(
        await update(tenant, store.id, { action: 'RECORD', recordEntity: 'orders' }),
        'webhookSecret',
        'switch',
      );
      const record = await create(tenant, { action: 'RECORD', recordEntity: 'orders', webhookSecret: SECRET });
      expect(record.errors).toBeUndefined();
      const id = record.data!.createTrigger!.id;
      expectInvalid(await update(tenant, id, { webhookSecret: null }), 'webhookSecret', 'remove');
      // Nothing of the refused changes was stored.
      const { rows } = await t.runtime.db.pool.query(
        'SELECT id, action, webhook_secret FROM triggers WHERE tenant_id = $1 ORDER BY created_at',
        [tenant],
      );
      expect(rows).toEqual([
        { id: store.id, action: 'STORE', webhook_secret: null },
        { id, action: 'RECORD', webhook_secret: SECRET },
      ]);
    });

    it('stored without a secret before the rule write no records from unsigned requests', async () => {
      const legacy = await createTrigger(t, tenant, { name: 'legacy record' });
      await t.runtime.db.pool.query(`UPDATE triggers SET action = 'RECORD', record_entity = 'orders' WHERE id = $1`, [
        legacy.id,
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: `/linker/triggers/webhook/${legacy.id}`,
        payload: JSON.stringify({ id: 'unsigned-1', amount: 1 }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, res.body).toBe(202);
      const event = (
        await t.runtime.db.pool.query('SELECT action_status, action_error FROM trigger_events WHERE id = $1', [
          res.json().data.eventId,
        ])
      ).rows[0];
      expect(event.action_status).toBe('FAILED');
      expect(event.action_error).toMatch(/unsigned/);
      const schema = await t.runtime.services.tenants.ensure(tenant);
      const { rows } = await t.runtime.db.pool.query(
        `SELECT id FROM "${schema}"."${await tableOf(tenant)}" WHERE id = $1`,
        ['unsigned-1'],
      );
      expect(rows).toEqual([]);
    });

    it('give a field whose pointer names nothing null; only a missing primary key fails the event', async () => {
      const trigger = await createTrigger(t, tenant, {
        name: 'partial bodies',
        webhookSecret: SECRET,
        action: 'RECORD' as never,
        recordEntity: 'orders',
        recordFieldMap: { id: '/order/id', amount: '/order/amount', status: '/order/state/name' },
      });
      const ok = await signedPost(trigger.id, JSON.stringify({ order: { id: 'p-1', state: 'not an object' } }));
      expect(ok.statusCode, ok.body).toBe(202);
      const applied = (
        await t.runtime.db.pool.query('SELECT action_status, action_error FROM trigger_events WHERE id = $1', [
          ok.json().data.eventId,
        ])
      ).rows[0];
      expect(applied).toEqual({ action_status: 'APPLIED', action_error: null });
      const schema = await t.runtime.services.tenants.ensure(tenant);
      const { rows } = await t.runtime.db.pool.query(
        `SELECT id, amount, status FROM "${schema}"."${await tableOf(tenant)}" WHERE id = 'p-1'`,
      );
      expect(rows).toEqual([{ id: 'p-1', amount: null, status: null }]);

      const keyless = await signedPost(trigger.id, JSON.stringify({ order: { amount: 3 } }));
      expect(keyless.statusCode).toBe(202);
      const failed = (
        await t.runtime.db.pool.query('SELECT action_status, action_error FROM trigger_events WHERE id = $1', [
          keyless.json().data.eventId,
        ])
      ).rows[0];
      expect(failed.action_status).toBe('FAILED');
      expect(failed.action_error).toMatch(/\/order\/id.*missing.*id/);
    });

    const tableOf = async (tenantId: string) =>
      (
        await t.runtime.db.pool.query<{ table_name: string }>(
          `SELECT table_name FROM entity_definitions WHERE tenant_id = $1 AND name = 'orders'`,
          [tenantId],
        )
      ).rows[0].table_name;
  });

  describe('INTAKE_RATE_LIMIT_PER_MINUTE', () => {
    let limited: TestApp;
    let base: string;
    beforeAll(async () => {
      limited = await startTestApp({ DISPATCHER: 'off', INTAKE_RATE_LIMIT_PER_MINUTE: '3' });
      base = await limited.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => limited.close());

    const send = (triggerId: string, body: string, headers: Record<string, string> = {}) => {
      const ts = String(nowSeconds());
      return fetch(`${base}/linker/triggers/webhook/${triggerId}`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'x-timestamp': ts,
          'x-signature': clientSignature(SECRET, ts, body),
          ...headers,
        },
      });
    };
    const count = async (triggerId: string) =>
      (
        await limited.runtime.db.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM trigger_events WHERE trigger_id = $1',
          [triggerId],
        )
      ).rows[0].n;

    it('answers the 4th request of a minute 429 RATE_LIMITED with Retry-After, storing nothing for it', async () => {
      const tenant = uniqueTenant('rl');
      const trigger = await createTrigger(limited, tenant, { name: 'limited', webhookSecret: SECRET });
      for (let i = 0; i < 3; i++) expect((await send(trigger.id, `{"n":${i}}`)).status).toBe(202);
      const over = await send(trigger.id, '{"n":3}');
      expect(over.status).toBe(429);
      const retryAfter = Number(over.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
      const body = (await over.json()) as { success: boolean; error: { code: string } };
      expect(body).toMatchObject({ success: false, error: { code: 'RATE_LIMITED' } });
      expect(await count(trigger.id)).toBe(3);
      // Before the signature and size checks: a bad signature or an oversized body is still 429.
      expect((await send(trigger.id, '{"n":4}', { 'x-signature': 'bad' })).status).toBe(429);
      expect((await send(trigger.id, 'x'.repeat(2 * 1024 * 1024))).status).toBe(429);
      expect(await count(trigger.id)).toBe(3);

      // The trigger check comes first: once disabled, the limited trigger answers 404.
      await limited.runtime.db.pool.query('UPDATE triggers SET enabled = false WHERE id = $1', [trigger.id]);
      expect((await send(trigger.id, '{"n":5}')).status).toBe(404);

      // Per trigger: another trigger has its own minute, and an unknown trigger is still 404.
      const other = await createTrigger(limited, tenant, { name: 'other', webhookSecret: SECRET });
      expect((await send(other.id, '{"n":0}')).status).toBe(202);
      expect((await send(crypto.randomUUID(), '{}')).status).toBe(404);
    });
  });
});

import crypto from 'node:crypto';
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordActionApplier } from '../../src/triggers/record-action';
import { TriggerService } from '../../src/triggers/service';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import {
  CreateTriggerDocument as CREATE,
  type CreateTriggerInput,
  DeleteTriggerDocument as DELETE,
  TriggerDocument as GET,
  TriggersDocument as LIST,
  UpdateTriggerDocument as UPDATE,
} from '../generated/graphql';
import { gqlRequest } from '../support/graphql';
import { clientSignature, createTrigger, listEvents, nowSeconds, rawGql } from './trigger-helpers';

describe('trigger management over GraphQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  const codeOf = (r: { errors?: Array<{ extensions?: { code?: string } }> }) => r.errors?.[0]?.extensions?.code;

  it('creates a trigger with the documented defaults and never returns the secret', async () => {
    const tenant = uniqueTenant('trg');
    const plain = await createTrigger(t, tenant, { name: '  Orders  ' });
    expect(plain).toMatchObject({
      tenantId: tenant,
      name: 'Orders',
      enabled: true,
      hasWebhookSecret: false,
      webhookTimestampHeader: 'X-Timestamp',
      webhookSignatureHeader: 'X-Signature',
      webhookMaxSkewSeconds: 300,
      createdBy: 'test-user',
      updatedBy: 'test-user',
    });
    expect(plain.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(plain.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const secretValue = 'super-secret-value-123';
    const signed = await createTrigger(t, tenant, {
      name: 'signed',
      enabled: false,
      webhookSecret: secretValue,
      webhookTimestampHeader: 'X-Stripe-Time',
      webhookSignatureHeader: 'X-Stripe-Sig',
      webhookMaxSkewSeconds: 30,
    });
    expect(signed).toMatchObject({
      enabled: false,
      hasWebhookSecret: true,
      webhookTimestampHeader: 'X-Stripe-Time',
      webhookSignatureHeader: 'X-Stripe-Sig',
      webhookMaxSkewSeconds: 30,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: await t.headers(tenant),
      payload: { query: print(GET), variables: { id: signed.id } },
    });
    expect(res.body).not.toContain(secretValue);
    const asked = await rawGql(t, await t.headers(tenant), `{ trigger(id: "${signed.id}") { webhookSecret } }`);
    expect(asked.errors?.[0]?.message).toMatch(/webhookSecret/);
    expect(JSON.stringify(asked)).not.toContain(secretValue);
  });

  it('rejects invalid input with VALIDATION_FAILED and field details', async () => {
    const h = await t.headers(uniqueTenant('trg'));
    const cases: Array<[CreateTriggerInput, string]> = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'a', webhookTimestampHeader: 'X Timestamp' }, 'webhookTimestampHeader'],
      [{ name: 'a', webhookSignatureHeader: 'X-Sig:' }, 'webhookSignatureHeader'],
      [{ name: 'a', webhookSignatureHeader: 'x-timestamp' }, 'webhookSignatureHeader'],
      [{ name: 'a', webhookMaxSkewSeconds: 0 }, 'webhookMaxSkewSeconds'],
      [{ name: 'a', webhookMaxSkewSeconds: 86_401 }, 'webhookMaxSkewSeconds'],
    ];
    for (const [input, field] of cases) {
      const r = await gqlRequest(t.app, CREATE, { input }, h);
      expect({ input, code: codeOf(r) }).toEqual({ input, code: 'VALIDATION_FAILED' });
      expect(r.errors![0].extensions!.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
    const missing = await rawGql(t, h, `mutation { createTrigger(input: {}) { id } }`);
    expect(missing.errors).toBeDefined();
  });

  it('updates only the given fields; a null secret removes it', async () => {
    const tenant = uniqueTenant('trg');
    const h = await t.headers(tenant);
    const created = await createTrigger(t, tenant, { name: 'before', webhookSecret: 's1', webhookMaxSkewSeconds: 120 });
    const renamed = await gqlRequest(t.app, UPDATE, { id: created.id, input: { name: 'after' } }, h);
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data!.updateTrigger).toMatchObject({
      name: 'after',
      hasWebhookSecret: true,
      webhookMaxSkewSeconds: 120,
      enabled: true,
      createdAt: created.createdAt,
    });
    expect(Date.parse(renamed.data!.updateTrigger.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(created.updatedAt as string),
    );

    const headers = await gqlRequest(
      t.app,
      UPDATE,
      { id: created.id, input: { webhookTimestampHeader: 'X-T', webhookSignatureHeader: 'X-S', enabled: false } },
      h,
    );
    expect(headers.data!.updateTrigger).toMatchObject({
      webhookTimestampHeader: 'X-T',
      webhookSignatureHeader: 'X-S',
      enabled: false,
      name: 'after',
    });
    // The new signature header may not collide with the stored timestamp header.
    expect(
      codeOf(await gqlRequest(t.app, UPDATE, { id: created.id, input: { webhookSignatureHeader: 'x-t' } }, h)),
    ).toBe('VALIDATION_FAILED');
    expect(codeOf(await gqlRequest(t.app, UPDATE, { id: created.id, input: { name: '' } }, h))).toBe(
      'VALIDATION_FAILED',
    );

    const unsigned = await gqlRequest(t.app, UPDATE, { id: created.id, input: { webhookSecret: null } }, h);
    expect(unsigned.data!.updateTrigger.hasWebhookSecret).toBe(false);
    const resigned = await gqlRequest(t.app, UPDATE, { id: created.id, input: { webhookSecret: 'new-secret' } }, h);
    expect(resigned.data!.updateTrigger.hasWebhookSecret).toBe(true);
  });

  it('a changed secret takes effect at once for intake', async () => {
    const tenant = uniqueTenant('trg');
    const created = await createTrigger(t, tenant, { name: 'rotating', webhookSecret: 'old-secret' });
    await gqlRequest(
      t.app,
      UPDATE,
      { id: created.id, input: { webhookSecret: 'new-secret' } },
      await t.headers(tenant),
    );
    const ts = String(nowSeconds());
    const post = (secret: string) =>
      t.app.inject({
        method: 'POST',
        url: `/linker/triggers/webhook/${created.id}`,
        payload: 'x',
        headers: { 'x-timestamp': ts, 'x-signature': clientSignature(secret, ts, 'x') },
      });
    expect((await post('old-secret')).statusCode).toBe(401);
    expect((await post('new-secret')).statusCode).toBe(202);
  });

  it('lists only the tenant’s own triggers, oldest first', async () => {
    const tenant = uniqueTenant('trg');
    const other = uniqueTenant('trg');
    const a = await createTrigger(t, tenant, { name: 'a' });
    const b = await createTrigger(t, tenant, { name: 'b' });
    await createTrigger(t, other, { name: 'foreign' });
    const r = await gqlRequest(t.app, LIST, {}, await t.headers(tenant));
    expect(r.data!.triggers).toEqual([
      { id: a.id, name: 'a' },
      { id: b.id, name: 'b' },
    ]);
    expect((await gqlRequest(t.app, LIST, {}, await t.headers(uniqueTenant('empty')))).data!.triggers).toEqual([]);
  });

  it('treats another tenant’s trigger, an unknown and a malformed id as TRIGGER_NOT_FOUND', async () => {
    const owner = uniqueTenant('trg');
    const intruder = await t.headers(uniqueTenant('trg'));
    const created = await createTrigger(t, owner, { name: 'mine', webhookSecret: 'k' });
    for (const id of [created.id, crypto.randomUUID(), 'not-a-uuid']) {
      expect(codeOf(await gqlRequest(t.app, GET, { id }, intruder))).toBe('TRIGGER_NOT_FOUND');
      expect(codeOf(await gqlRequest(t.app, UPDATE, { id, input: { name: 'stolen' } }, intruder))).toBe(
        'TRIGGER_NOT_FOUND',
      );
      expect(codeOf(await gqlRequest(t.app, DELETE, { id }, intruder))).toBe('TRIGGER_NOT_FOUND');
      expect(codeOf(await listEvents(t, intruder['x-tenant-id'], id))).toBe('TRIGGER_NOT_FOUND');
    }
    const still = await gqlRequest(t.app, GET, { id: created.id }, await t.headers(owner));
    expect(still.data!.trigger).toMatchObject({ name: 'mine', hasWebhookSecret: true });
  });

  it('deletes a trigger: true once, TRIGGER_NOT_FOUND after, and its intake path answers 404', async () => {
    const tenant = uniqueTenant('trg');
    const h = await t.headers(tenant);
    const created = await createTrigger(t, tenant, { name: 'short-lived' });
    expect(
      (await t.app.inject({ method: 'POST', url: `/linker/triggers/webhook/${created.id}`, payload: 'x' })).statusCode,
    ).toBe(202);
    expect((await gqlRequest(t.app, DELETE, { id: created.id }, h)).data).toEqual({ deleteTrigger: true });
    expect(codeOf(await gqlRequest(t.app, DELETE, { id: created.id }, h))).toBe('TRIGGER_NOT_FOUND');
    expect(codeOf(await gqlRequest(t.app, GET, { id: created.id }, h))).toBe('TRIGGER_NOT_FOUND');
    expect(codeOf(await listEvents(t, tenant, created.id))).toBe('TRIGGER_NOT_FOUND');
    expect((await gqlRequest(t.app, LIST, {}, h)).data!.triggers).toEqual([]);
    const intake = await t.app.inject({ method: 'POST', url: `/linker/triggers/webhook/${created.id}`, payload: 'x' });
    expect(intake.statusCode).toBe(404);
    expect(intake.json().error.code).toBe('TRIGGER_NOT_FOUND');
  });

  it('requires tenant:admin of the tenant, or admin', async () => {
    const tenant = uniqueTenant('trg');
    const created = await createTrigger(t, tenant, { name: 'guarded' });
    const noToken = await gqlRequest(t.app, LIST, {}, { 'x-tenant-id': tenant });
    expect(codeOf(noToken)).toBe('UNAUTHENTICATED');
    for (const perms of [['analytics:read'], ['data:write'], ['internal']]) {
      expect(codeOf(await gqlRequest(t.app, LIST, {}, await t.headers(tenant, perms)))).toBe('FORBIDDEN');
      expect(codeOf(await gqlRequest(t.app, CREATE, { input: { name: 'x' } }, await t.headers(tenant, perms)))).toBe(
        'FORBIDDEN',
      );
    }
    const otherAdmin = {
      authorization: `Bearer ${await t.token('someone-else', ['tenant:admin'])}`,
      'x-tenant-id': tenant,
    };
    expect(codeOf(await gqlRequest(t.app, GET, { id: created.id }, otherAdmin))).toBe('FORBIDDEN');
    const global = { authorization: `Bearer ${await t.token(undefined, ['admin'])}`, 'x-tenant-id': tenant };
    expect((await gqlRequest(t.app, GET, { id: created.id }, global)).data!.trigger.name).toBe('guarded');
    const noTenant = await gqlRequest(t.app, LIST, {}, { authorization: `Bearer ${await t.token(tenant)}` });
    expect(codeOf(noTenant)).toBe('TENANT_REQUIRED');
  });

  it('pages triggerEvents newest first with cursors, and checks first and after', async () => {
    const tenant = uniqueTenant('trg');
    const created = await createTrigger(t, tenant, { name: 'paged' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/linker/triggers/webhook/${created.id}`,
        payload: `event ${i}`,
        headers: { 'content-type': 'text/plain' },
      });
      ids.push(res.json().data.eventId);
    }
    const p1 = (await listEvents(t, tenant, created.id, 2)).data!.triggerEvents;
    expect(p1.items.map((e: any) => e.body)).toEqual(['event 4', 'event 3']);
    expect(p1.items[0]).toMatchObject({
      id: ids[4],
      triggerId: created.id,
      contentType: 'text/plain',
      signatureVerified: false,
      bodyBase64: Buffer.from('event 4').toString('base64'),
    });
    const p2 = (await listEvents(t, tenant, created.id, 2, p1.nextCursor)).data!.triggerEvents;
    expect(p2.items.map((e: any) => e.id)).toEqual([ids[2], ids[1]]);
    const p3 = (await listEvents(t, tenant, created.id, 2, p2.nextCursor)).data!.triggerEvents;
    expect(p3).toEqual({ items: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    const all = (await listEvents(t, tenant, created.id)).data!.triggerEvents;
    expect(all.items.map((e: any) => e.id)).toEqual([...ids].reverse());
    expect(all.nextCursor).toBeNull();

    for (const first of [0, -1, 501])
      expect(codeOf(await listEvents(t, tenant, created.id, first))).toBe('VALIDATION_FAILED');
    for (const after of ['garbage', 'ZTotMQ', 'eDox', '!!'])
      expect(codeOf(await listEvents(t, tenant, created.id, 2, after))).toBe('VALIDATION_FAILED');
    // A cursor is a position, not a capability: another tenant cannot use it to read.
    expect(codeOf(await listEvents(t, uniqueTenant('trg'), created.id, 2, p1.nextCursor))).toBe('TRIGGER_NOT_FOUND');
  });

  it('ends a page of events early when their bodies pass the page budget', async () => {
    const tenant = uniqueTenant('trg');
    const ctx = { tenantId: tenant, actor: 'test', permissions: new Set(['tenant:admin']) };
    const created = await createTrigger(t, tenant, { name: 'big bodies' });
    const sizes = [1000, 1000, 3000, 1000, 1000];
    for (const [i, size] of sizes.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/linker/triggers/webhook/${created.id}`,
        payload: Buffer.alloc(size, 0x30 + i),
      });
      expect(res.statusCode).toBe(202);
    }
    // A budget of 2500 bytes: two 1000-byte bodies, then the 3000-byte one alone, then two more.
    const { db, services } = t.runtime;
    const service = new TriggerService(
      db.prisma,
      {
        db,
        entities: services.entities,
        actions: new RecordActionApplier(services.entities, services.tenants, services.records),
      },
      2500,
    );
    const pages: number[][] = [];
    let after: string | null = null;
    do {
      const page: Awaited<ReturnType<TriggerService['events']>> = await service.events(ctx, created.id, {
        first: 10,
        after,
      });
      pages.push(page.items.map((e) => e.body.length));
      after = page.nextCursor;
    } while (after);
    expect(pages).toEqual([[1000, 1000], [3000], [1000, 1000]]);
  });
});

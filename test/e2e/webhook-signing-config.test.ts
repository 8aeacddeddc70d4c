import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateSignedWebhookConfigDocument,
  RotateWebhookSecretDocument,
  RotateWebhookSecretWithGraceDocument,
  UpdateWebhookConfigSigningDocument,
  WebhookConfigSigningDocument,
} from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';

const whsec = (bytes: number) => 'whsec_' + crypto.randomBytes(bytes).toString('base64');

describe('signatureScheme and secret rotation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  const stored = async (id: string) =>
    (
      await t.runtime.db.pool.query<{
        secret: string | null;
        signature_scheme: string;
        previous_secret: string | null;
        previous_secret_expires_at: Date | null;
      }>(
        'SELECT secret, signature_scheme, previous_secret, previous_secret_expires_at FROM webhook_configs WHERE id = $1',
        [id],
      )
    ).rows[0];

  const restCreate = async (h: Record<string, string>, extra: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/metadata/entity-webhooks',
      headers: h,
      payload: { entityName: 'orders', events: 'INSERT', webhookUrl: 'https://hooks.test/a', ...extra },
    });

  it('defaults to HOOKGATE_V1 and takes STANDARD_WEBHOOKS only with a whsec_ secret of 24..64 bytes', async () => {
    const h = await t.headers(uniqueTenant());
    const plain = await restCreate(h, { secret: 'plain-secret' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ signatureScheme: 'HOOKGATE_V1', hasSecret: true });

    for (const secret of [
      'plain-secret',
      whsec(23),
      whsec(65),
      'whsec_' + crypto.randomBytes(32).toString('base64url').replace(/[-_]/g, '') + '-_',
      'whsec_' + crypto.randomBytes(32).toString('base64').replace(/=+$/, ''),
      whsec(32).slice(6),
    ]) {
      const bad = await restCreate(h, { signatureScheme: 'STANDARD_WEBHOOKS', secret });
      expect(bad.statusCode, secret).toBe(400);
      expect(bad.json().error.code).toBe('VALIDATION_FAILED');
      expect(bad.json().error.details).toEqual([{ field: 'secret', message: expect.stringContaining('whsec_') }]);
      expect(bad.body).not.toContain(secret);
    }
    const badScheme = await restCreate(h, { signatureScheme: 'SVIX' });
    expect(badScheme.statusCode).toBe(400);
    expect(badScheme.json().error.details).toEqual([{ field: 'signatureScheme', message: expect.any(String) }]);

    for (const bytes of [24, 64]) {
      const secret = whsec(bytes);
      const ok = await restCreate(h, { signatureScheme: ' standard_webhooks ', secret });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ signatureScheme: 'STANDARD_WEBHOOKS', hasSecret: true });
      expect(ok.body).not.toContain(secret.slice(6));
      expect((await stored(ok.json().id)).secret).toBe(secret);
    }
    // No secret yet: allowed; rotateWebhookSecret makes one.
    const unsigned = await restCreate(h, { signatureScheme: 'STANDARD_WEBHOOKS' });
    expect(unsigned.statusCode).toBe(201);
    expect(unsigned.json().hasSecret).toBe(false);
    // Nothing was written by the refused ones.
    const list = await t.app.inject({ method: 'GET', url: '/metadata/entity-webhooks', headers: h });
    expect(list.json().total).toBe(4);
  });

  it('checks the secret that will be stored against the scheme that will be stored on update', async () => {
    const h = await t.headers(uniqueTenant());
    const id = (await restCreate(h, { secret: 'plain-secret' })).json().id;
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/metadata/entity-webhooks/${id}`, headers: h, payload });

    const switchOnly = await put({ signatureScheme: 'STANDARD_WEBHOOKS' });
    expect(switchOnly.statusCode).toBe(400);
    expect(switchOnly.json().error.details[0].field).toBe('signatureScheme');
    expect(switchOnly.body).not.toContain('plain-secret');
    expect(await stored(id)).toMatchObject({ signature_scheme: 'HOOKGATE_V1', secret: 'plain-secret' });

    const secret = whsec(32);
    const both = await put({ signatureScheme: 'STANDARD_WEBHOOKS', secret });
    expect(both.statusCode).toBe(200);
    expect(both.json().signatureScheme).toBe('STANDARD_WEBHOOKS');

    const badSecret = await put({ secret: 'not-a-whsec' });
    expect(badSecret.statusCode).toBe(400);
    expect(badSecret.json().error.details[0].field).toBe('secret');
    expect((await stored(id)).secret).toBe(secret);

    // Back to HOOKGATE_V1: any secret fits; null scheme means the default.
    expect((await put({ signatureScheme: null, secret: 'anything' })).json().signatureScheme).toBe('HOOKGATE_V1');
    // Removing the secret of a STANDARD_WEBHOOKS configuration is allowed (deliveries unsigned).
    expect((await put({ signatureScheme: 'STANDARD_WEBHOOKS', secret: null })).json()).toMatchObject({
      signatureScheme: 'STANDARD_WEBHOOKS',
      hasSecret: false,
    });
    const gql = await gqlRequest(
      t.app,
      UpdateWebhookConfigSigningDocument,
      { id, input: { signatureScheme: 'HOOKGATE_V1' } },
      h,
    );
    expect(gql.data!.updateWebhookConfig.signatureScheme).toBe('HOOKGATE_V1');
  });

  it('rotates with a grace: the old secret is kept until it ends, 0 drops it, a direct secret ends it', async () => {
    const h = await t.headers(uniqueTenant());
    const created = await gqlRequest(
      t.app,
      CreateSignedWebhookConfigDocument,
      {
        input: {
          entityName: 'orders',
          events: ['INSERT'],
          webhookUrl: 'https://hooks.test/a',
          signatureScheme: 'STANDARD_WEBHOOKS',
          secret: whsec(32),
        },
      },
      h,
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createWebhookConfig.id;
    const first = (await stored(id)).secret!;

    const before = Date.now();
    const rotated = await gqlRequest(t.app, RotateWebhookSecretWithGraceDocument, { id, graceSeconds: 3600 }, h);
    const second = rotated.data!.rotateWebhookSecret;
    expect(second).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(() => new Webhook(second)).not.toThrow();
    let row = await stored(id);
    expect(row).toMatchObject({ secret: second, previous_secret: first });
    expect(row.previous_secret_expires_at!.getTime()).toBeGreaterThanOrEqual(before + 3600_000 - 2000);
    expect(row.previous_secret_expires_at!.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000 + 2000);
    const shown = await gqlRequest(t.app, WebhookConfigSigningDocument, { id }, h);
    expect(shown.data!.webhookConfig.previousSecretExpiresAt).toBe(row.previous_secret_expires_at!.toISOString());
    const rest = await t.app.inject({ method: 'GET', url: `/metadata/entity-webhooks/${id}`, headers: h });
    expect(rest.body).not.toContain(first.slice(6));
    expect(rest.body).not.toContain(second.slice(6));

    // Default grace: one day; a rotation during a grace keeps only the secret it replaces.
    const third = (await gqlRequest(t.app, RotateWebhookSecretDocument, { id }, h)).data!.rotateWebhookSecret;
    row = await stored(id);
    expect(row).toMatchObject({ secret: third, previous_secret: second });
    expect(row.previous_secret_expires_at!.getTime()).toBeGreaterThan(Date.now() + 86_400_000 - 60_000);

    // Grace 0: the old secret is gone at once.
    const fourth = (await gqlRequest(t.app, RotateWebhookSecretWithGraceDocument, { id, graceSeconds: 0 }, h)).data!
      .rotateWebhookSecret;
    expect(await stored(id)).toMatchObject({ secret: fourth, previous_secret: null, previous_secret_expires_at: null });
    expect((await gqlRequest(t.app, WebhookConfigSigningDocument, { id }, h)).data!.webhookConfig).toMatchObject({
      previousSecretExpiresAt: null,
      hasSecret: true,
    });

    // A secret set directly ends a grace.
    await gqlRequest(t.app, RotateWebhookSecretWithGraceDocument, { id, graceSeconds: 600 }, h);
    expect((await stored(id)).previous_secret).not.toBeNull();
    const direct = whsec(40);
    const upd = await gqlRequest(t.app, UpdateWebhookConfigSigningDocument, { id, input: { secret: direct } }, h);
    expect(upd.data!.updateWebhookConfig.previousSecretExpiresAt).toBeNull();
    expect(await stored(id)).toMatchObject({ secret: direct, previous_secret: null, previous_secret_expires_at: null });

    // An unrelated update keeps a grace running.
    await gqlRequest(t.app, RotateWebhookSecretWithGraceDocument, { id, graceSeconds: 600 }, h);
    await t.app.inject({
      method: 'PUT',
      url: `/metadata/entity-webhooks/${id}`,
      headers: h,
      payload: { timeoutMs: 500 },
    });
    expect((await stored(id)).previous_secret).toBe(direct);
  });

  it('makes a plain random secret for HOOKGATE_V1, validates graceSeconds and hides foreign ids', async () => {
    const h = await t.headers(uniqueTenant());
    const id = (await restCreate(h, {})).json().id;
    const secret = (await gqlRequest(t.app, RotateWebhookSecretWithGraceDocument, { id, graceSeconds: 60 }, h)).data!
      .rotateWebhookSecret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // There was no secret before: nothing to keep.
    expect(await stored(id)).toMatchObject({ secret, previous_secret: null });

    for (const graceSeconds of [-1, 2_592_001]) {
      const bad = await gqlRequest(t.app, RotateWebhookSecretWithGraceDocument, { id, graceSeconds }, h);
      expect(codes(bad)).toEqual(['VALIDATION_FAILED']);
      expect(bad.errors![0].extensions!.details).toEqual([{ field: 'graceSeconds', message: expect.any(String) }]);
    }
    expect((await stored(id)).secret).toBe(secret);
    const max = await gqlRequest(t.app, RotateWebhookSecretWithGraceDocument, { id, graceSeconds: 2_592_000 }, h);
    expect(max.errors).toBeUndefined();

    const other = await t.headers(uniqueTenant());
    const foreign = await gqlRequest(t.app, RotateWebhookSecretWithGraceDocument, { id, graceSeconds: 0 }, other);
    expect(codes(foreign)).toEqual(['WEBHOOK_CONFIG_NOT_FOUND']);
    const unknown = await gqlRequest(t.app, RotateWebhookSecretDocument, { id: 'not-a-uuid' }, h);
    expect(codes(unknown)).toEqual(['WEBHOOK_CONFIG_NOT_FOUND']);
    const forbidden = await gqlRequest(
      t.app,
      RotateWebhookSecretDocument,
      { id },
      await t.headers(uniqueTenant(), ['analytics:read']),
    );
    expect(codes(forbidden)).toEqual(['FORBIDDEN']);
  });
});

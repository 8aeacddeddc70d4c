import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateWebhookConfigDocument,
  DeleteWebhookConfigDocument,
  RotateWebhookSecretDocument,
  UpdateWebhookConfigDocument,
  WebhookConfigDocument,
  WebhookConfigsByEntityDocument,
  WebhookConfigsDocument,
} from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';

describe('webhook configurations over GraphQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  it('creates, reads, updates, rotates the secret and deletes, with the same rules as REST', async () => {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    const created = await gqlRequest(
      t.app,
      CreateWebhookConfigDocument,
      { input: { entityName: 'orders', events: ['UPDATE', 'INSERT', 'UPDATE'], webhookUrl: 'http://hooks.test/a' } },
      h,
    );
    expect(created.errors).toBeUndefined();
    const cfg = created.data!.createWebhookConfig;
    expect(cfg).toMatchObject({
      tenantId: tenant,
      events: ['UPDATE', 'INSERT'],
      httpMethod: 'POST',
      timeoutMs: 3000,
      maxRetries: 3,
      backoffInitialSeconds: 5,
      backoffFactor: 2,
      enabled: true,
      hasSecret: false,
      createdBy: 'test-user',
    });
    expect(cfg.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // REST sees the same configuration.
    const rest = await t.app.inject({ method: 'GET', url: `/metadata/entity-webhooks/${cfg.id}`, headers: h });
    expect(rest.json().events).toBe('UPDATE,INSERT');

    const updated = await gqlRequest(t.app, UpdateWebhookConfigDocument, { id: cfg.id, input: { enabled: false } }, h);
    expect(updated.data!.updateWebhookConfig).toMatchObject({
      enabled: false,
      webhookUrl: 'http://hooks.test/a',
      events: ['UPDATE', 'INSERT'],
    });

    const rotated = await gqlRequest(t.app, RotateWebhookSecretDocument, { id: cfg.id }, h);
    const secret = rotated.data!.rotateWebhookSecret;
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const after = await gqlRequest(t.app, WebhookConfigDocument, { id: cfg.id }, h);
    expect(after.data!.webhookConfig.hasSecret).toBe(true);
    const stored = await t.runtime.db.pool.query('SELECT secret FROM webhook_configs WHERE id = $1', [cfg.id]);
    expect(stored.rows[0].secret).toBe(secret);

    const byEntity = await gqlRequest(t.app, WebhookConfigsByEntityDocument, { entityName: 'orders' }, h);
    expect(byEntity.data!.webhookConfigsByEntity.map((c) => c.id)).toEqual([cfg.id]);

    expect((await gqlRequest(t.app, DeleteWebhookConfigDocument, { id: cfg.id }, h)).data!.deleteWebhookConfig).toBe(
      true,
    );
    const gone = await gqlRequest(t.app, WebhookConfigDocument, { id: cfg.id }, h);
    expect(gone.data).toBeNull();
    expect(codes(gone)).toEqual(['WEBHOOK_CONFIG_NOT_FOUND']);
    expect(codes(await gqlRequest(t.app, DeleteWebhookConfigDocument, { id: cfg.id }, h))).toEqual([
      'WEBHOOK_CONFIG_NOT_FOUND',
    ]);
  });

  it('pages and sorts with the enums and reports validation errors with details', async () => {
    const h = await t.headers(uniqueTenant());
    for (const name of ['c', 'a', 'b']) {
      await gqlRequest(
        t.app,
        CreateWebhookConfigDocument,
        { input: { entityName: name, events: ['DELETE'], webhookUrl: `https://x.test/${name}` } },
        h,
      );
    }
    const page = await gqlRequest(
      t.app,
      WebhookConfigsDocument,
      { page: 1, pageSize: 2, sortBy: 'ENTITY_NAME', sortDirection: 'ASC' },
      h,
    );
    expect(page.data!.webhookConfigs).toMatchObject({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    expect(page.data!.webhookConfigs.items.map((i) => i.entityName)).toEqual(['a', 'b']);

    const bad = await gqlRequest(
      t.app,
      CreateWebhookConfigDocument,
      { input: { entityName: 'a', events: ['INSERT'], webhookUrl: 'nope', timeoutMs: 0 } },
      h,
    );
    expect(codes(bad)).toEqual(['VALIDATION_FAILED']);
    expect(bad.errors![0].extensions!.details!.map((d) => d.field).sort()).toEqual(['timeoutMs', 'webhookUrl']);
    const badHeaders = await gqlRequest(
      t.app,
      CreateWebhookConfigDocument,
      { input: { entityName: 'a', events: ['INSERT'], webhookUrl: 'https://x.test', headersJson: '{' } },
      h,
    );
    expect(codes(badHeaders)).toEqual(['WEBHOOK_HEADERS_INVALID']);
    const badPage = await gqlRequest(t.app, WebhookConfigsDocument, { pageSize: 1000 }, h);
    expect(codes(badPage)).toEqual(['VALIDATION_FAILED']);
    const badEnum = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...h, 'content-type': 'application/json' },
      payload: {
        query: 'mutation($i: CreateWebhookConfigInput!) { createWebhookConfig(input: $i) { id } }',
        variables: { i: { entityName: 'a', events: ['TRUNCATE'], webhookUrl: 'https://x.test' } },
      },
    });
    expect(badEnum.json().errors[0].extensions.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(badEnum.json())).not.toMatch(/stacktrace|at Object\./);
    expect((await gqlRequest(t.app, WebhookConfigsDocument, {}, h)).data!.webhookConfigs.total).toBe(3);
  });

  it('authenticates and isolates tenants', async () => {
    const a = uniqueTenant();
    const hA = await t.headers(a);
    const cfg = (
      await gqlRequest(
        t.app,
        CreateWebhookConfigDocument,
        { input: { entityName: 'x', events: ['INSERT'], webhookUrl: 'https://x.test' } },
        hA,
      )
    ).data!.createWebhookConfig;
    expect(codes(await gqlRequest(t.app, WebhookConfigDocument, { id: cfg.id }, { 'x-tenant-id': a }))).toEqual([
      'UNAUTHENTICATED',
    ]);
    expect(
      codes(await gqlRequest(t.app, WebhookConfigDocument, { id: cfg.id }, { authorization: hA.authorization })),
    ).toEqual(['TENANT_REQUIRED']);
    expect(
      codes(await gqlRequest(t.app, WebhookConfigDocument, { id: cfg.id }, { ...hA, 'x-tenant-id': uniqueTenant() })),
    ).toEqual(['FORBIDDEN']);
    const hB = await t.headers(uniqueTenant());
    expect(codes(await gqlRequest(t.app, WebhookConfigDocument, { id: cfg.id }, hB))).toEqual([
      'WEBHOOK_CONFIG_NOT_FOUND',
    ]);
    expect(
      codes(await gqlRequest(t.app, UpdateWebhookConfigDocument, { id: cfg.id, input: { enabled: false } }, hB)),
    ).toEqual(['WEBHOOK_CONFIG_NOT_FOUND']);
    expect(codes(await gqlRequest(t.app, RotateWebhookSecretDocument, { id: cfg.id }, hB))).toEqual([
      'WEBHOOK_CONFIG_NOT_FOUND',
    ]);
    expect((await gqlRequest(t.app, WebhookConfigsDocument, {}, hB)).data!.webhookConfigs.total).toBe(0);
    expect((await gqlRequest(t.app, WebhookConfigDocument, { id: cfg.id }, hA)).data!.webhookConfig.enabled).toBe(true);
  });
});

describe('GraphQL over GET', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  it('answers queries sent as GET with the usual headers, and refuses mutations over GET', async () => {
    const h = await t.headers(uniqueTenant());
    const query = encodeURIComponent('{ webhookConfigs { total } }');
    const res = await t.app.inject({ method: 'GET', url: `/graphql?query=${query}`, headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { webhookConfigs: { total: 0 } } });
    const mutation = encodeURIComponent('mutation { deleteWebhookConfig(id: "x") }');
    const refused = await t.app.inject({ method: 'GET', url: `/graphql?query=${mutation}`, headers: h });
    expect(refused.statusCode).toBe(405);
    // Without any non-simple header a GET could be a cross-site request: refused.
    const simple = await t.app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent('{ __typename }')}` });
    expect(simple.statusCode).toBe(400);
  });
});

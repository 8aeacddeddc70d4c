import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CreateSignedWebhookConfigDocument,
  RotateWebhookSecretDocument,
  SendTestDeliveryDocument,
} from '../generated/graphql';
import { Receiver, verifySignature } from '../dispatcher/receiver';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** One field of every type an entity field can have. */
const FIELDS = [
  { name: 'id', type: 'STRING' },
  { name: 'quantity', type: 'INTEGER' },
  { name: 'weight', type: 'FLOAT' },
  { name: 'price', type: 'DECIMAL' },
  { name: 'paid', type: 'BOOLEAN' },
  { name: 'created_at', type: 'TIMESTAMP' },
  { name: 'due_on', type: 'DATE' },
  { name: 'extra', type: 'JSON' },
];

/** Whether a payload value is of the field type's JSON form, checked here independently of the service. */
function ofType(type: string, v: unknown): boolean {
  switch (type) {
    case 'STRING':
      return typeof v === 'string';
    case 'INTEGER':
      return Number.isSafeInteger(v);
    case 'FLOAT':
    case 'DECIMAL':
      return typeof v === 'number' && Number.isFinite(v);
    case 'BOOLEAN':
      return typeof v === 'boolean';
    case 'TIMESTAMP':
      return typeof v === 'string' && ISO_MS.test(v);
    case 'DATE':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
    case 'JSON':
      return v !== null && v !== undefined;
    default:
      return false;
  }
}

const whsec = () => 'whsec_' + crypto.randomBytes(32).toString('base64');

describe('test sends', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.react = () => ({ status: 204 });
  });

  async function tenantWithEntity() {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    const res = await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: h,
      payload: { name: 'orders', fields: FIELDS, primaryKey: 'id', timeField: 'created_at' },
    });
    expect(res.statusCode).toBe(201);
    return { tenant, h };
  }

  async function createConfig(h: Record<string, string>, fields: Record<string, unknown>): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/metadata/entity-webhooks',
      headers: h,
      payload: { entityName: 'orders', events: 'INSERT', webhookUrl: `${receiver.url}/hook`, ...fields },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }

  /** Rows of the tenant's outbox and attempt log: a test send writes neither. */
  async function outboxRows(tenant: string): Promise<{ records: number; attempts: number }> {
    const schema = await t.runtime.services.tenants.ensure(tenant);
    const { rows } = await t.runtime.db.pool.query<{ records: number; attempts: number }>(
      `SELECT (SELECT count(*) FROM "${schema}".mutation_webhook_outbox)::int AS records,
              (SELECT count(*) FROM "${schema}".delivery_attempts)::int AS attempts`,
    );
    return rows[0];
  }

  it('REST: sends a signed example record of every field type, with the configured method and headers, to a disabled configuration', async () => {
    const { tenant, h } = await tenantWithEntity();
    const secret = 'test-send-secret-0123456789';
    const id = await createConfig(h, {
      httpMethod: 'put',
      enabled: false,
      secret,
      headersJson: JSON.stringify({ 'X-Custom': 'yes', 'X-Hookgate-Signature': 'v1=forged' }),
    });
    receiver.react = () => ({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok, thanks' });

    const res = await t.app.inject({
      method: 'POST',
      url: `/metadata/entity-webhooks/${id}/test`,
      headers: { ...h, 'x-request-id': 'test-send-request-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const attempt = res.json();
    expect(attempt).toEqual({
      attemptNumber: 1,
      startedAt: expect.stringMatching(ISO_MS),
      durationMs: expect.any(Number),
      statusCode: 200,
      error: null,
      responseBody: 'ok, thanks',
    });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(0);

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0];
    expect(got.method).toBe('PUT');
    expect(got.path).toBe('/hook');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-custom']).toBe('yes');
    expect(got.headers['x-hookgate-signature']).not.toContain('forged');
    expect(verifySignature(secret, got)).toBe(true);
    expect(Math.abs(Number(got.headers['x-hookgate-timestamp']) - Date.now() / 1000)).toBeLessThan(60);

    const payload = JSON.parse(got.body);
    expect(Object.keys(payload)).toEqual([
      'eventId',
      'tenantId',
      'entityName',
      'operation',
      'requestId',
      'writeRequestId',
      'occurredAt',
      'data',
      'previous',
    ]);
    expect(payload).toMatchObject({
      eventId: expect.stringMatching(UUID),
      tenantId: tenant,
      entityName: 'orders',
      operation: 'TEST',
      requestId: got.headers['x-hookgate-request-id'],
      writeRequestId: 'test-send-request-1',
      occurredAt: expect.stringMatching(ISO_MS),
      previous: null,
    });
    expect(payload.requestId).toMatch(UUID);
    expect(Object.keys(payload.data).sort()).toEqual(FIELDS.map((f) => f.name).sort());
    for (const f of FIELDS) expect(ofType(f.type, payload.data[f.name]), `${f.name} ${f.type}`).toBe(true);

    // The backend path does the same; each send has fresh ids.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/entity-webhooks/${id}/test`,
      headers: h,
      payload: {},
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().statusCode).toBe(200);
    expect(receiver.received).toHaveLength(2);
    const second = JSON.parse(receiver.received[1].body);
    expect(second.requestId).not.toBe(payload.requestId);
    expect(second.eventId).not.toBe(payload.eventId);
    expect(second.writeRequestId).toBe(again.headers['x-request-id']);

    expect(await outboxRows(tenant)).toEqual({ records: 0, attempts: 0 });
    // Still disabled: testing changes nothing about the configuration.
    const config = await t.app.inject({ method: 'GET', url: `/metadata/entity-webhooks/${id}`, headers: h });
    expect(config.json().enabled).toBe(false);
  });

  it('GraphQL: sends the given data with Standard Webhooks signatures (both during a rotation) and reports a 500 with its body', async () => {
    const { tenant, h } = await tenantWithEntity();
    const oldSecret = whsec();
    const created = await gqlRequest(
      t.app,
      CreateSignedWebhookConfigDocument,
      {
        input: {
          entityName: 'orders',
          events: ['INSERT'],
          webhookUrl: `${receiver.url}/standard`,
          signatureScheme: 'STANDARD_WEBHOOKS',
          secret: oldSecret,
        },
      },
      h,
    );
    expect(created.errors).toBeUndefined();
    const id = created.data!.createWebhookConfig.id;
    const rotated = await gqlRequest(t.app, RotateWebhookSecretDocument, { id }, h);
    expect(rotated.errors).toBeUndefined();
    const newSecret = rotated.data!.rotateWebhookSecret;

    receiver.react = () => ({ status: 500, body: 'receiver exploded' });
    const data = { id: 'order-7', note: 'given by the caller', nested: { a: [1, 2] } };
    const res = await gqlRequest(t.app, SendTestDeliveryDocument, { webhookConfigId: id, data }, h);
    expect(res.errors).toBeUndefined();
    expect(res.data!.sendTestDelivery).toEqual({
      attemptNumber: 1,
      startedAt: expect.stringMatching(ISO_MS),
      durationMs: expect.any(Number),
      statusCode: 500,
      error: 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 500',
      responseBody: 'receiver exploded',
    });

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0];
    expect(got.method).toBe('POST');
    expect(got.headers['x-hookgate-signature']).toBeUndefined();
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    const headers = got.headers as Record<string, string>;
    for (const secret of [newSecret, oldSecret]) {
      const verified = new Webhook(secret).verify(got.body, headers) as Record<string, unknown>;
      expect(verified.operation).toBe('TEST');
    }
    const payload = JSON.parse(got.body);
    expect(payload.data).toEqual(data);
    expect(payload.previous).toBeNull();
    expect(payload.requestId).toBe(got.headers['webhook-id']);
    expect(payload.tenantId).toBe(tenant);

    expect(await outboxRows(tenant)).toEqual({ records: 0, attempts: 0 });
  });

  it('an endpoint that never answers ends at the timeout with no status', async () => {
    const { tenant, h } = await tenantWithEntity();
    const id = await createConfig(h, { timeoutMs: 500 });
    receiver.react = () => ({ hang: true });

    const res = await t.app.inject({ method: 'POST', url: `/metadata/entity-webhooks/${id}/test`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    const attempt = res.json();
    expect(attempt.statusCode).toBeNull();
    expect(attempt.responseBody).toBeNull();
    expect(attempt.error).toMatch(/^WEBHOOK_DELIVERY_RETRYABLE: timeout after 500 ms/);
    expect(attempt.durationMs).toBeGreaterThanOrEqual(450);
    expect(attempt.durationMs).toBeLessThan(5000);
    expect(receiver.received).toHaveLength(1);
    expect(await outboxRows(tenant)).toEqual({ records: 0, attempts: 0 });
  });

  it('an entity not defined sends an empty data object', async () => {
    const h = await t.headers(uniqueTenant());
    const id = await createConfig(h, { entityName: 'not_defined_yet' });
    const res = await t.app.inject({ method: 'POST', url: `/metadata/entity-webhooks/${id}/test`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().statusCode).toBe(204);
    const payload = JSON.parse(receiver.received[0].body);
    expect(payload).toMatchObject({ entityName: 'not_defined_yet', operation: 'TEST', data: {}, previous: null });
  });

  it("an $operations configuration without data sends the event catalog's example data of its first kind", async () => {
    const h = await t.headers(uniqueTenant());
    const secret = 'operations-test-secret-0123456789';
    // Not the catalog's first kind: the configuration's own order decides.
    const id = await createConfig(h, { entityName: '$operations', events: 'CIRCUIT_OPENED,DELIVERY_DEAD', secret });
    const catalog = await t.app.inject({ method: 'GET', url: '/metadata/event-catalog', headers: h });
    expect(catalog.statusCode, catalog.body).toBe(200);
    const example = catalog
      .json()
      .data.find((e: any) => e.entityName === '$operations' && e.operation === 'CIRCUIT_OPENED').example.data;
    expect(example).toMatchObject({ consecutiveFailures: expect.any(Number) });

    const res = await t.app.inject({ method: 'POST', url: `/metadata/entity-webhooks/${id}/test`, headers: h });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().statusCode).toBe(204);
    expect(receiver.received).toHaveLength(1);
    expect(verifySignature(secret, receiver.received[0])).toBe(true);
    const payload = JSON.parse(receiver.received[0].body);
    expect(payload).toMatchObject({ entityName: '$operations', operation: 'TEST', previous: null });
    expect(payload.data).toEqual(example);
  });

  it('unknown, deleted and foreign ids are 404 WEBHOOK_CONFIG_NOT_FOUND; data that is not an object is 400', async () => {
    const { h } = await tenantWithEntity();
    const other = await t.headers(uniqueTenant());
    const id = await createConfig(h, {});
    const foreignId = await createConfig(other, {});
    const deleted = await createConfig(h, {});
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/metadata/entity-webhooks/${deleted}`, headers: h })).statusCode,
    ).toBe(204);

    for (const missing of [crypto.randomUUID(), 'not-a-uuid', foreignId, deleted]) {
      const res = await t.app.inject({ method: 'POST', url: `/metadata/entity-webhooks/${missing}/test`, headers: h });
      expect(res.statusCode, missing).toBe(404);
      expect(res.json().error.code).toBe('WEBHOOK_CONFIG_NOT_FOUND');
      const gql = await gqlRequest(t.app, SendTestDeliveryDocument, { webhookConfigId: missing }, h);
      expect(codes(gql)).toEqual(['WEBHOOK_CONFIG_NOT_FOUND']);
    }

    for (const payload of [{ data: [1, 2] }, { data: 'text' }, { data: 5 }, [{ data: {} }]]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/metadata/entity-webhooks/${id}/test`,
        headers: h,
        payload: payload as object,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details).toEqual([
        { field: expect.stringMatching(/^(data|body)$/), message: expect.any(String) },
      ]);
    }
    for (const data of [[1], 'text', 7, true]) {
      const gql = await gqlRequest(t.app, SendTestDeliveryDocument, { webhookConfigId: id, data }, h);
      expect(codes(gql), JSON.stringify(data)).toEqual(['VALIDATION_FAILED']);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('needs tenant:admin or admin', async () => {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    const id = await createConfig(h, {});
    const reader = await t.headers(tenant, ['analytics:read']);
    const res = await t.app.inject({ method: 'POST', url: `/metadata/entity-webhooks/${id}/test`, headers: reader });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(codes(await gqlRequest(t.app, SendTestDeliveryDocument, { webhookConfigId: id }, reader))).toEqual([
      'FORBIDDEN',
    ]);
    const admin = await t.headers(tenant, ['admin']);
    const ok = await t.app.inject({ method: 'POST', url: `/metadata/entity-webhooks/${id}/test`, headers: admin });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(receiver.received).toHaveLength(1);
  });
});

describe('test sends to private targets when they are not allowed', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('are refused before any request, the error naming the code and the host', async () => {
    const h = await t.headers(uniqueTenant());
    const created = await t.app.inject({
      method: 'POST',
      url: '/metadata/entity-webhooks',
      headers: h,
      payload: { entityName: 'orders', events: 'INSERT', webhookUrl: `${receiver.url}/hook` },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/metadata/entity-webhooks/${created.json().id}/test`,
      headers: h,
    });
    expect(res.statusCode, res.body).toBe(200);
    const attempt = res.json();
    expect(attempt.statusCode).toBeNull();
    expect(attempt.responseBody).toBeNull();
    expect(attempt.error).toMatch(/^WEBHOOK_TARGET_FORBIDDEN: /);
    expect(attempt.error).toContain('127.0.0.1');
    expect(receiver.received).toHaveLength(0);
  });
});

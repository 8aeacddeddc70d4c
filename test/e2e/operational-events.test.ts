import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import {
  CreateOperationsWebhookConfigDocument,
  OutboxRecordsDocument,
  UpdateOperationsWebhookConfigDocument,
  WebhookConfigsByEntityDocument,
} from '../generated/graphql';
import { makeDueNow, outboxRows } from '../dispatcher/fixtures';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver, verifySignature } from '../dispatcher/receiver';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';
import { clientSignature, createTrigger, nowSeconds } from './trigger-helpers';

/**
 * `$operations` configurations through REST and GraphQL, and the TRIGGER_ACTION_FAILED notice of
 * a RECORD trigger's bad bodies: written with the events, one per trigger and minute, due at the
 * minute's end, delivered signed to a real receiver and valid against its event catalog entry.
 */
const PREFIX = 'opev';
const TRIGGER_SECRET = 'operations-trigger-secret';
const OPS_SECRET = 'operations-receiver-secret';

describe('operational events: configurations and trigger notices', () => {
  let t: TestApp;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
    receiver = await Receiver.start();
    dispatcher = startDispatcher(t, PREFIX);
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
  });

  const rest = async (tenant: string, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: await t.headers(tenant), payload });

  it('REST: takes the operational kinds in events, and refuses entity kinds there and operationalEvents elsewhere', async () => {
    const tenant = uniqueTenant(PREFIX);
    const made = await rest(tenant, 'POST', '/metadata/entity-webhooks', {
      entityName: '$operations',
      events: ' delivery_dead, CIRCUIT_OPENED,delivery_dead ',
      webhookUrl: `${receiver.url}/ops`,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ entityName: '$operations', events: 'DELIVERY_DEAD,CIRCUIT_OPENED' });

    const updated = await rest(tenant, 'PUT', `/metadata/entity-webhooks/${made.json().id}`, {
      events: 'CIRCUIT_CLOSED',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().events).toBe('CIRCUIT_CLOSED');

    const bad = [
      [{ entityName: '$operations', events: 'INSERT' }, 'events'],
      [{ entityName: '$operations' }, 'operationalEvents'],
      [{ entityName: '$operations', events: '' }, 'events'],
      [{ entityName: 'orders', events: 'INSERT', operationalEvents: 'DELIVERY_DEAD' }, 'operationalEvents'],
      [{ entityName: 'orders', events: 'DELIVERY_DEAD' }, 'events'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await rest(tenant, 'POST', '/metadata/entity-webhooks', { webhookUrl: `${receiver.url}/x`, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    const entityUpdate = await rest(tenant, 'PUT', `/metadata/entity-webhooks/${made.json().id}`, { events: 'INSERT' });
    expect(entityUpdate.statusCode).toBe(400);
    // Nothing of the refused writes was stored.
    const list = await rest(tenant, 'GET', '/metadata/entity-webhooks');
    expect(list.json().items.map((c: { events: string }) => c.events)).toEqual(['CIRCUIT_CLOSED']);
  });

  it('GraphQL: operationalEvents on $operations configurations, null on entity ones, VALIDATION_FAILED elsewhere', async () => {
    const tenant = uniqueTenant(PREFIX);
    const h = await t.headers(tenant);
    const made = await gqlRequest(
      t.app,
      CreateOperationsWebhookConfigDocument,
      {
        input: {
          entityName: '$operations',
          operationalEvents: ['TRIGGER_ACTION_FAILED' as never],
          webhookUrl: `${receiver.url}/ops`,
        },
      },
      h,
    );
    expect(made.errors).toBeUndefined();
    expect(made.data!.createWebhookConfig).toMatchObject({ events: [], operationalEvents: ['TRIGGER_ACTION_FAILED'] });
    const id = made.data!.createWebhookConfig.id;

    const moved = await gqlRequest(
      t.app,
      UpdateOperationsWebhookConfigDocument,
      { id, input: { operationalEvents: ['DELIVERY_DEAD' as never, 'CIRCUIT_CLOSED' as never] } },
      h,
    );
    expect(moved.data!.updateWebhookConfig.operationalEvents).toEqual(['DELIVERY_DEAD', 'CIRCUIT_CLOSED']);

    const entity = await gqlRequest(
      t.app,
      CreateOperationsWebhookConfigDocument,
      { input: { entityName: 'orders', events: ['INSERT' as never], webhookUrl: `${receiver.url}/orders` } },
      h,
    );
    expect(entity.data!.createWebhookConfig.operationalEvents).toBeNull();

    const refused = await gqlRequest(
      t.app,
      CreateOperationsWebhookConfigDocument,
      {
        input: {
          entityName: 'orders',
          events: ['INSERT' as never],
          operationalEvents: ['DELIVERY_DEAD' as never],
          webhookUrl: `${receiver.url}/orders`,
        },
      },
      h,
    );
    expect(codes(refused)).toEqual(['VALIDATION_FAILED']);
    expect(refused.errors![0].extensions!.details!.map((d) => d.field)).toEqual(['operationalEvents']);
    const noKinds = await gqlRequest(
      t.app,
      CreateOperationsWebhookConfigDocument,
      { input: { entityName: '$operations', webhookUrl: `${receiver.url}/ops` } },
      h,
    );
    expect(codes(noKinds)).toEqual(['VALIDATION_FAILED']);
    const byEntity = await gqlRequest(t.app, WebhookConfigsByEntityDocument, { entityName: '$operations' }, h);
    expect(byEntity.data!.webhookConfigsByEntity.map((c) => c.id)).toEqual([id]);
  });

  /** A tenant with entity `orders`, an `$operations` configuration for TRIGGER_ACTION_FAILED and a RECORD trigger; `post` sends it a signed body. */
  async function recordTriggerTenant(input: Record<string, unknown> = {}) {
    const tenant = uniqueTenant(PREFIX);
    const h = await t.headers(tenant);
    const entity = await rest(tenant, 'POST', '/metadata/entities', {
      name: 'orders',
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'amount', type: 'FLOAT' },
      ],
      primaryKey: 'id',
    });
    expect(entity.statusCode, entity.body).toBe(201);
    const ops = await rest(tenant, 'POST', '/metadata/entity-webhooks', {
      entityName: '$operations',
      events: 'TRIGGER_ACTION_FAILED',
      webhookUrl: `${receiver.url}/ops/${tenant}`,
      secret: OPS_SECRET,
    });
    expect(ops.statusCode, ops.body).toBe(201);
    const trigger = await createTrigger(t, tenant, {
      name: 'orders in',
      webhookSecret: TRIGGER_SECRET,
      action: 'RECORD' as never,
      recordEntity: 'orders',
      ...input,
    });
    const post = async (body: string) => {
      const ts = String(nowSeconds());
      const res = await t.app.inject({
        method: 'POST',
        url: `/linker/triggers/webhook/${trigger.id}`,
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-timestamp': ts,
          'x-signature': clientSignature(TRIGGER_SECRET, ts, body),
        },
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json().data.eventId as string;
    };
    return { tenant, h, trigger, post };
  }

  const noticesOf = async (tenant: string) =>
    (await outboxRows(t.runtime.services, tenant)).filter((r) => r.entity_name === '$operations');

  it('a RECORD trigger whose bodies give no records: one TRIGGER_ACTION_FAILED notice per minute, delivered signed', async () => {
    const { tenant, h, trigger, post } = await recordTriggerTenant();
    const failedIds = [await post('not json'), await post('{"amount": 3}')];
    await post('{"id": "o-1", "amount": 3}');

    const notices = await noticesOf(tenant);
    const minutes = new Set(
      notices.map((n) => Math.floor(Date.parse(JSON.parse(n.payload_json).data.firstAt) / 60_000)),
    );
    // One per minute the failures fell in (two, if they straddled a minute's end).
    expect(notices).toHaveLength(minutes.size);
    const data = notices.map((n) => JSON.parse(n.payload_json).data);
    expect(data.flatMap((d) => d.triggerEventIds).sort()).toEqual([...failedIds].sort());
    expect(data.reduce((sum, d) => sum + d.count, 0)).toBe(2);
    for (const n of notices) {
      const d = JSON.parse(n.payload_json).data;
      expect(n.operation).toBe('TRIGGER_ACTION_FAILED');
      expect(d.triggerId).toBe(trigger.id);
      // Due at the end of the minute its first failure fell in.
      expect(n.next_retry_at.getTime()).toBe(Math.floor(Date.parse(d.firstAt) / 60_000) * 60_000 + 60_000);
    }
    expect(data.at(-1).actionError).toMatch(/id/);

    // Delivered like any record once due (moved forward here rather than waiting for the minute's end).
    await makeDueNow(
      t.runtime.services,
      tenant,
      notices.map((n) => n.id),
    );
    const arrived = await eventually(async () => {
      const got = receiver.received.filter((r) => r.path === `/ops/${tenant}`);
      return got.length === notices.length ? got : undefined;
    });
    const catalog = (await rest(tenant, 'GET', '/metadata/event-catalog')).json().data as Array<{
      entityName: string;
      operation: string;
      schema: object;
    }>;
    const schema = catalog.find(
      (e) => e.entityName === '$operations' && e.operation === 'TRIGGER_ACTION_FAILED',
    )!.schema;
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats(ajv);
    for (const r of arrived) {
      expect(verifySignature(OPS_SECRET, r)).toBe(true);
      const body = JSON.parse(r.body);
      expect(ajv.validate(schema, body), ajv.errorsText()).toBe(true);
      expect(body).toMatchObject({
        entityName: '$operations',
        operation: 'TRIGGER_ACTION_FAILED',
        writeRequestId: null,
        previous: null,
      });
      expect(r.requestId).toBe(body.requestId);
    }
    // Settled just after the receiver answered: wait for the settle, not only the arrival.
    const listed = await eventually(async () => {
      const page = await gqlRequest(t.app, OutboxRecordsDocument, { entityName: '$operations' }, h);
      const items = page.data!.outboxRecords.items.map((i) => [i.operation, i.status]);
      return items.every(([, status]) => status === 'DELIVERED') ? items : undefined;
    });
    expect(listed).toEqual(notices.map(() => ['TRIGGER_ACTION_FAILED', 'DELIVERED']));
  });

  it('events failing in the database (duplicate keys of INSERT) are counted too, concurrent intake or not', async () => {
    const { tenant, trigger, post } = await recordTriggerTenant({ recordOperation: 'INSERT' });
    const ids = ['a', 'b', 'a', 'c', 'a', 'b'];
    await Promise.all(ids.map((id, i) => post(JSON.stringify({ id, amount: i }))));
    const { rows: failed } = await t.runtime.db.pool.query<{ id: string }>(
      `SELECT id FROM trigger_events WHERE trigger_id = $1 AND action_status = 'FAILED'`,
      [trigger.id],
    );
    expect(failed).toHaveLength(3);
    const data = (await noticesOf(tenant)).map((n) => JSON.parse(n.payload_json).data);
    expect(data.flatMap((d) => d.triggerEventIds).sort()).toEqual(failed.map((f) => f.id).sort());
    expect(data.reduce((sum, d) => sum + d.count, 0)).toBe(3);
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import { RetryTriggerEventDocument, TriggerEventActionsDocument, UpdateTriggerDocument } from '../generated/graphql';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';
import { clientSignature, createTrigger, nowSeconds, postSigned } from './trigger-helpers';

/**
 * Trigger action RECORD: an accepted event's body becomes records of an entity in the same
 * commit, with their outbox records (delivered by a real dispatcher to a real receiver), visible
 * to analytics; a body that gives no records is stored FAILED with nothing else written, and
 * retryTriggerEvent applies it once the entity is fixed.
 */
const PREFIX = 'irec';
const SECRET = 'record-trigger-secret';

describe('RECORD triggers', () => {
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

  /** A tenant with entity `orders` (id, amount, status, note, event_id, received_at) and one webhook configuration on it. */
  async function setup(opts: { withConfig?: boolean } = {}) {
    const tenant = uniqueTenant(PREFIX);
    const headers = await t.headers(tenant);
    const send = (method: 'POST' | 'DELETE', url: string, body?: unknown) =>
      t.app.inject({ method, url, headers, payload: body as object });
    const defineOrders = async () => {
      const res = await send('POST', '/metadata/entities', {
        name: 'orders',
        fields: [
          { name: 'id', type: 'STRING' },
          { name: 'amount', type: 'FLOAT' },
          { name: 'status', type: 'STRING' },
          { name: 'event_id', type: 'STRING' },
          { name: 'received_at', type: 'TIMESTAMP' },
        ],
        primaryKey: 'id',
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const addConfig = async () => {
      const path = `/${tenant}/${crypto.randomUUID()}`;
      const res = await send('POST', '/metadata/entity-webhooks', {
        entityName: 'orders',
        webhookUrl: `${receiver.url}${path}`,
        events: 'INSERT,UPSERT',
      });
      expect(res.statusCode, res.body).toBe(201);
      return path;
    };
    await defineOrders();
    const path = opts.withConfig === false ? null : await addConfig();
    const schema = await t.runtime.services.tenants.ensure(tenant);
    return { tenant, headers, send, defineOrders, addConfig, path, schema };
  }

  type Setup = Awaited<ReturnType<typeof setup>>;

  const post = (triggerId: string, body: string) => postSigned(t, triggerId, SECRET, body);

  const accept = async (triggerId: string, body: unknown) => {
    const res = await post(triggerId, typeof body === 'string' ? body : JSON.stringify(body));
    expect(res.statusCode, res.body).toBe(202);
    return res.json().data as { eventId: string; receivedAt: string };
  };

  /** Rows of `orders`, read through analytics (so analytics sees them), by id. */
  const orders = async (s: Setup) => {
    const res = await s.send('POST', '/analytics/query', {
      entity: 'orders',
      select: ['id', 'amount', 'status', 'event_id', 'received_at'].map((field) => ({ field })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { columns, rows } = res.json().data as { columns: string[]; rows: unknown[][] };
    return rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]])));
  };

  const outbox = async (s: Setup) =>
    (
      await t.runtime.db.pool.query<{ operation: string; payload_json: string }>(
        `SELECT operation, payload_json FROM "${s.schema}".mutation_webhook_outbox ORDER BY id`,
      )
    ).rows.map((r) => ({ operation: r.operation, payload: JSON.parse(r.payload_json) }));

  const eventRow = async (id: string) =>
    (await t.runtime.db.pool.query('SELECT action_status, action_error FROM trigger_events WHERE id = $1', [id]))
      .rows[0] as { action_status: string; action_error: string | null };

  const recordTrigger = (s: Setup, input: Record<string, unknown> = {}) =>
    createTrigger(t, s.tenant, {
      name: 'orders in',
      webhookSecret: SECRET,
      action: 'RECORD' as never,
      recordEntity: 'orders',
      ...input,
    });

  it('writes an object body as one record (top-level keys that name fields), with its delivery', async () => {
    const s = await setup();
    const trigger = await recordTrigger(s);
    const { eventId } = await accept(trigger.id, { id: 'o-1', amount: 12.5, status: 'paid', extra: { ignored: true } });
    // Committed before the 202: no waiting.
    expect(await orders(s)).toEqual([{ id: 'o-1', amount: 12.5, status: 'paid', event_id: null, received_at: null }]);
    expect(await eventRow(eventId)).toEqual({ action_status: 'APPLIED', action_error: null });
    const rows = await outbox(s);
    expect(rows).toHaveLength(1);
    expect(rows[0].payload).toMatchObject({
      tenantId: s.tenant,
      entityName: 'orders',
      operation: 'UPSERT',
      writeRequestId: eventId,
      data: { id: 'o-1', amount: 12.5, status: 'paid' },
      previous: null,
    });
    await eventually(
      async () => receiver.received.find((r) => r.path === s.path) ?? undefined,
      20_000,
      'the delivery of the record',
    );
    const delivered = receiver.received.find((r) => r.path === s.path)!;
    expect(JSON.parse(delivered.body).writeRequestId).toBe(eventId);
    const events = await gqlRequest(t.app, TriggerEventActionsDocument, { triggerId: trigger.id }, s.headers);
    expect(events.data!.triggerEvents.items[0]).toMatchObject({
      id: eventId,
      actionStatus: 'APPLIED',
      actionError: null,
    });
  });

  it('writes an array body as one record per object, all in the event commit', async () => {
    const s = await setup();
    const trigger = await recordTrigger(s, { recordOperation: 'INSERT' as never });
    const { eventId } = await accept(
      trigger.id,
      Array.from({ length: 5 }, (_, i) => ({ id: `a-${i}`, amount: i })),
    );
    expect((await orders(s)).map((o) => o.id)).toEqual(['a-0', 'a-1', 'a-2', 'a-3', 'a-4']);
    const rows = await outbox(s);
    expect(rows.map((r) => r.operation)).toEqual(['INSERT', 'INSERT', 'INSERT', 'INSERT', 'INSERT']);
    expect(new Set(rows.map((r) => r.payload.writeRequestId))).toEqual(new Set([eventId]));
  });

  it('maps fields with JSON Pointers, $eventId and $receivedAt', async () => {
    const s = await setup();
    const trigger = await recordTrigger(s, {
      recordFieldMap: {
        id: '/data/object/id',
        amount: '/data/object/amount_total',
        status: '/data/object/a~1b',
        event_id: '$eventId',
        received_at: '$receivedAt',
      },
    });
    const { eventId, receivedAt } = await accept(trigger.id, {
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_1', amount_total: 4200, 'a/b': 'complete' } },
    });
    expect(await orders(s)).toEqual([
      { id: 'cs_1', amount: 4200, status: 'complete', event_id: eventId, received_at: receivedAt },
    ]);
  });

  it('UPSERT of the same key twice keeps one record: the second change is an update of the first', async () => {
    const s = await setup();
    const trigger = await recordTrigger(s);
    const first = await accept(trigger.id, { id: 'u-1', amount: 1, status: 'open' });
    const second = await accept(trigger.id, { id: 'u-1', amount: 2, status: 'paid' });
    expect(await orders(s)).toEqual([{ id: 'u-1', amount: 2, status: 'paid', event_id: null, received_at: null }]);
    const rows = await outbox(s);
    expect(rows).toHaveLength(2);
    expect(rows[0].payload).toMatchObject({ writeRequestId: first.eventId, previous: null });
    expect(rows[1].payload).toMatchObject({
      writeRequestId: second.eventId,
      data: { id: 'u-1', amount: 2, status: 'paid' },
      previous: { id: 'u-1', amount: 1, status: 'open' },
    });
  });

  it('stores a body that gives no records as FAILED with the first problem, and writes nothing else', async () => {
    const s = await setup();
    const trigger = await recordTrigger(s, { recordFieldMap: { id: '/order/id', amount: '/order/amount' } });
    const cases: Array<[string, RegExp]> = [
      ['not json {', /not JSON/],
      [JSON.stringify({ order: { amount: 3 } }), /\/order\/id.*missing/],
      [JSON.stringify({ order: { id: 'x', amount: 'three' } }), /amount/],
      [JSON.stringify([{ order: { id: 'y', amount: 1 } }, 7]), /body\[1\].*object/],
      [JSON.stringify([]), /array/],
    ];
    for (const [body, error] of cases) {
      const { eventId } = await accept(trigger.id, body);
      const row = await eventRow(eventId);
      expect(row.action_status).toBe('FAILED');
      expect(row.action_error).toMatch(error);
    }
    expect(await orders(s)).toEqual([]);
    expect(await outbox(s)).toEqual([]);
  });

  it('fails only the event whose records the database refuses, also among concurrent events', async () => {
    const s = await setup();
    const trigger = await recordTrigger(s, { recordOperation: 'INSERT' as never });
    await accept(trigger.id, { id: 'dup', amount: 1 });
    // Arriving together, these go into one batch: the duplicate must not take the others with it.
    const results = await Promise.all(
      [{ id: 'c-1' }, { id: 'dup', amount: 2 }, { id: 'c-2' }, { id: 'c-3' }].map((b) => accept(trigger.id, b)),
    );
    const statuses = await Promise.all(results.map((r) => eventRow(r.eventId)));
    expect(statuses.map((x) => x.action_status)).toEqual(['APPLIED', 'FAILED', 'APPLIED', 'APPLIED']);
    expect(statuses[1].action_error).toMatch(/^CONFLICT/);
    expect((await orders(s)).map((o) => [o.id, o.amount])).toEqual([
      ['c-1', null],
      ['c-2', null],
      ['c-3', null],
      ['dup', 1],
    ]);
    expect(await outbox(s)).toHaveLength(4);
  });

  it('retryTriggerEvent applies a FAILED event once its entity is fixed: records and deliveries appear', async () => {
    const s = await setup({ withConfig: false });
    const trigger = await recordTrigger(s);
    expect((await s.send('DELETE', '/metadata/entities/orders')).statusCode).toBe(204);
    const { eventId } = await accept(trigger.id, { id: 'r-1', amount: 9 });
    expect(await eventRow(eventId)).toEqual({
      action_status: 'FAILED',
      action_error: expect.stringMatching(/ENTITY_NOT_FOUND/),
    });
    // Still broken: the retry answers FAILED again.
    const again = await gqlRequest(t.app, RetryTriggerEventDocument, { id: eventId }, s.headers);
    expect(again.data!.retryTriggerEvent).toMatchObject({ actionStatus: 'FAILED' });

    await s.defineOrders();
    const path = await s.addConfig();
    const retried = await gqlRequest(t.app, RetryTriggerEventDocument, { id: eventId }, s.headers);
    expect(retried.errors).toBeUndefined();
    expect(retried.data!.retryTriggerEvent).toEqual({
      id: eventId,
      triggerId: trigger.id,
      actionStatus: 'APPLIED',
      actionError: null,
    });
    expect((await orders(s)).map((o) => o.id)).toEqual(['r-1']);
    expect((await outbox(s)).map((r) => r.payload.writeRequestId)).toEqual([eventId]);
    await eventually(async () => receiver.received.find((r) => r.path === path), 20_000, 'the retried delivery');
    // A second retry changes nothing.
    const third = await gqlRequest(t.app, RetryTriggerEventDocument, { id: eventId }, s.headers);
    expect(third.data!.retryTriggerEvent.actionStatus).toBe('APPLIED');
    expect(await outbox(s)).toHaveLength(1);
    // Another tenant cannot retry it; an unknown id is not found.
    const other = await gqlRequest(
      t.app,
      RetryTriggerEventDocument,
      { id: eventId },
      await t.headers(uniqueTenant(PREFIX)),
    );
    expect(codes(other)).toEqual(['TRIGGER_NOT_FOUND']);
  });

  it('stores a replayed request once and does not write its records twice', async () => {
    const s = await setup();
    const trigger = await recordTrigger(s, { recordOperation: 'INSERT' as never });
    const body = JSON.stringify({ id: 'once', amount: 1 });
    const ts = String(nowSeconds());
    const headers = { 'x-timestamp': ts, 'x-signature': clientSignature(SECRET, ts, body) };
    const send = () =>
      t.app.inject({ method: 'POST', url: `/linker/triggers/webhook/${trigger.id}`, payload: body, headers });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((a) => a.json().data.eventId)).size).toBe(1);
    expect(await eventRow(answers[0].json().data.eventId)).toMatchObject({ action_status: 'APPLIED' });
    expect(await outbox(s)).toHaveLength(1);
  });

  it('validates the record settings against the catalogue', async () => {
    const s = await setup({ withConfig: false });
    const create = (input: Record<string, unknown>) =>
      t.app
        .inject({
          method: 'POST',
          url: '/graphql',
          headers: { ...s.headers, 'content-type': 'application/json' },
          payload: {
            query: 'mutation($input: CreateTriggerInput!) { createTrigger(input: $input) { id } }',
            variables: { input: { name: 'x', webhookSecret: SECRET, ...input } },
          },
        })
        .then((r) => r.json() as { errors?: Array<{ extensions: { code: string; details?: unknown } }> });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: 'RECORD' }, 'recordEntity'],
      [{ action: 'RECORD', recordEntity: 'nope' }, 'recordEntity'],
      [
        { action: 'RECORD', recordEntity: 'orders', recordFieldMap: { id: '/a', colour: '/c' } },
        'recordFieldMap.colour',
      ],
      [{ action: 'RECORD', recordEntity: 'orders', recordFieldMap: { amount: '/a' } }, 'recordFieldMap'],
      [{ action: 'RECORD', recordEntity: 'orders', recordFieldMap: { id: 'no-slash' } }, 'recordFieldMap.id'],
    ];
    for (const [input, field] of cases) {
      const r = await create(input);
      expect(r.errors?.[0].extensions.code, JSON.stringify(input)).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(r.errors?.[0].extensions.details)).toContain(`"${field}"`);
    }
    // A STORE trigger switched to RECORD later is checked the same way.
    const store = await createTrigger(t, s.tenant, { name: 'store first', webhookSecret: SECRET });
    const switched = await gqlRequest(
      t.app,
      UpdateTriggerDocument,
      { id: store.id, input: { action: 'RECORD' as never, recordEntity: 'nope' } },
      s.headers,
    );
    expect(codes(switched)).toEqual(['VALIDATION_FAILED']);
  });
});

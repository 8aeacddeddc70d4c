import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import { OutboxRecordsDocument, RedeliverOutboxRecordDocument } from '../generated/graphql';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { gqlRequest } from '../support/graphql';
import { createTrigger } from './trigger-helpers';

/**
 * One Hookgate's deliveries landing in another's trigger (scheme HOOKGATE_V1): tenant A's
 * webhook configuration delivers A's record changes, through the real dispatcher and real HTTP,
 * into a HOOKGATE_V1 RECORD trigger of tenant B on the same running server. B verifies A's
 * `v1=` signature, keys replays on X-Hookgate-Request-Id (a redelivery is the same event), and
 * refuses a configuration signing with another secret.
 */
const PREFIX = 'ihg';

describe('Hookgate to Hookgate (HOOKGATE_V1)', () => {
  let t: TestApp;
  let base: string;
  let dispatcher: Dispatcher;

  beforeAll(async () => {
    // WEBHOOK_ALLOW_PRIVATE_TARGETS is true outside production: loopback is a valid target.
    t = await startTestApp({ DISPATCHER: 'off' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dispatcher = startDispatcher(t, PREFIX);
  });
  afterAll(async () => {
    await dispatcher.stop();
    await t.close();
  });

  it('verifies, records and deduplicates another tenant’s signed deliveries end to end', async () => {
    const secret = crypto.randomBytes(24).toString('base64url');
    const a = uniqueTenant(PREFIX);
    const b = uniqueTenant(PREFIX);
    const ha = await t.headers(a);
    const hb = await t.headers(b);
    const send = (headers: Record<string, string>, method: 'POST', url: string, body: unknown) =>
      t.app.inject({ method, url, headers, payload: body as object });
    for (const [h, name] of [
      [ha, 'orders'],
      [ha, 'refunds'],
      [hb, 'mirrored'],
    ] as const) {
      const res = await send(h, 'POST', '/metadata/entities', {
        name,
        fields: [
          { name: 'id', type: 'STRING' },
          { name: 'amount', type: 'FLOAT' },
          { name: 'source', type: 'STRING' },
        ],
        primaryKey: 'id',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const trigger = await createTrigger(t, b, {
      name: 'from hookgate A',
      webhookSecret: secret,
      signatureScheme: 'HOOKGATE_V1' as never,
      action: 'RECORD' as never,
      recordEntity: 'mirrored',
      recordFieldMap: { id: '/data/id', amount: '/data/amount', source: '/tenantId' },
    });
    const intakeUrl = `${base}/linker/triggers/webhook/${trigger.id}`;
    const good = await send(ha, 'POST', '/metadata/entity-webhooks', {
      entityName: 'orders',
      webhookUrl: intakeUrl,
      events: 'INSERT',
      secret,
    });
    expect(good.statusCode, good.body).toBe(201);
    const wrong = await send(ha, 'POST', '/metadata/entity-webhooks', {
      entityName: 'refunds',
      webhookUrl: intakeUrl,
      events: 'INSERT',
      secret: `${secret}-other`,
      maxRetries: 0,
    });
    expect(wrong.statusCode, wrong.body).toBe(201);

    const write = await send(ha, 'POST', '/data/orders/records', {
      operation: 'INSERT',
      records: [{ id: 'h-1', amount: 5.5 }],
    });
    expect(write.statusCode, write.body).toBe(200);
    const refused = await send(ha, 'POST', '/data/refunds/records', {
      operation: 'INSERT',
      records: [{ id: 'r-1', amount: 1 }],
    });
    expect(refused.statusCode).toBe(200);

    const records = async (entityName: string) =>
      (await gqlRequest(t.app, OutboxRecordsDocument, { entityName }, ha)).data!.outboxRecords.items;
    const delivered = await eventually(
      async () => (await records('orders')).find((r) => r.status === 'DELIVERED'),
      30_000,
      'A’s delivery into B',
    );
    const events = async () =>
      (
        await t.runtime.db.pool.query(
          'SELECT id, signature_verified, action_status, body FROM trigger_events WHERE trigger_id = $1',
          [trigger.id],
        )
      ).rows;
    const [event] = await events();
    expect(event).toMatchObject({ signature_verified: true, action_status: 'APPLIED' });
    expect(JSON.parse(event.body.toString('utf8'))).toEqual(JSON.parse(delivered.payloadJson));
    const mirrored = await send(hb, 'POST', '/analytics/query', {
      entity: 'mirrored',
      select: [{ field: 'id' }, { field: 'amount' }, { field: 'source' }],
    });
    expect(mirrored.json().data.rows).toEqual([['h-1', 5.5, a]]);

    // A redelivery carries the same X-Hookgate-Request-Id with a new timestamp and signature: B
    // answers 202 with the first event and stores nothing new.
    const redo = await gqlRequest(t.app, RedeliverOutboxRecordDocument, { id: delivered.id }, ha);
    expect(redo.errors).toBeUndefined();
    await eventually(
      async () => {
        const r = (await records('orders')).find((x) => x.id === delivered.id)!;
        return r.status === 'DELIVERED' && r.attempts.length === 2 ? r : undefined;
      },
      30_000,
      'the redelivery',
    );
    expect(await events()).toHaveLength(1);

    // Signed with another secret: 401 at B, nothing stored.
    const dead = await eventually(
      async () => (await records('refunds')).find((r) => r.attempts.length > 0),
      30_000,
      'the refused delivery',
    );
    expect(dead.attempts[0].statusCode).toBe(401);
    expect(dead.lastError).toContain('401');
    expect(await events()).toHaveLength(1);
  });
});

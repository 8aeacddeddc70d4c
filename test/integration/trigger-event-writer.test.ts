import crypto from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EventWriter, type NewEvent } from '../../src/triggers/event-writer';
import { RecordActionApplier } from '../../src/triggers/record-action';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';

/**
 * The batching writer under intake, against the real database: one statement may carry many
 * events, and a batch must behave exactly like its events written one by one.
 */
describe('EventWriter', () => {
  let t: TestApp;
  let tenant: string;
  let triggerId: string;

  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    tenant = uniqueTenant('writer');
    const ctx = { tenantId: tenant, actor: 'test', permissions: new Set(['tenant:admin']) };
    triggerId = (await t.runtime.services.triggers.create(ctx, { name: 'writer', webhookSecret: 'k' })).id;
  });
  afterAll(() => t.close());

  const event = (over: Partial<NewEvent> = {}): NewEvent => {
    const signatureTimestamp = over.signatureTimestamp === undefined ? 1_800_000_000 : over.signatureTimestamp;
    const signature = over.signature === undefined ? crypto.randomBytes(32).toString('hex') : over.signature;
    return {
      id: crypto.randomUUID(),
      tenantId: tenant,
      triggerId,
      receivedAt: new Date(),
      contentType: 'application/json',
      headers: '{}',
      body: Buffer.from(crypto.randomUUID()),
      signatureVerified: true,
      ...over,
      signatureTimestamp,
      signature,
      replayKey: signature === null ? null : `sig:${signatureTimestamp}:${signature}`,
    };
  };

  /** One statement in flight at a time, batches of up to 100 events. */
  const oneAtATime = { maxInFlight: 1, maxBatchRows: 100, maxBatchBytes: 1024 * 1024 };
  const admin = () => ({ tenantId: tenant, actor: 'test', permissions: new Set(['tenant:admin']) });
  /** The trigger row's version, as intake keeps it. */
  const version = async (id: string) =>
    (await t.runtime.db.pool.query('SELECT version::text AS v FROM triggers WHERE id = $1', [id])).rows[0].v as string;

  /** The pool, counting the statements the writer sends. */
  const countingPool = () => {
    const pool = t.runtime.db.pool;
    const counter = {
      statements: 0,
      pool: {
        query: (...args: unknown[]) => (counter.statements++, (pool.query as (...a: unknown[]) => unknown)(...args)),
      } as unknown as pg.Pool,
    };
    return counter;
  };

  /** The pool, recording the text of every statement sent on the connections it hands out (transactions). */
  const transactionCountingPool = () => {
    const texts: string[] = [];
    const pool = new Proxy(t.runtime.db.pool, {
      get(target, prop) {
        if (prop !== 'connect') return Reflect.get(target, prop, target);
        return async () => {
          const client = await target.connect();
          return new Proxy(client, {
            get(c, p) {
              if (p === 'query')
                return (...args: unknown[]) => {
                  const q = args[0] as string | { text: string };
                  texts.push(typeof q === 'string' ? q : q.text);
                  return (c.query as (...a: unknown[]) => unknown)(...args);
                };
              const v = Reflect.get(c, p, c);
              return typeof v === 'function' ? v.bind(c) : v;
            },
          });
        };
      },
    }) as pg.Pool;
    return { pool, texts };
  };

  /** An entity of `ctx`'s tenant with a STRING key `id` and an INTEGER `n`, the RECORD events' target. */
  const defineItems = (ctx: { tenantId: string; actor: string; permissions: Set<string> }, name: string) =>
    t.runtime.services.entities.define(ctx, {
      name,
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'n', type: 'INTEGER' },
      ],
      primaryKey: 'id',
    });

  /** A write whose trigger is current: it is stored or found, never refused. */
  const write = async (writer: EventWriter, e: NewEvent) => {
    const stored = await writer.write(e);
    expect(stored).not.toBeNull();
    return stored!;
  };

  const count = async (ids: string[]) =>
    (await t.runtime.db.pool.query('SELECT count(*)::int AS n FROM trigger_events WHERE id = ANY($1::uuid[])', [ids]))
      .rows[0].n;

  it('writes queued events together and answers each with its own id', async () => {
    // One statement at a time: the first event goes alone, the other 29 wait and go as one batch.
    const counted = countingPool();
    const writer = new EventWriter(counted.pool, oneAtATime);
    const events = Array.from({ length: 30 }, () => event());
    const stored = await Promise.all(events.map((e) => write(writer, e)));
    expect(counted.statements).toBe(2);
    expect(stored.map((s) => s.eventId)).toEqual(events.map((e) => e.id));
    expect(stored.every((s) => !s.replay)).toBe(true);
    expect(await count(events.map((e) => e.id))).toBe(30);
  });

  it('with a spare statement, still sends one at a time while the database keeps up', async () => {
    const counted = countingPool();
    const writer = new EventWriter(counted.pool, { ...oneAtATime, maxInFlight: 2, spareAfterMs: 5_000 });
    const events = Array.from({ length: 30 }, () => event());
    await Promise.all(events.map((e) => write(writer, e)));
    expect(counted.statements).toBe(2);
    expect(await count(events.map((e) => e.id))).toBe(30);
  });

  // The embedded database has one session: no other connection can hold a lock there.
  it.skipIf(inject('embedded'))(
    "does not hold other triggers' events behind a batch that waits on a lock",
    async () => {
      const writer = new EventWriter(t.runtime.db.pool, { ...oneAtATime, maxInFlight: 2, spareAfterMs: 100 });
      const locked = (await t.runtime.services.triggers.create(admin(), { name: 'writer-locked', webhookSecret: 'k' }))
        .id;
      const lock = await t.runtime.db.pool.connect();
      let held: Promise<unknown> | undefined;
      try {
        // What a DELETE of the trigger holds until it commits; the event's foreign key check waits for it.
        await lock.query('BEGIN');
        await lock.query('SELECT 1 FROM triggers WHERE id = $1 FOR UPDATE', [locked]);
        const waiting = event({ triggerId: locked });
        let settled = false;
        held = writer.write(waiting).finally(() => (settled = true));
        const other = event();
        const started = Date.now();
        expect(await writer.write(other)).toMatchObject({ eventId: other.id, replay: false });
        // The spare statement started only once the first had waited spareAfterMs.
        expect(Date.now() - started).toBeGreaterThanOrEqual(90);
        expect(settled).toBe(false);
        expect(await count([other.id, waiting.id])).toBe(1);
      } finally {
        await lock.query('ROLLBACK');
        lock.release();
      }
      expect(await held).toMatchObject({ replay: false });
    },
  );

  it('stores copies with one key once, inside one batch and across batches', async () => {
    const writer = new EventWriter(t.runtime.db.pool, { maxInFlight: 1, maxBatchRows: 4, maxBatchBytes: 1024 * 1024 });
    const key = { signatureTimestamp: 1_800_000_123, signature: crypto.randomBytes(32).toString('hex') };
    const copies = Array.from({ length: 10 }, () => event(key));
    const stored = await Promise.all(copies.map((e) => write(writer, e)));
    const ids = new Set(stored.map((s) => s.eventId));
    expect(ids.size).toBe(1);
    expect(stored.filter((s) => !s.replay)).toHaveLength(1);
    expect(await count(copies.map((e) => e.id))).toBe(1);
    // Unsigned events have no key: identical ones are all stored.
    const unsigned = Array.from({ length: 3 }, () =>
      event({ signatureTimestamp: null, signature: null, signatureVerified: false, body: Buffer.from('same') }),
    );
    await Promise.all(unsigned.map((e) => write(writer, e)));
    expect(await count(unsigned.map((e) => e.id))).toBe(3);
  });

  it('stores nothing for an event whose trigger is gone, disabled or changed, and its neighbours all the same', async () => {
    const writer = new EventWriter(t.runtime.db.pool, oneAtATime);
    const ctx = admin();
    const other = (await t.runtime.services.triggers.create(ctx, { name: 'writer-other', webhookSecret: 'k' })).id;
    const checked = await version(other);
    const current = event({ triggerId: other, triggerVersion: checked });
    expect(await writer.write(current)).toMatchObject({ eventId: current.id, replay: false });

    await t.runtime.services.triggers.update(ctx, other, { webhookSecret: 'rotated' });
    const changed = event({ triggerId: other, triggerVersion: checked });
    const now = event({ triggerId: other, triggerVersion: await version(other) });
    const disabled = (await t.runtime.services.triggers.create(ctx, { name: 'writer-off', enabled: false })).id;
    const good = Array.from({ length: 4 }, () => event());
    const batch = [good[0], changed, good[1], event({ triggerId: crypto.randomUUID() }), now, good[2]];
    batch.push(event({ triggerId: disabled }), good[3]);
    const stored = await Promise.all(batch.map((e) => writer.write(e)));
    expect(stored.map((s) => s?.eventId ?? null)).toEqual(batch.map((e, i) => ([1, 3, 6].includes(i) ? null : e.id)));
    expect(await count(batch.map((e) => e.id))).toBe(5);
  });

  it('answers a copy as a replay only while its trigger is still the version it was checked against', async () => {
    const writer = new EventWriter(t.runtime.db.pool, oneAtATime);
    const ctx = admin();
    const id = (await t.runtime.services.triggers.create(ctx, { name: 'writer-replays', webhookSecret: 'k' })).id;
    const key = { triggerId: id, signatureTimestamp: 1_800_000_456, signature: crypto.randomBytes(32).toString('hex') };
    const before = await version(id);
    const first = await writer.write(event({ ...key, triggerVersion: before }));
    expect(first).toMatchObject({ replay: false });

    await t.runtime.services.triggers.update(ctx, id, { webhookSecret: 'rotated' });
    // Checked against the secret before the rotation: to be checked again, not answered.
    expect(await writer.write(event({ ...key, triggerVersion: before }))).toBeNull();
    const copy = event({ ...key, triggerVersion: await version(id) });
    expect(await writer.write(copy)).toEqual({ eventId: first!.eventId, receivedAt: first!.receivedAt, replay: true });

    await t.runtime.services.triggers.update(ctx, id, { enabled: false });
    expect(await writer.write(event({ ...key }))).toBeNull();
    expect(await count([first!.eventId])).toBe(1);
  });

  it('splits batches at the byte budget', async () => {
    const counted = countingPool();
    const writer = new EventWriter(counted.pool, { maxInFlight: 1, maxBatchRows: 100, maxBatchBytes: 3000 });
    const big = Array.from({ length: 6 }, () => event({ body: Buffer.alloc(1000, 0x61) }));
    const stored = await Promise.all(big.map((e) => write(writer, e)));
    // One alone, then three (3000 bytes), then the last two.
    expect(counted.statements).toBe(3);
    expect(stored.map((s) => s.eventId)).toEqual(big.map((e) => e.id));
    expect(await count(big.map((e) => e.id))).toBe(6);
  });

  it('writes RECORD events of one batch in one transaction, failing only the event the database refuses', async () => {
    const ctx = { tenantId: tenant, actor: 'test', permissions: new Set(['tenant:admin']) };
    const { services, db } = t.runtime;
    await defineItems(ctx, 'writer_orders');
    const applier = new RecordActionApplier(services.entities, services.tenants, services.records);
    const writer = new EventWriter(db.pool, oneAtATime, applier);
    const record = { entityName: 'writer_orders', operation: 'INSERT' as const, fieldMap: null };
    const withBody = (body: unknown) => event({ body: Buffer.from(JSON.stringify(body)), record });
    // The first goes alone; the next five queue behind it and go as one batch (one transaction).
    const first = write(writer, withBody({ id: 'w-dup', n: 0 }));
    const batch = [
      withBody({ id: 'w-1', n: 1 }),
      withBody({ id: 'w-dup', n: 2 }),
      withBody({ id: 'w-2', n: 'two' }),
      event({ body: Buffer.from('a STORE event in the same batch') }),
      withBody({ id: 'w-3', n: 3 }),
    ];
    const stored = await Promise.all([first, ...batch.map((e) => write(writer, e))]);
    expect(stored.every((s) => !s.replay)).toBe(true);
    const { rows } = await db.pool.query<{ id: string; action_status: string; action_error: string | null }>(
      'SELECT id, action_status, action_error FROM trigger_events WHERE id = ANY($1::uuid[])',
      [stored.map((s) => s.eventId)],
    );
    const status = new Map(rows.map((r) => [r.id, r]));
    expect(stored.map((s) => status.get(s.eventId)!.action_status)).toEqual([
      'APPLIED',
      'APPLIED',
      'FAILED',
      'FAILED',
      'NONE',
      'APPLIED',
    ]);
    expect(status.get(stored[2].eventId)!.action_error).toMatch(/^CONFLICT/);
    expect(status.get(stored[3].eventId)!.action_error).toMatch(/n/);
    const schema = await services.tenants.ensure(tenant);
    const table = (await services.entities.get(ctx, 'writer_orders')).tableName;
    const records = await db.pool.query(`SELECT id, n FROM "${schema}"."${table}" ORDER BY id`);
    expect(records.rows).toEqual([
      { id: 'w-1', n: 1 },
      { id: 'w-3', n: 3 },
      { id: 'w-dup', n: 0 },
    ]);
  });

  it('writes a batch of RECORD events with a statement or two per entity, each outbox record naming its event', async () => {
    const ctx = { tenantId: tenant, actor: 'test', permissions: new Set(['tenant:admin']) };
    const { services, db } = t.runtime;
    await defineItems(ctx, 'writer_items');
    await services.webhooks.create(ctx, {
      entityName: 'writer_items',
      events: 'UPSERT',
      webhookUrl: 'https://example.com/items',
      secret: 'item-secret',
    });
    const counted = transactionCountingPool();
    const applier = new RecordActionApplier(services.entities, services.tenants, services.records);
    const writer = new EventWriter(counted.pool, oneAtATime, applier);
    const record = { entityName: 'writer_items', operation: 'UPSERT' as const, fieldMap: null };
    const withBody = (body: unknown) => event({ body: Buffer.from(JSON.stringify(body)), record });
    const first = write(writer, withBody({ id: 'warm-up', n: 0 }));
    // Twenty events behind it go as one batch; the last two change one key twice, in order.
    const batch = [
      ...Array.from({ length: 18 }, (_, i) => withBody({ id: `item-${i}`, n: i })),
      withBody({ id: 'twice', n: 1 }),
      withBody({ id: 'twice', n: 2 }),
    ];
    await first;
    counted.texts.length = 0;
    const stored = await Promise.all(batch.map((e) => write(writer, e)));
    // BEGIN, the events, one write per run of records (two runs: the repeated key starts a second),
    // each with its configurations, outbox insert and due mark, COMMIT: far from four per event.
    expect(counted.texts.length).toBeLessThanOrEqual(12);

    const { rows: events } = await db.pool.query<{ id: string; action_status: string }>(
      'SELECT id, action_status FROM trigger_events WHERE id = ANY($1::uuid[])',
      [stored.map((s) => s.eventId)],
    );
    expect(events.map((e) => e.action_status)).toEqual(Array(20).fill('APPLIED'));
    const schema = await services.tenants.ensure(tenant);
    const { rows: outbox } = await db.pool.query<{ payload: any; record_key: string }>(
      `SELECT payload_json::jsonb AS payload, record_key FROM "${schema}".mutation_webhook_outbox
        WHERE entity_name = 'writer_items' ORDER BY id`,
    );
    const ofEvent = new Map(outbox.map((r) => [r.payload.writeRequestId as string, r]));
    batch.forEach((e, i) => {
      const row = ofEvent.get(e.id);
      expect(row, `outbox record of event ${i}`).toBeDefined();
      expect(row!.record_key).toBe(i < 18 ? `item-${i}` : 'twice');
    });
    expect(ofEvent.get(batch[18].id)!.payload).toMatchObject({ data: { id: 'twice', n: 1 }, previous: null });
    expect(ofEvent.get(batch[19].id)!.payload).toMatchObject({
      data: { id: 'twice', n: 2 },
      previous: { id: 'twice', n: 1 },
    });
  });

  it('writes a batch of RECORD events of several tenants with one read of their configurations', async () => {
    const { services, db } = t.runtime;
    // Three tenants with the same entity: two configurations, one, none.
    const tenants = [uniqueTenant('spread-a'), uniqueTenant('spread-b'), uniqueTenant('spread-c')];
    const configs = new Map<string, string[]>();
    const triggers = new Map<string, string>();
    for (const [i, id] of tenants.entries()) {
      const ctx = { tenantId: id, actor: 'test', permissions: new Set(['tenant:admin']) };
      await defineItems(ctx, 'spread_items');
      const made: string[] = [];
      for (let c = 0; c < 2 - i; c++) {
        const config = await services.webhooks.create(ctx, {
          entityName: 'spread_items',
          events: 'INSERT',
          webhookUrl: `https://example.com/${i}/${c}`,
        });
        made.push(config.id);
      }
      configs.set(id, made);
      triggers.set(id, (await services.triggers.create(ctx, { name: 'spread', webhookSecret: 'k' })).id);
    }
    const counted = transactionCountingPool();
    const applier = new RecordActionApplier(services.entities, services.tenants, services.records);
    const writer = new EventWriter(counted.pool, oneAtATime, applier);
    const record = { entityName: 'spread_items', operation: 'INSERT' as const, fieldMap: null };
    const of = (tenantId: string, body: unknown) =>
      event({ tenantId, triggerId: triggers.get(tenantId)!, body: Buffer.from(JSON.stringify(body)), record });
    // A STORE event goes alone; the twelve behind it go as one batch (one transaction), four per tenant.
    const first = write(writer, event());
    const batch = Array.from({ length: 12 }, (_, i) => of(tenants[i % 3], { id: `item-${i}`, n: i }));
    const stored = await Promise.all([first, ...batch.map((e) => write(writer, e))]);
    expect(counted.texts.filter((text) => text.includes('webhook_configs'))).toHaveLength(1);
    expect(counted.texts.filter((text) => /^\s*BEGIN/i.test(text))).toHaveLength(1);

    const { rows: events } = await db.pool.query<{ id: string; tenant_id: string; action_status: string }>(
      'SELECT id, tenant_id, action_status FROM trigger_events WHERE id = ANY($1::uuid[])',
      [stored.slice(1).map((s) => s.eventId)],
    );
    expect(events.map((e) => e.action_status)).toEqual(Array(12).fill('APPLIED'));
    for (const [i, id] of tenants.entries()) {
      const schema = await services.tenants.ensure(id);
      const mine = batch.filter((_, k) => k % 3 === i);
      const { rows: records } = await db.pool.query<{ id: string }>(
        `SELECT id FROM "${schema}"."spread_items" ORDER BY n`,
      );
      expect(records.map((r) => r.id)).toEqual(mine.map((e) => JSON.parse(e.body.toString()).id));
      const { rows: outbox } = await db.pool.query<{ config: string; payload: any }>(
        `SELECT webhook_config_id::text AS config, payload_json::jsonb AS payload
           FROM "${schema}".mutation_webhook_outbox`,
      );
      // Each event's records reach every configuration of its own tenant, and no other's.
      expect(outbox).toHaveLength(mine.length * configs.get(id)!.length);
      for (const e of mine) {
        const own = outbox.filter((r) => r.payload.writeRequestId === e.id);
        expect(own.map((r) => r.config).sort()).toEqual([...configs.get(id)!].sort());
        expect(own.every((r) => r.payload.tenantId === id)).toBe(true);
      }
    }
  });
});

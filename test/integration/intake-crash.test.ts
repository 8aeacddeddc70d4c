import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { startEmbeddedDatabase } from '../../src/db/embedded';
import { tenantSchemaName } from '../../src/db/tenant-schema';
import { TEST_JWT_SECRET, uniqueTenant } from '../support/app';
import { startSuiteProcess } from '../support/pooler';
import type { ServerProcess } from '../support/process';

/**
 * A RECORD trigger's event, records and outbox records commit together before the 202.
 * A server process is killed with SIGKILL while a load of signed intake requests
 * is running: afterwards every request answered 202 has its event and its record (and the
 * record's outbox row), and no record exists without the event it came from.
 */
const SECRET = 'crash-test-secret';
const LOOPS = 12;

const sign = (ts: string, body: string) => crypto.createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex');

describe('intake survives kill -9 between receive and commit', () => {
  const started: ServerProcess[] = [];
  const dirs: string[] = [];
  afterAll(() => {
    for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('keeps every acknowledged event with its records, and no record without its event', async () => {
    const embedded = inject('embedded');
    // Embedded: the server owns its database (the kill takes the database down with it) and the
    // data directory is opened again afterwards. PostgreSQL: the suite's database.
    const dataDir = embedded ? fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-crash-')) : undefined;
    if (dataDir) dirs.push(dataDir);
    const server = startSuiteProcess('main.ts', {
      ...(embedded ? { DATA_DIR: dataDir } : { DATABASE_URL: inject('databaseUrl') }),
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      DISPATCHER: 'off',
      RATE_LIMIT_PER_MINUTE: '0',
    });
    started.push(server);
    const base = await server.ready;
    const tenant = uniqueTenant('icrash');
    const token = await mintToken(TEST_JWT_SECRET, { sub: 's', tenantId: tenant, permissions: ['tenant:admin'] });
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': tenant, 'content-type': 'application/json' };
    const call = async (url: string, body: unknown) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await res.json()) as { data?: { createTrigger?: { id: string } } };
      expect(res.status, JSON.stringify(json)).toBeLessThan(300);
      return json;
    };
    await call('/metadata/entities', {
      name: 'orders',
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'amount', type: 'INTEGER' },
        { name: 'event_id', type: 'STRING' },
      ],
      primaryKey: 'id',
    });
    await call('/metadata/entity-webhooks', {
      entityName: 'orders',
      events: 'INSERT',
      webhookUrl: 'http://127.0.0.1:9/never-delivered',
    });
    const created = await call('/graphql', {
      query: `mutation($input: CreateTriggerInput!) { createTrigger(input: $input) { id } }`,
      variables: {
        input: {
          name: 'crash',
          webhookSecret: SECRET,
          action: 'RECORD',
          recordEntity: 'orders',
          recordOperation: 'INSERT',
          recordFieldMap: { id: '/id', amount: '/amount', event_id: '$eventId' },
        },
      },
    });
    const intake = `${base}/linker/triggers/webhook/${created.data!.createTrigger!.id}`;

    const acknowledged: Array<{ eventId: string; orderId: string }> = [];
    let failed = 0;
    let stop = false;
    const loop = async () => {
      for (let n = 0; !stop; n++) {
        const orderId = crypto.randomUUID();
        const body = JSON.stringify({ id: orderId, amount: n, pad: 'x'.repeat(200) });
        const ts = String(Math.floor(Date.now() / 1000));
        try {
          const res = await fetch(intake, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': sign(ts, body) },
            body,
          });
          if (res.status !== 202) throw new Error(`intake answered ${res.status}: ${await res.text()}`);
          acknowledged.push({ eventId: ((await res.json()) as { data: { eventId: string } }).data.eventId, orderId });
        } catch (err) {
          if (!stop && !/fetch failed|ECONNRESET|other side closed|socket/i.test(String((err as Error).cause ?? err))) {
            throw err;
          }
          failed++;
          return;
        }
      }
    };
    const loops = Array.from({ length: LOOPS }, loop);
    // Kill while requests are in flight: after a few hundred acknowledgements.
    const deadline = Date.now() + 60_000;
    while (acknowledged.length < 300 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    server.child.kill('SIGKILL');
    await server.exited;
    await Promise.all(loops);
    stop = true;
    expect(acknowledged.length).toBeGreaterThanOrEqual(300);
    // Every loop was cut off mid-request by the kill, none finished quietly.
    expect(failed).toBe(LOOPS);

    let url = inject('databaseUrl');
    const reopened = embedded ? await startEmbeddedDatabase(dataDir!) : undefined;
    if (reopened) url = reopened.url;
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const schema = tenantSchemaName(tenant);
      const table = (
        await db.query<{ table_name: string }>(
          `SELECT table_name FROM entity_definitions WHERE tenant_id = $1 AND name = 'orders'`,
          [tenant],
        )
      ).rows[0].table_name;
      const orders = `"${schema}"."${table}"`;
      const events = await db.query<{ id: string; action_status: string }>(
        'SELECT id, action_status FROM trigger_events WHERE tenant_id = $1',
        [tenant],
      );
      const records = await db.query<{ id: string; event_id: string }>(`SELECT id, event_id FROM ${orders}`);
      const outbox = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${schema}".mutation_webhook_outbox`,
      );
      const eventIds = new Map(events.rows.map((e) => [e.id, e.action_status]));
      const recordByEvent = new Map(records.rows.map((r) => [r.event_id, r.id]));
      for (const a of acknowledged) {
        expect(eventIds.get(a.eventId), `acknowledged event ${a.eventId}`).toBe('APPLIED');
        expect(recordByEvent.get(a.eventId)).toBe(a.orderId);
      }
      for (const r of records.rows) expect(eventIds.has(r.event_id), `record ${r.id} has its event`).toBe(true);
      // Every event has its record (a commit may have landed whose 202 never arrived), and every record its outbox row.
      expect(records.rows.length).toBe(events.rows.length);
      expect([...eventIds.values()].every((s) => s === 'APPLIED')).toBe(true);
      expect(outbox.rows[0].n).toBe(records.rows.length);
    } finally {
      await db.end();
      await reopened?.close();
    }
  }, 180_000);
});

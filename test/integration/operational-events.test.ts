import 'reflect-metadata';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { eventCatalog } from '../../src/events/catalog';
import { settleWithNotices } from '../../src/outbox/operational';
import { decodeRecordId } from '../../src/outbox/record-id';
import { claimDueRecords } from '../../src/outbox/sql/claim-due-records';
import { recordCircuitOutcomes } from '../../src/outbox/sql/record-circuit-outcomes';
import { spawnDispatcher, stopChild, type DispatcherChild } from '../dispatcher/child';
import {
  adminOf,
  commitChanges,
  createConfig,
  inserts,
  outboxOf,
  outboxRows,
  makeDueNow,
  type OutboxRow,
} from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { verifySignature } from '../dispatcher/receiver';
import { DispatcherSuite } from '../dispatcher/suite';

/**
 * Operational events written by real dispatchers: DELIVERY_DEAD coalesced per configuration and
 * minute (also with two dispatcher processes, one killed with SIGKILL mid-way), CIRCUIT_OPENED
 * and CIRCUIT_CLOSED, each delivered signed to a real local receiver and valid against the event
 * catalog's schema of its kind.
 */
const PREFIX = 'opsint';
const OPS_SECRET = 'ops-receiver-secret';

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);

type Notice = OutboxRow & { data: Record<string, unknown> & { count: number; outboxRecordIds: string[] } };

function noticesOf(rows: OutboxRow[], kind: string): Notice[] {
  return rows
    .filter((r) => r.entity_name === '$operations' && r.operation === kind)
    .map((r) => ({ ...r, data: JSON.parse(r.payload_json).data }));
}

/** A delivered payload checked against its catalog entry, as a receiver would with the published schema. */
function expectValid(tenant: string, kind: string, body: unknown): void {
  const entry = eventCatalog(tenant, []).find((e) => e.operation === kind)!;
  expect(ajv.validate(entry.schema, body), ajv.errorsText()).toBe(true);
}

describe('operational events from the dispatcher', () => {
  const suite = new DispatcherSuite(PREFIX, { dispatcher: false });
  const children: DispatcherChild[] = [];
  afterEach(async () => {
    await suite.stopDispatcher();
    for (const c of children.splice(0)) await stopChild(c);
  });

  /** A tenant with an entity configuration to `path` and an `$operations` one to `/ops/<tenant>` receiving `kinds`. */
  async function tenantWithOperations(path: string, kinds: string, fields: Record<string, unknown> = {}) {
    const s = suite.services;
    const tenant = suite.tenant();
    const config = await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}${path}`,
      events: 'INSERT',
      ...fields,
    });
    const ops = await s.webhooks.create(adminOf(tenant), {
      entityName: '$operations',
      events: kinds,
      webhookUrl: `${suite.receiver.url}/ops/${tenant}`,
      secret: OPS_SECRET,
    });
    return { tenant, config, ops, opsPath: `/ops/${tenant}` };
  }

  const minuteOf = (d: Date) => Math.floor(d.getTime() / 60_000);

  /** Every DEAD record is counted in exactly one notice: one per minute they went DEAD in (never a second for the same minute unless the first was already claimed). */
  function expectCoalesced(records: OutboxRow[], notices: Notice[], tenant: string): void {
    const dead = records.filter((r) => r.entity_name !== '$operations' && r.status === 'DEAD');
    expect(notices.reduce((n, x) => n + x.data.count, 0)).toBe(dead.length);
    const listed = notices.flatMap((n) => n.data.outboxRecordIds.map((id) => decodeRecordId(tenant, id)));
    expect(new Set(listed).size).toBe(listed.length);
    const deadIds = new Set(dead.map((r) => String(r.id)));
    for (const id of listed) expect(deadIds.has(id!)).toBe(true);
    for (const n of notices) expect(n.data.outboxRecordIds).toHaveLength(Math.min(100, n.data.count));
    const minutes = new Set(dead.map((r) => minuteOf(r.updated_at)));
    expect(notices.length).toBeGreaterThanOrEqual(minutes.size);
  }

  it('records going DEAD make one DELIVERY_DEAD notice per configuration and minute, due at its end, delivered signed', async () => {
    const s = suite.services;
    const { tenant, config, opsPath } = await tenantWithOperations('/dead', 'DELIVERY_DEAD', { maxRetries: 0 });
    suite.receiver.react = (r) => (r.path === '/dead' ? { status: 400 } : { status: 204 });
    const ROWS = 150;
    await commitChanges(s, tenant, inserts(ROWS));
    suite.startDispatcher();
    const rows = await eventually(async () => {
      const all = await outboxRows(s, tenant);
      return all.filter((r) => r.status === 'DEAD').length === ROWS ? all : undefined;
    });
    const notices = noticesOf(rows, 'DELIVERY_DEAD');
    expectCoalesced(rows, notices, tenant);
    const minutes = new Set(rows.filter((r) => r.entity_name === 'orders').map((r) => minuteOf(r.updated_at)));
    expect(notices).toHaveLength(minutes.size);
    for (const n of notices) {
      expect(n.status).toBe('PENDING');
      expect(n.data).toMatchObject({
        webhookConfigId: config.id,
        entityName: 'orders',
        lastError: 'WEBHOOK_DELIVERY_NON_RETRYABLE: HTTP 400',
      });
      expect(n.next_retry_at.getTime()).toBe((minuteOf(new Date(n.data.firstAt as string)) + 1) * 60_000);
    }
    // Sent once due: pulled forward here instead of waiting for the minute's end.
    await makeDueNow(
      s,
      tenant,
      notices.map((n) => n.id),
    );
    const got = await eventually(async () => {
      const r = suite.receiver.received.filter((x) => x.path === opsPath);
      return r.length === notices.length ? r : undefined;
    });
    for (const r of got) {
      expect(verifySignature(OPS_SECRET, r)).toBe(true);
      const body = JSON.parse(r.body);
      expectValid(tenant, 'DELIVERY_DEAD', body);
      expect(body).toMatchObject({
        entityName: '$operations',
        operation: 'DELIVERY_DEAD',
        writeRequestId: null,
        previous: null,
      });
      expect(body.requestId).toBe(r.requestId);
    }
    expect(got.reduce((n, r) => n + JSON.parse(r.body).data.count, 0)).toBe(ROWS);
    // A notice going DEAD reports nothing.
    suite.receiver.react = () => ({ status: 400 });
    await commitChanges(s, tenant, inserts(1, ROWS));
    await eventually(async () =>
      (await outboxRows(s, tenant)).filter((r) => r.status === 'DEAD').length === ROWS + 1 ? true : undefined,
    );
    const notices2 = noticesOf(await outboxRows(s, tenant), 'DELIVERY_DEAD');
    await makeDueNow(
      s,
      tenant,
      notices2.filter((n) => n.status === 'PENDING').map((n) => n.id),
    );
    await eventually(async () => {
      const all = noticesOf(await outboxRows(s, tenant), 'DELIVERY_DEAD');
      return all.every((n) => n.status === 'DEAD' || n.status === 'DELIVERED') && all.some((n) => n.status === 'DEAD')
        ? true
        : undefined;
    });
    await new Promise((r) => setTimeout(r, 500));
    const after = noticesOf(await outboxRows(s, tenant), 'DELIVERY_DEAD');
    expect(after.reduce((n, x) => n + x.data.count, 0)).toBe(ROWS + 1);
  });

  it('sends a notice within seconds after its minute ends, without any help (waits up to a minute)', async () => {
    const s = suite.services;
    const { tenant, opsPath } = await tenantWithOperations('/late', 'DELIVERY_DEAD', { maxRetries: 0 });
    suite.receiver.react = (r) => (r.path === '/late' ? { status: 400 } : { status: 204 });
    await commitChanges(s, tenant, inserts(5));
    suite.startDispatcher();
    const got = await eventually(
      async () => suite.receiver.received.find((r) => r.path === opsPath),
      90_000,
      'the notice',
    );
    const body = JSON.parse(got.body);
    const minuteEnd = (minuteOf(new Date(body.data.firstAt)) + 1) * 60_000;
    expect(got.at).toBeGreaterThanOrEqual(minuteEnd);
    expect(got.at - minuteEnd).toBeLessThan(5000);
    expect(body.data.count).toBe(5);
  }, 100_000);

  it('concurrent settles of one minute join one notice; once it is claimed, later ones of the minute open a second', async () => {
    const s = suite.services;
    const { tenant } = await tenantWithOperations('/direct', 'DELIVERY_DEAD', { maxRetries: 0 });
    await commitChanges(s, tenant, inserts(60));
    const outbox = await outboxOf(s, tenant);
    // The steps below stay within one minute.
    if (Date.now() % 60_000 > 45_000) await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 100));
    const deadBatch = async (workerId: string) => {
      const { records } = await claimDueRecords(s.db.pool, outbox, { workerId, limit: 20, leaseMs: 60_000 });
      const batch = records.map((r) => ({
        id: r.id,
        transition: {
          status: 'DEAD' as const,
          retryCount: 0,
          retryInSeconds: null,
          lastError: `WEBHOOK_DELIVERY_NON_RETRYABLE: HTTP 410 (${workerId})`,
        },
        attempt: { startedAt: Date.now(), durationMs: 1, statusCode: 410, error: null },
      }));
      return settleWithNotices(s.db.pool, outbox, { workerId, batch });
    };
    await Promise.all([deadBatch('w1'), deadBatch('w2')]);
    let notices = noticesOf(await outboxRows(s, tenant), 'DELIVERY_DEAD');
    expect(notices.map((n) => n.data.count)).toEqual([40]);
    // A dispatcher claims the notice (as it would once due): the next DEAD of the minute cannot join it.
    await s.db.pool.query(
      `UPDATE ${outbox.table} SET locked_by = 'claimer', locked_until = now() + interval '1 minute' WHERE id = $1`,
      [notices[0].id],
    );
    await deadBatch('w3');
    notices = noticesOf(await outboxRows(s, tenant), 'DELIVERY_DEAD');
    expect(notices.map((n) => n.data.count)).toEqual([40, 20]);
    expect(notices[1].next_retry_at.getTime()).toBe(notices[0].next_retry_at.getTime());
    expect(notices[1].data.lastError).toMatch(/\(w3\)$/);
    expectCoalesced(await outboxRows(s, tenant), notices, tenant);
  });

  it("an $operations configuration's own circuit reports nothing; an entity configuration's reports once per opening", async () => {
    const s = suite.services;
    const { tenant, config, ops } = await tenantWithOperations('/quiet', 'CIRCUIT_OPENED,CIRCUIT_CLOSED');
    const outbox = await outboxOf(s, tenant);
    const fail = (configId: string) => ({
      configId,
      trailingFailures: 3,
      lastSuccessAt: null,
      lastFailureAt: Date.now(),
    });
    const circuit = { failures: 3, openMs: 60_000 };
    await recordCircuitOutcomes(s.db.pool, outbox, [fail(ops.id), fail(config.id)], circuit);
    // Failing again while open: no second CIRCUIT_OPENED.
    await recordCircuitOutcomes(s.db.pool, outbox, [fail(ops.id), fail(config.id)], circuit);
    const rows = await outboxRows(s, tenant);
    expect(rows.map((r) => [r.operation, JSON.parse(r.payload_json).data.webhookConfigId])).toEqual([
      ['CIRCUIT_OPENED', config.id],
    ]);
  });

  it('a circuit opening and closing sends CIRCUIT_OPENED, then CIRCUIT_CLOSED, with the failures it counted', async () => {
    const s = suite.services;
    const { tenant, config, opsPath } = await tenantWithOperations('/flaky', 'CIRCUIT_OPENED,CIRCUIT_CLOSED', {
      maxRetries: 50,
      backoffInitialSeconds: 0,
      backoffFactor: 1,
    });
    let healthy = false;
    suite.receiver.react = (r) => (r.path === '/flaky' && !healthy ? { status: 503 } : { status: 204 });
    await commitChanges(s, tenant, inserts(3));
    suite.startDispatcher({ circuitFailures: 3, circuitOpenMs: 1500 });
    const opened = await eventually(async () => suite.receiver.received.find((r) => r.path === opsPath));
    healthy = true;
    const closed = await eventually(async () => suite.receiver.received.filter((r) => r.path === opsPath)[1]);
    const [a, b] = [JSON.parse(opened.body), JSON.parse(closed.body)];
    expect([a.operation, b.operation]).toEqual(['CIRCUIT_OPENED', 'CIRCUIT_CLOSED']);
    expectValid(tenant, 'CIRCUIT_OPENED', a);
    expectValid(tenant, 'CIRCUIT_CLOSED', b);
    expect(verifySignature(OPS_SECRET, opened) && verifySignature(OPS_SECRET, closed)).toBe(true);
    expect(a.data).toMatchObject({
      webhookConfigId: config.id,
      entityName: 'orders',
      lastError: 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503',
    });
    expect(a.data.consecutiveFailures).toBeGreaterThanOrEqual(3);
    expect(b.data).toMatchObject({ webhookConfigId: config.id, lastError: null });
    expect(b.data.consecutiveFailures).toBeGreaterThanOrEqual(a.data.consecutiveFailures);
    const rows = await outboxRows(s, tenant);
    expect(rows.filter((r) => r.entity_name === '$operations').map((r) => r.operation)).toEqual([
      'CIRCUIT_OPENED',
      'CIRCUIT_CLOSED',
    ]);
  });

  it.skipIf(inject('embedded'))(
    'two dispatcher processes, one killed with SIGKILL while records go DEAD: each DEAD record counted in exactly one notice',
    async () => {
      const s = suite.services;
      const tenants: Array<Awaited<ReturnType<typeof tenantWithOperations>>> = [];
      for (let i = 0; i < 2; i++) tenants.push(await tenantWithOperations('/kill', 'DELIVERY_DEAD', { maxRetries: 0 }));
      suite.receiver.react = (r) => (r.path === '/kill' ? { status: 400, delayMs: 5 } : { status: 204 });
      const ROWS = 1500;
      for (const { tenant } of tenants) await commitChanges(s, tenant, inserts(ROWS));
      const env = { DISPATCHER_BATCH_SIZE: '50', WEBHOOK_CIRCUIT_FAILURES: '0' };
      const first = spawnDispatcher(inject('databaseUrl'), PREFIX, env);
      const second = spawnDispatcher(inject('databaseUrl'), PREFIX, env);
      children.push(first, second);
      const deadCount = async () => {
        let n = 0;
        for (const { tenant } of tenants)
          n += (await outboxRows(s, tenant)).filter((r) => r.status === 'DEAD' && r.entity_name === 'orders').length;
        return n;
      };
      const atKill = await eventually(
        async () => {
          const n = await deadCount();
          return n >= ROWS / 3 ? n : undefined;
        },
        60_000,
        'records going DEAD',
      );
      first.process.kill('SIGKILL');
      // Killed while records were still going DEAD.
      expect(atKill).toBeLessThan(2 * ROWS);
      await first.exited;
      children.push(spawnDispatcher(inject('databaseUrl'), PREFIX, env));
      await eventually(async () => ((await deadCount()) === 2 * ROWS ? true : undefined), 120_000, 'every record DEAD');
      for (const { tenant } of tenants) {
        const rows = await outboxRows(s, tenant);
        expectCoalesced(rows, noticesOf(rows, 'DELIVERY_DEAD'), tenant);
      }
    },
    200_000,
  );
});

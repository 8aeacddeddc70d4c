import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { toAppError } from '../../src/errors';
import { InsertRecordsDocument } from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { codes, gqlRequest } from '../support/graphql';

/**
 * A backend PostgreSQL drops while the service holds its connection (pg_terminate_backend, as a
 * restart or failover does), and a wait for a pooled connection that lasts too long. Real
 * PostgreSQL only: PGlite has one session, no backends to terminate and no locks to wait on.
 */
describe.skipIf(inject('embedded'))('database faults on real PostgreSQL', () => {
  let t: TestApp;
  /** Holds locks; `observer` watches pg_stat_activity (a transaction would see one snapshot of it). */
  let admin: pg.Client;
  let observer: pg.Client;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    admin = new pg.Client({ connectionString: inject('databaseUrl') });
    observer = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    await observer.connect();
  });
  afterAll(async () => {
    await admin.end();
    await observer.end();
    await t.close();
  });

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function tenantWithOrders(app: TestApp) {
    const tenant = uniqueTenant('dbf');
    const h = await app.headers(tenant);
    const res = await app.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: h,
      payload: { name: 'orders', fields: [{ name: 'id', type: 'INTEGER' }], primaryKey: 'id' },
    });
    expect(res.statusCode).toBe(201);
    const schema = await app.runtime.services.tenants.ensure(tenant);
    return { tenant, h, schema };
  }

  /** The backend of `application_name` that waits on a lock, once there is one. */
  async function waitingBackend(applicationName: string, inFlight: Promise<unknown>): Promise<number> {
    let done: unknown;
    void inFlight.then((r) => (done = r));
    for (let i = 0; i < 200 && done === undefined; i++) {
      const { rows } = await observer.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1 AND wait_event_type = 'Lock'`,
        [applicationName],
      );
      if (rows[0]) return rows[0].pid;
      await sleep(25);
    }
    throw new Error(`no backend ever waited on the lock (${JSON.stringify(done)})`);
  }

  it('a transaction whose backend is terminated between two statements fails as UNAVAILABLE; the process lives on', async () => {
    const err = await t.runtime.db
      .transaction(async (client) => {
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
        // The connection is idle in the transaction when the backend goes: node-postgres emits
        // 'error' on the checked-out client (without a listener, the process would end here).
        await sleep(500);
        await client.query('SELECT 1');
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(toAppError(err).code).toBe('UNAVAILABLE');
    // The broken connection left the pool: the next transaction gets a good one.
    const again = await t.runtime.db.transaction(async (c) => (await c.query('SELECT 2 AS two')).rows[0].two);
    expect(again).toBe(2);
  });

  it('answers 503 UNAVAILABLE (REST and GraphQL) when the backend of a write in flight is terminated, then 200 again', async () => {
    const { h, schema } = await tenantWithOrders(t);
    for (const surface of ['rest', 'graphql'] as const) {
      await admin.query('BEGIN');
      await admin.query(`LOCK TABLE "${schema}".orders IN ACCESS EXCLUSIVE MODE`);
      const write =
        surface === 'rest'
          ? t.app.inject({
              method: 'POST',
              url: '/data/orders/records',
              headers: h,
              payload: { operation: 'INSERT', records: [{ id: 1 }] },
            })
          : gqlRequest(t.app, InsertRecordsDocument, { entity: 'orders', records: [{ id: 1 }] }, h);
      const pid = await waitingBackend('hookgate', write);
      await observer.query('SELECT pg_terminate_backend($1)', [pid]);
      const res = await write;
      await admin.query('ROLLBACK');
      if ('json' in res) {
        expect(res.statusCode).toBe(503);
        expect(res.json().error.code).toBe('UNAVAILABLE');
        expect(res.body).not.toMatch(/terminat|57P01|INSERT INTO|"orders"/i);
      } else {
        expect(codes(res)).toEqual(['UNAVAILABLE']);
        expect(JSON.stringify(res.errors)).not.toMatch(/terminat|57P01|INSERT INTO|"orders"/i);
      }
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/data/orders/records',
      headers: h,
      payload: { operation: 'INSERT', records: [{ id: 1 }] },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 503 UNAVAILABLE, not 500, when no pooled connection frees up in time', async () => {
    const small = await startTestApp({ DISPATCHER: 'off', DB_POOL_SIZE: '1', DB_CONNECTION_TIMEOUT_MS: '300' });
    try {
      const { h, schema } = await tenantWithOrders(small);
      await admin.query('BEGIN');
      await admin.query(`LOCK TABLE "${schema}".orders IN ACCESS EXCLUSIVE MODE`);
      // This write holds the pool's only connection while it waits on the lock.
      const blocked = small.app.inject({
        method: 'POST',
        url: '/data/orders/records',
        headers: h,
        payload: { operation: 'INSERT', records: [{ id: 7 }] },
      });
      await waitingBackend('hookgate', blocked);
      // Prisma (webhook configurations) and plain pg (entity catalogue) both wait for the pool.
      for (const url of ['/metadata/entity-webhooks', '/metadata/entities/orders']) {
        const res = await small.app.inject({ method: 'GET', url, headers: h });
        expect(res.statusCode, url).toBe(503);
        expect(res.json().error.code).toBe('UNAVAILABLE');
      }
      await admin.query('ROLLBACK');
      expect((await blocked).statusCode).toBe(200);
      expect((await small.app.inject({ method: 'GET', url: '/metadata/entities/orders', headers: h })).statusCode).toBe(
        200,
      );
    } finally {
      await admin.query('ROLLBACK').catch(() => undefined);
      await small.close();
    }
  });
});

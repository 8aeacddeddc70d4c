/**
 * Analytics on a real streaming hot standby (ANALYTICS_DATABASE_URL). The standby is the one
 * `.ci/standby start` runs (CI gives its server URL as HOOKGATE_TEST_STANDBY_URL); the test database
 * made on the primary reaches it by replication. Replay is paused with pg_wal_replay_pause() to prove
 * where a statement ran, and the standby is stopped and started again with pg_ctl.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { quoteIdent } from '../../src/db/sql';
import { tenantSchemaName } from '../../src/db/tenant-schema';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';
import { EntityQueryDocument, MetricQueryDocument } from '../generated/graphql';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { withDatabase } from '../support/global-setup';
import { codes, gqlRequest } from '../support/graphql';

const standbyServerUrl = process.env.HOOKGATE_TEST_STANDBY_URL;
const runnable = !!standbyServerUrl && !inject('embedded') && !inject('databaseDirectUrl');
const WAIT_MS = 1_500;

type Body = Record<string, unknown>;

/** pg_ctl of the standby's major version, as the server's owner (root goes through runuser, as .ci/standby does). */
function pgCtl(major: number, args: string[]): void {
  const bin = `${process.env.PG_BIN ?? `/usr/lib/postgresql/${major}/bin`}/pg_ctl`;
  if (os.userInfo().username === 'postgres') execFileSync(bin, args, { stdio: 'ignore' });
  else execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'ignore' });
}

describe.skipIf(!runnable)(
  'analytics on a hot standby (skipped without HOOKGATE_TEST_STANDBY_URL: run `.ci/standby start` and give its URL, with DATABASE_URL on the primary)',
  () => {
    let t: TestApp;
    /** The standby's server (postgres database), for pausing replay and finding its data directory. */
    let standbyAdmin: pg.Pool;
    let primary: pg.Pool;
    let dataDir: string;
    let major: number;
    let receiver: Receiver;
    let dispatcher: Dispatcher;
    const prefix = 'standby';
    const tenant = uniqueTenant(prefix);
    let h: Record<string, string>;

    const post = (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers: h, payload: payload as object });
    const countOrders = async () => {
      const res = await post('/analytics/query', { entity: 'orders', select: [{ field: 'id', agg: 'COUNT' }] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.rows[0][0] as number;
    };
    const insert = async (entity: string, records: Body[]) => {
      const res = await post(`/data/${entity}/records`, { operation: 'INSERT', records });
      expect(res.statusCode, res.body).toBe(200);
    };
    const readyz = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      return { status: res.statusCode, body: res.json() };
    };
    const standbyRunning = async () =>
      standbyAdmin.query('SELECT 1').then(
        () => true,
        () => false,
      );
    const pauseReplay = async () => {
      await standbyAdmin.query('SELECT pg_wal_replay_pause()');
      await eventually(async () => {
        const { rows } = await standbyAdmin.query<{ s: string }>('SELECT pg_get_wal_replay_pause_state() AS s');
        return rows[0].s === 'paused' ? true : undefined;
      });
    };
    const resumeReplay = () => standbyAdmin.query('SELECT pg_wal_replay_resume()');
    const startStandby = async () => {
      if (!(await standbyRunning()))
        pgCtl(major, ['-D', dataDir, '-l', `${os.tmpdir()}/hookgate-standby-test.log`, '-w', '-t', '60', 'start']);
      await eventually(async () => ((await standbyRunning()) ? true : undefined), 30_000, 'the standby to start');
    };

    beforeAll(async () => {
      const databaseUrl = inject('databaseUrl');
      const database = new URL(databaseUrl).pathname.slice(1);
      standbyAdmin = new pg.Pool({ connectionString: standbyServerUrl, max: 2 });
      standbyAdmin.on('error', () => undefined);
      primary = new pg.Pool({ connectionString: databaseUrl, max: 2 });
      dataDir = (await standbyAdmin.query<{ data_directory: string }>('SHOW data_directory')).rows[0].data_directory;
      const version = await standbyAdmin.query<{ server_version_num: string }>('SHOW server_version_num');
      major = Math.floor(Number(version.rows[0].server_version_num) / 10_000);
      await resumeReplay();
      // The test database was made on the primary a moment ago: wait until the standby has it.
      await eventually(
        async () => {
          const { rows } = await standbyAdmin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
          return rows.length ? true : undefined;
        },
        30_000,
        'the test database on the standby',
      );
      t = await startTestApp({
        DISPATCHER: 'off',
        ANALYTICS_DATABASE_URL: withDatabase(standbyServerUrl!, database),
        ANALYTICS_STANDBY_WAIT_MS: String(WAIT_MS),
      });
      h = await t.headers(tenant);
      receiver = await Receiver.start();
      dispatcher = startDispatcher(t, prefix);

      const orders = {
        name: 'orders',
        fields: [
          { name: 'id', type: 'INTEGER' },
          { name: 'amount', type: 'INTEGER' },
        ],
        primaryKey: 'id',
      };
      expect((await post('/metadata/entities', orders)).statusCode).toBe(201);
      expect(
        (await post('/metadata/metrics', { name: 'revenue', entity: 'orders', aggregation: 'SUM', field: 'amount' }))
          .statusCode,
      ).toBe(201);
      expect(
        (
          await post('/metadata/views', {
            name: 'all_orders',
            entity: 'orders',
            select: [{ field: 'id' }],
            parameters: [],
          })
        ).statusCode,
      ).toBe(201);
      await insert('orders', [{ id: 1, amount: 10 }]);
    });

    afterAll(async () => {
      // Other tests use the standby after this file: it is left running and replaying.
      await startStandby().catch(() => undefined);
      await resumeReplay().catch(() => undefined);
      await dispatcher?.stop();
      await receiver?.close();
      await t?.close();
      await standbyAdmin?.end();
      await primary?.end();
    });

    it('runs entity, metric and view queries on the standby: paused replay hides a new record, resumed shows it', async () => {
      await eventually(async () => ((await countOrders()) === 1 ? true : undefined));
      await pauseReplay();
      try {
        await insert('orders', [{ id: 2, amount: 32 }]);
        const onPrimary = await primary.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${quoteIdent(tenantSchemaName(tenant))}.orders`,
        );
        expect(onPrimary.rows[0].n).toBe(2);

        expect(await countOrders()).toBe(1);
        const gql = await gqlRequest(
          t.app,
          EntityQueryDocument,
          { input: { entity: 'orders', select: [{ field: 'id', agg: 'COUNT' }] } },
          h,
        );
        expect(gql.data?.entityQuery.rows).toEqual([[1]]);
        const metric = await post('/analytics/metrics/revenue/query', {});
        expect(metric.json().data).toEqual({ columns: ['revenue'], rows: [[10]] });
        const gqlMetric = await gqlRequest(t.app, MetricQueryDocument, { metricName: 'revenue' }, h);
        expect(gqlMetric.data?.metricQuery.rows).toEqual([[10]]);
        const batch = await post('/analytics/metrics/batch', { metrics: ['revenue'] });
        expect(batch.json().data.revenue.rows).toEqual([[10]]);
        const view = await post('/analytics/views/all_orders/query', {});
        expect(view.json().data.rows).toEqual([[1]]);
        const plan = await post('/analytics/query/plan', { entity: 'orders', select: [{ field: 'id' }] });
        expect(plan.statusCode).toBe(200);

        // WAL waits to be replayed: the lag shows on /readyz and in the metric.
        const ready = await eventually(async () => {
          const r = await readyz();
          return r.body.analyticsStandby?.lagSeconds > 0 ? r : undefined;
        });
        expect(ready.status).toBe(200);
        expect(ready.body.analyticsStandby.state).toBe('up');
        const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
        const lag = Number(/^hookgate_analytics_standby_lag_seconds (\S+)$/m.exec(metrics.body)?.[1]);
        expect(lag).toBeGreaterThan(0);
      } finally {
        await resumeReplay();
      }
      await eventually(async () => ((await countOrders()) === 2 ? true : undefined), 10_000, 'the replayed record');
      const metric = await post('/analytics/metrics/revenue/query', {});
      expect(metric.json().data.rows).toEqual([[42]]);
      const caughtUp = await eventually(async () => {
        const r = await readyz();
        return r.body.analyticsStandby?.lagSeconds === 0 ? r : undefined;
      });
      expect(caughtUp.body).toEqual({ status: 'ready', analyticsStandby: { state: 'up', lagSeconds: 0 } });
    });

    it('answers a query over a freshly defined entity at once: it waits for the standby, or answers from the primary', async () => {
      const define = async (name: string) => {
        const res = await post('/metadata/entities', {
          name,
          fields: [
            { name: 'id', type: 'INTEGER' },
            { name: 'label', type: 'STRING' },
          ],
          primaryKey: 'id',
        });
        expect(res.statusCode, res.body).toBe(201);
        await insert(name, [
          { id: 1, label: 'a' },
          { id: 2, label: 'b' },
        ]);
      };
      const query = async (name: string) => {
        const started = Date.now();
        const res = await post('/analytics/query', { entity: name, select: [{ field: 'label' }] });
        return { res, ms: Date.now() - started };
      };

      // Replay resumes while the query waits: it is answered by the standby, after the wait began.
      await pauseReplay();
      let resumed: Promise<unknown> | undefined;
      try {
        await define('fresh_waited');
        resumed = new Promise((r) => setTimeout(r, 400)).then(resumeReplay);
        const waited = await query('fresh_waited');
        expect(waited.res.statusCode, waited.res.body).toBe(200);
        expect(waited.res.json().data).toEqual({ columns: ['label'], rows: [['a'], ['b']] });
        expect(waited.ms).toBeGreaterThanOrEqual(350);
        expect(waited.ms).toBeLessThan(WAIT_MS + 1_000);
      } finally {
        await resumed;
        await resumeReplay();
      }

      // Replay stays paused past the wait: the primary answers, as it would without a standby.
      await pauseReplay();
      try {
        await define('fresh_fallback');
        const fallback = await query('fresh_fallback');
        expect(fallback.res.statusCode, fallback.res.body).toBe(200);
        expect(fallback.res.json().data).toEqual({ columns: ['label'], rows: [['a'], ['b']] });
        expect(fallback.ms).toBeGreaterThanOrEqual(WAIT_MS - 50);
      } finally {
        await resumeReplay();
      }

      // Replaying as usual, a definition made just now answers without an error.
      await define('fresh_live');
      const live = await query('fresh_live');
      expect(live.res.statusCode, live.res.body).toBe(200);
      expect(live.res.json().data.rows).toEqual([['a'], ['b']]);
    });

    it('while the standby is down analytics answer 503 and nothing else is affected; it answers again once back', async () => {
      await eventually(async () => ((await countOrders()) >= 1 ? true : undefined));
      pgCtl(major, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      try {
        const rest = await post('/analytics/query', { entity: 'orders', select: [{ field: 'id', agg: 'COUNT' }] });
        expect(rest.statusCode).toBe(503);
        expect(rest.json().error.code).toBe('UNAVAILABLE');
        expect(rest.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|5433/);
        expect((await post('/analytics/metrics/revenue/query', {})).statusCode).toBe(503);
        expect((await post('/analytics/views/all_orders/query', {})).statusCode).toBe(503);
        const gql = await gqlRequest(
          t.app,
          EntityQueryDocument,
          { input: { entity: 'orders', select: [{ field: 'id' }] } },
          h,
        );
        expect(codes(gql)).toEqual(['UNAVAILABLE']);

        // Webhook configurations, record writes and their deliveries go on, on the primary.
        const created = await post('/metadata/entity-webhooks', {
          entityName: 'orders',
          events: 'INSERT',
          webhookUrl: `${receiver.url}/hook`,
        });
        expect(created.statusCode, created.body).toBe(201);
        const list = await t.app.inject({ method: 'GET', url: '/metadata/entity-webhooks', headers: h });
        expect(list.statusCode).toBe(200);
        expect(list.json().total).toBe(1);
        await insert('orders', [{ id: 3, amount: 1 }]);
        await receiver.waitFor(1);
        expect(JSON.parse(receiver.received[0].body)).toMatchObject({ entityName: 'orders' });
        expect(
          (
            await post('/metadata/entities', {
              name: 'later',
              fields: [{ name: 'id', type: 'INTEGER' }],
              primaryKey: 'id',
            })
          ).statusCode,
        ).toBe(201);

        const ready = await readyz();
        expect(ready).toEqual({
          status: 200,
          body: { status: 'ready', analyticsStandby: { state: 'down', lagSeconds: null } },
        });
      } finally {
        await startStandby();
      }
      const back = await eventually(async () => {
        const res = await post('/analytics/query', { entity: 'orders', select: [{ field: 'id', agg: 'COUNT' }] });
        return res.statusCode === 200 && res.json().data.rows[0][0] === 3 ? res : undefined;
      });
      expect(back.json().data.rows).toEqual([[3]]);
      expect((await readyz()).body.analyticsStandby.state).toBe('up');
    });
  },
);

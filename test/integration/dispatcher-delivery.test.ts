import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import {
  adminOf,
  attemptRows,
  commitChanges,
  loggedAttemptRows,
  outboxOf,
  createConfig,
  inserts,
  outboxRows,
  updateOutboxRows,
  type OutboxRow,
} from '../dispatcher/fixtures';
import { readTenantDdl } from '../../src/db/tenant-schema';
import { encodeRecordId } from '../../src/outbox/record-id';
import { eventually } from '../dispatcher/harness';
import { DispatcherSuite } from '../dispatcher/suite';
import { Receiver, verifySignature } from '../dispatcher/receiver';

/** Tenants of this file, and the only ones its dispatchers touch. */
const PREFIX = 'dlv';

describe('dispatcher: delivery and the transition table', () => {
  const suite = new DispatcherSuite(PREFIX, { dispatcher: {} });

  const settledRows = (
    tenant: string,
    n: number,
    done = (r: OutboxRow) => r.status === 'DELIVERED' || r.status === 'DEAD',
  ) =>
    eventually(
      async () => {
        const rows = await outboxRows(suite.services, tenant);
        return rows.length === n && rows.every(done) ? rows : undefined;
      },
      20_000,
      'settled rows',
    );

  it('delivers each record once, signed, with the contract headers, the configured method and headers', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    const secret = 'a-shared-secret-ü';
    const config = await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/hooks/orders?x=1`,
      httpMethod: 'put',
      secret,
      headersJson: JSON.stringify({
        'X-Custom': 'yes',
        'x-hookgate-request-id': 'forged',
        'Content-Type': 'text/plain',
        'X-HOOKGATE-SIGNATURE': 'forged',
      }),
    });
    const before = suite.receiver.received.length;
    await commitChanges(s, tenant, [
      { operation: 'INSERT', data: { id: 1, name: 'Zoë "quoted"' }, previous: null },
      { operation: 'UPDATE', data: { id: 1, name: 'b' }, previous: { id: 1, name: 'Zoë "quoted"' } },
    ]);
    const rows = await settledRows(tenant, 2);
    const got = suite.receiver.received.slice(before).filter((r) => r.path === '/hooks/orders?x=1');
    expect(got).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'DELIVERED',
        retry_count: 0,
        last_error: null,
        locked_by: null,
        locked_until: null,
        attempt_count: 1,
      });
      expect(row.delivered_at).toBeInstanceOf(Date);
      const req = got.find((r) => r.requestId === row.request_id)!;
      expect(req).toBeDefined();
      expect(req.method).toBe('PUT');
      expect(req.body).toBe(row.payload_json);
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['x-custom']).toBe('yes');
      expect(Number(req.headers['x-hookgate-timestamp'])).toBeGreaterThan(Date.now() / 1000 - 60);
      expect(verifySignature(secret, req)).toBe(true);
      expect(verifySignature('wrong-secret', req)).toBe(false);
      expect(JSON.parse(req.body).requestId).toBe(row.request_id);
    }
    const attempts = await attemptRows(s, tenant);
    expect(attempts).toHaveLength(2);
    for (const a of attempts) expect(a).toMatchObject({ attempt_number: 1, status_code: 204, error: null });
    expect(config.hasSecret).toBe(true);
  });

  it('sends no signature without a secret, falls back to POST for an unknown method, and can send GET', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/fallback`,
      httpMethod: 'BREW',
      events: 'INSERT',
    });
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/get`, httpMethod: 'GET', events: 'INSERT' });
    await commitChanges(s, tenant, inserts(1));
    await settledRows(tenant, 2);
    const fallback = suite.receiver.received.filter((r) => r.path === '/fallback').at(-1)!;
    expect(fallback.method).toBe('POST');
    expect(fallback.headers['x-hookgate-signature']).toBeUndefined();
    expect(fallback.headers['x-hookgate-timestamp']).toMatch(/^\d+$/);
    const get = suite.receiver.received.filter((r) => r.path === '/get').at(-1)!;
    expect(get.method).toBe('GET');
    expect(JSON.parse(get.body).operation).toBe('INSERT');
  });

  it('ends records DEAD without a request when the configuration is deleted, disabled, has no URL or bad headers', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    const ctx = { tenantId: tenant, actor: 'x', permissions: new Set(['tenant:admin']) };
    const deleted = await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/deleted` });
    const disabled = await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/disabled` });
    const noUrl = await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/nourl` });
    const badHeaders = await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/badheaders` });
    const badValue = await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/badvalue` });
    // No dispatcher while the configurations change under committed records.
    await suite.stopDispatcher();
    await commitChanges(s, tenant, inserts(1));
    // Configuration changes after the change committed: the dispatcher reads them at delivery.
    await s.webhooks.delete(ctx, deleted.id);
    await s.webhooks.update(ctx, disabled.id, { enabled: false });
    await s.db.pool.query(`UPDATE webhook_configs SET webhook_url = '' WHERE id = $1`, [noUrl.id]);
    await s.db.pool.query(`UPDATE webhook_configs SET headers_json = '["not", "an object"]' WHERE id = $1`, [
      badHeaders.id,
    ]);
    await s.db.pool.query(`UPDATE webhook_configs SET headers_json = $2 WHERE id = $1`, [
      badValue.id,
      JSON.stringify({ 'X-Split': 'a\r\nInjected: 1' }),
    ]);
    const before = suite.receiver.received.length;
    suite.startDispatcher();
    const rows = await settledRows(tenant, 5);
    const byConfig = new Map(rows.map((r) => [r.webhook_config_id, r]));
    expect(byConfig.get(deleted.id)).toMatchObject({ status: 'DEAD', last_error: 'WEBHOOK_CONFIG_NOT_FOUND' });
    expect(byConfig.get(disabled.id)).toMatchObject({ status: 'DEAD', last_error: 'WEBHOOK_CONFIG_DISABLED' });
    expect(byConfig.get(noUrl.id)).toMatchObject({ status: 'DEAD', last_error: 'WEBHOOK_URL_MISSING' });
    expect(byConfig.get(badHeaders.id)!.status).toBe('DEAD');
    expect(byConfig.get(badHeaders.id)!.last_error).toMatch(/^WEBHOOK_HEADERS_INVALID: /);
    expect(byConfig.get(badValue.id)!.last_error).toMatch(/^WEBHOOK_HEADERS_INVALID: /);
    expect(suite.receiver.received.length).toBe(before);
    const attempts = await attemptRows(s, tenant);
    expect(attempts).toHaveLength(5);
    for (const a of attempts) expect(a).toMatchObject({ attempt_number: 1, status_code: null, duration_ms: 0 });
  });

  it('follows the table for HTTP statuses: 2xx delivered, 408/429/5xx retried, others dead, redirects not followed', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    const statuses = [200, 201, 299, 301, 302, 400, 404, 410, 408, 429, 500, 503, 599];
    for (const status of statuses) {
      await createConfig(s, tenant, {
        webhookUrl: `${suite.receiver.url}/status/${status}`,
        backoffInitialSeconds: 600,
        maxRetries: 3,
      });
    }
    suite.receiver.react = (r) => {
      const status = Number(r.path.split('/')[2]);
      return status >= 300 && status < 400
        ? { status, headers: { location: `${suite.receiver.url}/redirected` } }
        : { status };
    };
    await commitChanges(s, tenant, inserts(1));
    const rows = await settledRows(tenant, statuses.length, (r) => r.attempt_count === 1 && r.locked_by === null);
    const configs = await s.db.pool.query<{ id: string; webhook_url: string }>(
      'SELECT id, webhook_url FROM webhook_configs WHERE tenant_id = $1',
      [tenant],
    );
    const statusOf = new Map(configs.rows.map((c) => [c.id, Number(c.webhook_url.split('/').at(-1))]));
    for (const row of rows) {
      const status = statusOf.get(row.webhook_config_id)!;
      if (status < 300) expect(row, String(status)).toMatchObject({ status: 'DELIVERED', last_error: null });
      else if ([408, 429, 500, 503, 599].includes(status)) {
        expect(row, String(status)).toMatchObject({
          status: 'RETRYING',
          retry_count: 1,
          last_error: `WEBHOOK_DELIVERY_RETRYABLE: HTTP ${status}`,
        });
        // backoff(0) = base = 600 s, measured on the database clock.
        const delay = (row.next_retry_at.getTime() - row.updated_at.getTime()) / 1000;
        expect(delay).toBeGreaterThan(599);
        expect(delay).toBeLessThan(601);
      } else
        expect(row, String(status)).toMatchObject({
          status: 'DEAD',
          retry_count: 0,
          last_error: `WEBHOOK_DELIVERY_NON_RETRYABLE: HTTP ${status}`,
        });
    }
    expect(suite.receiver.received.filter((r) => r.path === '/redirected')).toHaveLength(0);
    const attempts = await attemptRows(s, tenant);
    expect(attempts.map((a) => a.status_code).sort()).toEqual([...statuses].sort());
  });

  it('goes DEAD on a retryable failure when retry_count + 1 >= max_retries', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/always503/one`, maxRetries: 1 });
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/always503/zero`, maxRetries: 0 });
    suite.receiver.react = (r) => (r.path.startsWith('/always503') ? { status: 503 } : { status: 204 });
    await commitChanges(s, tenant, inserts(1));
    const rows = await settledRows(tenant, 2);
    for (const row of rows)
      expect(row).toMatchObject({
        status: 'DEAD',
        retry_count: 0,
        last_error: 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 503',
        attempt_count: 1,
      });
  });

  it('counts a timeout and a refused connection as retryable, with no status code in the attempt', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    const closed = await Receiver.start();
    const closedUrl = closed.url;
    await closed.close();
    await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/hang`,
      timeoutMs: 300,
      backoffInitialSeconds: 600,
    });
    await createConfig(s, tenant, { webhookUrl: `${closedUrl}/refused`, backoffInitialSeconds: 600 });
    suite.receiver.react = (r) => (r.path === '/hang' ? { hang: true } : { status: 204 });
    await commitChanges(s, tenant, inserts(1));
    const rows = await settledRows(tenant, 2, (r) => r.status === 'RETRYING');
    const errors = rows.map((r) => r.last_error).sort();
    expect(errors[0]).toMatch(/^WEBHOOK_DELIVERY_RETRYABLE: network error \(ECONNREFUSED\)$/);
    expect(errors[1]).toBe('WEBHOOK_DELIVERY_RETRYABLE: timeout after 300 ms');
    const attempts = await attemptRows(s, tenant);
    expect(attempts.map((a) => a.status_code)).toEqual([null, null]);
    const hung = attempts.find((a) => a.error!.includes('timeout'))!;
    expect(hung.duration_ms).toBeGreaterThanOrEqual(290);
    expect(hung.duration_ms).toBeLessThan(2000);
  });

  it('settles the records of a batch as their requests end: one hanging until its timeout holds back none of the others', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    const timeoutMs = 5000;
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/one-hangs`, timeoutMs });
    let hung: string | undefined;
    suite.receiver.react = (r) => {
      if (r.path !== '/one-hangs' || hung !== undefined) return { status: 204 };
      hung = r.requestId;
      return { hang: true };
    };
    const started = Date.now();
    // One commit, one claim: all 20 records in one batch.
    await commitChanges(s, tenant, inserts(20));
    const rows = await eventually(
      async () => {
        const all = await outboxRows(s, tenant);
        return all.filter((r) => r.status === 'DELIVERED').length === 19 ? all : undefined;
      },
      timeoutMs,
      'the 19 answered records DELIVERED',
    );
    expect(Date.now() - started).toBeLessThan(timeoutMs / 2);
    const waiting = rows.find((r) => r.status !== 'DELIVERED')!;
    expect(waiting.request_id).toBe(hung);
    expect(waiting.attempt_count).toBe(0);
    expect(waiting.locked_by).not.toBeNull();
    // The hanging one is settled too once its timeout ends it.
    const after = await settledRows(tenant, 20, (r) => r.status === 'DELIVERED' || r.status === 'RETRYING');
    expect(after.find((r) => r.request_id === hung)!.last_error).toBe(
      `WEBHOOK_DELIVERY_RETRYABLE: timeout after ${timeoutMs} ms`,
    );
  });

  it('retries at the backoff the spec computes, then goes DEAD, logging every attempt', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/flaky`,
      backoffInitialSeconds: 1,
      backoffFactor: 2,
      maxRetries: 3,
    });
    suite.receiver.react = (r) => (r.path === '/flaky' ? { status: 500 } : { status: 204 });
    await commitChanges(s, tenant, inserts(1));
    const [row] = await settledRows(tenant, 1, (r) => r.status === 'DEAD');
    const times = suite.receiver.received.filter((r) => r.requestId === row.request_id).map((r) => r.at);
    expect(times).toHaveLength(3);
    // Retry n+1 follows the attempt with retry_count n after min(3600, 1 * 2^n) seconds.
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(950);
    expect(times[1] - times[0]).toBeLessThan(1600);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(1950);
    expect(times[2] - times[1]).toBeLessThan(2600);
    expect(row).toMatchObject({
      retry_count: 2,
      max_retries: 3,
      last_error: 'WEBHOOK_DELIVERY_RETRYABLE: HTTP 500',
      attempt_count: 3,
    });
    const attempts = await attemptRows(s, tenant);
    expect(attempts.map((a) => [a.attempt_number, a.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
  }, 30_000);

  it('keeps a first attempt that delivered on its record, logs every other attempt, and shows them all', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    const config = await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/kept`,
      backoffInitialSeconds: 1,
      maxRetries: 5,
    });
    // Record 0 is refused once (500), then delivered; record 1 is delivered at once, with a body.
    let refusedOnce = false;
    suite.receiver.react = (r) => {
      if (r.path !== '/kept') return { status: 204 };
      if (JSON.parse(r.body).data.id === 0 && !refusedOnce) {
        refusedOnce = true;
        return { status: 500, body: 'not yet' };
      }
      return { status: 200, body: 'thanks' };
    };
    await commitChanges(s, tenant, inserts(2));
    const rows = await settledRows(tenant, 2);
    const [retried, first] = [0, 1].map((i) => rows.find((r) => JSON.parse(r.payload_json).data.id === i)!);
    expect(retried).toMatchObject({ status: 'DELIVERED', attempt_count: 2 });
    expect(first).toMatchObject({ status: 'DELIVERED', attempt_count: 1 });
    // In the database: the retried record's two attempts are logged; the other's is on its row only.
    expect((await loggedAttemptRows(s, tenant)).map((a) => [a.outbox_id, a.attempt_number, a.status_code])).toEqual([
      [retried.id, 1, 500],
      [retried.id, 2, 200],
    ]);
    const kept = (await attemptRows(s, tenant)).filter((a) => a.outbox_id === first.id);
    expect(kept).toMatchObject([{ attempt_number: 1, status_code: 200, error: null, response_body: 'thanks' }]);
    expect(kept[0].started_at).toBeInstanceOf(Date);

    // Through the service (GraphQL and REST read the same): every attempt, in order, whichever table holds it.
    const ctx = adminOf(tenant);
    const publicId = (id: string) => encodeRecordId(tenant, String(id));
    const shown = await s.outbox.get(ctx, publicId(first.id));
    expect(shown.attempts.map((a) => [a.attemptNumber, a.statusCode, a.error, a.responseBody])).toEqual([
      [1, 200, null, 'thanks'],
    ]);
    expect(
      (await s.outbox.get(ctx, publicId(retried.id))).attempts.map((a) => [a.attemptNumber, a.statusCode]),
    ).toEqual([
      [1, 500],
      [2, 200],
    ]);

    // A redelivery's attempt goes to the log and the first one stays where it was.
    await s.outbox.redeliver(ctx, publicId(first.id));
    await settledRows(
      tenant,
      2,
      (r) => r.status === 'DELIVERED' && r.locked_by === null && (r.id !== first.id || r.attempt_count === 2),
    );
    expect(
      (await s.outbox.get(ctx, publicId(first.id))).attempts.map((a) => [
        a.attemptNumber,
        a.statusCode,
        a.responseBody,
      ]),
    ).toEqual([
      [1, 200, 'thanks'],
      [2, 200, 'thanks'],
    ]);
    expect(
      (await loggedAttemptRows(s, tenant)).filter((a) => a.outbox_id === first.id).map((a) => a.attempt_number),
    ).toEqual([2]);

    // The configuration's health counts them all: 4 attempts, 1 failure.
    expect(await s.webhooks.health(ctx, config.id)).toMatchObject({ attempts24h: 4, failures24h: 1 });
  }, 30_000);

  it("brings a tenant's schema up to date before delivering its records, with no API request for that tenant", async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    await suite.stopDispatcher();
    await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}/upgraded` });
    // The tenant as a deployment of an earlier version left it: schema version 4, records waiting.
    const outbox = await outboxOf(s, tenant);
    await s.db.pool.query(
      `ALTER TABLE ${outbox.table} DROP COLUMN first_attempt_started_at, DROP COLUMN first_attempt_duration_ms,
                                   DROP COLUMN first_attempt_status_code, DROP COLUMN first_attempt_response_body,
                                   ADD CONSTRAINT mutation_webhook_outbox_request_id_key UNIQUE (request_id)`,
    );
    await s.db.pool.query(`DROP TABLE ${outbox.health}`);
    await s.db.pool.query('DELETE FROM tenant_schema_migrations WHERE tenant_id = $1 AND version >= 5', [tenant]);
    await commitChanges(s, tenant, inserts(3));
    suite.startDispatcher();
    const rows = await settledRows(tenant, 3);
    expect(rows.map((r) => r.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
    expect((await attemptRows(s, tenant)).map((a) => [a.attempt_number, a.status_code])).toEqual([
      [1, 204],
      [1, 204],
      [1, 204],
    ]);
    const { rows: versions } = await s.db.pool.query<{ version: number }>(
      'SELECT version FROM tenant_schema_migrations WHERE tenant_id = $1 ORDER BY version',
      [tenant],
    );
    expect(versions.map((v) => v.version)).toEqual(readTenantDdl().map((step) => step.version));
    const { rows: constraints } = await s.db.pool.query(
      `SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'u'`,
      [outbox.table],
    );
    expect(constraints).toEqual([]);
  });

  it('replaces a base of 0 or less by 5 and a factor below 1.0 by 1.5', async () => {
    const tenant = suite.tenant();
    const s = suite.services;
    const zeroBase = await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/b0`,
      backoffInitialSeconds: 0,
      backoffFactor: 2,
      maxRetries: 10,
    });
    const lowFactor = await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/f05`,
      backoffInitialSeconds: 10,
      backoffFactor: 0.5,
      maxRetries: 10,
    });
    const capped = await createConfig(s, tenant, {
      webhookUrl: `${suite.receiver.url}/cap`,
      backoffInitialSeconds: 100,
      backoffFactor: 10,
      maxRetries: 10,
    });
    suite.receiver.react = () => ({ status: 502 });
    await suite.stopDispatcher();
    await commitChanges(s, tenant, inserts(1));
    // Pretend earlier retries happened: the delay depends on the retry_count of the failed attempt.
    expect(await updateOutboxRows(s, tenant, { retryCount: 2 }, { webhookConfigIds: [lowFactor.id, capped.id] })).toBe(
      2,
    );
    suite.startDispatcher();
    const rows = await settledRows(tenant, 3, (r) => r.status === 'RETRYING');
    const delay = (id: string) => {
      const r = rows.find((x) => x.webhook_config_id === id)!;
      return (r.next_retry_at.getTime() - r.updated_at.getTime()) / 1000;
    };
    expect(delay(zeroBase.id)).toBeCloseTo(5, 1);
    expect(delay(lowFactor.id)).toBeCloseTo(10 * 1.5 ** 2, 1);
    expect(delay(capped.id)).toBeCloseTo(3600, 1);
    expect(rows.find((x) => x.webhook_config_id === capped.id)!.retry_count).toBe(3);
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { tenantSchemaName } from '../../src/db/tenant-schema';
import { TEST_JWT_SECRET, uniqueTenant } from '../support/app';
import { startSuiteProcess } from '../support/pooler';
import type { ServerProcess } from '../support/process';

/**
 * Tracing end to end: a server process exports OTLP/HTTP JSON to a collector in this test, and
 * delivers to a receiver in this test. One trace runs from a GraphQL record write through its
 * outbox insert to every attempt of the record, and each attempt's request names its span.
 */

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code?: number; message?: string };
  serviceName: unknown;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
type OtlpAttributes = Array<{ key: string; value: OtlpValue }>;

const valueOf = (v: OtlpValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));
const attributesOf = (list: OtlpAttributes | undefined) =>
  Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));

/** A local HTTP server; resolves with its base URL. */
async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An OTLP/HTTP JSON collector: keeps every span POSTed to /v1/traces. */
async function startCollector() {
  const spans: ExportedSpan[] = [];
  const posts: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      posts.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const parsed = JSON.parse(body);
        for (const rs of parsed.resourceSpans ?? []) {
          const serviceName = attributesOf(rs.resource?.attributes)['service.name'];
          for (const ss of rs.scopeSpans ?? [])
            for (const s of ss.spans ?? []) spans.push({ ...s, attributes: attributesOf(s.attributes), serviceName });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const base = await listen(server);
  return { base, spans, posts, close: () => new Promise((r) => server.close(r)) };
}

/** A webhook receiver that answers each request with the next of `statuses` (then 200). */
async function startReceiver(statuses: number[]) {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string; answered: number }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const answered = statuses[received.length] ?? 200;
      received.push({ headers: req.headers, body, answered });
      res.writeHead(answered).end();
    });
  });
  const base = await listen(server);
  return { url: `${base}/hook`, received, close: () => new Promise((r) => server.close(r)) };
}

/** The trace context each of the tenant's outbox rows keeps; null on the embedded database (its process owns it). */
async function storedContexts(tenant: string): Promise<Array<string | null> | null> {
  if (inject('embedded')) return null;
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const { rows } = await db.query<{ trace_context: string | null }>(
      `SELECT trace_context FROM "${tenantSchemaName(tenant)}".mutation_webhook_outbox ORDER BY id`,
    );
    return rows.map((r) => r.trace_context);
  } finally {
    await db.end();
  }
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

// Two server processes start here; the embedded database alone takes a while to open on a busy machine.

describe('tracing', () => {
  const started: ServerProcess[] = [];
  const closers: Array<() => Promise<unknown>> = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const p of started) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(started.map((p) => p.exited));
    for (const close of closers) await close();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  /** A server process (API and dispatcher) that dispatches `tenant` only. */
  async function startServer(tenant: string, env: Record<string, string>) {
    const embedded = inject('embedded');
    const dataDir = embedded ? fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-tracing-')) : undefined;
    if (dataDir) dirs.push(dataDir);
    const server = startSuiteProcess('main.ts', {
      ...(dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: inject('databaseUrl') }),
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      DISPATCHER_POLL_MS: '100',
      DISPATCHER_TENANT_PREFIX: tenant,
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
    });
    started.push(server);
    const base = await server.ready;
    const token = await mintToken(TEST_JWT_SECRET, { sub: 's', tenantId: tenant, permissions: ['tenant:admin'] });
    const headers = { authorization: `Bearer ${token}`, 'x-tenant-id': tenant, 'content-type': 'application/json' };
    /** One GraphQL operation; `extra` adds request headers (a caller's traceparent). */
    const gql = async (query: string, variables: object, extra: Record<string, string> = {}) => {
      const res = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { ...headers, ...extra },
        body: JSON.stringify({ query, variables }),
      });
      const json = (await res.json()) as { data?: any; errors?: unknown };
      expect(json.errors, JSON.stringify(json.errors)).toBeUndefined();
      return json.data;
    };
    return { server, gql, base, headers };
  }

  /** An entity `orders` and a configuration sending its changes to `url`, retrying after 1 s. */
  async function defineOrders(gql: Awaited<ReturnType<typeof startServer>>['gql'], url: string) {
    await gql('mutation($input: DefineEntityInput!) { defineEntity(input: $input) { name } }', {
      input: { name: 'orders', primaryKey: 'id', fields: [{ name: 'id', type: 'STRING' }] },
    });
    const created = await gql(
      'mutation($input: CreateWebhookConfigInput!) { createWebhookConfig(input: $input) { id } }',
      {
        input: { entityName: 'orders', webhookUrl: url, events: ['INSERT'], maxRetries: 5, backoffInitialSeconds: 1 },
      },
    );
    return created.createWebhookConfig.id as string;
  }

  it('follows a GraphQL record write through its outbox insert to every attempt, and the receiver gets its traceparent', async () => {
    const collector = await startCollector();
    closers.push(collector.close);
    // The first attempt fails (500); the retry (200) and a redelivery carry the same trace.
    const receiver = await startReceiver([500]);
    closers.push(receiver.close);
    const tenant = uniqueTenant('trace-on');
    const { server, gql, base, headers } = await startServer(tenant, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.base,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // No export on a timer during the test: the spans reach the collector only with the stop.
      OTEL_BSP_SCHEDULE_DELAY: '600000',
    });
    const configId = await defineOrders(gql, receiver.url);

    // The caller's own trace: the write and everything it causes join it.
    const callerTrace = crypto.randomBytes(16).toString('hex');
    const callerSpan = crypto.randomBytes(8).toString('hex');
    await gql(
      'mutation WriteOrder($records: [JSONObject!]!) { insertRecords(entity: "orders", records: $records) { count } }',
      { records: [{ id: 'o-1' }] },
      { traceparent: `00-${callerTrace}-${callerSpan}-01`, tracestate: 'vendor=abc,other=1' },
    );
    await vi.waitFor(() => expect(receiver.received.length).toBe(2), { timeout: 20_000, interval: 100 });
    // Settled after the receiver answered: wait for it, as a redelivery needs a record at rest.
    const record = await vi.waitFor(
      async () => {
        const listed = await gql('{ outboxRecords(entityName: "orders") { items { id status } } }', {});
        const [found] = listed.outboxRecords.items;
        expect(found.status).toBe('DELIVERED');
        return found;
      },
      { timeout: 20_000, interval: 100 },
    );
    await gql('mutation($id: ID!) { redeliverOutboxRecord(id: $id) { id } }', { id: record.id });
    await vi.waitFor(() => expect(receiver.received.length).toBe(3), { timeout: 20_000, interval: 100 });
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 200, 200]);

    // Every attempt names a span of the caller's trace, each its own.
    const sent = receiver.received.map((r) => TRACEPARENT.exec(String(r.headers.traceparent)));
    for (const m of sent) expect(m?.[1]).toBe(callerTrace);
    const attemptSpanIds = sent.map((m) => m![2]);
    expect(new Set(attemptSpanIds).size).toBe(3);
    // The caller's tracestate is kept with the record and sent with each attempt.
    for (const r of receiver.received.slice(0, 3)) expect(r.headers.tracestate).toBe('vendor=abc,other=1');

    // A test send names a span of its request's trace.
    const testTrace = crypto.randomBytes(16).toString('hex');
    await gql(
      'mutation($id: ID!) { sendTestDelivery(webhookConfigId: $id) { statusCode } }',
      { id: configId },
      { traceparent: `00-${testTrace}-${crypto.randomBytes(8).toString('hex')}-01` },
    );
    expect(TRACEPARENT.exec(String(receiver.received[3].headers.traceparent))?.[1]).toBe(testTrace);
    const rest = await fetch(`${base}/metadata/entity-webhooks`, { headers });
    expect(rest.status).toBe(200);
    const trigger = await gql('mutation { createTrigger(input: { name: "traced" }) { id } }', {});
    const intake = await fetch(`${base}/linker/triggers/webhook/${trigger.createTrigger.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"hello":"world"}',
    });
    expect(intake.status).toBe(202);

    // A graceful stop exports every span still buffered: here, all of them.
    expect(collector.spans).toEqual([]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const restSpan = collector.spans.find((s) => s.name === 'GET /metadata/entity-webhooks');
    expect(restSpan?.attributes).toMatchObject({
      'http.route': '/metadata/entity-webhooks',
      'http.response.status_code': 200,
    });
    expect(restSpan?.parentSpanId).toBeFalsy();
    const intakeSpan = collector.spans.find((s) => s.name === 'POST /linker/triggers/webhook/:triggerId');
    expect(intakeSpan?.attributes).toMatchObject({ 'http.response.status_code': 202 });
    const testSpans = collector.spans.filter((s) => s.traceId === testTrace);
    expect(testSpans.map((s) => s.name).sort()).toEqual(['POST /graphql', 'webhook test send']);

    // The write's trace: request → outbox insert → three attempts.
    const spans = collector.spans.filter((s) => s.traceId === callerTrace);
    const write = spans.find(
      (s) => s.name === 'POST /graphql' && s.attributes['graphql.operation.name'] === 'WriteOrder',
    );
    expect(write).toBeDefined();
    expect(write!.parentSpanId).toBe(callerSpan);
    expect(write!.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 200 });
    expect(write!.serviceName).toBe('hookgate');
    const insert = spans.find((s) => s.name === 'outbox insert');
    expect(insert!.parentSpanId).toBe(write!.spanId);
    const stored = await storedContexts(tenant);
    if (stored) expect(stored).toEqual([`00-${callerTrace}-${insert!.spanId}-01 vendor=abc,other=1`]);
    expect(insert!.attributes).toMatchObject({
      'hookgate.tenant_id': tenant,
      'hookgate.entity_name': 'orders',
      'hookgate.outbox.records': 1,
    });
    const attempts = spans.filter((s) => s.name === 'webhook delivery');
    for (const a of attempts) {
      expect(a.parentSpanId).toBe(insert!.spanId);
      expect(a.attributes).toMatchObject({
        'hookgate.outbox.record_id': record.id,
        'hookgate.webhook.config_id': configId,
        'server.address': '127.0.0.1',
      });
    }
    // Each request the receiver got is one attempt span, with that attempt's answer.
    const byId = new Map(attempts.map((a) => [a.spanId, a]));
    expect(attemptSpanIds.map((id) => byId.get(id)?.attributes['http.response.status_code'])).toEqual([500, 200, 200]);
    expect(attemptSpanIds.map((id) => byId.get(id)?.attributes['hookgate.delivery.status'])).toEqual([
      'RETRYING',
      'DELIVERED',
      'DELIVERED',
    ]);
    expect(byId.get(attemptSpanIds[0])!.status?.code).toBe(2);
    // No payload, secret or SQL text in any span.
    const exported = JSON.stringify(collector.spans);
    expect(exported).not.toContain('o-1');
    expect(exported).not.toContain('world');
    expect(exported).not.toMatch(/INSERT INTO|SELECT /);
  }, 120_000);

  it('with OTEL_EXPORTER_OTLP_ENDPOINT unset sends no traceparent and exports nothing', async () => {
    const collector = await startCollector();
    closers.push(collector.close);
    const receiver = await startReceiver([500]);
    closers.push(receiver.close);
    const tenant = uniqueTenant('trace-off');
    // The SDK's own variables point at the collector: were the SDK loaded, spans would arrive there.
    const { server, gql } = await startServer(tenant, {
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.base}/v1/traces`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    await defineOrders(gql, receiver.url);
    await gql(
      'mutation($records: [JSONObject!]!) { insertRecords(entity: "orders", records: $records) { count } }',
      { records: [{ id: 'o-1' }] },
      { traceparent: `00-${crypto.randomBytes(16).toString('hex')}-${crypto.randomBytes(8).toString('hex')}-01` },
    );
    await vi.waitFor(() => expect(receiver.received.length).toBe(2), { timeout: 20_000, interval: 100 });
    for (const r of receiver.received) {
      expect(r.headers.traceparent).toBeUndefined();
      expect(r.headers.tracestate).toBeUndefined();
    }
    const stored = await storedContexts(tenant);
    if (stored) expect(stored).toEqual([null]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(collector.posts).toEqual([]);
  }, 120_000);

  it('with a collector that never answers, delivers as usual and stops within the flush limit', async () => {
    // Takes every export request and never answers it.
    const held: http.ServerResponse[] = [];
    const hanging = http.createServer((_req, res) => held.push(res));
    const collectorBase = await listen(hanging);
    closers.push(async () => {
      for (const res of held) res.destroy();
      await new Promise((r) => hanging.close(r));
    });
    const receiver = await startReceiver([500]);
    closers.push(receiver.close);
    const tenant = uniqueTenant('trace-hang');
    const { server, gql } = await startServer(tenant, {
      OTEL_EXPORTER_OTLP_ENDPOINT: collectorBase,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    await defineOrders(gql, receiver.url);
    await gql('mutation($records: [JSONObject!]!) { insertRecords(entity: "orders", records: $records) { count } }', {
      records: [{ id: 'o-1' }],
    });
    await vi.waitFor(() => expect(receiver.received.length).toBe(2), { timeout: 20_000, interval: 100 });
    expect(receiver.received.map((r) => r.answered)).toEqual([500, 200]);
    for (const r of receiver.received) expect(String(r.headers.traceparent)).toMatch(TRACEPARENT);
    expect(held.length).toBeGreaterThan(0);
    const stopping = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(8000);
  }, 120_000);
});

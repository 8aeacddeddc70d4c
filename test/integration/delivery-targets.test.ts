import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';
import { rawGql } from '../e2e/trigger-helpers';

/** Tenants of this file, and the only ones its dispatcher touches. */
const PREFIX = 'targets';
const BASE = '/metadata/entity-webhooks';

describe('delivery targets', () => {
  let t: TestApp;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    receiver = await Receiver.start();
    dispatcher = startDispatcher(t, PREFIX, {}, { allowPrivateTargets: false });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
  });

  it('refuses Host, Content-Length, Transfer-Encoding and Connection in headersJson (any case), REST and GraphQL', async () => {
    const h = await t.headers(uniqueTenant());
    for (const name of ['Host', 'host', 'CONTENT-LENGTH', 'Transfer-Encoding', 'connection']) {
      const headersJson = JSON.stringify({ 'X-Fine': 'yes', [name]: 'evil.internal' });
      const rest = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: h,
        payload: { entityName: 'orders', events: 'INSERT', webhookUrl: 'https://example.com/h', headersJson },
      });
      expect(rest.statusCode, name).toBe(400);
      expect(rest.json().error.code).toBe('WEBHOOK_HEADERS_INVALID');
      const gql = await rawGql(
        t,
        h,
        `mutation { createWebhookConfig(input: { entityName: "orders", events: [INSERT], webhookUrl: "https://example.com/h", headersJson: ${JSON.stringify(headersJson)} }) { id } }`,
      );
      expect(gql.errors!.map((e) => e.extensions?.code)).toEqual(['WEBHOOK_HEADERS_INVALID']);
    }
    const list = await t.app.inject({ method: 'GET', url: BASE, headers: h });
    expect(list.json().total).toBe(0);
    // The four fixed delivery headers stay accepted (and are ignored at delivery).
    const fixed = JSON.stringify({
      'Content-Type': 'text/plain',
      'X-Hookgate-Request-Id': 'a',
      'X-Hookgate-Timestamp': '1',
      'X-Hookgate-Signature': 'v1=x',
    });
    const ok = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: h,
      payload: { entityName: 'orders', events: 'INSERT', webhookUrl: 'https://example.com/h', headersJson: fixed },
    });
    expect(ok.statusCode).toBe(201);
  });

  it('lastError of a refused or unresolvable target names the code and the host, never the address', async () => {
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    const port = new URL(receiver.url).port;
    await createConfig(s, tenant, { webhookUrl: `http://localhost:${port}/name`, maxRetries: 1 });
    await createConfig(s, tenant, { webhookUrl: 'http://nosuch-hookgate-target.invalid/x', maxRetries: 1 });
    await createConfig(s, tenant, { webhookUrl: `http://[::a9fe:a9fe]:${port}/compat`, maxRetries: 1 });
    await commitChanges(s, tenant, inserts(1));
    const rows = await eventually(async () => {
      const r = await outboxRows(s, tenant);
      return r.every((x) => x.status === 'DEAD') ? r : undefined;
    }, 30_000);
    const errors = rows.map((r) => r.last_error!).sort();
    expect(errors).toHaveLength(3);
    const byHost = (host: string) => errors.find((e) => e.includes(host));
    expect(byHost('localhost')).toMatch(/^WEBHOOK_TARGET_FORBIDDEN: localhost does not resolve to a public address/);
    expect(byHost('nosuch-hookgate-target.invalid')).toMatch(
      /^WEBHOOK_DELIVERY_RETRYABLE: network error \((ENOTFOUND|EAI_AGAIN) nosuch-hookgate-target\.invalid\)$/,
    );
    expect(byHost('::a9fe:a9fe')).toMatch(
      /^WEBHOOK_TARGET_FORBIDDEN: ::a9fe:a9fe is a link-local or cloud metadata address/,
    );
    for (const e of errors) expect(e).not.toMatch(/127\.0\.0\.1|::1\b/);
    expect(receiver.received).toHaveLength(0);
  });
});

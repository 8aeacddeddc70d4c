import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/loop';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';
import { eventually, startDispatcher } from '../dispatcher/harness';
import { Receiver } from '../dispatcher/receiver';

/** Tenants of this file, and the only ones its dispatchers touch. */
const PREFIX = 'ssrf';

describe('dispatcher: SSRF guard (WEBHOOK_ALLOW_PRIVATE_TARGETS=false)', () => {
  let t: TestApp;
  let receiver: Receiver;
  let dispatcher: Dispatcher;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    receiver = await Receiver.start();
    dispatcher = startDispatcher(t, PREFIX, {}, { allowPrivateTargets: t.config.webhookAllowPrivateTargets });
  });
  afterAll(async () => {
    await dispatcher.stop();
    await receiver.close();
    await t.close();
  });

  it('refuses loopback and private targets after resolution: the record is DEAD and nothing arrives', async () => {
    expect(t.config.webhookAllowPrivateTargets).toBe(false);
    const tenant = uniqueTenant(PREFIX);
    const s = t.runtime.services;
    const port = new URL(receiver.url).port;
    const targets = {
      literal: `http://127.0.0.1:${port}/literal`,
      // A name, not an address: refused because of what it resolves to.
      name: `http://localhost:${port}/name`,
      mapped: `http://[::ffff:127.0.0.1]:${port}/mapped`,
      metadata: 'http://169.254.169.254/latest/meta-data/',
      private: 'http://10.255.255.1:81/private',
    };
    for (const url of Object.values(targets)) await createConfig(s, tenant, { webhookUrl: url, maxRetries: 5 });
    await commitChanges(s, tenant, inserts(1));
    const rows = await eventually(async () => {
      const r = await outboxRows(s, tenant);
      return r.every((x) => x.status === 'DEAD') ? r : undefined;
    });
    expect(rows).toHaveLength(5);
    for (const row of rows) {
      expect(row.retry_count).toBe(0);
      expect(row.last_error).toMatch(
        /^WEBHOOK_TARGET_FORBIDDEN: \S+ (is a (loopback|private|link-local or cloud metadata) address|does not resolve to a public address); private targets are not allowed/,
      );
    }
    expect(rows.map((r) => r.last_error).join('\n')).toContain(
      '169.254.169.254 is a link-local or cloud metadata address',
    );
    expect(receiver.received).toHaveLength(0);
  });
});

import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { commitChanges, createConfig, inserts, outboxRows } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { DispatcherSuite } from '../dispatcher/suite';

/** Tenants of this file, and the only ones its dispatchers touch. */
const PREFIX = 'ssrf';

describe('dispatcher: SSRF guard (WEBHOOK_ALLOW_PRIVATE_TARGETS=false)', () => {
  const suite = new DispatcherSuite(PREFIX, {
    env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' },
    dispatcher: {},
    allowPrivateTargets: (app) => app.config.webhookAllowPrivateTargets,
  });

  it('refuses loopback and private targets after resolution: the record is DEAD and nothing arrives', async () => {
    expect(suite.app.config.webhookAllowPrivateTargets).toBe(false);
    const tenant = suite.tenant();
    const s = suite.services;
    const port = new URL(suite.receiver.url).port;
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
        /^WEBHOOK_TARGET_FORBIDDEN: \S+ is a (loopback|private|link-local or cloud metadata) address; private targets are not allowed/,
      );
    }
    expect(rows.map((r) => r.last_error).join('\n')).toContain(
      '169.254.169.254 is a link-local or cloud metadata address',
    );
    expect(suite.receiver.received).toHaveLength(0);
  });
});

import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { Receiver, type Received } from '../dispatcher/receiver';
import { TEST_JWT_SECRET, uniqueTenant } from '../support/app';
import {
  ensureConsoleBuilt,
  eventually,
  launchChromium,
  screenshot,
  startServer,
  stopServer,
  tenantApi,
} from './support';

const run = promisify(execFile);

/**
 * The console's delivery controls and trigger schemes and actions in real
 * headless Chromium against a real server process on real PostgreSQL: what the forms store is read
 * back through the API, signatures are computed here independently, and a real receiver fails so
 * that a circuit really opens. Set-up as in console.test.ts (see there why not on PGlite).
 */
describe.skipIf(inject('embedded'))('console: delivery controls, health, trigger schemes and actions', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let receiver: Receiver;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  const tenant = uniqueTenant('ctl');
  let token: string;
  /** A Standard Webhooks secret: whsec_ and the base64 of 32 random bytes. */
  const standardSecret = `whsec_${crypto.randomBytes(32).toString('base64')}`;

  const api = tenantApi(() => ({ base: server.base, token, tenant }));
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await api('POST', '/graphql', { query, variables });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };
  const configs = async () =>
    (
      await graphql(`
        {
          webhookConfigs(pageSize: 100) {
            items {
              id
              webhookUrl
              signatureScheme
              rateLimitPerSecond
              maxInFlight
              ordering
              hasSecret
              previousSecretExpiresAt
              health {
                circuit
                consecutiveFailures
              }
            }
          }
        }
      `)
    ).webhookConfigs.items as any[];
  const configByUrl = async (url: string) => (await configs()).find((c) => c.webhookUrl === url);
  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  const defineEntity = async (name: string, fields: Array<[string, string]>) => {
    const res = await api('POST', '/metadata/entities', {
      name,
      fields: fields.map(([n, type]) => ({ name: n, type })),
      primaryKey: 'id',
    });
    expect(res.status).toBe(201);
  };

  /** The receiver's own check of Standard Webhooks signatures: every `v1,` the header lists, verified or not. */
  const standardSignatures = (secret: string, r: Received) => {
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const signed = `${String(r.headers['webhook-id'])}.${String(r.headers['webhook-timestamp'])}.${r.body}`;
    const expected = crypto.createHmac('sha256', key).update(signed).digest('base64');
    return String(r.headers['webhook-signature'] ?? '')
      .split(' ')
      .map((s) => s.replace(/^v1,/, ''))
      .map((s) => s === expected);
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    receiver = await Receiver.start();
    receiver.react = (req) =>
      req.path.startsWith('/down') ? { status: 500, body: 'upstream exploded: try later' } : { status: 204 };
    server = await startServer({
      DATABASE_URL: inject('databaseUrl'),
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      DISPATCHER_TENANT_PREFIX: 'ctl-',
      // Three failures in a row open a circuit, which then stays open for the whole file.
      WEBHOOK_CIRCUIT_FAILURES: '3',
      WEBHOOK_CIRCUIT_OPEN_SECONDS: '3600',
    });
    token = await mintToken(TEST_JWT_SECRET, {
      sub: 'console-controls',
      tenantId: tenant,
      permissions: ['tenant:admin'],
      expiresIn: '1h',
    });
    await defineEntity('orders', [
      ['id', 'STRING'],
      ['status', 'STRING'],
    ]);
    await defineEntity('shipments', [['id', 'STRING']]);
    await defineEntity('payments', [
      ['id', 'STRING'],
      ['amount', 'DECIMAL'],
    ]);
    chromium = await launchChromium(server.base);
    page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
    await page.goto(server.base + '/console/');
    await page.getByRole('textbox', { name: 'Token' }).fill(token);
    await page.getByRole('textbox', { name: 'Tenant' }).fill(tenant);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await nav('Webhooks').waitFor();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-${ctx.task.name.replace(/\W+/g, '-')}`);
    expect(chromium.foreign, 'requests to another origin').toEqual([]);
    expect(chromium.pageErrors, 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await stopServer(server);
    await receiver?.close();
  });

  it('creates a webhook with a scheme, a rate limit, an in-flight cap and PER_KEY ordering through the form', async () => {
    const url = `${receiver.url}/controlled`;
    await nav('Webhooks').click();
    await page.getByRole('button', { name: 'New webhook' }).click();
    const form = page.getByRole('form', { name: 'New webhook form' });
    await form.getByRole('textbox', { name: 'Entity name' }).fill('orders');
    await form.getByRole('textbox', { name: 'Webhook URL' }).fill(url);
    await form.getByRole('combobox', { name: 'Signature scheme' }).selectOption('STANDARD_WEBHOOKS');
    expect(await form.getByRole('combobox', { name: 'Signature scheme' }).locator('option').allTextContents()).toEqual([
      'HOOKGATE_V1',
      'STANDARD_WEBHOOKS',
    ]);
    // A secret that does not fit the scheme: the server's code and message are shown, nothing stored.
    await form.getByRole('textbox', { name: 'Secret' }).fill('not-a-standard-secret');
    await form.getByRole('spinbutton', { name: 'Rate limit per second' }).fill('50');
    await form.getByRole('spinbutton', { name: 'Max in flight' }).fill('3');
    await form.getByRole('combobox', { name: 'Ordering' }).selectOption('PER_KEY');
    expect(await form.getByRole('combobox', { name: 'Ordering' }).locator('option').allTextContents()).toEqual([
      'NONE',
      'PER_KEY',
    ]);
    await form.getByRole('button', { name: 'Save' }).click();
    const alert = form.getByRole('alert');
    await alert.filter({ hasText: 'VALIDATION_FAILED' }).waitFor();
    expect(await alert.textContent()).toContain('secret');
    await screenshot(page, 'c01-webhook-form-validation-error');
    expect(await configByUrl(url)).toBeUndefined();

    await form.getByRole('textbox', { name: 'Secret' }).fill(standardSecret);
    await screenshot(page, 'c02-webhook-form-controls');
    await form.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: url });
    await row.waitFor();
    expect(await row.textContent()).toContain('≤ 50/s, ≤ 3 in flight, ordered per key');
    expect(await row.textContent()).toContain('STANDARD_WEBHOOKS');
    expect(await configByUrl(url)).toMatchObject({
      signatureScheme: 'STANDARD_WEBHOOKS',
      rateLimitPerSecond: 50,
      maxInFlight: 3,
      ordering: 'PER_KEY',
      hasSecret: true,
    });
    // The stored scheme and secret sign deliveries: checked with an HMAC computed here.
    const before = receiver.received.length;
    expect((await api('POST', '/data/orders/records', { operation: 'INSERT', records: [{ id: 'o-1' }] })).status).toBe(
      200,
    );
    await receiver.waitFor(before + 1);
    expect(standardSignatures(standardSecret, receiver.received[before])).toEqual([true]);
    await screenshot(page, 'c03-webhooks-controls-listed');

    // A blank limit is "no limit": editing clears it.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit webhook' });
    expect(await edit.getByRole('spinbutton', { name: 'Rate limit per second' }).inputValue()).toBe('50');
    await edit.getByRole('spinbutton', { name: 'Rate limit per second' }).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await eventually(async () => (await configByUrl(url)).rateLimitPerSecond === null, 'the rate limit cleared');
    expect(await configByUrl(url)).toMatchObject({ maxInFlight: 3, ordering: 'PER_KEY', hasSecret: true });
    await row.filter({ hasText: '≤ 3 in flight, ordered per key' }).waitFor();
  });

  it('shows an open circuit as a red Open badge, and the failing attempts with their response bodies', async () => {
    const url = `${receiver.url}/down`;
    const created = await api('POST', '/metadata/entity-webhooks', {
      entityName: 'shipments',
      webhookUrl: url,
      events: 'INSERT',
    });
    expect(created.status).toBe(201);
    await nav('Webhooks').click();
    const row = page.getByRole('row').filter({ hasText: url });
    await row.waitFor();
    expect(await row.locator('.badge').textContent()).toBe('Circuit Closed');

    const before = receiver.received.length;
    const records = ['s-1', 's-2', 's-3'].map((id) => ({ id }));
    expect((await api('POST', '/data/shipments/records', { operation: 'INSERT', records })).status).toBe(200);
    await receiver.waitFor(before + 3);
    await eventually(async () => (await configByUrl(url)).health.circuit === 'OPEN', 'the circuit open', 20_000);
    expect((await configByUrl(url)).health.consecutiveFailures).toBeGreaterThanOrEqual(3);
    // The page reads health again by itself.
    const badge = row.locator('.badge.circuit-open');
    await badge.waitFor({ timeout: 15_000 });
    expect(await badge.textContent()).toBe('Circuit Open');
    expect(await badge.evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor)).toBe(
      'rgb(185, 28, 28)',
    );
    expect(await row.textContent()).toMatch(/\d+ failed in a row/);
    await page.getByText('1 configuration has an open circuit').waitFor();
    // The healthy configuration stays neutral.
    const healthy = page.getByRole('row').filter({ hasText: `${receiver.url}/controlled` });
    expect(await healthy.locator('.badge').textContent()).toBe('Circuit Closed');
    await screenshot(page, 'c04-webhooks-circuit-open');

    // The overview lists it among the failing configurations, with its circuit.
    await page.getByRole('banner').getByRole('link', { name: 'Hookgate' }).click();
    const failing = page.getByRole('table', { name: /Configurations with retrying or dead records/ });
    const failingRow = failing.getByRole('row').filter({ hasText: url });
    await failingRow.locator('.badge.circuit-open').waitFor();
    expect(await failingRow.locator('.badge.circuit-open').textContent()).toBe('Circuit Open');
    expect(
      await failing
        .getByRole('row')
        .filter({ hasText: `${receiver.url}/controlled` })
        .count(),
    ).toBe(0);
    await screenshot(page, 'c04b-overview-circuit-open');
    await nav('Webhooks').click();
    await row.waitFor();

    await row.getByRole('button', { name: 'Records' }).click();
    const retrying = page.getByRole('row').filter({ hasText: 'RETRYING' });
    await retrying.first().waitFor();
    expect(await retrying.first().textContent()).toContain('HTTP 500');
    await retrying.first().click();
    const details = page.getByRole('complementary');
    const attempt = details.getByRole('rowgroup', { name: 'Attempt 1' });
    await attempt.getByRole('row').filter({ hasText: '500' }).waitFor();
    expect(await attempt.textContent()).toContain('Response bodyupstream exploded: try later');
    await screenshot(page, 'c05-delivery-response-body');

    // Delivered records have no error: a plain muted dash, not a red one.
    await page.goto(server.base + '/console/deliveries?status=DELIVERED');
    const delivered = page.getByRole('row').filter({ hasText: 'DELIVERED' }).first();
    await delivered.waitFor();
    const lastError = delivered.locator('td').last();
    expect(await lastError.textContent()).toBe('—');
    expect(await lastError.locator('.error-text').count()).toBe(0);
    expect(await lastError.locator('.muted').count()).toBe(1);
    await delivered.click();
    const facts = page.getByRole('complementary').locator('dl.facts');
    await facts.waitFor();
    expect(await facts.locator('dd.error-text').count()).toBe(0);
    await screenshot(page, 'c06-delivered-no-error');
  });

  it('rotates a secret with a grace period, shows the new one once, and signs with both during the grace', async () => {
    const url = `${receiver.url}/controlled`;
    await nav('Webhooks').click();
    const row = page.getByRole('row').filter({ hasText: url });
    await row.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate secret' });
    await dialog.waitFor();
    const grace = dialog.getByRole('spinbutton', { name: 'Grace period (seconds)' });
    expect(await grace.inputValue()).toBe('86400');
    await grace.fill('3600');
    await screenshot(page, 'c07-rotate-dialog');
    const asked = Date.now();
    await dialog.getByRole('button', { name: 'Rotate' }).click();
    const shown = dialog.getByRole('textbox', { name: 'New secret' });
    await shown.waitFor();
    const newSecret = await shown.inputValue();
    expect(newSecret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(newSecret).not.toBe(standardSecret);
    await dialog.getByRole('button', { name: 'Copy secret' }).waitFor();
    await screenshot(page, 'c08-rotate-new-secret');
    await dialog.getByRole('button', { name: 'Done' }).click();
    // A closed <dialog> leaves the accessibility tree at once but the DOM only when React unmounts
    // it (after the dialog's close event): wait for the element itself, hidden ones included.
    await page.getByRole('dialog', { name: 'Rotate secret', includeHidden: true }).waitFor({ state: 'detached' });
    // Shown once: nowhere on the page any more.
    expect(await page.content()).not.toContain(newSecret);
    await row.getByText(/old secret still signs, ends in 59 min/).waitFor();

    const stored = await configByUrl(url);
    const ends = new Date(stored.previousSecretExpiresAt).getTime();
    expect(ends).toBeGreaterThan(asked + 3590_000);
    expect(ends).toBeLessThan(Date.now() + 3610_000);
    const before = receiver.received.length;
    await api('POST', '/data/orders/records', { operation: 'INSERT', records: [{ id: 'o-2' }] });
    await receiver.waitFor(before + 1);
    const got = receiver.received[before];
    expect(standardSignatures(newSecret, got)).toEqual([true, false]);
    expect(standardSignatures(standardSecret, got)).toEqual([false, true]);
    await screenshot(page, 'c09-webhooks-after-rotation');
  });

  it('creates a RECORD trigger in the form, shows APPLIED and FAILED events, and retries a fixed one', async () => {
    const secret = 'payments-intake-secret';
    await nav('Triggers').click();
    await page.getByRole('button', { name: 'New trigger' }).click();
    const form = page.getByRole('form', { name: 'New trigger form' });
    await form.getByRole('textbox', { name: 'Trigger name' }).fill('payments-in');
    expect(await form.getByRole('combobox', { name: 'Signature scheme' }).locator('option').allTextContents()).toEqual([
      'HMAC_HEX',
      'STANDARD_WEBHOOKS',
      'GITHUB',
      'STRIPE',
      'SLACK',
      'HOOKGATE_V1',
    ]);
    await form.getByRole('textbox', { name: 'Signing secret' }).fill(secret);
    await form.getByRole('combobox', { name: 'Action' }).selectOption('RECORD');
    const entity = form.getByRole('combobox', { name: 'Record entity' });
    await entity.locator('option', { hasText: 'payments' }).waitFor({ state: 'attached' });
    expect(await entity.locator('option').allTextContents()).toEqual(['orders', 'payments', 'shipments']);
    await entity.selectOption('payments');
    await form.getByRole('combobox', { name: 'Record operation' }).selectOption('UPSERT');
    await form
      .getByRole('textbox', { name: 'Field map' })
      .fill(JSON.stringify({ id: '/payment/id', amount: '/payment/amount' }));
    await screenshot(page, 'c10-trigger-form-record');
    await form.getByRole('button', { name: 'Create trigger' }).click();
    const card = page.getByRole('article').filter({ hasText: 'payments-in' });
    await card.getByRole('heading', { name: 'Events' }).waitFor();

    const triggers = (
      await graphql(`
        {
          triggers {
            id
            name
            signatureScheme
            action
            recordEntity
            recordOperation
            recordFieldMap
          }
        }
      `)
    ).triggers as any[];
    const trigger = triggers.find((t) => t.name === 'payments-in');
    expect(trigger).toMatchObject({
      signatureScheme: 'HMAC_HEX',
      action: 'RECORD',
      recordEntity: 'payments',
      recordOperation: 'UPSERT',
      recordFieldMap: { id: '/payment/id', amount: '/payment/amount' },
    });
    expect(await card.textContent()).toContain('Action RECORD');

    // Signed here, independently: hex HMAC-SHA256 of "<timestamp>.<body>".
    const send = async (body: string) => {
      const ts = String(Math.floor(Date.now() / 1000));
      const sig = crypto.createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex');
      const res = await fetch(`${server.base}/linker/triggers/webhook/${trigger.id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': `sha256=${sig}` },
        body,
      });
      expect(res.status).toBe(202);
    };
    const events = card.getByRole('table');
    await send(JSON.stringify({ payment: { id: 'p-1', amount: 12.5 } }));
    await card.getByRole('button', { name: 'Refresh' }).click();
    await events.getByRole('row').filter({ hasText: 'p-1' }).filter({ hasText: 'APPLIED' }).waitFor();

    await send(JSON.stringify({ id: 'p-2', amount: 3 }));
    await card.getByRole('button', { name: 'Refresh' }).click();
    const failed = events.getByRole('row').filter({ hasText: 'p-2' });
    await failed.filter({ hasText: 'FAILED' }).waitFor();
    expect(await failed.locator('.error-text').textContent()).toMatch(/payment\/id.*missing/);
    await screenshot(page, 'c11-trigger-events-failed');
    const payments = async () =>
      (
        await graphql(`
          {
            entityQuery(input: { entity: "payments", select: [{ field: "id" }] }) {
              rows
            }
          }
        `)
      ).entityQuery.rows as unknown[][];
    expect((await payments()).map((r) => r[0])).toEqual(['p-1']);

    // Fixed: the trigger's field map now reads the body's top-level keys; Retry applies it again.
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit trigger' });
    expect(JSON.parse(await edit.getByRole('textbox', { name: 'Field map' }).inputValue())).toEqual({
      id: '/payment/id',
      amount: '/payment/amount',
    });
    expect(await edit.getByRole('combobox', { name: 'Record entity' }).inputValue()).toBe('payments');
    await edit.getByRole('textbox', { name: 'Field map' }).fill(JSON.stringify({ id: '/id', amount: '/amount' }));
    await edit.getByRole('button', { name: 'Save trigger' }).click();
    await edit.waitFor({ state: 'detached' });
    await eventually(
      async () =>
        (
          await graphql(`
            {
              triggers {
                name
                recordFieldMap
              }
            }
          `)
        ).triggers.find((t: any) => t.name === 'payments-in').recordFieldMap.id === '/id',
      'the field map saved',
    );
    await failed.getByRole('button', { name: 'Retry' }).click();
    await failed.filter({ hasText: 'APPLIED' }).waitFor();
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect((await payments()).map((r) => r[0]).sort()).toEqual(['p-1', 'p-2']);
    await screenshot(page, 'c12-trigger-events-retried');
  });

  it('shows for every scheme a signing example that the trigger accepts when run as shown', async () => {
    const standard = `whsec_${crypto.randomBytes(24).toString('base64')}`;
    const schemes: Array<[string, string]> = [
      ['HMAC_HEX', 'hex-secret'],
      ['STANDARD_WEBHOOKS', standard],
      ['GITHUB', 'github-secret'],
      ['STRIPE', 'whsec_stripe-secret'],
      ['SLACK', 'slack-signing-secret'],
      ['HOOKGATE_V1', 'hookgate-secret'],
    ];
    for (const [scheme, webhookSecret] of schemes) {
      await graphql(
        `
          mutation ($input: CreateTriggerInput!) {
            createTrigger(input: $input) {
              id
            }
          }
        `,
        {
          input: { name: `example-${scheme}`, signatureScheme: scheme, webhookSecret },
        },
      );
    }
    await nav('Webhooks').click();
    await nav('Triggers').click();
    for (const [scheme, webhookSecret] of schemes) {
      const card = page.getByRole('article').filter({ hasText: `example-${scheme}` });
      await card.waitFor();
      await card.getByText('Signing example').click();
      const example = (await card.locator('pre.body').textContent())!;
      expect(await card.textContent()).toContain(`Signed (${scheme})`);
      const script = example.replace(/^SECRET='[^']*'$/m, `SECRET='${webhookSecret}'`);
      expect(script, `${scheme}: the example sets SECRET`).not.toBe(example);
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { timeout: 20_000 });
      expect(JSON.parse(stdout).data, `${scheme}: ${stdout}`).toHaveProperty('eventId');
      await card.getByRole('button', { name: 'Show events' }).click();
      await card.getByRole('row').filter({ hasText: 'hello' }).filter({ hasText: 'verified' }).waitFor();
    }
    await screenshot(page, 'c13-trigger-signing-examples');
  });
});

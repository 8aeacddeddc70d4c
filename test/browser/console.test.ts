import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { Receiver, verifySignature } from '../dispatcher/receiver';
import { TEST_JWT_SECRET, uniqueTenant } from '../support/app';
import { ROOT } from '../support/process';
import {
  ensureConsoleBuilt,
  eventually,
  launchChromium,
  screenshot,
  startServer,
  stopServer,
  tenantApi,
} from './support';

/**
 * The console in real headless Chromium against a real server process: every flow a
 * person does by hand, by its accessible names. Any request to another origin fails the test.
 */
// On the embedded database the suite's PGlite serves one session, which this file's server process
// would share with the test process writing fixtures (transactions interleave: one CI run timed
// out). The console runs against real PostgreSQL here; the development sign-in below starts an
// embedded server of its own and runs in both modes.
describe.skipIf(inject('embedded'))('console in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let receiver: Receiver;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  let foreign: string[];
  let pageErrors: string[];
  const tenant = uniqueTenant('console');
  const secret = 'console-test-signing-secret';
  let token: string;

  const api = tenantApi(() => ({ base: server.base, token, tenant }));
  const writeOrders = (records: Array<Record<string, unknown>>) =>
    api('POST', '/data/orders/records', { operation: 'INSERT', records });
  const order = (id: string, status = 'paid', amount = 10) => ({
    id,
    status,
    amount,
    created_at: new Date().toISOString(),
  });
  const nav = (name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

  beforeAll(async () => {
    ensureConsoleBuilt();
    receiver = await Receiver.start();
    // Its dispatcher takes only this file's tenants: other files share the database.
    server = await startServer({
      DATABASE_URL: inject('databaseUrl'),
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      DISPATCHER_TENANT_PREFIX: 'console-',
    });
    token = await mintToken(TEST_JWT_SECRET, {
      sub: 'console-user',
      tenantId: tenant,
      permissions: ['tenant:admin'],
      expiresIn: '1h',
    });
    const defined: { status: number } = await api('POST', '/metadata/entities', {
      name: 'orders',
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'status', type: 'STRING' },
        { name: 'amount', type: 'DECIMAL' },
        { name: 'created_at', type: 'TIMESTAMP' },
      ],
      primaryKey: 'id',
      timeField: 'created_at',
    });
    expect(defined.status).toBe(201);
    chromium = await launchChromium(server.base);
    foreign = chromium.foreign;
    pageErrors = chromium.pageErrors;
    page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
  });

  afterEach(async (ctx) => {
    // A failed step leaves a picture of what the page showed at that moment.
    if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-${ctx.task.name.replace(/\W+/g, '-')}`);
    expect(foreign, 'requests to another origin').toEqual([]);
    expect(pageErrors, 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await stopServer(server);
    await receiver?.close();
  });

  it('answers / with a redirect to /console/ and has no dev session without development auth', async () => {
    const root = await fetch(server.base + '/', { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/console/');
    const dev = await fetch(server.base + '/console/dev-session');
    expect(dev.status).toBe(404);
    expect(((await dev.json()) as any).error.code).toBe('NOT_FOUND');
    // A deep link is the console's page, a missing asset a real 404.
    const deep = await fetch(server.base + '/console/deliveries?status=DEAD');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    expect((await fetch(server.base + '/console/assets/missing-123.js')).status).toBe(404);
  });

  it('signs in by hand with a token and a tenant', async () => {
    await page.goto(server.base + '/');
    expect(new URL(page.url()).pathname).toBe('/console/');
    await page.getByRole('textbox', { name: 'Token' }).fill(token);
    await page.getByRole('textbox', { name: 'Tenant' }).fill(tenant);
    await screenshot(page, '01-sign-in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await nav('Webhooks').waitFor();
    for (const name of ['Deliveries', 'Triggers', 'Entities', 'Analytics', 'GraphQL']) {
      expect(await nav(name).isVisible()).toBe(true);
    }
    expect(await page.evaluate(() => (globalThis as any).sessionStorage.getItem('hookgate.session'))).toContain(tenant);
    await page.getByText('Nothing is waiting').waitFor();
    await screenshot(page, '02-overview-empty');
  });

  it('loads the first page within budget: JavaScript size and time to interactive', async () => {
    const scripts: Array<{ url: string; gzip: number }> = [];
    const onResponse = async (res: import('playwright-core').Response) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => Buffer.alloc(0));
      scripts.push({ url: res.url(), gzip: zlib.gzipSync(body, { level: 9 }).length });
    };
    page.on('response', onResponse);
    const started = Date.now();
    await page.goto(server.base + '/console/', { waitUntil: 'commit' });
    await nav('Webhooks').waitFor();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const interactiveMs = Date.now() - started;
    await page.getByText('Nothing is waiting').waitFor();
    const dataShownMs = Date.now() - started;
    const nav2 = await page.evaluate(() => {
      const e = (globalThis as any).performance.getEntriesByType('navigation')[0];
      return { domInteractive: Math.round(e.domInteractive), loadEvent: Math.round(e.loadEventEnd) };
    });
    page.off('response', onResponse);
    const gzipBytes = scripts.reduce((n, s) => n + s.gzip, 0);
    fs.mkdirSync(path.join(ROOT, '.tmp/artifacts'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, '.tmp/artifacts/console-budget.json'),
      JSON.stringify({ interactiveMs, dataShownMs, ...nav2, gzipBytes, loadAverage: os.loadavg(), scripts }, null, 2),
    );
    console.log(
      `console first page: interactive after ${interactiveMs} ms, data after ${dataShownMs} ms, ${gzipBytes} B of gzipped JS`,
      nav2,
      `load average ${os.loadavg()[0]}`,
    );
    expect(
      scripts.some((s) => /GraphQL-/.test(s.url)),
      'GraphiQL is loaded only on its page',
    ).toBe(false);
    expect(gzipBytes).toBeLessThanOrEqual(300 * 1024);
    // The budget is 1 s (docs/benchmarks.md#measured-by-tests); on a shared, busy CI machine the test only
    // catches a gross regression.
    expect(interactiveMs).toBeLessThan(60_000);
  });

  it('creates a webhook, disables and enables it, and deletes another through the dialog', async () => {
    await nav('Webhooks').click();
    await page.getByText('No webhook configurations yet').waitFor();
    await screenshot(page, '03-webhooks-empty');
    const create = async (url: string, withSecret: boolean) => {
      await page.getByRole('button', { name: 'New webhook' }).click();
      await page.getByRole('textbox', { name: 'Entity name' }).fill('orders');
      // The operator's form names the setting behind the header names (the portal's does not).
      expect(await page.getByRole('form', { name: 'New webhook form' }).textContent()).toContain(
        '(the prefix is WEBHOOK_HEADER_PREFIX)',
      );
      await page.getByRole('textbox', { name: 'Webhook URL' }).fill(url);
      if (withSecret) await page.getByRole('textbox', { name: 'Secret' }).fill(secret);
      for (const op of ['INSERT', 'UPDATE', 'UPSERT', 'DELETE']) {
        expect(await page.getByRole('checkbox', { name: op, exact: true }).isChecked()).toBe(true);
      }
      await page.getByRole('checkbox', { name: 'DELETE', exact: true }).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('row').filter({ hasText: url }).waitFor();
    };
    await create(`${receiver.url}/hook`, true);
    await create(`${receiver.url}/to-delete`, false);
    const row = page.getByRole('row').filter({ hasText: `${receiver.url}/hook` });
    expect(await row.textContent()).toContain('orders');
    expect(await row.textContent()).toContain('INSERT, UPDATE, UPSERT');
    await screenshot(page, '04-webhooks-list');

    await row.getByRole('button', { name: 'Disable' }).click();
    await row.getByRole('button', { name: 'Enable' }).waitFor();
    const listed = await api('GET', '/metadata/entity-webhooks?pageSize=100');
    expect(listed.body.items.find((c: any) => c.webhookUrl === `${receiver.url}/hook`).enabled).toBe(false);
    await row.getByRole('button', { name: 'Enable' }).click();
    await row.getByRole('button', { name: 'Disable' }).waitFor();

    const doomed = page.getByRole('row').filter({ hasText: `${receiver.url}/to-delete` });
    await doomed.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, '05-webhooks-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await doomed.waitFor({ state: 'detached' });
    const after = await api('GET', '/metadata/entity-webhooks?pageSize=100');
    expect(after.body.items.map((c: any) => c.webhookUrl)).toEqual([`${receiver.url}/hook`]);
    expect(after.body.items[0]).toMatchObject({ enabled: true, hasSecret: true, events: 'INSERT,UPDATE,UPSERT' });
  });

  it('shows a delivery that reached a real receiver, with its attempts', async () => {
    receiver.react = () => ({ status: 204 });
    const before = receiver.received.length;
    expect((await writeOrders([order('o-1')])).status).toBe(200);
    await receiver.waitFor(before + 1);
    const got = receiver.received[before];
    expect(verifySignature(secret, got)).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({ tenantId: tenant, entityName: 'orders', operation: 'INSERT' });

    await nav('Deliveries').click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption('DELIVERED');
    const options = await page.getByRole('combobox', { name: 'Status' }).locator('option').allTextContents();
    expect(options).toEqual(['All', 'PENDING', 'RETRYING', 'DELIVERED', 'DEAD']);
    const row = page.getByRole('row').filter({ hasText: 'DELIVERED' }).filter({ hasText: 'orders' });
    await row.first().waitFor();
    await row.first().click();
    const details = page.getByRole('complementary');
    await details.getByRole('button', { name: 'Redeliver' }).waitFor();
    await details.getByRole('row').filter({ hasText: '204' }).waitFor();
    expect(await details.textContent()).toContain(got.requestId!);
    await screenshot(page, '06-delivery-details');
  });

  it('shows a failed delivery and redelivers it', async () => {
    receiver.react = () => ({ status: 400 });
    const before = receiver.received.length;
    await writeOrders([order('o-fail')]);
    await receiver.waitFor(before + 1);

    await page.getByRole('combobox', { name: 'Status' }).selectOption('DEAD');
    const dead = page
      .getByRole('row')
      .filter({ hasText: 'DEAD' })
      .filter({ hasText: 'WEBHOOK_DELIVERY_NON_RETRYABLE' });
    await dead.first().waitFor();
    await dead.first().click();
    const details = page.getByRole('complementary');
    await details.getByRole('row').filter({ hasText: '400' }).waitFor();
    await screenshot(page, '07-dead-delivery');

    receiver.react = () => ({ status: 204 });
    await details.getByRole('button', { name: 'Redeliver' }).click();
    await receiver.waitFor(before + 2);
    await details.getByText('DELIVERED', { exact: true }).first().waitFor();
    await details.getByRole('row').filter({ hasText: '204' }).waitFor();
    expect(receiver.received[before + 1].requestId).toBe(receiver.received[before].requestId);
  });

  it('replays every dead delivery at once', async () => {
    receiver.react = () => ({ status: 400 });
    const before = receiver.received.length;
    await writeOrders([order('o-r1'), order('o-r2'), order('o-r3')]);
    await receiver.waitFor(before + 3);
    await page.goto(server.base + '/console/deliveries?status=DEAD');
    await eventually(
      async () => (await page.getByRole('row').filter({ hasText: 'DEAD' }).count()) === 3,
      '3 dead rows',
    );
    await screenshot(page, '08-deliveries-dead');

    receiver.react = () => ({ status: 204 });
    await page.getByRole('button', { name: 'Replay dead deliveries' }).click();
    await page.getByRole('status').filter({ hasText: '3 dead deliveries put back' }).waitFor();
    await receiver.waitFor(before + 6);
    await page.getByText('No outbox records with status DEAD').waitFor();
    const redelivered = receiver.received
      .slice(before + 3)
      .map((r) => r.requestId)
      .sort();
    expect(redelivered).toEqual(
      receiver.received
        .slice(before, before + 3)
        .map((r) => r.requestId)
        .sort(),
    );
    await page.getByRole('combobox', { name: 'Status' }).selectOption('All');
    await page.getByRole('row').filter({ hasText: 'DELIVERED' }).nth(4).waitFor();
    await screenshot(page, '09-deliveries-all');
  });

  it('runs an analytics query and shows its table and chart', async () => {
    await writeOrders([order('o-a1', 'refunded', 5), order('o-a2', 'refunded', 7)]);
    await nav('Analytics').click();
    const query = page.getByRole('textbox', { name: 'Query' });
    // Until edited, the query is a runnable starting point on the first entity: a daily count.
    expect(JSON.parse(await query.inputValue())).toMatchObject({ entity: 'orders', time: { granularity: 'DAY' } });
    await query.fill(
      JSON.stringify({
        entity: 'orders',
        select: [{ field: 'status' }, { field: 'amount', agg: 'SUM', alias: 'total' }],
      }),
    );
    await page.getByRole('button', { name: 'Run' }).click();
    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: 'total' }).waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['status', 'total']);
    expect(await table.getByRole('row').filter({ hasText: 'refunded' }).textContent()).toContain('12');
    const chart = page.getByRole('img', { name: 'Chart' });
    await chart.waitFor();
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    await screenshot(page, '10-analytics-bars');

    await query.fill(
      JSON.stringify({ entity: 'orders', select: [{ agg: 'COUNT', alias: 'orders' }], time: { granularity: 'HOUR' } }),
    );
    await page.getByRole('button', { name: 'Run' }).click();
    await table.getByRole('columnheader', { name: 'time' }).waitFor();
    await chart.waitFor();
    await screenshot(page, '11-analytics-time');

    await query.fill(JSON.stringify({ entity: 'no_such_entity', select: [{ field: 'x' }] }));
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByRole('alert').filter({ hasText: 'ENTITY_NOT_FOUND' }).waitFor();
    await screenshot(page, '12-analytics-error');
  });

  it('creates a trigger with a copyable intake URL and lists its events', async () => {
    await nav('Triggers').click();
    await page.getByRole('button', { name: 'New trigger' }).click();
    await page.getByRole('textbox', { name: 'Trigger name' }).fill('billing');
    await page.getByRole('button', { name: 'Create trigger' }).click();
    const card = page.getByRole('article').filter({ hasText: 'billing' });
    await card.locator('code').filter({ hasText: '/linker/triggers/webhook/' }).waitFor();
    const url = (await card.locator('code').first().textContent())!;
    expect(url.startsWith(server.base + '/linker/triggers/webhook/')).toBe(true);
    const posted = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"hello":"console"}',
    });
    expect(posted.status).toBe(202);
    await card.getByRole('button', { name: 'Refresh' }).click();
    await card.getByRole('row').filter({ hasText: 'hello' }).waitFor();
    await card.getByText('Signing example').click();
    await screenshot(page, '13-triggers');
  });

  it('lists entities with their records, metrics and views', async () => {
    await nav('Entities').click();
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'orders' }) });
    await card.getByRole('button', { name: 'Show records' }).click();
    await card.getByRole('row').filter({ hasText: 'o-a1' }).waitFor();
    await card
      .getByRole('textbox', { name: 'Records to write to orders (JSON)' })
      .fill(JSON.stringify([order('o-ui', 'new', 3)]));
    await card.getByRole('button', { name: 'Insert' }).click();
    await card.getByRole('status').filter({ hasText: '1 record(s) written' }).waitFor();
    await card.getByRole('row').filter({ hasText: 'o-ui' }).waitFor();
    await screenshot(page, '14-entities');
  });

  it('runs a query in GraphiQL with the session headers, from the server itself', async () => {
    await nav('GraphQL').click();
    await page.locator('.graphiql-container').waitFor({ timeout: 30_000 });
    const response = page.locator('.graphiql-response');
    // GraphiQL runs the query once its editors are ready; until then the button does nothing.
    const result = await eventually(
      async () => {
        await page.getByRole('button', { name: /Execute query/ }).click();
        await page.waitForTimeout(500);
        const text = (await response.textContent()) ?? '';
        return text.includes('outboxRecords') ? text : '';
      },
      'a GraphiQL result',
      30_000,
    );
    expect(result).toContain('orders');
    expect(result).not.toContain('UNAUTHENTICATED');
    await screenshot(page, '15-graphiql');
  });

  it('links to the console IDE from Apollo landing page', async () => {
    const res = await fetch(server.base + '/graphql', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('href="/console/graphql"');
  });
});

describe('console with development authentication', () => {
  it('signs in by itself with /console/dev-session', async () => {
    ensureConsoleBuilt();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-console-dev-'));
    const server = await startServer({ NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: undefined });
    const chromium = await launchChromium(server.base);
    try {
      const session = (await (await fetch(server.base + '/console/dev-session')).json()) as Record<string, unknown>;
      expect(Object.keys(session).sort()).toEqual(['tenantId', 'token']);
      expect(session.tenantId).toBe('demo');
      expect(server.output().indexOf('/console/')).toBeLessThan(server.output().indexOf('/graphql'));

      const page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
      await page.goto(server.base + '/console/webhooks');
      await page.getByRole('button', { name: 'New webhook' }).waitFor();
      await page.getByText('development token').waitFor();
      expect(await page.getByRole('textbox', { name: 'Token' }).count()).toBe(0);
      await screenshot(page, '00-dev-session');

      // A development token lasts 12 hours: a tab that outlives it takes a new one and goes on.
      const staleSession = { token: 'expired.development.token', tenantId: 'demo', dev: true };
      await page.evaluate(
        (s) => (globalThis as any).sessionStorage.setItem('hookgate.session', JSON.stringify(s)),
        staleSession,
      );
      // By the token each request carried: a poll of the page before the reload may still answer.
      const answers: Array<{ stale: boolean; status: number }> = [];
      page.on('response', (r) => {
        if (!r.url().endsWith('/graphql')) return;
        const stale = r.request().headers()['authorization'] === `Bearer ${staleSession.token}`;
        answers.push({ stale, status: r.status() });
      });
      await page.reload();
      await page.getByRole('button', { name: 'New webhook' }).waitFor();
      await page.getByText('No webhook configurations').or(page.getByRole('table')).first().waitFor();
      const withStale = answers.filter((a) => a.stale);
      const withRenewed = answers.filter((a) => !a.stale);
      expect(withStale.length).toBeGreaterThan(0);
      expect(withStale.every((a) => a.status === 401)).toBe(true);
      expect(withRenewed.length).toBeGreaterThan(0);
      expect(withRenewed.every((a) => a.status === 200)).toBe(true);
      const kept = JSON.parse(
        (await page.evaluate(() => (globalThis as any).sessionStorage.getItem('hookgate.session'))) as string,
      );
      expect(kept.token).not.toBe(staleSession.token);
      const withKept = await fetch(server.base + '/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${kept.token}`, 'x-tenant-id': 'demo' },
        body: JSON.stringify({ query: '{ webhookConfigs { total } }' }),
      });
      expect(withKept.status).toBe(200);
      expect(chromium.foreign).toEqual([]);
      expect(chromium.pageErrors).toEqual([]);
    } finally {
      await chromium.close();
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

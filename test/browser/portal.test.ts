import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { Receiver } from '../dispatcher/receiver';
import { TEST_JWT_SECRET, uniqueTenant } from '../support/app';
import {
  checkPageAfterEach,
  ensureConsoleBuilt,
  eventually,
  launchChromium,
  screenshot,
  scriptsLoaded,
  startServer,
  stopServer,
  tenantApi,
} from './support';

/** A page of another origin whose document frames `src()` (read at each request: the session comes later). */
async function startFramer(src: () => string): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>customer site</title><h1>A customer's site</h1>` +
        `<iframe id="portal" title="Webhook portal" src="${src()}" style="width:1300px;height:780px"></iframe>`,
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * The portal for a tenant's customers in real Chromium: a tenant admin makes a portal session
 * for `orders`, a page of an origin in PORTAL_FRAME_ANCESTORS frames its link, and the customer
 * manages its endpoints and deliveries there, and nothing of `invoices`. A page of another origin
 * cannot frame it.
 */
// On the embedded database the suite's PGlite serves one session, which this file's server would share.
describe.skipIf(inject('embedded'))('portal pages in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let receiver: Receiver;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let allowed: Awaited<ReturnType<typeof startFramer>>;
  let refused: Awaited<ReturnType<typeof startFramer>>;
  let page: Page;
  let adminToken: string;
  let session: { id: string; url: string; token: string; entityNames: string[] };
  let invoicesConfigId: string;
  const violations: string[] = [];
  const tenant = uniqueTenant('portal');
  const title = 'Acme <b>webhooks</b>';
  const accent = '#0F766E';
  const api = tenantApi(() => ({ base: server.base, token: adminToken, tenant }));
  const asPortal = (method: string, url: string, body?: unknown) =>
    tenantApi(() => ({ base: server.base, token: session.token, tenant }))(method, url, body);

  const portal = (): FrameLocator => page.frameLocator('#portal');
  const portalFrame = (): Frame => page.frames().find((f) => f !== page.mainFrame())!;
  const nav = (name: string) =>
    portal().getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  const writeOrders = (ids: string[]) =>
    api('POST', '/data/orders/records', {
      operation: 'INSERT',
      records: ids.map((id) => ({ id, amount: 10, created_at: new Date().toISOString() })),
    });

  beforeAll(async () => {
    ensureConsoleBuilt();
    receiver = await Receiver.start();
    allowed = await startFramer(() => session.url);
    refused = await startFramer(() => session.url);
    server = await startServer({
      DATABASE_URL: inject('databaseUrl'),
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      PORTAL_TOKEN_SECRET: 'portal-browser-test-signing-secret-0123456789',
      PORTAL_FRAME_ANCESTORS: `https://app.example.com ${allowed.origin}`,
      DISPATCHER_TENANT_PREFIX: 'portal-',
    });
    adminToken = await mintToken(TEST_JWT_SECRET, {
      sub: 'portal-admin',
      tenantId: tenant,
      permissions: ['tenant:admin'],
      expiresIn: '1h',
    });
    for (const name of ['orders', 'invoices']) {
      const defined = await api('POST', '/metadata/entities', {
        name,
        fields: [
          { name: 'id', type: 'STRING' },
          { name: 'amount', type: 'DECIMAL' },
          { name: 'created_at', type: 'TIMESTAMP' },
        ],
        primaryKey: 'id',
        timeField: 'created_at',
      });
      expect(defined.status).toBe(201);
    }
    const invoices = await api('POST', '/metadata/entity-webhooks', {
      entityName: 'invoices',
      webhookUrl: `${receiver.url}/invoices-only`,
      events: 'INSERT',
    });
    expect(invoices.status).toBe(201);
    invoicesConfigId = invoices.body.id;
    const created = await api('POST', '/metadata/portal-sessions', {
      entityNames: ['orders'],
      title,
      accentColor: accent,
      ttlSeconds: 3600,
    });
    expect(created.status).toBe(201);
    session = created.body;
    expect(session.url).toBe(`${server.base}/console/portal#token=${session.token}`);

    chromium = await launchChromium(server.base);
    // The two customer sites are the only other origins let through: they are the pages under test.
    for (const origin of [allowed.origin, refused.origin]) {
      await chromium.context.route(`${origin}/**`, (route) => route.continue());
    }
    page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
    // Chromium reports every refusal of the page's policy (an inline style, a script) here.
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
  }, 240_000);

  checkPageAfterEach(() => ({ page, chromium }), 'portal-failed');

  afterAll(async () => {
    await chromium?.close();
    await stopServer(server);
    await receiver?.close();
    for (const f of [allowed, refused]) if (f) await new Promise((r) => f.server.close(r));
  });

  it('lets only the listed origins frame the portal pages; every other console page stays unframeable', async () => {
    const ancestors = (csp: string | null) =>
      (csp ?? '')
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('frame-ancestors'));
    for (const url of ['/console/portal', '/console/portal/', '/console/portal/deliveries?status=DEAD']) {
      const res = await fetch(server.base + url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toContain('<div id="root">');
      expect(ancestors(res.headers.get('content-security-policy')), url).toBe(
        `frame-ancestors https://app.example.com ${allowed.origin}`,
      );
      expect(res.headers.get('content-security-policy'), url).toContain("default-src 'self'");
    }
    for (const url of ['/console/', '/console/webhooks', '/console/portalx', '/docs']) {
      const res = await fetch(server.base + url);
      expect(ancestors(res.headers.get('content-security-policy')), url).toBe("frame-ancestors 'none'");
    }
  });

  it('opens framed by a listed origin: the title as plain text, the accent, three pages, no sign-in', async () => {
    const portalLoaded = page.waitForResponse((r) => r.url() === `${server.base}/console/portal`);
    await page.goto(allowed.origin + '/');
    // The fragment (the token) never reaches the server: the document is asked for without it.
    expect((await portalLoaded).status()).toBe(200);
    const heading = portal().getByRole('heading', { level: 1, name: title, exact: true });
    await heading.waitFor();
    expect(await portal().locator('h1 b').count()).toBe(0);
    const links = await portal().getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
    expect(links).toEqual(['Webhooks', 'Deliveries', 'Event types']);
    expect(await portal().getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(await portal().getByRole('textbox', { name: 'Token' }).count()).toBe(0);
    // The token left the address bar and stays in the frame's tab storage.
    const frame = portalFrame();
    expect(frame.url()).toBe(`${server.base}/console/portal`);
    expect(await frame.evaluate(() => (globalThis as any).sessionStorage.getItem('hookgate.portal-token'))).toBe(
      session.token,
    );
    await portal().getByText('No webhook configurations yet').waitFor();
    const primary = portal().getByRole('button', { name: 'New webhook' });
    expect(await primary.evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor)).toBe(
      'rgb(15, 118, 110)',
    );
    // The invoices configuration is not in the portal's scope: not listed.
    expect(await portal().getByRole('row').filter({ hasText: 'invoices-only' }).count()).toBe(0);
    await screenshot(page, 'portal-01-framed-empty');
  });

  it('transfers at most 300 KB of JavaScript for its first page, compressed, without GraphiQL', async () => {
    const top = await chromium.context.newPage();
    const loaded = await scriptsLoaded(chromium.context, top, async () => {
      await top.goto(session.url);
      await top.getByRole('heading', { level: 1, name: title }).waitFor();
      await top.getByRole('table').or(top.getByText('No webhook configurations yet')).first().waitFor();
      await top.waitForLoadState('networkidle');
    });
    await top.close();
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((s) => s.bytes === undefined)).toEqual([]);
    expect(loaded.filter((s) => /GraphQL-/.test(s.url))).toEqual([]);
    for (const s of loaded) expect(['br', 'gzip'], s.url).toContain(s.encoding);
    const total = loaded.reduce((n, s) => n + s.bytes!, 0);
    console.log(`portal first page: ${total} B of JavaScript transferred in ${loaded.length} file(s)`);
    expect(total).toBeLessThanOrEqual(300 * 1000);
  });

  it('without a title or accent: a plain heading and the console colours; without a token: says how to open it', async () => {
    const plain = await api('POST', '/metadata/portal-sessions', { entityNames: ['orders'] });
    expect(plain.status).toBe(201);
    const top = await chromium.context.newPage();
    await top.goto(plain.body.url);
    await top.getByRole('heading', { level: 1, name: 'Webhook settings' }).waitFor();
    const primary = top.getByRole('button', { name: 'New webhook' });
    expect(await primary.evaluate((el) => (globalThis as any).getComputedStyle(el).backgroundColor)).toBe(
      'rgb(29, 78, 216)',
    );
    await top.close();

    // A new tab has no token kept: the address without its fragment opens nothing.
    const bare = await chromium.context.newPage();
    await bare.goto(`${server.base}/console/portal/webhooks`);
    await bare.getByRole('heading', { level: 1, name: 'No portal session' }).waitFor();
    expect(await bare.getByRole('navigation').count()).toBe(0);
    await bare.close();
  });

  it('adds an endpoint for a scope entity, picked from a combobox, and sends a test', async () => {
    receiver.react = () => ({ status: 200, body: 'hello from the customer' });
    await portal().getByRole('button', { name: 'New webhook' }).click();
    const entity = portal().getByRole('combobox', { name: 'Entity name' });
    expect(await entity.locator('option').allTextContents()).toEqual(['orders']);
    // The entity's fields, which a portal session reads from its event catalog.
    const changed = portal().getByRole('group', { name: 'Changed fields' });
    await changed.getByRole('checkbox', { name: 'amount' }).waitFor();
    await portal().getByRole('textbox', { name: 'Webhook URL' }).fill(`${receiver.url}/customer`);
    await portal().getByRole('spinbutton', { name: 'Max retries' }).fill('0');
    // A customer is shown how deliveries are signed, not the operator's settings and processes behind it.
    const form = await portal().getByRole('form', { name: 'New webhook form' }).textContent();
    expect(form).toContain('X-Hookgate-Signature: v1=<base64 HMAC-SHA256>.');
    expect(form).not.toMatch(/WEBHOOK_HEADER_PREFIX|dispatcher/);
    await screenshot(page, 'portal-02-new-endpoint');
    await portal().getByRole('button', { name: 'Save' }).click();
    const row = portal()
      .getByRole('row')
      .filter({ hasText: `${receiver.url}/customer` });
    await row.waitFor();
    expect(await row.textContent()).toContain('orders');
    const stored = await api('GET', '/metadata/entity-webhooks?entityName=orders');
    expect(stored.body.items.map((c: any) => [c.entityName, c.webhookUrl, c.maxRetries])).toEqual([
      ['orders', `${receiver.url}/customer`, 0],
    ]);

    const send = row.getByRole('button', { name: 'Send test' });
    if ((await send.count()) > 0) {
      const before = receiver.received.length;
      await send.click();
      const dialog = portal().getByRole('dialog');
      await dialog.getByRole('button', { name: 'Send', exact: true }).click();
      await receiver.waitFor(before + 1);
      expect(receiver.received[before].path).toBe('/customer');
      const result = dialog.getByRole('region', { name: 'Test result' });
      await result.getByText('hello from the customer').waitFor();
      expect(await result.textContent()).toContain('200');
      await screenshot(page, 'portal-03-test-sent');
      await dialog.getByRole('button', { name: 'Close' }).click();
    }
  });

  it('redelivers a record that failed against a receiver answering 500 once the receiver is fixed', async () => {
    receiver.react = () => ({ status: 500 });
    const before = receiver.received.length;
    expect((await writeOrders(['o-fail'])).status).toBe(200);
    await receiver.waitFor(before + 1);

    await nav('Deliveries').click();
    await portal().getByRole('combobox', { name: 'Status' }).selectOption('DEAD');
    const dead = portal().getByRole('row').filter({ hasText: 'DEAD' });
    await dead.first().waitFor();
    await dead.first().click();
    const details = portal().getByRole('complementary');
    await details.getByRole('row').filter({ hasText: '500' }).waitFor();
    await screenshot(page, 'portal-04-dead-record');

    receiver.react = () => ({ status: 204 });
    await details.getByRole('button', { name: 'Redeliver' }).click();
    await receiver.waitFor(before + 2);
    expect(receiver.received[before + 1].requestId).toBe(receiver.received[before].requestId);
    await details.getByText('DELIVERED', { exact: true }).first().waitFor();
    await details.getByRole('row').filter({ hasText: '204' }).waitFor();
    await screenshot(page, 'portal-05-redelivered');
  });

  it('offers only the scope: another entity by address or by API is refused and changes nothing', async () => {
    await nav('Event types').click();
    await portal().getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'portal-06-event-types');

    // The invoices configuration named in the address: the API refuses it and the page says so.
    await portalFrame().goto(`${server.base}/console/portal/deliveries?config=${invoicesConfigId}`);
    await portal().getByRole('alert').filter({ hasText: 'FORBIDDEN' }).first().waitFor();
    await screenshot(page, 'portal-07-out-of-scope');

    expect((await asPortal('GET', `/metadata/entity-webhooks/${invoicesConfigId}`)).status).toBe(403);
    expect((await asPortal('GET', '/metadata/entity-webhooks?entityName=invoices')).status).toBe(403);
    expect(
      (await asPortal('PUT', `/metadata/entity-webhooks/${invoicesConfigId}`, { webhookUrl: `${receiver.url}/x` }))
        .status,
    ).toBe(403);
    const invoices = await api('GET', `/metadata/entity-webhooks/${invoicesConfigId}`);
    expect(invoices.body.webhookUrl).toBe(`${receiver.url}/invoices-only`);
  });

  it('is refused in a frame of an origin not listed: the portal does not render there', async () => {
    const other = await chromium.context.newPage();
    const blocked: string[] = [];
    other.on('console', (msg) => {
      if (/frame-ancestors/.test(msg.text())) blocked.push(msg.text());
    });
    const portalLoaded = other.waitForResponse((r) => r.url() === `${server.base}/console/portal`);
    await other.goto(refused.origin + '/');
    expect((await portalLoaded).status()).toBe(200);
    await eventually(() => blocked.length > 0, 'the refused frame');
    expect(blocked.join('\n')).toContain(`frame-ancestors https://app.example.com ${allowed.origin}`);
    const frame = other.frames().find((f) => f !== other.mainFrame());
    // Chromium's error page, not the portal.
    expect(frame?.url()).not.toContain(server.base);
    expect(await other.frameLocator('#portal').getByRole('heading', { name: title }).count()).toBe(0);
    await screenshot(other, 'portal-08-refused-frame');
    await other.close();
  });

  it('says the session ended once it is revoked, on the open page and on a new visit', async () => {
    expect((await api('DELETE', `/metadata/portal-sessions/${session.id}`)).status).toBe(204);
    await nav('Webhooks').click();
    await portal().getByRole('heading', { name: 'This session has ended' }).waitFor();
    await screenshot(page, 'portal-09-ended');
    await page.goto(allowed.origin + '/');
    await portal().getByRole('heading', { name: 'This session has ended' }).waitFor();
    expect(await portal().getByRole('navigation').count()).toBe(0);
    // The accent and everything else were applied within the policy.
    expect(violations).toEqual([]);
  });
});

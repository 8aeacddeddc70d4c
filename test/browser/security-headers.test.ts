import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { TEST_JWT_SECRET, uniqueTenant } from '../support/app';
import {
  ensureConsoleBuilt,
  eventually,
  launchChromium,
  scriptsLoaded,
  startServer,
  stopServer,
  tenantApi,
} from './support';

const SHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-security-shots-'));
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

/**
 * The console and the REST documentation under their Content-Security-Policy in real Chromium:
 * GraphiQL and Swagger UI still work offline, nothing breaks the policy, and no other site can
 * frame the console.
 */
describe('security headers of the console and /docs in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let dataDir: string | undefined;
  let framer: http.Server | undefined;
  /** Every CSP violation a page reported, by event and by console message. */
  const violations: string[] = [];
  const tenant = uniqueTenant('csp');

  const watch = (page: Page) => {
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
    });
  };

  beforeAll(async () => {
    ensureConsoleBuilt();
    // The suite's embedded PGlite serves one session: then the server gets an embedded database of its own.
    if (inject('embedded')) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-csp-'));
      server = await startServer({
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        NODE_ENV: 'development',
        AUTH_JWT_SECRET: TEST_JWT_SECRET,
        DISPATCHER: 'off',
      });
    } else {
      server = await startServer({
        DATABASE_URL: inject('databaseUrl'),
        AUTH_JWT_SECRET: TEST_JWT_SECRET,
        DISPATCHER: 'off',
      });
    }
    chromium = await launchChromium(server.base);
    // Runs in the page (no DOM types here): every violation event becomes a console message.
    await chromium.context.addInitScript(() => {
      const page = globalThis as any;
      page.document.addEventListener('securitypolicyviolation', (e: any) => {
        console.error(
          `Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} at ${page.location.pathname} ${e.sourceFile}:${e.lineNumber} ${e.sample}`,
        );
      });
    });
    chromium.context.pages().forEach(watch);
    chromium.context.on('page', watch);
  }, 240_000);

  afterAll(async () => {
    await chromium?.close();
    await stopServer(server);
    await new Promise((r) => (framer ? framer.close(r) : r(undefined)));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends the policy, nosniff and no-referrer with every console and /docs document', async () => {
    for (const url of ['/console/', '/console/graphql', '/console/deliveries?status=DEAD', '/docs', '/docs/']) {
      const res = await fetch(server.base + url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/text\/html/);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = csp.split(';').map((d) => d.trim());
      expect(directives, url).toContain("default-src 'self'");
      expect(directives, url).toContain("frame-ancestors 'none'");
      // Inline scripts are refused everywhere; inline styles only where Swagger UI adds its own.
      expect(csp, url).not.toMatch(/script-src/);
      if (url.startsWith('/console')) expect(csp, url).not.toContain('unsafe-inline');
      // Nothing from another origin: every source list names this origin, inline data or nothing.
      for (const d of directives) expect(d, url).toMatch(/^[a-z-]+( ('self'|'none'|'unsafe-inline'|data:))+$/);
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), url).toBe('no-referrer');
    }
  });

  it('runs the console and GraphiQL under the policy: a query runs and shows its result', async () => {
    const page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
    const token = await mintToken(TEST_JWT_SECRET, {
      sub: 'csp-user',
      tenantId: tenant,
      permissions: ['tenant:admin'],
      expiresIn: '1h',
    });
    // An entity with rows, so the analytics page draws its chart.
    const api = tenantApi(() => ({ base: server.base, token, tenant }));
    const defined = await api('POST', '/metadata/entities', {
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
    const now = new Date().toISOString();
    const written = await api('POST', '/data/orders/records', {
      operation: 'INSERT',
      records: [
        { id: 'o-1', status: 'paid', amount: 5, created_at: now },
        { id: 'o-2', status: 'refunded', amount: 7, created_at: now },
      ],
    });
    expect(written.status).toBeLessThan(300);

    const document = await page.goto(server.base + '/console/');
    expect(document?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByRole('textbox', { name: 'Token' }).fill(token);
    await page.getByRole('textbox', { name: 'Tenant' }).fill(tenant);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const nav = (name: string) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
    await nav('Webhooks').waitFor();
    for (const name of ['Webhooks', 'Deliveries', 'Triggers', 'Entities']) {
      await nav(name).click();
      await page.waitForLoadState('networkidle');
    }
    await nav('Analytics').click();
    await page.getByRole('textbox', { name: 'Query' }).fill(
      JSON.stringify({
        entity: 'orders',
        select: [{ field: 'status' }, { field: 'amount', agg: 'SUM', alias: 'total' }],
      }),
    );
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByRole('table').getByRole('columnheader', { name: 'total' }).waitFor();
    const chart = page.getByRole('img', { name: 'Chart' });
    await chart.waitFor();
    expect(await chart.locator('canvas').count()).toBeGreaterThan(0);
    await shot(page, 'console-analytics');

    await nav('GraphQL').click();
    await page.locator('.graphiql-container').waitFor({ timeout: 30_000 });
    const response = page.locator('.graphiql-response');
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
    expect(result).toContain('items');
    expect(result).not.toContain('UNAUTHENTICATED');
    await shot(page, 'graphiql');
    expect(violations).toEqual([]);
    expect(chromium.foreign).toEqual([]);
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);

  it('renders Swagger UI under the policy', async () => {
    const page = await chromium.context.newPage();
    const document = await page.goto(server.base + '/docs');
    expect(document?.headers()['content-security-policy']).toContain("default-src 'self'");
    await page.getByRole('heading', { name: /Hookgate REST API/ }).waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBeGreaterThan(20);
    const health = page.locator('#operations-Operations-healthz');
    await health.locator('.opblock-summary').click();
    await health.getByRole('button', { name: 'Try it out' }).click();
    await health.getByRole('button', { name: 'Execute' }).click();
    await health.locator('.live-responses-table .response-col_status', { hasText: '200' }).waitFor();
    await shot(page, 'swagger-ui');
    await page.close();
    expect(violations).toEqual([]);
    expect(chromium.foreign).toEqual([]);
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);

  it("transfers at most 300 KB of JavaScript for the console's first page, compressed", async () => {
    const page = await chromium.context.newPage();
    const token = await mintToken(TEST_JWT_SECRET, {
      sub: 'csp-user',
      tenantId: tenant,
      permissions: ['tenant:admin'],
      expiresIn: '1h',
    });
    const loaded = await scriptsLoaded(chromium.context, page, async () => {
      await page.goto(server.base + '/console/');
      await page.getByRole('textbox', { name: 'Token' }).fill(token);
      await page.getByRole('textbox', { name: 'Tenant' }).fill(tenant);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Overview' }).waitFor();
      await page.waitForLoadState('networkidle');
    });
    await page.close();

    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter((s) => s.bytes === undefined)).toEqual([]);
    expect(
      loaded.some((s) => /GraphQL-/.test(s.url)),
      'GraphiQL is loaded only on its page',
    ).toBe(false);
    for (const s of loaded) expect(['br', 'gzip'], s.url).toContain(s.encoding);
    const total = loaded.reduce((n, s) => n + s.bytes!, 0);
    console.log(`console first page: ${total} B of JavaScript transferred in ${loaded.length} file(s)`);
    expect(total).toBeLessThanOrEqual(300 * 1000);
  }, 60_000);

  it('refuses to be framed by a page of another origin', async () => {
    framer = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>framer</title><iframe id="f" src="${server.base}/console/"></iframe>`);
    });
    await new Promise<void>((r) => framer!.listen(0, '127.0.0.1', r));
    const framerBase = `http://127.0.0.1:${(framer.address() as AddressInfo).port}`;
    // This one foreign origin is let through: it is the attacker's page under test.
    await chromium.context.route(`${framerBase}/**`, (route) => route.continue());

    const page = await chromium.context.newPage();
    const refused: string[] = [];
    page.on('console', (msg) => {
      if (/frame-ancestors/.test(msg.text())) refused.push(msg.text());
    });
    const consoleLoaded = page.waitForResponse((r) => r.url() === `${server.base}/console/`);
    await page.goto(framerBase + '/');
    expect((await consoleLoaded).status()).toBe(200);
    await eventually(() => refused.length > 0, 'the refused frame');
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // The frame holds Chromium's error page, not the console.
    expect(frame?.url()).not.toContain(server.base);
    expect(refused.join('\n')).toMatch(/frame-ancestors 'none'.*blocked/);
    await shot(page, 'framed');
    await page.close();
    violations.length = 0;
  }, 60_000);
});

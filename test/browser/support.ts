import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, expect } from 'vitest';
import { ROOT, startProcess, type ServerProcess } from '../support/process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = path.join(ROOT, '.tmp/artifacts/screenshots');

/** Builds the console once when its files are missing (CI builds it before the tests). */
export function ensureConsoleBuilt(): void {
  if (fs.existsSync(path.join(ROOT, 'console/dist/index.html'))) return;
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'console/vite.config.mts',
      '--logLevel',
      'warn',
    ],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}

/**
 * Debian's Chromium, headless, with a fresh profile (--user-data-dir, passed the way Playwright
 * wants it), in which every request to another origin than `base` is refused and remembered: the
 * console must load nothing from elsewhere. No browser here is a failure, not a
 * skip: CI installs the `chromium` package first (.ci/run).
 */
export async function launchChromium(base: string): Promise<{
  context: BrowserContext;
  foreign: string[];
  pageErrors: string[];
  close: () => Promise<void>;
}> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1360, height: 900 },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const origin = new URL(base).origin;
  const foreign: string[] = [];
  const pageErrors: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('data:') || url.startsWith('blob:') || new URL(url).origin === origin) return route.continue();
    foreign.push(url);
    return route.abort('blockedbyclient');
  });
  const watch = (page: Page) => page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
  context.pages().forEach(watch);
  context.on('page', watch);
  return {
    context,
    foreign,
    pageErrors,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * After each test of the file: a picture of the page when the test failed (named after the
 * test, after `prefix`), then no request to another origin and no uncaught error in the page.
 */
export function checkPageAfterEach(
  current: () => { page: Page; chromium: { foreign: string[]; pageErrors: string[] } },
  prefix = 'failed',
): void {
  afterEach(async (ctx) => {
    const { page, chromium } = current();
    if (ctx.task.result?.state === 'fail') await screenshot(page, `${prefix}-${ctx.task.name.replace(/\W+/g, '-')}`);
    expect(chromium.foreign, 'requests to another origin').toEqual([]);
    expect(chromium.pageErrors, 'uncaught errors in the page').toEqual([]);
  });
}

/** A script the page loaded: its address, `Content-Encoding` and bytes over the wire. */
export interface LoadedScript {
  url: string;
  encoding?: string;
  bytes?: number;
}

/** Every script `page` loads (cache off) while `load` runs: what a first visit transfers. */
export async function scriptsLoaded(
  context: BrowserContext,
  page: Page,
  load: () => Promise<void>,
): Promise<LoadedScript[]> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Map<string, LoadedScript>();
  cdp.on('Network.responseReceived', (e) => {
    if (e.type !== 'Script') return;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    scripts.set(e.requestId, { url: e.response.url, encoding: headers['content-encoding'] as string | undefined });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const script = scripts.get(e.requestId);
    if (script) script.bytes = e.encodedDataLength;
  });
  await load();
  await cdp.detach();
  return [...scripts.values()];
}

export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** `npm start`'s entry point from sources in its own process; resolves with its base URL. */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess & { base: string }> {
  const server = startProcess('main.ts', { LOG_LEVEL: 'warn', DISPATCHER_POLL_MS: '100', ...env });
  const base = await server.ready;
  return Object.assign(server, { base });
}

export async function stopServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(timer);
}

/** Polls `check` until it returns a truthy value (or fails after `timeoutMs`). */
export async function eventually<T>(check: () => Promise<T> | T, what: string, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * A REST caller of the served app as one tenant (JSON in, status and parsed body out). `as` is
 * read at each call: the server and the token are made in `beforeAll`, after the caller.
 */
export function tenantApi(as: () => { base: string; token: string; tenant: string }) {
  return async (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const { base, token, tenant } = as();
    const res = await fetch(base + url, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        'x-tenant-id': tenant,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as any) : undefined };
  };
}

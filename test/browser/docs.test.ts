import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_JWT_SECRET } from '../support/app';
import { launchChromium, screenshot, startServer, stopServer } from './support';

/**
 * Swagger UI at /docs in real headless Chromium against a real server process: it loads from the
 * server alone (any request to another origin fails the test), lists every operation of
 * /openapi.json, and runs one.
 */
describe('REST documentation in Chromium', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let dataDir: string | undefined;

  beforeAll(async () => {
    // The suite's embedded PGlite serves one session: then the server gets an embedded database of its own.
    if (inject('embedded')) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-docs-'));
      server = await startServer({
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        NODE_ENV: 'development',
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
  }, 240_000);
  afterAll(async () => {
    await chromium?.close();
    await stopServer(server);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists every operation of /openapi.json, offline, and runs one', async () => {
    const document = (await (await fetch(server.base + '/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);

    const page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
    await page.goto(server.base + '/docs');
    await page.getByRole('heading', { name: /Hookgate REST API/ }).waitFor();
    await page.locator('.opblock').first().waitFor();
    expect(await page.locator('.opblock').count()).toBe(operations);
    for (const tag of ['Webhook configurations', 'Entities', 'Records', 'Analytics', 'Trigger intake', 'Operations']) {
      expect(await page.locator(`.opblock-tag[data-tag="${tag}"]`).count(), tag).toBe(1);
    }
    const create = page.locator('#operations-Webhook_configurations-createWebhookConfig');
    expect(await create.locator('.opblock-summary-path').innerText()).toBe('/metadata/entity-webhooks');
    await screenshot(page, 'docs-01-operations');

    // One operation opened: its error responses in the contract's shape, then run from the page.
    await create.locator('.opblock-summary').click();
    await create.locator('.responses-table').waitFor();
    for (const status of ['201', '400', '401', '403', '422']) {
      expect(await create.locator(`.response[data-code="${status}"]`).count(), status).toBe(1);
    }
    await screenshot(page, 'docs-02-create-webhook');

    const health = page.locator('#operations-Operations-healthz');
    await health.locator('.opblock-summary').click();
    await health.getByRole('button', { name: 'Try it out' }).click();
    await health.getByRole('button', { name: 'Execute' }).click();
    await health.locator('.live-responses-table .response-col_status', { hasText: '200' }).waitFor();
    expect(await health.locator('.live-responses-table .microlight').first().innerText()).toContain('"status": "ok"');
    await screenshot(page, 'docs-03-try-healthz');

    expect(chromium.foreign).toEqual([]);
    expect(chromium.pageErrors).toEqual([]);
  }, 120_000);
});

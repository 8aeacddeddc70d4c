import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { Receiver } from '../dispatcher/receiver';
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

/**
 * The Deliveries page finds the record of a request id a receiver quotes, and narrows the list to
 * a window of creation times, in real headless Chromium against a real server and receiver.
 */
// As console.test.ts: on the embedded database the test process and the server would share one session.
describe.skipIf(inject('embedded'))('console: finding a delivery', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let receiver: Receiver;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  const tenant = uniqueTenant('dsearch');
  let token: string;
  const api = tenantApi(() => ({ base: server.base, token, tenant }));
  const writeOrders = (ids: string[]) =>
    api('POST', '/data/orders/records', { operation: 'INSERT', records: ids.map((id) => ({ id, amount: 1 })) });

  beforeAll(async () => {
    ensureConsoleBuilt();
    receiver = await Receiver.start();
    server = await startServer({
      DATABASE_URL: inject('databaseUrl'),
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      DISPATCHER_TENANT_PREFIX: 'dsearch-',
    });
    token = await mintToken(TEST_JWT_SECRET, {
      sub: 'search-user',
      tenantId: tenant,
      permissions: ['tenant:admin'],
      expiresIn: '1h',
    });
    const defined = await api('POST', '/metadata/entities', {
      name: 'orders',
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'amount', type: 'DECIMAL' },
      ],
      primaryKey: 'id',
    });
    expect(defined.status).toBe(201);
    const created = await api('POST', '/metadata/entity-webhooks', {
      entityName: 'orders',
      webhookUrl: `${receiver.url}/orders`,
      events: 'INSERT',
    });
    expect(created.status).toBe(201);
    chromium = await launchChromium(server.base);
    page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
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

  /** The list's record rows (the head row has no 'orders' cell). */
  const recordRows = () => page.getByRole('row').filter({ hasText: 'orders' });
  const rowCount = (n: number, what: string) => eventually(async () => (await recordRows().count()) === n, what);
  /** An instant as the browser's datetime-local value, to the second, in the browser's time zone. */
  const localValue = (ms: number) =>
    page.evaluate((t) => {
      const d = new Date(t);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    }, ms);

  it('finds the one record of a request id, and narrows the list by creation time', async () => {
    // Three records, then, after a whole second has begun and passed, two more.
    expect((await writeOrders(['a-1', 'a-2', 'a-3'])).status).toBe(200);
    const boundary = (Math.floor(Date.now() / 1000) + 1) * 1000;
    await new Promise((r) => setTimeout(r, boundary + 200 - Date.now()));
    expect((await writeOrders(['b-1', 'b-2'])).status).toBe(200);
    await receiver.waitFor(5);
    const quoted = receiver.received.find((r) => JSON.parse(r.body).data.id === 'a-2')!.requestId!;
    expect(quoted).toMatch(/^[0-9a-f-]{36}$/);

    await page.goto(server.base + '/console/');
    await page.getByRole('textbox', { name: 'Token' }).fill(token);
    await page.getByRole('textbox', { name: 'Tenant' }).fill(tenant);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Deliveries', exact: true }).click();
    await rowCount(5, 'all five records');

    // The request id the receiver got: exactly its record, which opens with that id.
    const search = page.getByRole('searchbox', { name: 'Request id' });
    await search.fill(quoted);
    await search.press('Enter');
    await rowCount(1, 'the searched record alone');
    await recordRows().first().click();
    const details = page.getByRole('complementary');
    await details.getByText(quoted).first().waitFor();
    await screenshot(page, 'deliveries-search-request-id');
    expect(new URL(page.url()).searchParams.get('request')).toBe(quoted);

    // Another tenant's or a mistyped id finds nothing.
    await search.fill(quoted.replace(/^.{8}/, '00000000'));
    await search.press('Enter');
    await page.getByText('No outbox records matching the search.').waitFor();
    await search.fill('');
    await search.press('Enter');
    await rowCount(5, 'all five again');

    // Created after the boundary second: the two later records; before it: the three earlier ones.
    const after = page.getByLabel('Created after', { exact: true });
    const before = page.getByLabel('Created before', { exact: true });
    await after.fill(await localValue(boundary));
    await rowCount(2, 'the later two');
    await screenshot(page, 'deliveries-search-created-after');
    await after.fill('');
    await before.fill(await localValue(boundary - 1000));
    await rowCount(3, 'the earlier three');
    // Both bounds at once: a window that opens a minute before ends where the earlier records do.
    await after.fill(await localValue(boundary - 60_000));
    await rowCount(3, 'the earlier three within both bounds');
    await screenshot(page, 'deliveries-search-created-window');
  });
});

import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { TEST_JWT_SECRET, uniqueTenant } from '../support/app';
import { ensureConsoleBuilt, launchChromium, screenshot, startServer, stopServer, tenantApi } from './support';

const DAY = 86_400;
const at = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Colored (series) pixels the chart's canvas shows in a thin vertical strip at bucket time `t`,
 * placed by where the plot area lies over the canvas; grid lines and axes are grey and not counted.
 */
async function seriesPixelsAt(chart: Locator, t: number, first: number, last: number): Promise<number> {
  return chart.evaluate(
    (el, { t, first, last }) => {
      const canvas = el.querySelector('canvas')!;
      const over = el.querySelector('.u-over')!.getBoundingClientRect();
      const box = canvas.getBoundingClientRect();
      const scale = canvas.width / box.width;
      const x = Math.round((over.left - box.left + ((t - first) / (last - first)) * over.width) * scale);
      const top = Math.round((over.top - box.top) * scale);
      const height = Math.round(over.height * scale);
      const strip = canvas.getContext('2d')!.getImageData(x - 2, top, 5, height).data;
      let colored = 0;
      for (let i = 0; i < strip.length; i += 4) {
        const [r, g, b, a] = [strip[i], strip[i + 1], strip[i + 2], strip[i + 3]];
        if (a > 100 && Math.max(r, g, b) - Math.min(r, g, b) > 80) colored++;
      }
      return colored;
    },
    { t, first, last },
  );
}

/**
 * The analytics chart in headless Chromium against a real server process on real PostgreSQL:
 * grouped daily results become one named series per group, and days without rows break the lines.
 * Set-up as in console.test.ts (see there why not on PGlite).
 */
describe.skipIf(inject('embedded'))('console: the analytics chart', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  const tenant = uniqueTenant('chart');
  let token: string;
  const api = tenantApi(() => ({ base: server.base, token, tenant }));

  beforeAll(async () => {
    ensureConsoleBuilt();
    server = await startServer({ DATABASE_URL: inject('databaseUrl'), AUTH_JWT_SECRET: TEST_JWT_SECRET });
    token = await mintToken(TEST_JWT_SECRET, {
      sub: 'analytics-chart',
      tenantId: tenant,
      permissions: ['tenant:admin'],
      expiresIn: '1h',
    });
    const entity = await api('POST', '/metadata/entities', {
      name: 'sales',
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'region', type: 'STRING' },
        { name: 'amount', type: 'DECIMAL' },
        { name: 'created_at', type: 'TIMESTAMP' },
      ],
      primaryKey: 'id',
      timeField: 'created_at',
    });
    expect(entity.status).toBe(201);
    // eu and us on 11/12, eu alone on 11/13, then nothing until both again on 11/28.
    const sale = (id: string, region: string, amount: number, createdAt: string) => ({
      id,
      region,
      amount,
      created_at: createdAt,
    });
    const written = await api('POST', '/data/sales/records', {
      operation: 'INSERT',
      records: [
        sale('s1', 'eu', 10, '2026-11-12T09:00:00Z'),
        sale('s2', 'eu', 5, '2026-11-12T15:00:00Z'),
        sale('s3', 'us', 40, '2026-11-12T10:00:00Z'),
        sale('s4', 'eu', 20, '2026-11-13T11:00:00Z'),
        sale('s5', 'eu', 30, '2026-11-28T08:00:00Z'),
        sale('s6', 'us', 25, '2026-11-28T12:00:00Z'),
      ],
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    chromium = await launchChromium(server.base);
    page = chromium.context.pages()[0] ?? (await chromium.context.newPage());
    await page.goto(server.base + '/console/');
    await page.getByRole('textbox', { name: 'Token' }).fill(token);
    await page.getByRole('textbox', { name: 'Tenant' }).fill(tenant);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Analytics', exact: true }).click();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await screenshot(page, `failed-${ctx.task.name.replace(/\W+/g, '-')}`);
    expect(chromium.foreign, 'requests to another origin').toEqual([]);
    expect(chromium.pageErrors, 'uncaught errors in the page').toEqual([]);
  });

  afterAll(async () => {
    await chromium?.close();
    await stopServer(server);
  });

  async function run(body: object) {
    await page.getByRole('textbox', { name: 'Query' }).fill(JSON.stringify(body));
    await page.getByRole('button', { name: 'Run' }).click();
  }
  /** The series the legend inside the chart names, in order (each item also shows the hovered value). */
  const legend = (chart: Locator) =>
    chart.getByRole('list', { name: 'Legend' }).getByRole('listitem').locator('.u-label').allTextContents();

  it('draws one named series per region and breaks the lines over days without rows', async () => {
    await run({
      entity: 'sales',
      select: [{ field: 'region' }, { field: 'amount', agg: 'SUM', alias: 'revenue' }],
      time: { granularity: 'DAY' },
    });
    const table = page.getByRole('table', { name: 'Query result' });
    await table.getByRole('columnheader', { name: 'revenue' }).waitFor();
    const chart = page.getByRole('img', { name: 'Chart' });
    await chart.locator('canvas').waitFor();
    // The legend inside the chart: the x axis, then eu and us as separate series.
    expect(await legend(chart)).toEqual(['time', 'eu', 'us']);
    // The legend is no table: the result's is the page's only one.
    expect(await page.getByRole('table').count()).toBe(1);
    await screenshot(page, 'analytics-chart-daily-by-region');

    // The chart's data, for screen readers: every day from the first to the last, empty ones too.
    // Built only when opened.
    expect(await page.getByRole('table', { name: /Chart data/ }).count()).toBe(0);
    await page.getByText('Chart data', { exact: true }).click();
    const data = page.getByRole('table', { name: 'Chart data: each bucket of each series' });
    // Rendered after the toggle event that the click fires: wait for it before reading.
    await data.waitFor();
    expect(await data.getByRole('columnheader').allTextContents()).toEqual(['time', 'eu', 'us']);
    const dataRows = data.getByRole('row');
    expect(await dataRows.count()).toBe(1 + 17);
    expect(await dataRows.nth(1).getByRole('cell').allTextContents()).toEqual(['15', '40']);
    expect(await dataRows.filter({ hasText: '2026-11-13' }).getByRole('cell').allTextContents()).toEqual([
      '20',
      'no rows',
    ]);
    expect(await dataRows.filter({ hasText: '2026-11-20' }).getByRole('cell').allTextContents()).toEqual([
      'no rows',
      'no rows',
    ]);
    expect(await dataRows.filter({ hasText: '2026-11-28' }).getByRole('cell').allTextContents()).toEqual(['30', '25']);
    await expect(chart.getAttribute('aria-describedby')).resolves.toBeTruthy();
    const summary = page.locator(`[id="${await chart.getAttribute('aria-describedby')}"]`);
    expect(await summary.textContent()).toContain('14 without rows');

    // What the canvas shows: eu's line from 11/12 to 11/13, and nothing across 11/14–11/27.
    const [first, last] = [at('2026-11-12'), at('2026-11-28')];
    expect(await seriesPixelsAt(chart, first + DAY / 2, first, last)).toBeGreaterThan(0);
    for (const day of ['2026-11-16', '2026-11-20', '2026-11-25'])
      expect(await seriesPixelsAt(chart, at(day), first, last), day).toBe(0);
  });

  it('names a series by each combination of grouping values, and by measure when there are several', async () => {
    await run({
      entity: 'sales',
      select: [
        { field: 'region' },
        { field: 'amount', agg: 'SUM', alias: 'revenue' },
        { agg: 'COUNT', alias: 'sales' },
      ],
      time: { granularity: 'WEEK' },
    });
    const chart = page.getByRole('img', { name: 'Chart' });
    await page.getByRole('table', { name: 'Query result' }).getByRole('columnheader', { name: 'sales' }).waitFor();
    await chart.locator('canvas').waitFor();
    expect(await legend(chart)).toEqual(['time', 'eu · revenue', 'eu · sales', 'us · revenue', 'us · sales']);

    // Without time: bars, one series per region.
    await run({ entity: 'sales', select: [{ field: 'region' }, { field: 'amount', agg: 'SUM', alias: 'revenue' }] });
    await page.getByRole('table', { name: 'Query result' }).getByRole('columnheader', { name: 'revenue' }).waitFor();
    await chart.locator('canvas').waitFor();
    expect(await legend(chart)).toEqual(['region', 'eu', 'us']);
    await screenshot(page, 'analytics-chart-bars-by-region');

    // One hourly bucket: drawn around that hour.
    await run({
      entity: 'sales',
      select: [{ agg: 'COUNT', alias: 'sales' }],
      filter: { field: 'id', op: 'EQ', value: 's4' },
      time: { granularity: 'HOUR' },
    });
    await page.getByText('1 series (sales) in one bucket, 2026-11-13T11:00:00Z').waitFor();
    expect(await legend(chart)).toEqual(['time', 'sales']);
    await screenshot(page, 'analytics-chart-one-bucket');
  });
});

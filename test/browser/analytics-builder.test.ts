import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot } from './support';
import { signedInConsole } from './signed-in';

/**
 * The Analytics page's builder in headless Chromium against a real server process on real
 * PostgreSQL: a grouped, filtered, daily query built with controls alone, its JSON kept in step both
 * ways, the result downloaded as CSV, and the query saved as a metric that then runs as one.
 */
describe.skipIf(inject('embedded'))('console: the analytics builder', () => {
  const ui = signedInConsole('bld', {});
  const { api } = ui;
  const page = () => ui.state.page;

  beforeAll(async () => {
    await ui.open();
    // Defined here rather than through signedInConsole: the entity needs a time field.
    const defined = await api('POST', '/metadata/entities', {
      name: 'orders',
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'region', type: 'STRING' },
        { name: 'amount', type: 'DECIMAL' },
        { name: 'placed_at', type: 'TIMESTAMP' },
      ],
      primaryKey: 'id',
      timeField: 'placed_at',
    });
    expect(defined.status, JSON.stringify(defined.body)).toBe(201);
    // A region name with a comma and a quote, so the CSV has to quote it.
    const order = (id: string, region: string, amount: number, placedAt: string) => ({
      id,
      region,
      amount,
      placed_at: placedAt,
    });
    const written = await api('POST', '/data/orders/records', {
      operation: 'INSERT',
      records: [
        order('o1', 'eu', 10, '2026-11-12T09:00:00Z'),
        order('o2', 'eu', 5, '2026-11-12T15:00:00Z'),
        order('o3', 'us, "east"', 40, '2026-11-12T10:00:00Z'),
        order('o4', 'eu', 20, '2026-11-13T11:00:00Z'),
        order('o5', 'eu', 12, '2026-11-13T12:00:00Z'),
        order('o6', 'eu', 30, '2026-11-28T08:00:00Z'),
      ],
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const view = await api('POST', '/metadata/views', {
      name: 'big_orders',
      entity: 'orders',
      select: [{ field: 'id' }, { field: 'amount' }],
      filter: { field: 'amount', op: 'GTE', value: { $param: 'min' } },
      parameters: [{ name: 'min', type: 'DECIMAL', required: true }],
    });
    expect(view.status, JSON.stringify(view.body)).toBe(201);
    await ui.nav('Analytics').click();
  });
  afterAll(() => ui.close());

  const field = (name: string) => page().getByLabel(name, { exact: true });
  const queryBox = () => page().getByRole('textbox', { name: 'Query' });
  const queryJson = async () => JSON.parse(await queryBox().inputValue()) as unknown;
  const resultTable = () => page().getByRole('table', { name: 'Query result' });
  async function tableCells(): Promise<string[][]> {
    const head = await resultTable().getByRole('columnheader').allTextContents();
    const rows = resultTable().locator('tbody tr');
    const cells: string[][] = [];
    for (let i = 0; i < (await rows.count()); i++) cells.push(await rows.nth(i).locator('td').allTextContents());
    return [head, ...cells];
  }

  it('builds a grouped, filtered, daily query without typing JSON, runs it and downloads it as CSV', async () => {
    await field('Entity').waitFor();
    expect(await field('Source').inputValue()).toBe('entity');
    expect(await field('Entity').inputValue()).toBe('orders');
    await page().getByRole('group', { name: 'Group by' }).getByRole('checkbox', { name: 'region' }).check();
    // The starting measure counts rows; the first becomes SUM(amount), a second counts again.
    await field('Measure 1 field').selectOption('amount');
    expect(await field('Measure 1 aggregation').locator('option').allTextContents()).toEqual([
      'SUM',
      'COUNT',
      'COUNT_DISTINCT',
      'AVG',
      'MIN',
      'MAX',
    ]);
    await field('Measure 1 aggregation').selectOption('SUM');
    await field('Measure 1 name').fill('revenue');
    await page().getByRole('button', { name: 'Add measure' }).click();
    await field('Measure 2 name').fill('orders');
    expect(await field('Measure 2 aggregation').locator('option').allTextContents()).toEqual(['COUNT']);
    await page().getByRole('button', { name: 'Add filter' }).click();
    await field('Filter 1 field').selectOption('amount');
    // LIKE is for text fields: amount does not offer it.
    expect(await field('Filter 1 operator').locator('option').allTextContents()).not.toContain('LIKE');
    await field('Filter 1 operator').selectOption('GTE');
    await field('Filter 1 value').fill('10');
    await field('Granularity').selectOption('DAY');
    await field('From').fill('2026-11-12');
    await field('To').fill('2026-11-13');

    const built = {
      entity: 'orders',
      select: [
        { field: 'region' },
        { field: 'amount', agg: 'SUM', alias: 'revenue' },
        { agg: 'COUNT', alias: 'orders' },
      ],
      filter: { field: 'amount', op: 'GTE', value: 10 },
      time: { granularity: 'DAY', range: { from: '2026-11-12', to: '2026-11-13' } },
      limit: 100,
    };
    expect(await queryJson()).toEqual(built);

    await page().getByRole('button', { name: 'Run' }).click();
    await resultTable().getByRole('columnheader', { name: 'revenue' }).waitFor();
    const cells = await tableCells();
    // o2 (5) is filtered out, o6 (11/28) is outside the range.
    expect(cells).toEqual([
      ['time', 'region', 'revenue', 'orders'],
      [expect.stringMatching(/^2026-11-12T00:00:00/), 'eu', '10', '1'],
      [expect.stringMatching(/^2026-11-12T00:00:00/), 'us, "east"', '40', '1'],
      [expect.stringMatching(/^2026-11-13T00:00:00/), 'eu', '32', '2'],
    ]);
    const chart = page().getByRole('img', { name: 'Chart' });
    await chart.locator('canvas').waitFor();
    expect(
      await chart.getByRole('list', { name: 'Legend' }).getByRole('listitem').locator('.u-label').allTextContents(),
    ).toEqual(['time', 'eu · revenue', 'eu · orders', 'us, "east" · revenue', 'us, "east" · orders']);
    await screenshot(page(), 'builder-daily-by-region');

    const [download] = await Promise.all([
      page().waitForEvent('download'),
      page().getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('orders.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    // The table's cells, written by hand as RFC 4180 says: the comma-and-quote region quoted.
    const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
    expect(csv).toBe(cells.map((r) => r.map(quote).join(',') + '\r\n').join(''));
    expect(csv.split('\r\n')[2]).toMatch(/^2026-11-12T00:00:00[^,]*,"us, ""east""",40,1$/);
  });

  it('reads JSON typed in the Query box back into the controls, and says when it cannot', async () => {
    await queryBox().fill(
      JSON.stringify({
        entity: 'orders',
        select: [{ field: 'amount', agg: 'MAX', alias: 'largest' }],
        filter: { field: 'region', op: 'IN', value: ['eu', 'apac'] },
        time: { granularity: 'WEEK' },
      }),
    );
    expect(await field('Measure 1 aggregation').inputValue()).toBe('MAX');
    expect(await field('Measure 1 name').inputValue()).toBe('largest');
    expect(await field('Filter 1 operator').inputValue()).toBe('IN');
    expect(await field('Filter 1 value').inputValue()).toBe('eu, apac');
    expect(await field('Granularity').inputValue()).toBe('WEEK');
    expect(
      await page().getByRole('group', { name: 'Group by' }).getByRole('checkbox', { name: 'region' }).isChecked(),
    ).toBe(false);

    // An OR group has no controls: they stay as they were, disabled, and say why.
    const orQuery = {
      entity: 'orders',
      select: [{ agg: 'COUNT' }],
      filter: { op: 'OR', conditions: [{ field: 'region', op: 'EQ', value: 'eu' }] },
    };
    await queryBox().fill(JSON.stringify(orQuery));
    await page().getByText("The controls cannot show this query: the filter's OR groups").waitFor();
    expect(await field('Measure 1 aggregation').isDisabled()).toBe(true);
    expect(await field('Measure 1 aggregation').inputValue()).toBe('MAX');
    expect(await queryJson()).toEqual(orQuery);
    await screenshot(page(), 'builder-json-not-shown');
    // It still runs as it is.
    await page().getByRole('button', { name: 'Run' }).click();
    await resultTable().getByRole('columnheader', { name: 'count' }).waitFor();

    await queryBox().fill('{ "entity": ');
    await page().getByText('The JSON does not parse').waitFor();
    await page().getByRole('button', { name: "Replace the JSON with the controls' query" }).click();
    expect(await field('Measure 1 aggregation').isEnabled()).toBe(true);
    expect(await queryJson()).toMatchObject({ entity: 'orders', select: [{ field: 'amount', agg: 'MAX' }] });

    // JSON kept from before a reload that the controls never showed: they start from the entity.
    await queryBox().fill('{ "entity": "orders", "select": [{ "agg": "COUNT" }], "offset": 5 }');
    await page().reload();
    await page().getByText('"offset", which the controls do not offer').waitFor();
    expect(await field('Entity').isDisabled()).toBe(true);
    await page().getByRole('button', { name: "Replace the JSON with the controls' query" }).click();
    expect(await queryJson()).toEqual({
      entity: 'orders',
      select: [{ agg: 'COUNT', alias: 'records' }],
      time: { granularity: 'DAY' },
      limit: 100,
    });
  });

  it('saves the query as a metric, refusing a bad name at the field, and runs it as a metric', async () => {
    await queryBox().fill(
      JSON.stringify({
        entity: 'orders',
        select: [
          { field: 'region' },
          { agg: 'COUNT', alias: 'orders' },
          { field: 'amount', agg: 'SUM', alias: 'revenue' },
        ],
        filter: { field: 'amount', op: 'GTE', value: 10 },
        time: { granularity: 'DAY', range: { from: '2026-11-12', to: '2026-11-13' } },
      }),
    );
    const save = page().getByRole('form', { name: 'Save as metric' });
    await save.getByLabel('Measure to save').selectOption({ label: 'SUM(amount)' });
    await save.getByLabel('Metric name').fill('Daily Revenue');
    await save.getByRole('button', { name: 'Save as metric' }).click();
    const name = save.getByRole('textbox', { name: 'Metric name' });
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    const error = page().locator(`[id="${await name.getAttribute('aria-describedby')}"]`);
    expect(await error.textContent()).toContain('must match ^[a-z][a-z0-9_]{0,62}$');
    expect((await api('GET', '/metadata/metrics')).body).toEqual([]);
    await screenshot(page(), 'builder-metric-name-refused');

    await name.fill('daily_revenue');
    await save.getByRole('button', { name: 'Save as metric' }).click();
    await page().getByText('Saved the metric daily_revenue.').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBeNull();
    const stored = await api('GET', '/metadata/metrics/daily_revenue');
    expect(stored.body).toMatchObject({
      name: 'daily_revenue',
      entity: 'orders',
      aggregation: 'SUM',
      field: 'amount',
      filter: { field: 'amount', op: 'GTE', value: 10 },
    });
    // The same name again: the server's refusal shows at the field.
    await save.getByRole('button', { name: 'Save as metric' }).click();
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    expect(
      await page()
        .locator(`[id="${await name.getAttribute('aria-describedby')}"]`)
        .textContent(),
    ).toContain('already exists');

    // It is in the catalogue's metrics now, and runs as a metric grouped by region per day.
    await page().getByRole('button', { name: 'Query the metric daily_revenue' }).click();
    expect(await field('Source').inputValue()).toBe('metric');
    expect(await field('Metric').locator('option').allTextContents()).toContain('daily_revenue');
    expect(await queryJson()).toEqual({
      metric: 'daily_revenue',
      dimensions: ['region'],
      time: { granularity: 'DAY', range: { from: '2026-11-12', to: '2026-11-13' } },
    });
    await page().getByRole('button', { name: 'Run' }).click();
    await resultTable().getByRole('columnheader', { name: 'daily_revenue' }).waitFor();
    expect((await tableCells()).map((r) => r.slice(1))).toEqual([
      ['region', 'daily_revenue'],
      ['eu', '10'],
      ['us, "east"', '40'],
      ['eu', '32'],
    ]);
    await page().getByRole('img', { name: 'Chart' }).locator('canvas').waitFor();
    await screenshot(page(), 'builder-metric-run');
  });

  it('runs a view with its parameter typed by its definition, and saves a query as a view', async () => {
    await field('Source').selectOption('view');
    expect(await field('View').inputValue()).toBe('big_orders');
    // The metric's day buckets and range carry over to the new source; this query wants neither.
    expect(await field('Granularity').inputValue()).toBe('DAY');
    await field('Granularity').selectOption('');
    await field('From').fill('');
    await field('To').fill('');
    // A DECIMAL parameter: a number input, sent as a JSON number.
    await page().getByRole('spinbutton', { name: 'min (required)' }).fill('20');
    expect(await queryJson()).toEqual({ view: 'big_orders', params: { min: 20 } });
    await page().getByRole('button', { name: 'Run' }).click();
    await resultTable().getByRole('columnheader', { name: 'amount' }).waitFor();
    expect(await tableCells()).toEqual([
      ['id', 'amount'],
      ['o3', '40'],
      ['o4', '20'],
      ['o6', '30'],
    ]);

    await queryBox().fill(
      JSON.stringify({
        entity: 'orders',
        select: [{ field: 'region' }, { field: 'amount', agg: 'MAX', alias: 'largest' }],
        filter: { field: 'region', op: 'EQ', value: 'eu' },
      }),
    );
    const save = page().getByRole('form', { name: 'Save as view' });
    await save.getByRole('textbox', { name: 'View name' }).fill('eu_largest');
    await save.getByRole('button', { name: 'Save as view' }).click();
    await page().getByText('Saved the view eu_largest.').waitFor();
    expect((await api('GET', '/metadata/views/eu_largest')).body).toMatchObject({
      entity: 'orders',
      select: [
        { field: 'region', agg: null, alias: null },
        { field: 'amount', agg: 'MAX', alias: 'largest' },
      ],
      filter: { field: 'region', op: 'EQ', value: 'eu' },
    });
    await page().getByRole('button', { name: 'Query the view eu_largest' }).click();
    expect(await queryJson()).toEqual({ view: 'eu_largest' });
    await page().getByRole('button', { name: 'Run' }).click();
    await resultTable().getByRole('columnheader', { name: 'largest' }).waitFor();
    expect(await tableCells()).toEqual([
      ['region', 'largest'],
      ['eu', '30'],
    ]);
    await screenshot(page(), 'builder-view-run');
  });
});

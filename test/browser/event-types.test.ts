import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot } from './support';
import { signedInConsole } from './signed-in';

/**
 * The Event types page in headless Chromium against a server process on real PostgreSQL: every
 * catalog entry listed under its entity, its schema and example copied as the API gives them, and
 * the AsyncAPI document downloaded with the signed-in headers.
 */
describe.skipIf(inject('embedded'))('console: event types', () => {
  const ui = signedInConsole('evt', {
    orders: [
      ['id', 'STRING'],
      ['status', 'STRING'],
    ],
    shipments: [
      ['id', 'STRING'],
      ['weight', 'DECIMAL'],
    ],
  });

  beforeAll(async () => {
    await ui.open();
    await ui.state.chromium.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: ui.state.server.base,
    });
  });
  afterAll(() => ui.close());

  it('lists every entity and kind with copyable schema and example, and links the AsyncAPI document', async () => {
    const { page } = ui.state;
    /** What the last Copy button put on the clipboard, as JSON. */
    const copied = async () => JSON.parse(await page.evaluate<string>('navigator.clipboard.readText()'));
    const res = await ui.api('GET', '/metadata/event-catalog');
    expect(res.status).toBe(200);
    const catalog = res.body.data as Array<{
      entityName: string;
      operation: string;
      schema: unknown;
      example: unknown;
    }>;
    // Four kinds of change for each of the two entities, then the four operational kinds.
    expect(catalog.length).toBe(12);

    await ui.nav('Event types').click();
    await page.getByRole('heading', { name: 'Event types', level: 1 }).waitFor();
    for (const entity of ['orders', 'shipments', '$operations (operational events)']) {
      await page.getByRole('heading', { name: entity, level: 2, exact: true }).waitFor();
    }
    // One card per catalog entry, in the catalog's order.
    const names = await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
    expect(names).toEqual(catalog.map((t) => `${t.entityName} ${t.operation}`));

    const entry = catalog.find((t) => t.entityName === 'orders' && t.operation === 'UPDATE')!;
    const card = page.getByRole('article', { name: 'orders UPDATE' });
    await card.getByText('JSON Schema', { exact: true }).click();
    await card.getByText('Example', { exact: true }).click();
    await screenshot(page, 'console13-event-types');

    await page.getByRole('button', { name: 'Copy schema of orders UPDATE' }).click();
    expect(await copied()).toEqual(entry.schema);
    await page.getByRole('button', { name: 'Copy example of orders UPDATE' }).click();
    expect(await copied()).toEqual(entry.example);

    const dead = catalog.find((t) => t.entityName === '$operations' && t.operation === 'DELIVERY_DEAD')!;
    await page.getByRole('button', { name: 'Copy example of $operations DELIVERY_DEAD' }).click();
    expect(await copied()).toEqual(dead.example);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'AsyncAPI document' }).click(),
    ]);
    const doc = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(doc).toEqual((await ui.api('GET', '/metadata/event-catalog/asyncapi.json')).body);
    expect(doc.asyncapi).toBe('3.0.0');
  });
});

import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eventually, screenshot } from './support';
import { signedInConsole } from './signed-in';

/**
 * The webhook form's change filter, changed fields and `$operations` kinds in headless Chromium
 * against a server process on real PostgreSQL: what the form stores is read back through the API,
 * the server's field errors appear at their control, and a filtered configuration is sent only the
 * changes that match (requests at a real receiver).
 */
describe.skipIf(inject('embedded'))('console: change filters and operational events on the webhook form', () => {
  const ui = signedInConsole('flt', {
    orders: [
      ['id', 'STRING'],
      ['status', 'STRING'],
      ['total', 'DECIMAL'],
    ],
  });

  beforeAll(() => ui.open());
  afterAll(() => ui.close());

  const configByUrl = async (url: string) =>
    (
      await ui.graphql(`{
        webhookConfigs(pageSize: 100) {
          items { id entityName webhookUrl events operationalEvents filter changedFields }
        }
      }`)
    ).webhookConfigs.items.find((c: { webhookUrl: string }) => c.webhookUrl === url);

  /** The control's error message, through aria-describedby, when aria-invalid says it has one. */
  const errorOf = async (control: Locator) => {
    if ((await control.getAttribute('aria-invalid')) !== 'true') return null;
    const id = await control.getAttribute('aria-describedby');
    return ui.state.page.locator(`[id="${id}"]`).textContent();
  };

  const newForm = async (url: string) => {
    const { page } = ui.state;
    await ui.nav('Webhooks').click();
    await page.getByRole('button', { name: 'New webhook' }).click();
    const form = page.getByRole('form', { name: 'New webhook form' });
    await form.getByRole('textbox', { name: 'Entity name' }).fill('orders');
    await form.getByRole('textbox', { name: 'Webhook URL' }).fill(url);
    return form;
  };

  it('saves changed fields and a filter; the server’s error is shown at its condition and nothing is stored', async () => {
    const { page, receiver } = ui.state;
    const url = `${receiver.url}/filtered`;
    const form = await newForm(url);
    await form.getByRole('checkbox', { name: 'status', exact: true }).check();

    await form.getByRole('button', { name: 'Add condition' }).click();
    await form.getByRole('button', { name: 'Add condition' }).click();
    const first = form.getByRole('group', { name: 'Condition 1' });
    const second = form.getByRole('group', { name: 'Condition 2' });
    expect(await first.getByRole('combobox', { name: 'Field' }).locator('option').allTextContents()).toEqual([
      'operation',
      'data.id',
      'data.status',
      'data.total',
      'previous.id',
      'previous.status',
      'previous.total',
    ]);
    await first.getByRole('combobox', { name: 'Field' }).selectOption('data.status');
    await first.getByRole('textbox', { name: 'Value' }).fill('paid');
    // A second condition on a field the entity lacks: the server names it; the form marks it there.
    await second.getByRole('combobox', { name: 'Field' }).selectOption('data.total');
    await second.getByRole('combobox', { name: 'Operator' }).selectOption('GTE');
    await second.getByRole('textbox', { name: 'Value' }).fill('100');
    await form.getByRole('button', { name: 'Edit filter as JSON' }).click();
    const json = form.getByRole('textbox', { name: 'Filter (JSON)' });
    expect(JSON.parse(await json.inputValue())).toEqual({
      op: 'AND',
      conditions: [
        { field: 'data.status', op: 'EQ', value: 'paid' },
        { field: 'data.total', op: 'GTE', value: 100 },
      ],
    });
    await json.fill(
      JSON.stringify({
        op: 'AND',
        conditions: [
          { field: 'data.status', op: 'EQ', value: 'paid' },
          { field: 'data.weight', op: 'GTE', value: 100 },
        ],
      }),
    );
    await form.getByRole('button', { name: 'Edit filter as conditions' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('alert').filter({ hasText: 'VALIDATION_FAILED' }).waitFor();
    const badField = second.getByRole('combobox', { name: 'Field' });
    expect(await errorOf(badField)).toBeTruthy();
    expect(await errorOf(first.getByRole('combobox', { name: 'Field' }))).toBeNull();
    await screenshot(page, 'console13-filter-field-error');
    expect(await configByUrl(url)).toBeUndefined();

    await badField.selectOption('data.total');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const stored = await eventually(() => configByUrl(url), 'the configuration stored');
    expect(stored).toMatchObject({
      changedFields: ['status'],
      filter: {
        op: 'AND',
        conditions: [
          { field: 'data.status', op: 'EQ', value: 'paid' },
          { field: 'data.total', op: 'GTE', value: 100 },
        ],
      },
    });
    const row = page.getByRole('row').filter({ hasText: url });
    expect(await row.textContent()).toContain('filtered');

    // Only the matching change arrives.
    const before = receiver.received.length;
    const write = (records: object[]) => ui.api('POST', '/data/orders/records', { operation: 'INSERT', records });
    expect((await write([{ id: 'o-1', status: 'open', total: 500 }])).status).toBe(200);
    expect((await write([{ id: 'o-2', status: 'paid', total: 150 }])).status).toBe(200);
    await receiver.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 1500));
    const got = receiver.received.slice(before).filter((r) => r.path === '/filtered');
    expect(got.map((r) => JSON.parse(r.body).data.id)).toEqual(['o-2']);

    // Editing shows the stored filter as conditions and the stored changed fields checked; clearing both stores null.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit webhook' });
    expect(await edit.getByRole('checkbox', { name: 'status', exact: true }).isChecked()).toBe(true);
    expect(
      await edit.getByRole('group', { name: 'Condition 2' }).getByRole('textbox', { name: 'Value' }).inputValue(),
    ).toBe('100');
    // Text stays text: no JSON quotes in the box.
    expect(
      await edit.getByRole('group', { name: 'Condition 1' }).getByRole('textbox', { name: 'Value' }).inputValue(),
    ).toBe('paid');
    await edit.getByRole('checkbox', { name: 'status', exact: true }).uncheck();
    await edit.getByRole('button', { name: 'Remove condition 2' }).click();
    await edit.getByRole('button', { name: 'Remove condition 1' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await eventually(async () => (await configByUrl(url)).filter === null, 'the filter cleared');
    expect((await configByUrl(url)).changedFields).toBeNull();
  });

  it('creates an $operations configuration with operational kinds instead of change events', async () => {
    const { page, receiver } = ui.state;
    const url = `${receiver.url}/ops`;
    const form = await newForm(url);
    await form.getByRole('radio', { name: 'Operational events ($operations)' }).check();
    expect(await form.getByRole('textbox', { name: 'Entity name' }).inputValue()).toBe('$operations');
    for (const op of ['INSERT', 'UPDATE', 'UPSERT', 'DELETE'])
      expect(await form.getByRole('checkbox', { name: op, exact: true }).count()).toBe(0);
    for (const kind of ['DELIVERY_DEAD', 'CIRCUIT_OPENED', 'CIRCUIT_CLOSED', 'TRIGGER_ACTION_FAILED'])
      expect(await form.getByRole('checkbox', { name: kind, exact: true }).isChecked()).toBe(true);
    await form.getByRole('checkbox', { name: 'CIRCUIT_CLOSED', exact: true }).uncheck();
    await form.getByRole('checkbox', { name: 'TRIGGER_ACTION_FAILED', exact: true }).uncheck();
    await screenshot(page, 'console13-operations-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const stored = await eventually(() => configByUrl(url), 'the $operations configuration stored');
    expect(stored).toMatchObject({ entityName: '$operations', operationalEvents: ['DELIVERY_DEAD', 'CIRCUIT_OPENED'] });
    const row = page.getByRole('row').filter({ hasText: url });
    expect(await row.textContent()).toContain('DELIVERY_DEAD, CIRCUIT_OPENED');

    // Back to entity changes: the change checkboxes return, the operational ones go.
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('form', { name: 'Edit webhook' });
    expect(await edit.getByRole('checkbox', { name: 'DELIVERY_DEAD', exact: true }).isChecked()).toBe(true);
    await edit.getByRole('radio', { name: 'Entity changes' }).check();
    expect(await edit.getByRole('checkbox', { name: 'INSERT', exact: true }).isChecked()).toBe(true);
    expect(await edit.getByRole('checkbox', { name: 'DELIVERY_DEAD', exact: true }).count()).toBe(0);
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });
});

import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { screenshot } from './support';
import { signedInConsole } from './signed-in';

/**
 * "Send test" on the Webhooks page in headless Chromium against a server process on real
 * PostgreSQL: the request reaches a real receiver, signed (checked here with an HMAC of our own),
 * and the page shows the receiver's status code and body; nothing is queued.
 */
describe.skipIf(inject('embedded'))('console: send a test delivery', () => {
  const ui = signedInConsole('tst', {
    orders: [
      ['id', 'STRING'],
      ['status', 'STRING'],
      ['total', 'DECIMAL'],
    ],
  });
  const secret = 'test-send-secret';

  beforeAll(async () => {
    await ui.open();
    ui.state.receiver.react = (req) =>
      req.path.startsWith('/teapot')
        ? { status: 418, body: 'short and stout' }
        : { status: 200, headers: { 'content-type': 'application/json' }, body: '{"received":true}' };
  });
  afterAll(() => ui.close());

  const create = async (path: string, enabled = true) => {
    const res = await ui.api('POST', '/metadata/entity-webhooks', {
      entityName: 'orders',
      webhookUrl: `${ui.state.receiver.url}${path}`,
      events: 'INSERT',
      secret,
      enabled,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };

  it('sends the example record, shows status and body, and the receiver got one signed TEST request', async () => {
    const { page, receiver } = ui.state;
    await create('/hooks/ok');
    await ui.nav('Webhooks').click();
    const row = page.getByRole('row').filter({ hasText: '/hooks/ok' });
    await row.getByRole('button', { name: 'Send test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send test' });
    const editor = dialog.getByRole('textbox', { name: 'Test data (JSON)' });
    // The editor starts as the catalog's example record of the entity: every field set.
    await expect
      .poll(async () => Object.keys(JSON.parse((await editor.inputValue()) || '{}')).sort())
      .toEqual(['id', 'status', 'total']);
    const before = receiver.received.length;
    await dialog.getByRole('button', { name: 'Send' }).click();
    const result = dialog.getByRole('region', { name: 'Test result' });
    await result.getByText('{"received":true}').waitFor();
    expect(await result.textContent()).toContain('Status code200');
    expect(await result.textContent()).toMatch(/Duration\d+ ms/);
    await screenshot(page, 'console13-test-send-ok');
    expect(receiver.received.length).toBe(before + 1);
    const got = receiver.received[before];
    const payload = JSON.parse(got.body);
    expect(payload).toMatchObject({ entityName: 'orders', operation: 'TEST', previous: null });
    expect(Object.keys(payload.data).sort()).toEqual(['id', 'status', 'total']);
    const ts = String(got.headers['x-hookgate-timestamp']);
    const expected = crypto.createHmac('sha256', secret).update(`${ts}.${got.body}`).digest('base64');
    expect(String(got.headers['x-hookgate-signature'])).toBe(`v1=${expected}`);
    // A test is no delivery: no outbox record.
    const records = await ui.graphql('{ outboxRecords { items { id } } }');
    expect(records.outboxRecords.items).toEqual([]);
  });

  it('sends the edited data to a disabled configuration and shows a failing answer; bad JSON sends nothing', async () => {
    const { page, receiver } = ui.state;
    await create('/teapot', false);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: '/teapot' });
    await row.getByRole('button', { name: 'Send test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send test' });
    const editor = dialog.getByRole('textbox', { name: 'Test data (JSON)' });
    await expect.poll(() => editor.inputValue()).not.toBe('');
    const before = receiver.received.length;

    await editor.fill('{"id": "o-9",');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'not valid JSON' }).waitFor();
    expect(receiver.received.length).toBe(before);

    await editor.fill('{"id": "o-9", "status": "paid"}');
    await dialog.getByRole('button', { name: 'Send' }).click();
    const result = dialog.getByRole('region', { name: 'Test result' });
    await result.getByText('short and stout').waitFor();
    expect(await result.textContent()).toContain('Status code418');
    await screenshot(page, 'console13-test-send-418');
    expect(receiver.received.length).toBe(before + 1);
    expect(JSON.parse(receiver.received[before].body).data).toEqual({ id: 'o-9', status: 'paid' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

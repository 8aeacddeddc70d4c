import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { Receiver } from '../dispatcher/receiver';
import { TEST_JWT_SECRET, uniqueTenant } from '../support/app';
import { checkPageAfterEach, ensureConsoleBuilt, launchChromium, startServer, stopServer, tenantApi } from './support';

/** Entities to define before the browser opens: name → [field, type] pairs (`id` is the key). */
export type EntityFields = Record<string, Array<[string, string]>>;

/**
 * A server process on real PostgreSQL, a real receiver, entities defined over REST and headless
 * Chromium signed in to the console as a fresh `tenant:admin` tenant. `prefix` keeps this file's
 * dispatcher to its own tenants. Call it in a `describe` (it adds the page checks after each test
 * there), `open()` in `beforeAll` and `close()` in `afterAll`.
 */
export function signedInConsole(prefix: string, entities: EntityFields) {
  const tenant = uniqueTenant(prefix);
  const state = {} as {
    server: Awaited<ReturnType<typeof startServer>>;
    receiver: Receiver;
    chromium: Awaited<ReturnType<typeof launchChromium>>;
    page: Page;
    token: string;
  };
  const api = tenantApi(() => ({ base: state.server.base, token: state.token, tenant }));
  const graphql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await api('POST', '/graphql', { query, variables });
    expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
    return res.body.data;
  };
  const nav = (name: string) =>
    state.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  checkPageAfterEach(() => state);

  return {
    tenant,
    state,
    api,
    graphql,
    nav,
    async open() {
      ensureConsoleBuilt();
      state.receiver = await Receiver.start();
      state.server = await startServer({
        DATABASE_URL: inject('databaseUrl'),
        AUTH_JWT_SECRET: TEST_JWT_SECRET,
        DISPATCHER_TENANT_PREFIX: `${prefix}-`,
      });
      state.token = await mintToken(TEST_JWT_SECRET, {
        sub: `console-${prefix}`,
        tenantId: tenant,
        permissions: ['tenant:admin'],
        expiresIn: '1h',
      });
      for (const [name, fields] of Object.entries(entities)) {
        const res = await api('POST', '/metadata/entities', {
          name,
          fields: fields.map(([n, type]) => ({ name: n, type })),
          primaryKey: 'id',
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      }
      state.chromium = await launchChromium(state.server.base);
      state.page = state.chromium.context.pages()[0] ?? (await state.chromium.context.newPage());
      await state.page.goto(state.server.base + '/console/');
      await state.page.getByRole('textbox', { name: 'Token' }).fill(state.token);
      await state.page.getByRole('textbox', { name: 'Tenant' }).fill(tenant);
      await state.page.getByRole('button', { name: 'Sign in' }).click();
      await nav('Webhooks').waitFor();
    },
    async close() {
      await state.chromium?.close();
      await stopServer(state.server);
      await state.receiver?.close();
    },
  };
}

import { expect } from 'vitest';
import { uniqueTenant, type TestApp } from './app';

export const PORTAL_SECRET = 'portal-secret-for-the-hookgate-suite-0123456789';

const FIELDS = [
  { name: 'id', type: 'STRING' },
  { name: 'status', type: 'STRING' },
  { name: 'created_at', type: 'TIMESTAMP' },
];

export interface PortalTenant {
  tenant: string;
  /** Tenant admin headers. */
  admin: Record<string, string>;
  /** One configuration per entity, by entity name. */
  configs: Record<string, string>;
}

/** Sends a GraphQL document as text. */
export async function gql(
  t: TestApp,
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<{ status: number; data: any; errors?: Array<{ extensions?: { code?: string; details?: any[] } }> }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: { query, variables },
  });
  return { status: res.statusCode, ...res.json() };
}

/**
 * A tenant with the entities `orders`, `invoices` and `refunds`, one configuration each pointing at
 * `webhookUrl`, and (with `records`) one written record per entity, so each has an outbox record.
 */
export async function portalTenant(
  t: TestApp,
  opts: { webhookUrl?: string; records?: boolean } = {},
): Promise<PortalTenant> {
  const tenant = uniqueTenant('portal');
  const admin = await t.headers(tenant);
  const configs: Record<string, string> = {};
  for (const name of ['orders', 'invoices', 'refunds']) {
    const entity = await t.app.inject({
      method: 'POST',
      url: '/metadata/entities',
      headers: admin,
      payload: { name, fields: FIELDS, primaryKey: 'id', timeField: 'created_at' },
    });
    expect(entity.statusCode).toBe(201);
    const config = await t.app.inject({
      method: 'POST',
      url: '/metadata/entity-webhooks',
      headers: admin,
      payload: { entityName: name, events: 'INSERT,UPDATE', webhookUrl: opts.webhookUrl ?? 'https://example.com/hook' },
    });
    expect(config.statusCode).toBe(201);
    configs[name] = config.json().id;
    if (opts.records) {
      const write = await t.app.inject({
        method: 'POST',
        url: `/data/${name}/records`,
        headers: admin,
        payload: {
          operation: 'INSERT',
          records: [{ id: `${name}-1`, status: 'new', created_at: new Date().toISOString() }],
        },
      });
      expect(write.statusCode).toBe(200);
    }
  }
  return { tenant, admin, configs };
}

/** Creates a portal session over REST and answers its body (201 expected). */
export async function createPortalSession(
  t: TestApp,
  admin: Record<string, string>,
  body: Record<string, unknown>,
): Promise<{ id: string; url: string; token: string; expiresAt: string; entityNames: string[] }> {
  const res = await t.app.inject({ method: 'POST', url: '/metadata/portal-sessions', headers: admin, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Headers of a portal token: no X-Tenant-Id, which a portal token does not need. */
export const portalHeaders = (token: string) => ({ authorization: `Bearer ${token}` });

import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/errors';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';

const BASE = '/metadata/entity-webhooks';
const valid = { entityName: 'orders', events: 'INSERT', webhookUrl: 'https://example.com/hook' };

const hostileStrings = fc.oneof(
  fc.constantFrom(
    "'; DROP TABLE webhook_configs; --",
    '" OR 1=1 --',
    '$1',
    '\u0000',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '{{schema}}',
    '%00%27',
    '\ud83d\ude00'.repeat(50),
    'a'.repeat(70_000),
    'javascript:alert(1)',
    'http://',
    '__proto__',
  ),
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 100 }),
);
const wrongTypes = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);

/** A create body that is guaranteed invalid: one field is broken, the rest may be anything. */
const invalidCreate = fc
  .record({
    defect: fc.constantFrom(
      'entityName',
      'events',
      'webhookUrl',
      'timeoutMs',
      'maxRetries',
      'enabled',
      'headersJson',
      'backoffFactor',
      'httpMethod',
    ),
    hostile: hostileStrings,
    wrong: wrongTypes,
    extra: fc.dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  })
  .map(({ defect, hostile, wrong, extra }) => {
    const body: Record<string, unknown> = { ...extra, ...valid };
    switch (defect) {
      case 'entityName':
        body.entityName = typeof wrong === 'string' ? 42 : wrong;
        break;
      case 'events':
        body.events = `INSERT,${hostile.replace(/,/g, '')}X`;
        break;
      case 'webhookUrl':
        body.webhookUrl = `not a url ${hostile}`;
        break;
      case 'timeoutMs':
        body.timeoutMs = typeof wrong === 'number' ? 1e9 : (wrong ?? 'x');
        break;
      case 'maxRetries':
        body.maxRetries = -5;
        break;
      case 'enabled':
        body.enabled = hostile;
        break;
      case 'headersJson':
        body.headersJson = `{${hostile}`;
        break;
      case 'backoffFactor':
        body.backoffFactor = String(hostile);
        break;
      case 'httpMethod':
        body.httpMethod = `${hostile} 1`;
        break;
    }
    return body;
  });

describe('hostile and malformed requests against the configuration endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
  });
  afterAll(() => t.close());

  it('2,000 requests: no 5xx, every error in the contract shape, data unchanged', async () => {
    const tenant = uniqueTenant();
    const h = await t.headers(tenant);
    const foreignToken = await t.token(uniqueTenant());
    const existing = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: h,
      payload: { ...valid, secret: 'keep-me' },
    });
    expect(existing.statusCode).toBe(201);
    const id = existing.json().id;
    // Other test files write their own tenants' rows at the same time: look at every tenant these
    // requests name (and this test's own), not at the whole table.
    const requests = fc.sample(requestArb(), { numRuns: 2000, seed: 20261126 });
    const namedTenants = [
      ...new Set([
        tenant,
        ...requests.map((r) => String((r.headers as Record<string, string>)?.['x-tenant-id'] ?? '')),
      ]),
    ];
    const snapshot = async () =>
      (
        await t.runtime.db.pool.query('SELECT * FROM webhook_configs WHERE tenant_id = ANY($1::text[]) ORDER BY id', [
          namedTenants,
        ])
      ).rows;
    const before = await snapshot();
    expect(before).toHaveLength(1);

    function requestArb(): fc.Arbitrary<InjectOptions> {
      return fc.oneof(
        invalidCreate.map((body) => ({ method: 'POST', url: BASE, headers: h, payload: body })),
        invalidCreate.map((body) => ({ method: 'PUT', url: `${BASE}/${id}`, headers: h, payload: body })),
        fc.string({ maxLength: 200 }).map((raw) => ({
          method: 'POST',
          url: BASE,
          headers: { ...h, 'content-type': 'application/json' },
          payload: `{${raw}`,
        })),
        fc
          .constantFrom(
            'text/plain',
            'application/xml',
            'multipart/form-data; boundary=x',
            'application/x-www-form-urlencoded',
          )
          .map((ct) => ({
            method: 'POST',
            url: BASE,
            headers: { ...h, 'content-type': ct },
            payload: 'entityName=orders&events=INSERT',
          })),
        hostileStrings.map((s) => ({
          method: 'GET',
          url: `${BASE}/${encodeURIComponent(s.slice(0, 200))}`,
          headers: h,
        })),
        hostileStrings.map((s) => ({
          method: 'DELETE',
          url: `${BASE}/${encodeURIComponent(s.slice(0, 200)) || 'x'}`,
          headers: h,
        })),
        hostileStrings.map((s) => ({
          method: 'PUT',
          url: `${BASE}/${encodeURIComponent(s.slice(0, 200)) || 'x'}`,
          headers: h,
          payload: { enabled: false },
        })),
        fc
          .record({
            k: fc.constantFrom('page', 'pageSize', 'size', 'sortBy', 'sortDirection', 'entityName'),
            v: hostileStrings,
          })
          .map(({ k, v }) => ({
            method: 'GET',
            url: `${BASE}?${k}=${encodeURIComponent(v.slice(0, 500))}`,
            headers: h,
          })),
        fc
          .record({
            auth: fc.oneof(
              fc.constant(undefined),
              hostileStrings.map((s) => `Bearer ${s.slice(0, 500)}`),
              fc.constant(`Bearer ${foreignToken}`),
            ),
            tenant: fc.oneof(
              fc.constant(undefined),
              hostileStrings.map((s) => s.slice(0, 300)),
            ),
          })
          .map(({ auth, tenant: tn }) => {
            const headers: Record<string, string> = {};
            if (auth !== undefined) headers.authorization = auth.replace(/[\r\n\u0000-\u001f\u007f-\uffff]/g, '');
            if (tn !== undefined) headers['x-tenant-id'] = tn.replace(/[\r\n\u0000-\u001f\u007f-\uffff]/g, '');
            if (!headers['x-tenant-id'] && !headers.authorization) headers['x-tenant-id'] = tenant;
            return { method: 'POST', url: BASE, headers, payload: valid } as InjectOptions;
          }),
      );
    }
    const statuses = new Map<number, number>();
    for (const req of requests) {
      const res = await t.app.inject(req);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      expect(res.statusCode, `${req.method} ${String(req.url).slice(0, 120)}`).toBeLessThan(500);
      if (res.statusCode >= 400) {
        const body = res.json();
        expect(body.success).toBe(false);
        expect(Object.keys(ERROR_STATUS)).toContain(body.error.code);
        expect(ERROR_STATUS[body.error.code as keyof typeof ERROR_STATUS]).toBe(res.statusCode);
        expect(body.error.requestId).toBe(res.headers['x-request-id']);
        expect(res.body).not.toMatch(/keep-me|\bat \w+ \(|SELECT |INSERT INTO|syntax error/);
      }
    }
    // Only reads may succeed; nothing was created, changed or deleted.
    for (const s of statuses.keys()) expect([200, 400, 401, 403, 404, 413, 415]).toContain(s);
    expect(await snapshot()).toEqual(before);
  }, 180_000);
});

import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { ROOT } from '../support/process';
import { ensureConsoleBuilt } from '../browser/support';

const DIST = path.join(ROOT, 'console/dist');

function decode(encoding: string | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === undefined) return body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

/** Answers over 1 KiB and the console's files go out compressed, as the client's Accept-Encoding allows. */
describe('compression of answers', () => {
  let t: TestApp;
  let base: string;
  let tenant: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    ensureConsoleBuilt();
    t = await startTestApp({ DISPATCHER: 'off' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    tenant = uniqueTenant('gzip');
    auth = await t.headers(tenant);
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/metadata/entity-webhooks',
        headers: auth,
        payload: { entityName: 'orders', events: 'INSERT,UPDATE', webhookUrl: `https://example.com/hooks/orders/${i}` },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => t?.close());

  const get = async (url: string, headers: Record<string, string> = {}) => {
    const res = await request(base + url, { headers });
    const raw = Buffer.from(await res.body.arrayBuffer());
    const encoding = res.headers['content-encoding'] as string | undefined;
    return { status: res.statusCode, headers: res.headers, raw, encoding, body: decode(encoding, raw) };
  };

  it('sends a JSON answer over 1 KiB with br or gzip when asked, and as it is when not', async () => {
    const plain = await get('/metadata/entity-webhooks', auth);
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBeUndefined();
    expect(plain.raw.length).toBeGreaterThan(1024);
    const list = JSON.parse(plain.body.toString('utf8')) as { items: unknown[] };
    expect(list.items).toHaveLength(8);

    for (const [accept, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ]) {
      const res = await get('/metadata/entity-webhooks', { ...auth, 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.encoding, accept).toBe(expected);
      expect(String(res.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(res.raw.length, accept).toBeLessThan(plain.raw.length / 2);
      expect(JSON.parse(res.body.toString('utf8')), accept).toEqual(list);
    }
    for (const accept of ['identity', 'deflate']) {
      const res = await get('/metadata/entity-webhooks', { ...auth, 'accept-encoding': accept });
      expect(res.encoding, accept).toBeUndefined();
      expect(JSON.parse(res.raw.toString('utf8'))).toEqual(list);
    }
    // 1 KiB or less is not worth it.
    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.encoding).toBeUndefined();
    expect(JSON.parse(small.raw.toString('utf8'))).toEqual({ status: 'ok' });
  });

  it('compresses GraphQL answers, the OpenAPI document and Prometheus metrics', async () => {
    const gql = await request(base + '/graphql', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ query: '{ __schema { types { name description } } }' }),
    });
    expect(gql.statusCode).toBe(200);
    expect(gql.headers['content-encoding']).toBe('gzip');
    const data = JSON.parse(zlib.gunzipSync(Buffer.from(await gql.body.arrayBuffer())).toString('utf8'));
    expect(data.data.__schema.types.length).toBeGreaterThan(10);

    const metrics = await get('/metrics', { 'accept-encoding': 'gzip' });
    expect(metrics.status).toBe(200);
    expect(metrics.encoding).toBe('gzip');
    expect(metrics.body.toString('utf8')).toContain('hookgate_http_requests_total');
    const scrape = await get('/metrics');
    expect(scrape.encoding).toBeUndefined();
    expect(scrape.raw.toString('utf8')).toContain('# TYPE hookgate_http_requests_total counter');

    const doc = await get('/openapi.json', { 'accept-encoding': 'br' });
    expect(doc.encoding).toBe('br');
    expect(JSON.parse(doc.body.toString('utf8')).openapi).toBe('3.1.0');
  });

  it("sends the console's built files pre-compressed", async () => {
    const html = fs.readFileSync(path.join(DIST, 'index.html'));
    const script = /src="\/console\/(assets\/index-[^"]+\.js)"/.exec(html.toString('utf8'))![1];
    const file = fs.readFileSync(path.join(DIST, script));
    expect(file.length).toBeGreaterThan(1024);

    for (const [accept, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
    ]) {
      const res = await get(`/console/${script}`, { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.encoding, accept).toBe(expected);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.body.equals(file), accept).toBe(true);
      // The build's file, at its strongest level, not one made on the fly.
      const ext = expected === 'br' ? '.br' : '.gz';
      expect(res.raw.equals(fs.readFileSync(path.join(DIST, script + ext))), accept).toBe(true);
    }
    const plain = await get(`/console/${script}`);
    expect(plain.encoding).toBeUndefined();
    expect(plain.raw.equals(file)).toBe(true);

    // A page of the console (a deep link) is index.html, compressed as well.
    const page = await get('/console/deliveries', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.encoding).toBe('br');
    expect(page.body.equals(html)).toBe(true);
  });
});

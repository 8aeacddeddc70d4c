import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryAgent, sendDelivery } from '../../src/dispatcher/deliver';

/** The dispatcher's HTTP client (deliver.ts) against a real local receiver. */
describe('sendDelivery', () => {
  let server: http.Server;
  let base: string;
  const agent = createDeliveryAgent({ connectionsPerOrigin: 4, allowPrivateTargets: true });
  const received: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString('utf8')}`);
        if (req.url === '/ok') res.writeHead(201).end('created');
        else if (req.url === '/trickle') {
          // The head of the body at once, then nothing: the deadline ends it mid-body.
          res.writeHead(502);
          res.write('upstream down');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await agent.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const send = (path: string, headers: Record<string, string> = {}, timeoutMs = 2000) =>
    sendDelivery(agent, { url: new URL(base + path), method: 'POST', headers, body: '{"n":1}', timeoutMs });

  it('sends the request and reports the status and the body', async () => {
    const sent = await send('/ok', { 'content-type': 'application/json' });
    expect(sent.outcome).toEqual({ kind: 'response', statusCode: 201 });
    expect(sent.responseBody).toBe('created');
    expect(received).toContain('POST /ok {"n":1}');
  });

  it('keeps the status and what arrived of a body that the deadline cuts off', async () => {
    const started = performance.now();
    const sent = await send('/trickle', {}, 300);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(sent.outcome).toEqual({ kind: 'response', statusCode: 502 });
    expect(sent.responseBody).toBe('upstream down');
  });

  it('reports a header the HTTP client refuses as invalid headers, sending nothing', async () => {
    const before = received.length;
    const sent = await send('/ok', { 'bad header': 'x' });
    expect(sent.outcome).toEqual({ kind: 'headers-invalid', reason: 'the request was refused by the HTTP client' });
    expect(sent.responseBody).toBeNull();
    expect(received.length).toBe(before);
  });

  it('reports a refused connection as a network error', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const sent = await sendDelivery(agent, {
      url: new URL(`http://127.0.0.1:${port}/x`),
      method: 'POST',
      headers: {},
      body: '{}',
      timeoutMs: 2000,
    });
    expect(sent.outcome).toEqual({ kind: 'network-error', reason: 'network error (ECONNREFUSED)' });
    expect(sent.responseBody).toBeNull();
  });
});

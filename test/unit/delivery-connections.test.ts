import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDeliveryAgent, sendDelivery } from '../../src/dispatcher/deliver';

/**
 * The dispatcher's connections per origin (connections.ts), seen from a real local receiver: how
 * many connections it opens, which it reuses, and what waits when all are busy.
 */
describe('delivery connections', () => {
  let server: http.Server;
  let base: string;
  /** Every connection the receiver accepted, and the requests open at once (now and at most). */
  let sockets: Socket[];
  let open: number;
  let mostOpen: number;
  let holdMs: number;

  beforeEach(async () => {
    sockets = [];
    open = 0;
    mostOpen = 0;
    holdMs = 50;
    server = http.createServer((req, res) => {
      open++;
      mostOpen = Math.max(mostOpen, open);
      req.resume();
      req.on('end', () =>
        setTimeout(() => {
          open--;
          res.writeHead(204).end();
        }, holdMs),
      );
    });
    server.on('connection', (socket: Socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const sendVia = (agent: ReturnType<typeof createDeliveryAgent>, timeoutMs = 2000, url = `${base}/hook`) =>
    sendDelivery(agent, { url: new URL(url), method: 'POST', headers: {}, body: '{}', timeoutMs });

  it('keeps at most its connections per origin busy; the requests beyond them wait and all arrive', async () => {
    const agent = createDeliveryAgent({ connectionsPerOrigin: 3, allowPrivateTargets: true });
    try {
      const sent = await Promise.all(Array.from({ length: 10 }, () => sendVia(agent)));
      expect(sent.map((s) => s.outcome)).toEqual(Array(10).fill({ kind: 'response', statusCode: 204 }));
      expect(sockets.length).toBe(3);
      expect(mostOpen).toBe(3);
    } finally {
      await agent.close();
    }
  });

  it('sends one request after another on one connection, and after a burst reuses the one freed last', async () => {
    const agent = createDeliveryAgent({ connectionsPerOrigin: 64, allowPrivateTargets: true });
    try {
      for (let i = 0; i < 5; i++) await sendVia(agent);
      expect(sockets.length).toBe(1);
      await Promise.all(Array.from({ length: 8 }, () => sendVia(agent)));
      expect(sockets.length).toBe(8);
      // One at a time again: each takes the connection the previous one freed, so the other
      // seven stay idle (to close after their keep-alive) instead of taking turns.
      const used = new Set<Socket>();
      server.removeAllListeners('request');
      server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
        used.add(req.socket);
        req.resume();
        req.on('end', () => res.writeHead(204).end());
      });
      for (let i = 0; i < 6; i++) await sendVia(agent);
      expect(used.size).toBe(1);
      expect(sockets.length).toBe(8);
    } finally {
      await agent.close();
    }
  });

  it('opens a connection only for a request that finds none free once the answers already in are read', async () => {
    const agent = createDeliveryAgent({ connectionsPerOrigin: 64, allowPrivateTargets: true });
    // The first ten are answered together, in one write each from one callback: all ten answers
    // are in before the dispatcher reads any of them.
    const held: http.ServerResponse[] = [];
    server.removeAllListeners('request');
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      req.resume();
      req.on('end', () => {
        if (sockets.length > 10 || held.length === 10) return void res.writeHead(204).end();
        held.push(res);
        if (held.length === 10) for (const r of held) r.writeHead(204).end();
      });
    });
    try {
      const first = Array.from({ length: 10 }, () => sendVia(agent));
      // Ten more as soon as the first answer is read: the other nine connections are busy with
      // answers already received, not with requests in flight, so they are the ones to use.
      const second = await Promise.race(first).then(() => Array.from({ length: 10 }, () => sendVia(agent)));
      const sent = await Promise.all([...first, ...second]);
      expect(sent.map((s) => s.outcome)).toEqual(Array(20).fill({ kind: 'response', statusCode: 204 }));
      expect(sockets.length).toBe(10);
    } finally {
      await agent.close();
    }
  });

  it('ends every request waiting for a connection to an origin that refuses connections, and goes on', async () => {
    const agent = createDeliveryAgent({ connectionsPerOrigin: 1, allowPrivateTargets: true });
    const closedPort = await new Promise<number>((resolve) => {
      const probe = http.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    try {
      // The connection fails with requests waiting for it: undici ends the request on it, and
      // none may be started on it from inside that (undici asserts its queue is empty after).
      const refused = await Promise.all(
        Array.from({ length: 3 }, () => sendVia(agent, 2000, `http://127.0.0.1:${closedPort}/hook`)),
      );
      expect(refused.map((r) => r.outcome)).toEqual(
        Array(3).fill({ kind: 'network-error', reason: 'network error (ECONNREFUSED)' }),
      );
      expect((await sendVia(agent)).outcome).toEqual({ kind: 'response', statusCode: 204 });
    } finally {
      await agent.close();
    }
  });

  it('opens a new connection when the receiver has closed an idle one', async () => {
    const agent = createDeliveryAgent({ connectionsPerOrigin: 4, allowPrivateTargets: true });
    try {
      expect((await sendVia(agent)).outcome).toEqual({ kind: 'response', statusCode: 204 });
      sockets[0].destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await sendVia(agent)).outcome).toEqual({ kind: 'response', statusCode: 204 });
      expect(sockets.length).toBe(2);
    } finally {
      await agent.close();
    }
  });

  it('a request waiting for a connection ends at its deadline, is never sent and costs no connection', async () => {
    const agent = createDeliveryAgent({ connectionsPerOrigin: 1, allowPrivateTargets: true });
    holdMs = 800;
    let requests = 0;
    server.prependListener('request', () => requests++);
    try {
      const first = sendVia(agent, 2000);
      const started = performance.now();
      const waiting = await sendVia(agent, 200);
      expect(waiting.outcome).toEqual({ kind: 'network-error', reason: 'timeout after 200 ms' });
      expect(performance.now() - started).toBeLessThan(600);
      expect((await first).outcome).toEqual({ kind: 'response', statusCode: 204 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(requests).toBe(1);
      // The connection the ended request never needed is the next request's.
      expect((await sendVia(agent)).outcome).toEqual({ kind: 'response', statusCode: 204 });
      expect(sockets.length).toBe(1);
    } finally {
      await agent.close();
    }
  });

  it('close waits for the requests in flight; destroy ends them, and nothing is sent after either', async () => {
    const closing = createDeliveryAgent({ connectionsPerOrigin: 2, allowPrivateTargets: true });
    const inFlight = sendVia(closing);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await closing.close();
    expect((await inFlight).outcome).toEqual({ kind: 'response', statusCode: 204 });
    expect((await sendVia(closing)).outcome.kind).toBe('network-error');

    holdMs = 5000;
    const destroyed = createDeliveryAgent({ connectionsPerOrigin: 2, allowPrivateTargets: true });
    const cut = sendVia(destroyed, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await destroyed.destroy();
    expect((await cut).outcome.kind).toBe('network-error');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { clientSignature, createTrigger, nowSeconds } from './trigger-helpers';

const SECRET = 'http-intake-secret';
const MiB = 1024 * 1024;
/** The most any streaming test sends before giving up: far above the limit, bounded all the same. */
const CLIENT_CAP = 64 * MiB;

interface StreamOutcome {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes the client had handed to its socket when the response arrived. */
  writtenAtResponse: number;
  /** Whether the server closed the connection while the client was still sending. */
  closedByServer: boolean;
}

/**
 * Streams a body of unbounded length (chunked, or with a Content-Length it never completes)
 * until the server answers, and reports what happened.
 */
function streamUntilAnswered(
  port: number,
  path: string,
  headers: Record<string, string>,
  sendBody = true,
): Promise<StreamOutcome> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers, agent: false });
    let written = 0;
    let answered: Omit<StreamOutcome, 'closedByServer'> | undefined;
    let finished = false;
    const finish = (closedByServer: boolean) => {
      if (finished || !answered) return;
      finished = true;
      clearTimeout(guard);
      req.destroy();
      resolve({ ...answered, closedByServer });
    };
    const guard = setTimeout(() => {
      req.destroy();
      reject(new Error(answered ? 'the server kept the connection open' : 'no response'));
    }, 15_000);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        answered = {
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          writtenAtResponse: written,
        };
        // Keep writing: a server that drains would accept it; one that closes makes the socket end.
        if (res.headers.connection === 'close') setTimeout(() => finish(req.socket?.destroyed ?? true), 200);
        else finish(false);
      });
    });
    req.on('error', () => finish(true));
    req.on('close', () => finish(true));
    req.flushHeaders();
    if (!sendBody) return;
    const chunk = Buffer.alloc(64 * 1024, 0x62);
    const pump = () => {
      while (!finished && written < CLIENT_CAP) {
        written += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}

describe('trigger intake over a real connection', () => {
  let t: TestApp;
  let port: number;
  let tenant: string;
  let triggerId: string;

  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    tenant = uniqueTenant('intake-http');
    triggerId = (await createTrigger(t, tenant, { name: 'http', webhookSecret: SECRET })).id;
  });
  afterAll(() => t.close());

  const signedHeaders = (body = '') => {
    const ts = String(nowSeconds());
    return { 'x-timestamp': ts, 'x-signature': clientSignature(SECRET, ts, body) };
  };

  it('cuts off a chunked body without Content-Length at 1 MiB with 413 and closes the connection', async () => {
    const out = await streamUntilAnswered(port, `/linker/triggers/webhook/${triggerId}`, {
      'transfer-encoding': 'chunked',
      'content-type': 'application/octet-stream',
      ...signedHeaders(),
    });
    expect(out.status).toBe(413);
    expect(JSON.parse(out.body)).toMatchObject({ success: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
    expect(out.headers.connection).toBe('close');
    expect(out.closedByServer).toBe(true);
    // The server stopped reading near the limit; the rest is what socket buffers held.
    expect(out.writtenAtResponse).toBeLessThan(CLIENT_CAP / 2);
  });

  it('answers 413 on an oversized Content-Length before any of the body arrives', async () => {
    const out = await streamUntilAnswered(
      port,
      `/api/v1/linker/triggers/webhook/${triggerId}`,
      { 'content-length': String(2 * MiB), 'content-type': 'application/json', ...signedHeaders() },
      false,
    );
    expect(out.status).toBe(413);
    expect(JSON.parse(out.body).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(out.writtenAtResponse).toBe(0);
  });

  it('answers 404 for an unknown trigger before reading a large body, and closes the connection', async () => {
    const out = await streamUntilAnswered(port, `/linker/triggers/webhook/${crypto.randomUUID()}`, {
      'transfer-encoding': 'chunked',
      ...signedHeaders(),
    });
    expect(out.status).toBe(404);
    expect(JSON.parse(out.body).error.code).toBe('TRIGGER_NOT_FOUND');
    expect(out.closedByServer).toBe(true);
    const declared = await streamUntilAnswered(
      port,
      `/linker/triggers/webhook/${crypto.randomUUID()}`,
      { 'content-length': String(5 * MiB) },
      false,
    );
    expect(declared.status).toBe(404);
  });

  it('accepts a chunked body under the limit', async () => {
    const body = JSON.stringify({ chunked: true, pad: 'x'.repeat(200_000) });
    const headers = { ...signedHeaders(body), 'content-type': 'application/json', 'transfer-encoding': 'chunked' };
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: `/linker/triggers/webhook/${triggerId}`, method: 'POST', headers },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c) => chunks.push(c));
          r.on('end', () => resolve({ status: r.statusCode!, body: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < body.length; i += 10_000) req.write(body.slice(i, i + 10_000));
      req.end();
    });
    expect(res.status).toBe(202);
    const { rows } = await t.runtime.db.pool.query('SELECT length(body) AS n FROM trigger_events WHERE id = $1', [
      JSON.parse(res.body).data.eventId,
    ]);
    expect(rows[0].n).toBe(Buffer.byteLength(body));
  });

  it('stores 20 simultaneous copies of one signed request once, answering each with the same eventId', async () => {
    const body = JSON.stringify({ race: crypto.randomUUID() });
    const headers = { ...signedHeaders(body), 'content-type': 'application/json' };
    const url = `http://127.0.0.1:${port}/linker/triggers/webhook/${triggerId}`;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => fetch(url, { method: 'POST', headers, body })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(202));
    const ids = new Set(
      (await Promise.all(responses.map((r) => r.json() as Promise<{ data: { eventId: string } }>))).map(
        (j) => j.data.eventId,
      ),
    );
    expect(ids.size).toBe(1);
    const { rows } = await t.runtime.db.pool.query(
      'SELECT id FROM trigger_events WHERE trigger_id = $1 AND body = $2',
      [triggerId, Buffer.from(body)],
    );
    expect(rows.map((r) => r.id)).toEqual([...ids]);
  });
});

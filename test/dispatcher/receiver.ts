import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the receiver saw it. */
export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
  /** The request id header under the default prefix (x-hookgate-request-id). */
  requestId: string | undefined;
}

/** What to do with a request: answer a status (and a body, after an optional delay), reset the connection, or hang. */
export type Reaction =
  | { status: number; delayMs?: number; headers?: Record<string, string>; body?: string }
  | { reset: true }
  | { hang: true };

/**
 * A real webhook receiver on a loopback port: records every request and reacts as `react` says.
 * Signatures are checked by `verifySignature`, an HMAC computation of its own (not the service's).
 */
export class Receiver {
  readonly received: Received[] = [];
  private readonly server: http.Server;
  private readonly sockets = new Set<import('node:net').Socket>();
  react: (req: Received, n: number) => Reaction = () => ({ status: 204 });
  private waiters: Array<{ count: number; resolve: () => void }> = [];

  private constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r: Received = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
          requestId: req.headers['x-hookgate-request-id'] as string | undefined,
        };
        this.received.push(r);
        const reaction = this.react(r, this.received.length);
        this.notify();
        if ('reset' in reaction) {
          req.socket.resetAndDestroy();
          return;
        }
        if ('hang' in reaction) return;
        const answer = () => res.writeHead(reaction.status, reaction.headers).end(reaction.body);
        if (reaction.delayMs) setTimeout(answer, reaction.delayMs);
        else answer();
      });
    });
    this.server.keepAliveTimeout = 30_000;
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  static async start(): Promise<Receiver> {
    const r = new Receiver();
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    return r;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once at least `count` requests arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs = 20_000): Promise<void> {
    if (this.received.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`receiver got ${this.received.length} of ${count} requests`)),
        timeoutMs,
      );
      this.waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  private notify(): void {
    this.waiters = this.waiters.filter((w) => {
      if (this.received.length < w.count) return true;
      w.resolve();
      return false;
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The receiver's own check of `X-<P>-Signature: v1=<base64 HMAC-SHA256(secret, "<ts>.<body>")>`. */
export function verifySignature(secret: string, r: Received, prefix = 'hookgate'): boolean {
  const ts = r.headers[`x-${prefix}-timestamp`];
  const sig = r.headers[`x-${prefix}-signature`];
  if (typeof ts !== 'string' || typeof sig !== 'string' || !sig.startsWith('v1=')) return false;
  const expected = crypto
    .createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.from(`${ts}.${r.body}`, 'utf8'))
    .digest();
  const given = Buffer.from(sig.slice(3), 'base64');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

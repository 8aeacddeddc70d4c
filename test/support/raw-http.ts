import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A client on a bare TCP socket: sends bytes when told, and records what comes back and when it closes. */
export class RawClient {
  readonly socket: net.Socket;
  private data = '';
  readonly closed: Promise<void>;
  private waiters: Array<() => void> = [];

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      this.data += d;
      for (const w of this.waiters.splice(0)) w();
    });
    // A server that closes while we still write gives EPIPE/ECONNRESET: that is a close, too.
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.on('close', () => resolve()));
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Writes unless the server already closed the connection (then: false). */
  write(text: string | Buffer): boolean {
    if (this.socket.destroyed || !this.socket.writable) return false;
    this.socket.write(text);
    return true;
  }

  get isClosed(): boolean {
    return this.socket.destroyed;
  }

  /** The first complete response, or undefined if none arrived within `ms`. */
  async response(ms: number): Promise<RawResponse | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      const parsed = parseResponse(this.data);
      if (parsed) return parsed;
      const left = deadline - Date.now();
      if (left <= 0 || (this.socket.destroyed && !parsed)) return parseResponse(this.data);
      await Promise.race([
        new Promise<void>((r) => this.waiters.push(r)),
        this.closed,
        new Promise<void>((r) => setTimeout(r, left)),
      ]);
    }
  }

  /** True when the server closed the connection within `ms`. */
  async closesWithin(ms: number): Promise<boolean> {
    return Promise.race([this.closed.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

function parseResponse(data: string): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine, ...lines] = data.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = data.slice(end + 4, end + 4 + length);
  if (body.length < length) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

/** The head of a request: method, path and headers, ending with the blank line. */
export function requestHead(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1'];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  return lines.join('\r\n') + '\r\n\r\n';
}

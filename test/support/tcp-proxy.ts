import net from 'node:net';

/**
 * A loopback TCP proxy in front of the database, so a test can cut every connection and refuse
 * new ones (as a database restart does) and then let them through again, without touching the
 * real server other tests share.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  /** In front of a URL's server; its host may be a unix socket directory (the embedded database). */
  static forUrl(url: string): TcpProxy {
    const u = new URL(url);
    return new TcpProxy(decodeURIComponent(u.hostname), Number(u.port || 5432));
  }

  private connectUpstream(): net.Socket {
    return this.targetHost.startsWith('/')
      ? net.connect({ path: `${this.targetHost}/.s.PGSQL.${this.targetPort}` })
      : net.connect(this.targetPort, this.targetHost);
  }

  /** The same URL, through the proxy. */
  rewrite(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async start(): Promise<void> {
    if (this.server) return;
    this.server = net.createServer((client) => {
      const upstream = this.connectUpstream();
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  /** Drops every open connection and stops accepting new ones (the port stays reserved for start()). */
  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

import type { IncomingHttpHeaders } from 'node:http';
import { Client, type Dispatcher } from 'undici';

/** How long an origin with nothing in flight keeps its connections (each also closes after its keep-alive). */
const ORIGIN_QUIET_MS = 30_000;

interface Options {
  /** Connections per origin at most; requests beyond them wait for one in the order they came. */
  connectionsPerOrigin: number;
  keepAliveTimeoutMs: number;
  connect: Client.Options['connect'];
}

/** A request's handler, which may say it has already ended, so that it is never started. */
type RequestHandler = Dispatcher.DispatchHandler & { readonly ended?: boolean };

/** One origin's connections: the free ones on a stack, the requests waiting for one in a queue. */
class OriginConnections {
  readonly all = new Set<Client>();
  readonly free: Client[] = [];
  readonly waiting: Array<[Dispatcher.DispatchOptions, RequestHandler]> = [];
  busy = 0;
  quietSince = 0;
  /** Whether the waiting requests are to be served once this loop turn's answers are read. */
  servingSoon = false;

  constructor(
    readonly origin: string,
    private readonly options: Options,
  ) {}

  /** A new connection while under the cap, or none. */
  open(): Client | undefined {
    if (this.all.size >= this.options.connectionsPerOrigin) return undefined;
    const created = new Client(this.origin, {
      pipelining: 1,
      keepAliveTimeout: this.options.keepAliveTimeoutMs,
      connect: this.options.connect,
    });
    this.all.add(created);
    return created;
  }
}

/**
 * The dispatcher's connections: per origin, undici Clients of one connection each (no
 * pipelining), the free ones on a stack. undici's Pool finds a free connection by walking its
 * list from the start past every busy one, so with hundreds of requests in flight to one origin
 * each request paid for a walk over hundreds of connections (docs/benchmarks.md, "Building
 * blocks"). The stack gives the most recently freed connection at once, and leaves the ones
 * below it idle, to close after their keep-alive when fewer are needed.
 */
export class DeliveryConnections {
  private readonly origins = new Map<string, OriginConnections>();
  private readonly sweeper: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly options: Options) {
    this.sweeper = setInterval(() => this.closeQuietOrigins(Date.now() - ORIGIN_QUIET_MS), ORIGIN_QUIET_MS);
    this.sweeper.unref();
  }

  /** Starts a request on a connection of its origin now, or once one is free. */
  dispatch(opts: Dispatcher.DispatchOptions, handler: RequestHandler): void {
    if (this.closed) return refuseClosed(handler);
    const key = String(opts.origin);
    let origin = this.origins.get(key);
    if (!origin) {
      origin = new OriginConnections(key, this.options);
      this.origins.set(key, origin);
    }
    // Behind requests already waiting, in the order they came.
    const client = origin.waiting.length === 0 ? origin.free.pop() : undefined;
    if (client) return this.start(origin, client, opts, handler);
    origin.waiting.push([opts, handler]);
    this.serveSoon(origin);
  }

  /** Waits for the requests in flight and closes every connection. */
  async close(): Promise<void> {
    await this.shutDown((client) => client.close());
  }

  /** Ends the requests in flight and every connection at once. */
  async destroy(): Promise<void> {
    await this.shutDown((client) => client.destroy());
  }

  private start(
    origin: OriginConnections,
    client: Client,
    opts: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
  ): void {
    origin.busy++;
    client.dispatch(opts, new ReleasingHandler(handler, () => this.release(origin, client)));
  }

  /**
   * Serves the waiting requests after this turn of the event loop has read the answers already
   * received (setImmediate runs after the I/O callbacks of the turn): first on the connections
   * those answers freed, then on new ones while under the cap. A busy dispatcher reads many
   * answers per turn, and the requests a claim starts in the same turn would otherwise open a
   * connection each while the connections of those answers were about to be free
   * (docs/benchmarks.md, "Hookgate against its peers": connections opened per run). Never from
   * inside a request's end either: undici ends every request queued on a connection that failed
   * and then checks that none is left, so a request started on it from there ends the process.
   */
  private serveSoon(origin: OriginConnections): void {
    if (origin.servingSoon) return;
    origin.servingSoon = true;
    setImmediate(() => {
      origin.servingSoon = false;
      while (!this.closed && origin.waiting.length > 0) {
        // Ended while it waited (its deadline passed): it needs no connection, and starting it
        // only to abort it unsent would cost the connection (undici drops one it aborts on).
        if (origin.waiting[0][1].ended === true) {
          origin.waiting.shift();
          continue;
        }
        const client = origin.free.pop() ?? origin.open();
        if (!client) return;
        const [opts, handler] = origin.waiting.shift()!;
        this.start(origin, client, opts, handler);
      }
    });
  }

  /** The connection's request has ended: the connection goes on the stack, for a waiting request or the next. */
  private release(origin: OriginConnections, client: Client): void {
    origin.busy--;
    origin.free.push(client);
    if (origin.waiting.length > 0) this.serveSoon(origin);
    if (origin.busy === 0) origin.quietSince = Date.now();
  }

  private closeQuietOrigins(before: number): void {
    for (const [key, origin] of this.origins) {
      if (origin.busy > 0 || origin.waiting.length > 0 || origin.quietSince > before) continue;
      this.origins.delete(key);
      for (const client of origin.all) void client.close().catch(() => undefined);
    }
  }

  private async shutDown(end: (client: Client) => Promise<void>): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    const ending: Array<Promise<void>> = [];
    for (const origin of this.origins.values()) {
      for (const [, handler] of origin.waiting.splice(0)) refuseClosed(handler);
      for (const client of origin.all) ending.push(end(client));
    }
    await Promise.allSettled(ending);
  }
}

/** Ends a request the closed client will not send. */
function refuseClosed(handler: Dispatcher.DispatchHandler): void {
  handler.onResponseError?.(undefined as never, new Error('the HTTP client is closed'));
}

/** Passes every event on to the request's own handler, and frees the connection when the request has ended. */
class ReleasingHandler implements Dispatcher.DispatchHandler {
  private released = false;

  constructor(
    private readonly handler: Dispatcher.DispatchHandler,
    private readonly onEnded: () => void,
  ) {}

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.handler.onRequestStart?.(controller, context);
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
    statusMessage?: string,
  ): void {
    this.handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.handler.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    try {
      this.handler.onResponseEnd?.(controller, trailers);
    } finally {
      this.release();
    }
  }

  onResponseError(controller: Dispatcher.DispatchController, err: Error): void {
    try {
      this.handler.onResponseError?.(controller, err);
    } finally {
      this.release();
    }
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    this.onEnded();
  }
}

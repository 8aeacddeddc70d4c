import pg from 'pg';
import type { Logger } from '../logger';
import { OUTBOX_CHANNEL } from '../outbox/store';

/**
 * Wake-ups of the dispatcher. Every one of them is only a hint to look sooner; the due-tenant
 * table and the poll are what guarantee delivery.
 */

/**
 * LISTEN on the outbox channel over its own connection (not a pooled one), reconnecting with
 * backoff when the connection is lost. After every (re)connection `onConnected` runs, because
 * notifications sent while disconnected are gone.
 */
export class OutboxListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryDelay = 100;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    private readonly onNotify: (tenantId: string) => void,
    private readonly onConnected: () => void,
  ) {}

  start(): void {
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: 'hookgate-dispatcher-listen' });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      client.end().catch(() => undefined);
      if (this.client === client) this.client = undefined;
      if (!this.stopped) {
        this.logger.warn('dispatcher lost its LISTEN connection; reconnecting (the poll covers the gap)');
        this.scheduleReconnect();
      }
    };
    client.on('error', onLost);
    client.on('end', onLost);
    client.on('notification', (msg) => {
      if (msg.channel === OUTBOX_CHANNEL && msg.payload) this.onNotify(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (this.stopped || lost) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.retryDelay = 100;
      this.onConnected();
    } catch {
      onLost();
    }
  }

  private scheduleReconnect(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.connect(), this.retryDelay);
    this.timer.unref();
    this.retryDelay = Math.min(this.retryDelay * 2, 5_000);
  }
}

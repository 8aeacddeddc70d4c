import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Dispatcher } from '../../src/dispatcher/dispatcher';
import type { DispatcherSettings } from '../../src/dispatcher/settings';
import type { Services } from '../../src/services';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { startDispatcher } from './harness';
import { Receiver } from './receiver';

export interface DispatcherSuiteOptions {
  /** Settings of the test app (DISPATCHER is always off: the suite starts its own). */
  env?: Record<string, string>;
  /** Start a dispatcher before the first test, with these settings; false: the tests start their own. */
  dispatcher?: Partial<DispatcherSettings> | false;
  /** Defaults to true (the receiver listens on loopback); the SSRF suite passes the app's setting. */
  allowPrivateTargets?: (app: TestApp) => boolean;
}

/**
 * The set-up every dispatcher suite shares: a test app without its own dispatcher, a local
 * receiver (its reaction reset to 204 after each test), dispatchers limited to the suite's tenants
 * (`prefix`), and a teardown that stops them all, then the receiver, then the app. Call it once
 * inside `describe`; the fields are set before the first test runs.
 */
export class DispatcherSuite {
  app!: TestApp;
  receiver!: Receiver;
  /** The suite's current dispatcher (see `startDispatcher`). */
  dispatcher: Dispatcher | undefined;
  private readonly started = new Set<Dispatcher>();

  constructor(
    readonly prefix: string,
    private readonly options: DispatcherSuiteOptions = {},
  ) {
    beforeAll(async () => {
      this.app = await startTestApp({ ...options.env, DISPATCHER: 'off' });
      this.receiver = await Receiver.start();
      if (options.dispatcher !== false && options.dispatcher !== undefined) this.startDispatcher(options.dispatcher);
    });
    afterEach(() => {
      this.receiver.react = () => ({ status: 204 });
    });
    afterAll(async () => {
      for (const d of this.started) await d.stop();
      await this.receiver?.close();
      await this.app?.close();
    });
  }

  get services(): Services {
    return this.app.runtime.services;
  }

  /** A tenant of this suite, the only kind its dispatchers touch. */
  tenant(): string {
    return uniqueTenant(this.prefix);
  }

  /** Starts a dispatcher for the suite's tenants; it becomes `dispatcher` and is stopped at teardown. */
  startDispatcher(settings: Partial<DispatcherSettings> = {}): Dispatcher {
    const allowPrivateTargets = this.options.allowPrivateTargets?.(this.app) ?? true;
    const d = startDispatcher(this.app, this.prefix, settings, { allowPrivateTargets });
    this.started.add(d);
    this.dispatcher = d;
    return d;
  }

  /** Stops the current dispatcher (the suite's default one, or the last one started). */
  async stopDispatcher(): Promise<void> {
    await this.dispatcher?.stop();
  }
}

import { Dispatcher } from '../../src/dispatcher/dispatcher';
import { loadDispatcherSettings, type DispatcherSettings } from '../../src/dispatcher/settings';
import type { TestApp } from '../support/app';

/**
 * A dispatcher on the test app's runtime, as main.ts would start it, with test-sized settings. It
 * only dispatches tenants made with `uniqueTenant(prefix)`: test files share one database on
 * PostgreSQL, and a dispatcher must not deliver (or fail) another file's records.
 */
export function startDispatcher(
  t: TestApp,
  prefix: string,
  settings: Partial<DispatcherSettings> = {},
  opts: { allowPrivateTargets?: boolean } = {},
): Dispatcher {
  const { services, config } = t.runtime;
  const embedded = services.db.embedded;
  const d = new Dispatcher({
    pool: services.db.pool,
    logger: services.logger,
    registry: services.metrics.registry,
    headerPrefix: config.webhookHeaderPrefix,
    allowPrivateTargets: opts.allowPrivateTargets ?? true,
    // No circuit breaker unless a test asks for one: the suites that check the transition table
    // fail on purpose far more than 20 times in a row.
    settings: {
      ...loadDispatcherSettings({}, embedded),
      pollMs: 100,
      circuitFailures: 0,
      tenantPrefix: `${prefix}-`,
      ...settings,
    },
    listenUrl: embedded ? undefined : services.db.sessionUrl,
  });
  d.start();
  return d;
}

/** Polls `check` until it returns a value other than undefined (or fails after `timeoutMs`). */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

import type { Logger } from './logger';
import { stopTracing } from './tracing/tracer';

/**
 * On SIGTERM or SIGINT runs `steps` in order once (stop accepting work, finish what is in flight,
 * close connections), then exports the spans not yet sent (tracing on) and exits 0; exits 1 when
 * a step fails or the whole takes longer than `timeoutMs` (plus a little grace), so an
 * orchestrator never waits on a stuck process.
 */
export function exitOnSignals(
  logger: Logger,
  timeoutMs: number,
  message: string,
  steps: Array<() => Promise<unknown>>,
): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, message);
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs + 2000);
    force.unref();
    try {
      for (const step of steps) await step();
      // Last: the steps' own spans (the final settles) are exported too.
      await stopTracing();
      logger.info('stopped');
      process.exit(0);
    } catch (err) {
      logger.error({ error: (err as Error).name }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

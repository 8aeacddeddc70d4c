import type { Tracing } from './model';
import type { TracingSettings } from './settings';

/**
 * The process's tracing; `active` is null unless OTEL_EXPORTER_OTLP_ENDPOINT is set, and every
 * caller checks it first: with tracing off a delivery costs one property read, and the SDK is
 * never loaded.
 */
export const tracer: { active: Tracing | null } = { active: null };

/** Starts tracing when `settings` say so; loads the OpenTelemetry SDK only then. */
export async function startTracing(settings: TracingSettings | null): Promise<void> {
  if (!settings || tracer.active) return;
  const { createTracing } = await import('./sdk');
  tracer.active = createTracing(settings);
}

/** The longest a stop waits for the last spans to be exported: a collector that hangs loses them. */
const FLUSH_LIMIT_MS = 3000;

/** Flushes the exporter (graceful shutdown); nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const active = tracer.active;
  if (!active) return;
  tracer.active = null;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    active.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FLUSH_LIMIT_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

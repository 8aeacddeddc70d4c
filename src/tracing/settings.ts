import { ConfigError } from '../config-error';
import type { Env } from '../env';

/** How this process exports traces (docs/operations.md#tracing); null: it does not. */
export interface TracingSettings {
  /** Where spans go: `<endpoint>/v1/traces`. */
  tracesUrl: string;
  serviceName: string;
  sampler: {
    kind: 'always_on' | 'always_off' | 'traceidratio';
    /** Whether a span with a parent follows the parent's decision instead. */
    parentBased: boolean;
    ratio: number;
  };
}

const SAMPLERS = new Set([
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
]);

/**
 * The tracing settings of `env`, or null when OTEL_EXPORTER_OTLP_ENDPOINT is unset (nothing is
 * traced). A value the exporter could not honour stops the process at start rather than losing
 * spans later.
 */
export function loadTracingSettings(env: Env, defaultServiceName: string): TracingSettings | null {
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (!endpoint) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new ConfigError('OTEL_EXPORTER_OTLP_ENDPOINT must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError('OTEL_EXPORTER_OTLP_ENDPOINT must be an absolute http or https URL');
  const protocol = env.OTEL_EXPORTER_OTLP_PROTOCOL?.trim();
  if (protocol && protocol !== 'http/json')
    throw new ConfigError(`OTEL_EXPORTER_OTLP_PROTOCOL must be http/json (OTLP over HTTP as JSON), got "${protocol}"`);
  const samplerName = env.OTEL_TRACES_SAMPLER?.trim() || 'parentbased_always_on';
  if (!SAMPLERS.has(samplerName))
    throw new ConfigError(`OTEL_TRACES_SAMPLER must be one of ${[...SAMPLERS].join(', ')}, got "${samplerName}"`);
  const rawRatio = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const ratio = rawRatio ? Number(rawRatio) : 1;
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1)
    throw new ConfigError(`OTEL_TRACES_SAMPLER_ARG must be a number in 0..1, got "${rawRatio}"`);
  const parentBased = samplerName.startsWith('parentbased_');
  return {
    tracesUrl: `${endpoint.replace(/\/+$/, '')}/v1/traces`,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || defaultServiceName,
    sampler: {
      kind: samplerName.replace('parentbased_', '') as TracingSettings['sampler']['kind'],
      parentBased,
      ratio,
    },
  };
}

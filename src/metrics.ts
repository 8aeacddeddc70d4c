import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One Prometheus registry per service instance (not prom-client's global one), so several
 * instances in one process (tests) never share or collide. Areas register their own metrics on it.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
}

export function createMetrics(opts: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (opts.defaultMetrics) collectDefaultMetrics({ register: registry, prefix: 'hookgate_' });
  return {
    registry,
    httpRequests: new Counter({
      name: 'hookgate_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'hookgate_http_request_duration_seconds',
      help: 'HTTP request duration by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers: [registry],
    }),
  };
}

import 'reflect-metadata';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig } from './config';
import { startDispatcher } from './dispatcher/start';
import { AppError } from './errors';
import { errorBody } from './http/errors';
import { startHeapGrowthControl } from './heap-growth';
import { createLogger } from './logger';
import { METRICS_DENIED_MESSAGE, metricsAccess, withoutTenantSeries } from './metrics-access';
import { exitOnSignals } from './shutdown';
import { startRuntime } from './runtime';
import { loadTracingSettings } from './tracing/settings';
import { startTracing } from './tracing/tracer';

/**
 * A dispatcher-only process (`npm run dispatcher`), so dispatchers scale apart from API
 * processes. It needs DATABASE_URL: the embedded database belongs to the one API process.
 * With DISPATCHER_METRICS_PORT it serves /healthz and /metrics on 127.0.0.1 (or HOST).
 */
async function main(): Promise<void> {
  let config;
  let metricsPort: number | undefined;
  let tracing;
  try {
    config = loadConfig();
    tracing = loadTracingSettings(process.env, 'hookgate-dispatcher');
    if (!config.databaseUrl)
      throw new ConfigError(
        'the dispatcher process needs DATABASE_URL (the embedded database serves one process only)',
      );
    const rawPort = process.env.DISPATCHER_METRICS_PORT;
    if (rawPort !== undefined && rawPort.trim() !== '') {
      metricsPort = Number(rawPort);
      if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535) {
        throw new ConfigError(`DISPATCHER_METRICS_PORT must be an integer in 0..65535, got "${rawPort}"`);
      }
    }
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`hookgate-dispatcher: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  startHeapGrowthControl(config.heapGrowingPercent);
  const logger = createLogger(config.logLevel);
  await startTracing(tracing);
  const runtime = await startRuntime(config, logger, { defaultMetrics: true });
  const running = startDispatcher(runtime);
  const registry = runtime.services.metrics.registry;

  let server: http.Server | undefined;
  if (metricsPort !== undefined) {
    server = http.createServer((req, res) => {
      if (req.method === 'GET' && req.url === '/metrics') {
        // The same rule as the API process's /metrics: METRICS_TOKEN, or no tenant series.
        const access = metricsAccess(req.headers.authorization, config.metricsToken);
        if (access === 'denied') {
          const requestId = crypto.randomUUID();
          const body = errorBody(new AppError('UNAUTHENTICATED', METRICS_DENIED_MESSAGE), requestId);
          res
            .writeHead(401, { 'Content-Type': 'application/json', 'X-Request-Id': requestId })
            .end(JSON.stringify(body));
          return;
        }
        registry.metrics().then(
          (text) =>
            res
              .writeHead(200, { 'Content-Type': registry.contentType })
              .end(access === 'all' ? text : withoutTenantSeries(text)),
          () => res.writeHead(500).end(),
        );
      } else if (req.method === 'GET' && req.url === '/healthz') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"ok"}');
      } else {
        res.writeHead(404).end();
      }
    });
    server.listen(metricsPort, config.host, () => {
      const { port } = server!.address() as AddressInfo;
      const host = config.host.includes(':') ? `[${config.host}]` : config.host;
      process.stdout.write(`hookgate-dispatcher: /healthz and /metrics listening on http://${host}:${port}\n`);
    });
  }

  exitOnSignals(logger, config.shutdownTimeoutMs, 'dispatcher shutting down: releasing unsent records', [
    async () => server?.close(),
    () => running.stop(),
    () => runtime.close(),
  ]);
  logger.info({ worker: running.dispatcher.workerId }, 'dispatcher process running');
}

main().catch((err) => {
  process.stderr.write(`hookgate-dispatcher: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

import 'reflect-metadata';
import { ConfigError, loadConfig } from './config';
import { startHeapGrowthControl } from './heap-growth';
import { createLogger } from './logger';
import { exitOnSignals } from './shutdown';
import { createHttpServer, devToken, startRuntime } from './runtime';
import { startDispatcher } from './dispatcher/start';
import { loadTracingSettings } from './tracing/settings';
import { startTracing } from './tracing/tracer';

/** Composition root: config → database → services → HTTP server (→ dispatcher). */
async function main(): Promise<void> {
  let config;
  let tracing;
  try {
    config = loadConfig();
    tracing = loadTracingSettings(process.env, 'hookgate');
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`hookgate: configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  startHeapGrowthControl(config.heapGrowingPercent);
  const logger = createLogger(config.logLevel);
  // Before the HTTP server and the dispatcher are built: they add spans only when tracing is on.
  await startTracing(tracing);
  const runtime = await startRuntime(config, logger, { defaultMetrics: true });
  const app = await createHttpServer(runtime);
  // DISPATCHER=off: an API-only process; dispatchers then run as `npm run dispatcher`.
  const dispatcher = config.dispatcher ? startDispatcher(runtime) : undefined;

  exitOnSignals(logger, config.shutdownTimeoutMs, 'shutting down: no new requests, finishing in-flight work', [
    () => app.close(),
    async () => dispatcher?.stop(),
    () => runtime.close(),
  ]);

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  const token = await devToken(runtime);
  const lines = [
    '',
    `Console:                    ${base}/console/${token ? '  (signs in by itself with the development token)' : ''}`,
    '',
    `Hookgate is listening on ${base}`,
    `  GraphQL (Apollo Sandbox): ${base}/graphql  (offline IDE: ${base}/console/graphql)`,
    `  REST:                     ${base}/metadata/entity-webhooks  (documentation: ${base}/docs, ${base}/openapi.json)`,
    `  Health:                   ${base}/healthz  ${base}/readyz  ${base}/metrics`,
    `  Database:                 ${runtime.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL'}`,
  ];
  if (token) {
    lines.push(
      '',
      'Development token (tenant "demo", permission tenant:admin; valid 12 hours):',
      `  ${token}`,
      '',
      'Try:',
      `  curl -s ${base}/metadata/entity-webhooks -H "Authorization: Bearer $TOKEN" -H "X-Tenant-Id: demo"`,
    );
  }
  // The banner is for the person at the terminal, not a log line: the token must not reach log files.
  process.stdout.write(lines.join('\n') + '\n\n');
}

main().catch((err) => {
  process.stderr.write(`hookgate: failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});

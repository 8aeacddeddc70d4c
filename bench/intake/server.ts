/**
 * The server side of bench/intake.ts, in its own process so the load generator never shares its
 * event loop. Modes:
 *   bare     a Fastify instance with one POST route that reads the body as bytes and answers 202
 *   floor    the bare route that first commits the body in PostgreSQL, batched (./floor.ts)
 *   hookgate the whole service (real PostgreSQL, migrations): a signed (HMAC_HEX), an unsigned, a
 *            GITHUB-scheme and a RECORD trigger (entity bench_orders with one webhook configuration;
 *            in BENCH_RECORD_TENANTS tenants, default 1)
 * Sends { port, triggerId? } to the parent over IPC once it listens; exits on SIGTERM.
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import Fastify from 'fastify';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { createHttpServer, startRuntime } from '../../src/runtime';
import { floor } from './floor';

async function bare(): Promise<{ port: number; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.post('/bare/:id', async (_req, reply) => reply.code(202).send({ success: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { port: (app.server.address() as { port: number }).port, close: () => app.close() };
}

async function hookgate(databaseUrl: string, secret: string) {
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    AUTH_JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    DISPATCHER: 'off',
    ...(process.env.DB_POOL_SIZE ? { DB_POOL_SIZE: process.env.DB_POOL_SIZE } : {}),
    ...(process.env.DB_PREPARED_STATEMENTS ? { DB_PREPARED_STATEMENTS: process.env.DB_PREPARED_STATEMENTS } : {}),
    ...(process.env.DB_PREPARED_STATEMENTS_PER_CONNECTION
      ? { DB_PREPARED_STATEMENTS_PER_CONNECTION: process.env.DB_PREPARED_STATEMENTS_PER_CONNECTION }
      : {}),
  });
  const runtime = await startRuntime(config, createLogger(config.logLevel));
  const app = await createHttpServer(runtime);
  const ctx = { tenantId: 'bench', actor: 'bench', permissions: new Set(['tenant:admin']) };
  const signed = await runtime.services.triggers.create(ctx, { name: 'bench signed', webhookSecret: secret });
  const unsigned = await runtime.services.triggers.create(ctx, { name: 'bench unsigned' });
  const github = await runtime.services.triggers.create(ctx, {
    name: 'bench github',
    webhookSecret: secret,
    signatureScheme: 'GITHUB',
  });
  // BENCH_RECORD_TENANTS: the RECORD trigger, its entity and configuration in that many tenants
  // (`bench`, then `bench-r1`…), so the RECORD scenario can spread its events over them.
  const recordIds: string[] = [];
  const recordTenants = Math.max(1, Number(process.env.BENCH_RECORD_TENANTS ?? 1));
  for (let i = 0; i < recordTenants; i++) {
    const tenantCtx = { ...ctx, tenantId: i === 0 ? 'bench' : `bench-r${i}` };
    recordIds.push(await recordTrigger(runtime, tenantCtx, secret));
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    signedId: signed.id,
    unsignedId: unsigned.id,
    githubId: github.id,
    recordIds,
    poolSize: config.dbPoolSize,
    close: async () => {
      await app.close();
      await runtime.close();
    },
  };
}

type Runtime = Awaited<ReturnType<typeof startRuntime>>;
type Ctx = { tenantId: string; actor: string; permissions: Set<string> };

/** Entity bench_orders with one webhook configuration, and a RECORD trigger inserting into it. */
async function recordTrigger(runtime: Runtime, ctx: Ctx, secret: string): Promise<string> {
  await runtime.services.entities.define(ctx, {
    name: 'bench_orders',
    fields: [
      { name: 'id', type: 'STRING' },
      { name: 'seq', type: 'INTEGER' },
    ],
    primaryKey: 'id',
  });
  // The dispatcher is off: the configuration's outbox records are written and stay PENDING.
  await runtime.services.webhooks.create(ctx, {
    entityName: 'bench_orders',
    events: 'INSERT,UPSERT',
    webhookUrl: 'http://127.0.0.1:9/bench',
  });
  const record = await runtime.services.triggers.create(ctx, {
    name: 'bench record',
    webhookSecret: secret,
    action: 'RECORD',
    recordEntity: 'bench_orders',
    recordOperation: 'INSERT',
  });
  return record.id;
}

async function main() {
  const mode = process.argv[2];
  const server =
    mode === 'bare'
      ? await bare()
      : mode === 'floor'
        ? await floor(process.env.BENCH_DATABASE_URL!)
        : await hookgate(process.env.BENCH_DATABASE_URL!, process.env.BENCH_SECRET!);
  process.send!({ ...server, close: undefined });
  process.on('SIGTERM', () => {
    server.close().finally(() => process.exit(0));
  });
}

main().catch((err) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

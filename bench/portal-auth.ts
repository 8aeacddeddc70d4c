/**
 * What a portal token costs per request against a tenant admin's token: its signature, the look-up
 * of its session's row by primary key (the revocation check, uncached) and the scope check.
 *
 * `GET /metadata/entity-webhooks/{id}` through Fastify's inject (no network), one at a time,
 * BENCH_REQUESTS per round and token, the first token alternating between rounds: p50 and p99 latency and Node CPU µs
 * per request for each token.
 *
 *   PORTAL_TOKEN_SECRET is set by the script.
 *   node -r ./scripts/register.js bench/portal-auth.ts
 *   # BENCH_REQUESTS (2000 per round and token), BENCH_ROUNDS (3)
 *
 * Needs a real PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres):
 * it creates a throw-away database there and drops it at the end.
 */
import 'reflect-metadata';
import { mintToken } from '../src/auth/tokens';
import { createHttpServer } from '../src/runtime';
import { median, now, percentile, runBenchmark, withBenchRuntime } from './support';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
process.env.PORTAL_TOKEN_SECRET ??= 'bench-portal-secret-0123456789abcdef0123456789';

async function main() {
  await withBenchRuntime('hookgate_bench_portal', async (rt) => {
    const app = await createHttpServer(rt);
    await app.ready();
    const tenant = 'bench-portal';
    const admin = {
      authorization: `Bearer ${await mintToken(rt.config.auth.jwtSecret!, { sub: 'bench', tenantId: tenant, permissions: ['tenant:admin'] })}`,
      'x-tenant-id': tenant,
    };
    const post = async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url, headers: admin, payload });
      if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    await post('/metadata/entities', {
      name: 'orders',
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'created_at', type: 'TIMESTAMP' },
      ],
      primaryKey: 'id',
      timeField: 'created_at',
    });
    const config = await post('/metadata/entity-webhooks', {
      entityName: 'orders',
      events: 'INSERT',
      webhookUrl: 'https://example.com/hook',
    });
    const session = await post('/metadata/portal-sessions', { entityNames: ['orders'] });
    const tokens = { admin, portal: { authorization: `Bearer ${session.token}` } };
    const samples: Record<string, { ms: number[]; cpuMicros: number[] }> = {
      admin: { ms: [], cpuMicros: [] },
      portal: { ms: [], cpuMicros: [] },
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Which token goes first alternates, so neither always meets a warmer (or busier) process.
      const order = round % 2 === 0 ? Object.entries(tokens) : Object.entries(tokens).reverse();
      for (const [name, headers] of order) {
        const cpu = process.cpuUsage();
        for (let i = 0; i < REQUESTS; i++) {
          const started = now();
          const res = await app.inject({ method: 'GET', url: `/metadata/entity-webhooks/${config.id}`, headers });
          samples[name].ms.push(now() - started);
          if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode}`);
        }
        const used = process.cpuUsage(cpu);
        samples[name].cpuMicros.push((used.user + used.system) / REQUESTS);
      }
    }
    const result = Object.fromEntries(
      Object.entries(samples).map(([name, s]) => [
        name,
        {
          p50Ms: +percentile(s.ms, 0.5).toFixed(3),
          p99Ms: +percentile(s.ms, 0.99).toFixed(3),
          nodeCpuMicrosPerRequest: +median(s.cpuMicros).toFixed(1),
        },
      ]),
    );
    console.log(JSON.stringify({ requests: REQUESTS, rounds: ROUNDS, result }, null, 2));
    await app.close();
  });
}

runBenchmark(main);

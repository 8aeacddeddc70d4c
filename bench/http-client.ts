/**
 * The dispatcher's HTTP client against the one the peers' consumers use (bench/peers/consumer.ts):
 * the same ~1 KB signed POST to the benchmark's receiver (its own process, answering 204),
 * BENCH_IN_FLIGHT requests in flight over as many keep-alive connections. Prints requests per
 * second and the CPU this process spent per request, for rounds that alternate the clients.
 *
 *   node -r ./scripts/register.js bench/http-client.ts
 *   # BENCH_REQUESTS (30000 per round and client), BENCH_ROUNDS (4), BENCH_IN_FLIGHT (64)
 *
 * `sendDelivery` is src/dispatcher/deliver.ts as the dispatcher runs it (undici's dispatch(), the
 * deadline sweep, the response head kept), over the dispatcher's connections (connections.ts) or
 * over an undici Agent (a Pool per origin, as it sent before); `request() + signal + for await` is
 * how it sent before that (request() with an AbortSignal, the body read by async iteration);
 * `request() + dump()` is how the peers send.
 */
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { Agent } from 'undici';
import { createDeliveryAgent, sendDelivery } from '../src/dispatcher/deliver';
import { median, runBenchmark } from './support';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 64);

/** A client with its connections open: `send` one request, `close` when done. */
type Open = () => { send: () => Promise<unknown>; close: () => Promise<unknown> };

const undiciAgent = () => new Agent({ connections: IN_FLIGHT, pipelining: 1, keepAliveTimeout: 10_000 });

/** Sends `count` requests with IN_FLIGHT at once; the CPU µs of this process per request and the rate. */
async function measure(open: Open, count: number): Promise<{ perSecond: number; cpuMicros: number }> {
  const client = open();
  const run = async (n: number) => {
    let started = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (started++ < n) await client.send();
      }),
    );
  };
  await run(2_000); // connections open, code warm
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await run(count);
  const used = process.cpuUsage(cpu);
  const seconds = (performance.now() - t0) / 1000;
  await client.close();
  return { perSecond: count / seconds, cpuMicros: (used.user + used.system) / count };
}

runBenchmark(async () => {
  const receiver = fork(path.join(__dirname, 'dispatcher', 'receiver.ts'), [], {
    execArgv: ['-r', path.join(__dirname, '..', 'scripts', 'register.js')],
  });
  const { port } = await new Promise<{ port: number }>((resolve) => receiver.once('message', resolve as never));
  const url = new URL(`http://127.0.0.1:${port}/hook`);
  const body = JSON.stringify({ id: crypto.randomUUID(), pad: 'x'.repeat(960) });
  const ts = String(Math.floor(Date.now() / 1000));
  const headers = {
    'Content-Type': 'application/json',
    'X-Hookgate-Request-Id': crypto.randomUUID(),
    'X-Hookgate-Timestamp': ts,
    'X-Hookgate-Signature': 'v1=' + crypto.createHmac('sha256', 'secret').update(`${ts}.${body}`).digest('base64'),
  };
  // The same request for both request() variants.
  const post = {
    origin: url.origin,
    path: url.pathname,
    method: 'POST' as const,
    headers,
    body,
    headersTimeout: 10_000,
    bodyTimeout: 10_000,
  };
  const delivery = { url, method: 'POST', headers, body, timeoutMs: 10_000 };
  const clients: Array<[string, Open]> = [
    [
      'sendDelivery (connections.ts)',
      () => {
        const agent = createDeliveryAgent({ connectionsPerOrigin: IN_FLIGHT, allowPrivateTargets: true });
        return { send: () => sendDelivery(agent, delivery), close: () => agent.close() };
      },
    ],
    [
      'sendDelivery (undici Agent)',
      () => {
        const agent = undiciAgent();
        return { send: () => sendDelivery(agent, delivery), close: () => agent.close() };
      },
    ],
    [
      'request() + signal + for await',
      () => {
        const agent = undiciAgent();
        const send = async () => {
          const res = await agent.request({ ...post, signal: new AbortController().signal });
          const kept: Buffer[] = [];
          for await (const chunk of res.body as AsyncIterable<Buffer>) kept.push(chunk);
          return Buffer.concat(kept).toString('utf8');
        };
        return { send, close: () => agent.close() };
      },
    ],
    [
      'request() + dump()',
      () => {
        const agent = undiciAgent();
        const send = async () => {
          const res = await agent.request(post);
          await res.body.dump();
        };
        return { send, close: () => agent.close() };
      },
    ],
  ];
  const results = new Map<string, Array<{ perSecond: number; cpuMicros: number }>>();
  const ratios: number[][] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const inRound: number[] = [];
    for (const [name, open] of clients) {
      const r = await measure(open, REQUESTS);
      results.set(name, [...(results.get(name) ?? []), r]);
      inRound.push(r.cpuMicros);
      console.log(
        `  round ${round} ${name.padEnd(32)} ${r.perSecond.toFixed(0)} req/s, ${r.cpuMicros.toFixed(1)} µs CPU per request`,
      );
    }
    ratios.push(inRound.slice(1).map((other) => inRound[0] / other));
  }
  console.log('\n| client | req/s (median) | client CPU µs per request (median) |\n|---|---|---|');
  for (const [name, rs] of results) {
    console.log(
      `| ${name} | ${median(rs.map((r) => r.perSecond)).toFixed(0)} | ${median(rs.map((r) => r.cpuMicros)).toFixed(1)} |`,
    );
  }
  for (const [i, [name]] of clients.slice(1).entries()) {
    const perRound = ratios.map((r) => r[i]);
    console.log(
      `CPU per request, ${clients[0][0]} / ${name}, per round: ${perRound.map((r) => r.toFixed(2)).join(' ')} (median ${median(perRound).toFixed(2)})`,
    );
  }
  receiver.kill();
});

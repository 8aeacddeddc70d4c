/**
 * The benchmark's webhook receiver, in a process of its own (as a real receiver would be): answers
 * 204 to everything, counts requests, and for latency runs notes when each change arrived
 * (`data.seq` of the payload, on the clock shared by all processes of the machine).
 *
 * It may also play an endpoint on the internet (`reset` with `delayMs`): each answer after
 * `delayMs` ± `jitter` (a fraction, uniform), a share `fail` of them 503 and a share `hang` never
 * answered (the sender's timeout ends them). Requests in flight are sampled every 50 ms. Requests
 * to a path ending in `/slow` are answered 204 after `slowMs` and counted apart (`slow`): a tenant
 * whose endpoint is slow, beside the others.
 *
 * IPC: the parent sends { cmd: 'count' } → { count, slow } (requests answered or left hanging),
 * { cmd: 'arrivals' } → { arrivals: [[seq, ms]] }, { cmd: 'inflight' } → { max, median } (of the
 * samples since the reset), { cmd: 'reset', track?, delayMs?, jitter?, fail?, hang?, slowMs? } → { ok }.
 * The first message to the parent is { port }.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

let count = 0;
let track = false;
let arrivals: Array<[number, number]> = [];
let endpoint = { delayMs: 0, jitter: 0, fail: 0, hang: 0, slowMs: 10_000 };
let slow = 0;
let open = 0;
let samples: number[] = [];
const now = () => performance.timeOrigin + performance.now();

function answer(req: http.IncomingMessage, res: http.ServerResponse): void {
  const { delayMs, jitter, fail, hang, slowMs } = endpoint;
  if (req.url?.endsWith('/slow')) {
    slow++;
    setTimeout(() => {
      if (!res.destroyed) res.writeHead(204).end();
    }, slowMs);
    return;
  }
  if (delayMs === 0 && fail === 0 && hang === 0) {
    count++;
    res.writeHead(204).end();
    return;
  }
  const dice = Math.random();
  count++;
  // Left open: the sender's timeout closes the connection.
  if (dice < hang) return;
  const status = dice < hang + fail ? 503 : 204;
  const delay = delayMs * (1 + jitter * (2 * Math.random() - 1));
  setTimeout(() => {
    if (!res.destroyed) res.writeHead(status).end();
  }, delay);
}

const server = http.createServer((req, res) => {
  open++;
  res.once('close', () => open--);
  if (!track) {
    req.resume();
    req.on('end', () => answer(req, res));
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = now();
    answer(req, res);
    try {
      const seq = JSON.parse(Buffer.concat(chunks).toString('utf8'))?.data?.seq;
      if (typeof seq === 'number') arrivals.push([seq, at]);
    } catch {
      /* not a benchmark payload */
    }
  });
});
server.keepAliveTimeout = 60_000;
server.headersTimeout = 0;
server.requestTimeout = 0;
server.maxConnections = 100_000;
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
setInterval(() => {
  if (samples.length < 100_000) samples.push(open);
}, 50).unref();

process.on(
  'message',
  (msg: {
    cmd: string;
    track?: boolean;
    delayMs?: number;
    jitter?: number;
    fail?: number;
    hang?: number;
    slowMs?: number;
  }) => {
    if (msg.cmd === 'count') process.send!({ count, slow });
    else if (msg.cmd === 'arrivals') process.send!({ arrivals });
    else if (msg.cmd === 'inflight') {
      const busy = samples.filter((s) => s > 0).sort((a, b) => a - b);
      // Every fifth sample (250 ms apart), to see a run's ramp and tail (BENCH_TRACE).
      const series = samples.filter((_, i) => i % 5 === 0);
      process.send!({ max: busy.at(-1) ?? 0, median: busy[Math.floor(busy.length / 2)] ?? 0, series });
    } else if (msg.cmd === 'reset') {
      count = 0;
      slow = 0;
      arrivals = [];
      samples = [];
      track = !!msg.track;
      endpoint = {
        delayMs: msg.delayMs ?? 0,
        jitter: msg.jitter ?? 0,
        fail: msg.fail ?? 0,
        hang: msg.hang ?? 0,
        slowMs: msg.slowMs ?? 10_000,
      };
      process.send!({ ok: true });
    }
  },
);
process.on('disconnect', () => process.exit(0));

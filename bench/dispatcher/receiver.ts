/**
 * The benchmark's webhook receiver, in a process of its own (as a real receiver would be): answers
 * 204 to everything, counts requests, and for latency runs notes when each change arrived
 * (`data.seq` of the payload, on the clock shared by all processes of the machine).
 *
 * IPC: the parent sends { cmd: 'count' } → { count }, { cmd: 'arrivals' } → { arrivals: [[seq, ms]] },
 * { cmd: 'reset' } → { ok }. The first message to the parent is { port }.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

let count = 0;
let track = false;
let arrivals: Array<[number, number]> = [];
const now = () => performance.timeOrigin + performance.now();

const server = http.createServer((req, res) => {
  if (!track) {
    req.resume();
    req.on('end', () => {
      count++;
      res.writeHead(204).end();
    });
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = now();
    count++;
    res.writeHead(204).end();
    try {
      const seq = JSON.parse(Buffer.concat(chunks).toString('utf8'))?.data?.seq;
      if (typeof seq === 'number') arrivals.push([seq, at]);
    } catch {
      /* not a benchmark payload */
    }
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));

process.on('message', (msg: { cmd: string; track?: boolean }) => {
  if (msg.cmd === 'count') process.send!({ count });
  else if (msg.cmd === 'arrivals') process.send!({ arrivals });
  else if (msg.cmd === 'reset') {
    count = 0;
    arrivals = [];
    track = !!msg.track;
    process.send!({ ok: true });
  }
});
process.on('disconnect', () => process.exit(0));

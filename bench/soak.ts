/**
 * Soak: the real server in its own process, ~300 record writes/s over 20 tenants through
 * REST, every change delivered to a chaos receiver, for SOAK_SECONDS. Every 15 s it samples the
 * server's RSS and file descriptors, PostgreSQL connections, outbox and attempt table sizes,
 * sequential scans of outbox tables, and write and delivery latency. At the end it waits for the
 * outbox to drain and checks every accepted write against what the receiver saw: each must have
 * been answered 2xx once, or have ended in the failure the receiver chose (400, or a retryable
 * failure on its last allowed attempt). Nothing may be lost.
 *
 *   node -r ./scripts/register.js bench/soak.ts
 *
 * Needs a real PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres): it
 * creates a throw-away database and drops it at the end. Settings: SOAK_SECONDS (600), SOAK_RATE
 * (300 writes/s), SOAK_TENANTS (20), SOAK_RETENTION (2m: short, so that retention is seen bounding
 * the tables within the run), SOAK_SAMPLE_SECONDS (15). HEAP_GROWING_PERCENT is passed on to the
 * server (docs/operations.md#memory).
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import { mintToken } from '../src/auth/tokens';
import { startProcess } from '../test/support/process';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 300);
const TENANTS = Number(process.env.SOAK_TENANTS ?? 20);
const RETENTION = process.env.SOAK_RETENTION ?? '2m';
const SAMPLE_SECONDS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 15);
const DRAIN_SECONDS = 90;
const TIMEOUT_MS = 1000;
const MAX_RETRIES = 4;
const JWT_SECRET = crypto.randomBytes(32).toString('hex');

type Outcome = 'ok' | 'e500' | 'e429' | 'slow' | 'reset' | 'e400';
/** The chaos receiver's answers: 80 % 204, 8 % 500, 4 % 429, 3 % slower than the timeout, 3 % reset, 2 % 400. */
const CHOICES: Array<[number, Outcome]> = [
  [0.8, 'ok'],
  [0.88, 'e500'],
  [0.92, 'e429'],
  [0.95, 'slow'],
  [0.98, 'reset'],
  [1, 'e400'],
];
const pick = (): Outcome => {
  const r = Math.random();
  return CHOICES.find(([upTo]) => r < upTo)![1];
};

const percentile = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const withDatabase = (url: string, database: string) =>
  Object.assign(new URL(url), { pathname: '/' + database }).toString();

/** What the receiver answered, per record key (`<tenant>/<record id>`), in order. */
const answers = new Map<string, Outcome[]>();
const deliveryLatencies: Array<{ at: number; ms: number }> = [];
const writeLatencies: Array<{ at: number; ms: number }> = [];

function startReceiver(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const key = `${payload.tenantId}/${payload.data.id}`;
      const outcome = pick();
      const list = answers.get(key) ?? [];
      list.push(outcome);
      answers.set(key, list);
      if (outcome === 'ok' && list.filter((o) => o === 'ok').length === 1) {
        deliveryLatencies.push({ at: Date.now(), ms: Date.now() - Date.parse(payload.occurredAt) });
      }
      switch (outcome) {
        case 'ok':
          return res.writeHead(204).end();
        case 'e500':
          return res.writeHead(500).end();
        case 'e429':
          return res.writeHead(429).end();
        case 'e400':
          return res.writeHead(400).end();
        case 'reset':
          return req.socket.destroy();
        case 'slow':
          setTimeout(() => res.writeHead(204).end(), TIMEOUT_MS + 500);
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
        close: () => server.close(),
      }),
    ),
  );
}

/**
 * Whether the receiver's answers for one record end its delivery: one 2xx (counted only if it was
 * not late), a 400, or a retryable failure on the last allowed attempt.
 */
function settledByAnswers(list: Outcome[] | undefined): boolean {
  if (!list) return false;
  let retryable = 0;
  for (const o of list) {
    if (o === 'ok' || o === 'e400') return true;
    retryable++;
    if (retryable >= MAX_RETRIES) return true;
  }
  return false;
}

async function main() {
  const dbName = `hookgate_soak_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const dbUrl = withDatabase(SERVER_URL, dbName);
  const receiver = await startReceiver();
  const server = startProcess('main.ts', {
    DATABASE_URL: dbUrl,
    AUTH_JWT_SECRET: JWT_SECRET,
    NODE_ENV: 'production',
    SECRETS_KEY: crypto.randomBytes(32).toString('base64'),
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    OUTBOX_RETENTION: RETENTION,
    TRIGGER_EVENT_RETENTION: RETENTION,
    RETENTION_INTERVAL: '15s',
    LOG_LEVEL: 'warn',
    HEAP_GROWING_PERCENT: process.env.HEAP_GROWING_PERCENT,
  });
  const base = await server.ready;
  const db = new pg.Pool({ connectionString: dbUrl, max: 2 });
  // The run's database is dropped WITH (FORCE) at the end: a connection of this pool still open
  // then is terminated (57P01), which is expected and must not end the process before its exit code.
  db.on('error', () => undefined);
  const agent = new Agent({ connections: 64 });
  const call = async (method: 'POST' | 'GET', url: string, token: string, tenant: string, body?: unknown) => {
    const res = await request(base + url, {
      method,
      dispatcher: agent,
      headers: { authorization: `Bearer ${token}`, 'x-tenant-id': tenant, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : null };
  };

  const tenants: Array<{ id: string; token: string }> = [];
  for (let i = 0; i < TENANTS; i++) {
    const id = `soak-${i}`;
    const token = await mintToken(JWT_SECRET, {
      sub: 'soak',
      tenantId: id,
      permissions: ['tenant:admin'],
      expiresIn: '1d',
    });
    const entity = await call('POST', '/metadata/entities', token, id, {
      name: 'events',
      fields: [
        { name: 'id', type: 'STRING' },
        { name: 'n', type: 'INTEGER' },
        { name: 'note', type: 'STRING' },
      ],
      primaryKey: 'id',
    });
    if (entity.status !== 201) throw new Error(`define entity: ${entity.status} ${JSON.stringify(entity.body)}`);
    const config = await call('POST', '/metadata/entity-webhooks', token, id, {
      entityName: 'events',
      events: 'INSERT',
      webhookUrl: receiver.url,
      secret: 'soak-secret',
      timeoutMs: TIMEOUT_MS,
      maxRetries: MAX_RETRIES,
      backoffInitialSeconds: 1,
      backoffFactor: 2,
    });
    if (config.status !== 201) throw new Error(`create config: ${config.status} ${JSON.stringify(config.body)}`);
    tenants.push({ id, token });
  }

  const written: string[] = [];
  let failedWrites = 0;
  let seq = 0;
  const started = Date.now();
  const deadline = started + SECONDS * 1000;
  const inflight = new Set<Promise<void>>();
  // Writers: every 100 ms a tenth of the rate, one record per request, tenants in turn.
  const writer = (async () => {
    for (let tick = 0; Date.now() < deadline; tick++) {
      const due = started + tick * 100;
      if (due > Date.now()) await sleep(due - Date.now());
      for (let k = 0; k < RATE / 10; k++) {
        const t = tenants[seq % tenants.length];
        const id = `r${seq++}`;
        const t0 = performance.now();
        const p = call('POST', '/data/events/records', t.token, t.id, {
          operation: 'INSERT',
          records: [{ id, n: seq, note: 'x'.repeat(200) }],
        })
          .then((res) => {
            writeLatencies.push({ at: Date.now(), ms: performance.now() - t0 });
            if (res.status === 200) written.push(`${t.id}/${id}`);
            else failedWrites++;
          })
          .catch(() => void failedWrites++)
          .finally(() => inflight.delete(p));
        inflight.add(p);
      }
    }
  })();

  const pid = server.child.pid!;
  const samples: Array<Record<string, number | string>> = [];
  const sample = async () => {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
    const fds = fs.readdirSync(`/proc/${pid}/fd`).length;
    const { rows } = await db.query(
      `SELECT (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database())::int AS connections,
              coalesce(sum(pg_total_relation_size(relid)) FILTER (WHERE relname = 'mutation_webhook_outbox'), 0)::bigint AS outbox_bytes,
              coalesce(sum(pg_total_relation_size(relid)) FILTER (WHERE relname = 'delivery_attempts'), 0)::bigint AS attempts_bytes,
              coalesce(sum(n_live_tup) FILTER (WHERE relname = 'mutation_webhook_outbox'), 0)::bigint AS outbox_rows,
              coalesce(sum(seq_scan) FILTER (WHERE relname = 'mutation_webhook_outbox'), 0)::bigint AS outbox_seq_scans
         FROM pg_stat_user_tables`,
    );
    const from = Date.now() - SAMPLE_SECONDS * 1000;
    const w = writeLatencies.filter((l) => l.at >= from).map((l) => l.ms);
    const d = deliveryLatencies.filter((l) => l.at >= from).map((l) => l.ms);
    const row = {
      t: Math.round((Date.now() - started) / 1000),
      rssMb: Math.round(rssMb),
      fds,
      connections: rows[0].connections,
      outboxMb: +(Number(rows[0].outbox_bytes) / 2 ** 20).toFixed(1),
      attemptsMb: +(Number(rows[0].attempts_bytes) / 2 ** 20).toFixed(1),
      outboxRows: Number(rows[0].outbox_rows),
      seqScans: Number(rows[0].outbox_seq_scans),
      writes: w.length,
      writeP99: +percentile(w, 0.99).toFixed(1),
      delivered: d.length,
      deliveryP99: +percentile(d, 0.99).toFixed(1),
    };
    samples.push(row);
    console.log(JSON.stringify(row));
  };
  const sampler = setInterval(
    () => void sample().catch((err) => console.error('sample failed', err)),
    SAMPLE_SECONDS * 1000,
  );
  await writer;
  await Promise.all([...inflight]);
  clearInterval(sampler);
  await sample();

  // Drain: every accepted write must reach an end the receiver's answers explain.
  const drainUntil = Date.now() + DRAIN_SECONDS * 1000;
  let waiting: number;
  do {
    await sleep(2000);
    waiting = written.filter((k) => !settledByAnswers(answers.get(k))).length;
  } while (waiting > 0 && Date.now() < drainUntil);
  const lost = written.filter((k) => !settledByAnswers(answers.get(k)));
  const delivered = written.filter((k) => answers.get(k)?.includes('ok')).length;

  const second = samples.find(
    (s) => (s.t as number) >= 120 - SAMPLE_SECONDS && (s.t as number) <= 120 + SAMPLE_SECONDS,
  );
  const last = samples[samples.length - 2] ?? samples[samples.length - 1];
  const summary = {
    seconds: SECONDS,
    accepted: written.length,
    failedWrites,
    delivered,
    endedInFailure: written.length - delivered - lost.length,
    lost: lost.length,
    rssSecondMinuteMb: second?.rssMb,
    rssLastMb: last.rssMb,
    writeP99SecondMinute: second?.writeP99,
    writeP99Last: last.writeP99,
    deliveryP99SecondMinute: second?.deliveryP99,
    deliveryP99Last: last.deliveryP99,
    outboxMbMax: Math.max(...samples.map((s) => s.outboxMb as number)),
    outboxMbLast: last.outboxMb,
    seqScansLast: last.seqScans,
  };
  console.log('summary ' + JSON.stringify(summary));
  if (lost.length) console.log('lost (first 10): ' + lost.slice(0, 10).join(', '));
  fs.mkdirSync(path.join(__dirname, '../.tmp'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, '../.tmp/soak.json'), JSON.stringify({ samples, summary }, null, 2));

  server.child.kill('SIGTERM');
  await server.exited;
  await agent.close();
  await db.end();
  receiver.close();
  await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  await admin.end();
  process.exit(lost.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

/**
 * One consumer of the peer benchmark (bench/peers.ts), in a process of its own so that its CPU is
 * its own: Hookgate's dispatcher, the floor loop, a graphile-worker runner or a pg-boss worker, each delivering
 * to the same receiver with the same body and the same `v1=` signature (the peers with undici
 * `request()`, Hookgate and the floor with Hookgate's own HTTP client).
 *
 * argv: <system> <database url> <receiver url> <secret> <workload: throughput | latency>
 * IPC: sends { ready, settings } once loaded and connected; { cmd: 'start' } starts consuming and answers
 * { started }; { cmd: 'stop' } stops it and answers { stopped }, then the process exits.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import 'reflect-metadata';
import crypto from 'node:crypto';
import { Registry } from 'prom-client';
import pg from 'pg';
import { Pool } from 'undici';
import { Dispatcher } from '../../src/dispatcher/dispatcher';
import { createDeliveryAgent, sendDelivery } from '../../src/dispatcher/deliver';
import { loadDispatcherSettings } from '../../src/dispatcher/settings';
import { signDelivery } from '../../src/dispatcher/signature';
import { SettleQueue } from '../../src/dispatcher/settle-queue';
import { createDispatcherPool } from '../../src/dispatcher/start';
import { qualified } from '../../src/db/sql';
import { startHeapGrowthControl, heapGrowingPercent } from '../../src/heap-growth';
import { createLogger } from '../../src/logger';
import { CLAIMABLE, OUTBOX_CHANNEL } from '../../src/outbox/sql/fragments';

const [system, databaseUrl, receiverUrl, secret, workload] = process.argv.slice(2);
/** The floor's loops, each with one statement at a time (docs/benchmarks.md: what more of them cost). */
const FLOOR_LOOPS = Number(process.env.FLOOR_LOOPS ?? 2);
if (!Number.isInteger(FLOOR_LOOPS) || FLOOR_LOOPS < 1)
  throw new Error('FLOOR_LOOPS must be a whole number of at least 1');
/** floor-streamed: requests in flight at most. */
const FLOOR_IN_FLIGHT = Number(process.env.FLOOR_IN_FLIGHT ?? 2000);
if (!Number.isInteger(FLOOR_IN_FLIGHT) || FLOOR_IN_FLIGHT < 1)
  throw new Error('FLOOR_IN_FLIGHT must be a whole number of at least 1');

/**
 * The peers' worker connections commit as Hookgate's dispatcher does (src/dispatcher/start.ts):
 * without waiting for the WAL flush. PGOPTIONS reaches every connection node-postgres opens, so
 * it covers each peer's own pool.
 */
const PEER_PG_OPTIONS = '-c synchronous_commit=off';

/** The peers' HTTP connections to the receiver: PEER_CONNECTIONS, else as many as the peer keeps jobs in flight (at least 64). */
const peerConnections = (inFlight: number) => Number(process.env.PEER_CONNECTIONS ?? Math.max(64, inFlight));

/**
 * What the peers send: the body Hookgate would send, its headers and signature, through undici
 * request(), with Hookgate's default timeout (3 s).
 */
function peerSender(connections: number): (body: string, requestId: string) => Promise<void> {
  const url = new URL(receiverUrl);
  const pool = new Pool(url.origin, { connections, pipelining: 1, keepAliveTimeout: 10_000 });
  return async (body, requestId) => {
    const ts = Math.floor(Date.now() / 1000);
    const mac = crypto.createHmac('sha256', secret).update(`${ts}.`).update(body).digest('base64');
    const res = await pool.request({
      path: url.pathname,
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Hookgate-Request-Id': requestId,
        'X-Hookgate-Timestamp': String(ts),
        'X-Hookgate-Signature': `v1=${mac}`,
      },
      body,
      headersTimeout: 3000,
      bodyTimeout: 3000,
    });
    await res.body.dump();
    if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`HTTP ${res.statusCode}`);
  };
}

interface Consumer {
  /** The settings it runs with, printed beside its numbers. */
  settings: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function hookgate(): Promise<Consumer> {
  // As src/main.ts and src/dispatcher-main.ts do at start.
  const heapGrowth = heapGrowingPercent(process.env);
  startHeapGrowthControl(heapGrowth);
  const logger = createLogger('warn');
  const settings = loadDispatcherSettings(process.env, false);
  const pool = createDispatcherPool(databaseUrl, settings.poolSize, logger);
  const dispatcher = new Dispatcher({
    pool,
    logger,
    registry: new Registry(),
    headerPrefix: 'Hookgate',
    allowPrivateTargets: true,
    settings,
    listenUrl: databaseUrl,
  });
  return {
    settings: `concurrency ${settings.concurrency}, ${settings.tenantConcurrency} per tenant, batch ${settings.batchSize}, synchronous_commit=off (claims, settles), heap growing ${heapGrowth === 0 ? "V8's own" : `${heapGrowth} % while busy`}`,
    async start() {
      dispatcher.start();
    },
    async stop() {
      await dispatcher.stop();
      await pool.end();
    },
  };
}

/**
 * The floor: the least an outbox consumer can do per delivery, on Hookgate's own tables,
 * connections and HTTP client. FLOOR_LOOPS (2) loops, each claiming 100 due records of one tenant
 * after another with SKIP LOCKED, sending them as the peers do, and marking them delivered in
 * bulk: no configuration read, no state machine, no attempt log, no lease renewal, no hints, no
 * slots. What it reaches against pg-boss bounds what any consumer doing at least that much can
 * reach. More loops run more statements at once (docs/benchmarks.md: what that costs).
 *
 * For the latency workload the leased floor is woken as Hookgate's dispatcher is: LISTEN on the
 * outbox channel, whose payload names the tenant, and a claim of that tenant's records at once.
 * It has no poll, so a lost NOTIFY would leave records behind (the run would wait for them and
 * fail); floor-locked runs the throughput workload only.
 *
 * floor-streamed (`streamed`) sends each claimed record as soon as a request in flight ends, as
 * Hookgate does, instead of waiting for its whole batch: at endpoints whose answers spread over
 * 100–300 ms a batch holds its 100 connections for its slowest answer. It bounds what a consumer
 * of this outbox reaches at internet latency.
 */
async function floor(locked: boolean, streamed: boolean): Promise<Consumer> {
  const logger = createLogger('warn');
  const pool = createDispatcherPool(databaseUrl, 6, logger);
  // Hookgate's own HTTP client: the floor is what Hookgate's dispatcher could cost with none of
  // the product.
  // A connection for each request it keeps in flight (a batch of 100 per loop, or FLOOR_IN_FLIGHT).
  const connections = Math.max(64, streamed ? FLOOR_IN_FLIGHT : FLOOR_LOOPS * 100);
  const agent = createDeliveryAgent({
    connectionsPerOrigin: connections,
    allowPrivateTargets: true,
  });
  const url = new URL(receiverUrl);
  const send = async (body: string, requestId: string) => {
    const ts = Math.floor(Date.now() / 1000);
    const { outcome } = await sendDelivery(agent, {
      url,
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Hookgate-Request-Id': requestId,
        'X-Hookgate-Timestamp': String(ts),
        'X-Hookgate-Signature': signDelivery(secret, ts, body),
      },
      body,
      timeoutMs: 3000,
    });
    if (outcome.kind !== 'response' || outcome.statusCode < 200 || outcome.statusCode > 299)
      throw new Error(`delivery failed: ${outcome.kind}`);
  };
  const { rows } = await pool.query<{ id: string; schema_name: string }>(
    'SELECT id, schema_name FROM tenants ORDER BY id',
  );
  // Each tenant's outbox by tenant id: a NOTIFY's payload names the tenant (latency workload).
  const tableOf = new Map(rows.map((r) => [r.id, qualified(r.schema_name, 'mutation_webhook_outbox')]));
  const tables = [...tableOf.values()];
  let running = false;
  let next = 0;
  const loops: Array<Promise<void>> = [];
  const markDelivered = (table: string) =>
    `UPDATE ${table} SET status = 'DELIVERED', delivered_at = now(), attempt_count = attempt_count + 1,
            locked_by = NULL, locked_until = NULL, updated_at = now()
      WHERE id = ANY($1::bigint[])`;
  const claimBatch = async (table: string) => {
    const { rows: claimed } = await pool.query<{ id: string; request_id: string; payload_json: string }>(
      `UPDATE ${table} o SET locked_by = 'floor', locked_until = now() + interval '30 seconds'
         FROM (SELECT id FROM ${table} WHERE ${CLAIMABLE}
                ORDER BY next_retry_at, id LIMIT 100 FOR UPDATE SKIP LOCKED) c
        WHERE o.id = c.id RETURNING o.id, o.request_id, o.payload_json`,
    );
    return claimed;
  };
  const deliverClaimed = async (
    table: string,
    claimed: Array<{ id: string; request_id: string; payload_json: string }>,
  ) => {
    await Promise.all(claimed.map((r) => send(r.payload_json, r.request_id)));
    await pool.query(markDelivered(table), [claimed.map((r) => r.id)]);
  };
  const leasedLoop = async () => {
    while (running) {
      const table = tables[next++ % tables.length];
      const claimed = await claimBatch(table);
      if (claimed.length === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      await deliverClaimed(table, claimed);
    }
  };
  // floor-locked: the claim is a row lock held by an open transaction while the batch is sent, not
  // a lease written into the row, so each delivery writes its row once instead of twice. Not a
  // design the product could ship as is (a transaction open for as long as a delivery's timeout,
  // a connection per batch in flight); it measures what the second write costs.
  const lockedLoop = async () => {
    const client = await pool.connect();
    try {
      while (running) {
        const table = tables[next++ % tables.length];
        await client.query('BEGIN');
        const claimed = await client.query<{ id: string; request_id: string; payload_json: string }>(
          `SELECT id, request_id, payload_json FROM ${table} WHERE ${CLAIMABLE}
            ORDER BY next_retry_at, id LIMIT 100 FOR UPDATE SKIP LOCKED`,
        );
        if (claimed.rows.length === 0) {
          await client.query('COMMIT');
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        await Promise.all(claimed.rows.map((r) => send(r.payload_json, r.request_id)));
        await client.query(markDelivered(table), [claimed.rows.map((r) => r.id)]);
        await client.query('COMMIT');
      }
    } finally {
      client.release();
    }
  };
  // Latency: tenants named by a NOTIFY wait here until a loop claims their records.
  const dueTables = new Set<string>();
  const idle: Array<() => void> = [];
  const listener = workload === 'latency' ? new pg.Client({ connectionString: databaseUrl }) : undefined;
  const notifiedLoop = async () => {
    while (running) {
      const table = dueTables.values().next().value;
      if (table === undefined) {
        await new Promise<void>((resolve) => idle.push(resolve));
        continue;
      }
      dueTables.delete(table);
      const claimed = await claimBatch(table);
      // A full batch may leave more behind: claim this tenant again.
      if (claimed.length === 100) dueTables.add(table);
      if (claimed.length > 0) await deliverClaimed(table, claimed);
    }
  };
  // floor-streamed: each claimed record is sent as soon as one of FLOOR_IN_FLIGHT requests ends,
  // rather than with its batch, and results are marked per tenant as they end: what the floor's
  // batches cost (each waits for its slowest request, as pg-boss's do) is left out. The claim
  // loops keep a queue of claimed records ahead of the sends.
  const queued: Array<{ table: string; id: string; request_id: string; payload_json: string }> = [];
  let inFlight = 0;
  const claimWaiters: Array<() => void> = [];
  // Marked as Hookgate settles: grouped per tenant, a batch or 10 ms at most (SettleQueue).
  const marks = new SettleQueue<string, string>(
    (table, ids) =>
      pool.query(markDelivered(table), [ids]).then(
        () => undefined,
        (e) => console.error(e),
      ),
    { maxGroup: 100, delayMs: 10 },
  );
  let unmarked = 0;
  let allEnded: (() => void) | undefined;
  const ended = () => {
    if (!running && inFlight === 0 && unmarked === 0) allEnded?.();
  };
  const sendQueued = () => {
    while (inFlight < FLOOR_IN_FLIGHT && queued.length > 0) {
      const r = queued.shift()!;
      inFlight++;
      send(r.payload_json, r.request_id)
        // A failed request stays claimed: its lease ends it (the run counts first attempts).
        .then(
          () => {
            unmarked++;
            marks.push(r.table, r.id, () => {
              unmarked--;
              ended();
            });
          },
          () => undefined,
        )
        .finally(() => {
          inFlight--;
          if (running) sendQueued();
          else ended();
        });
    }
    if (queued.length < FLOOR_IN_FLIGHT / 4) for (const wake of claimWaiters.splice(0)) wake();
  };
  const streamedLoop = async () => {
    let emptyInARow = 0;
    while (running) {
      if (queued.length >= FLOOR_IN_FLIGHT / 4) {
        await new Promise<void>((resolve) => claimWaiters.push(resolve));
        continue;
      }
      const table = tables[next++ % tables.length];
      const claimed = await claimBatch(table);
      if (claimed.length === 0) {
        if (++emptyInARow >= tables.length) await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      emptyInARow = 0;
      for (const r of claimed) queued.push({ table, ...r });
      sendQueued();
    }
  };
  const loop = streamed ? streamedLoop : locked ? lockedLoop : listener ? notifiedLoop : leasedLoop;
  return {
    settings: streamed
      ? `${FLOOR_LOOPS} claim loops × 100, at most ${FLOOR_IN_FLIGHT} in flight, ${connections} connections, marked per tenant by 100 or after 10 ms, synchronous_commit=off`
      : `${FLOOR_LOOPS} loops × 100, ${connections} connections, synchronous_commit=off`,
    async start() {
      running = true;
      if (listener) {
        await listener.connect();
        listener.on('notification', (msg) => {
          const table = msg.payload ? tableOf.get(msg.payload) : undefined;
          if (!table) return;
          dueTables.add(table);
          idle.shift()?.();
        });
        await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
      }
      for (let i = 0; i < FLOOR_LOOPS; i++) loops.push(loop());
    },
    async stop() {
      running = false;
      for (const wake of idle.splice(0)) wake();
      for (const wake of claimWaiters.splice(0)) wake();
      await Promise.all(loops);
      // floor-streamed: the requests still in flight end and their results are marked.
      if (inFlight > 0 || unmarked > 0) await new Promise<void>((resolve) => (allEnded = resolve));
      await listener?.end();
      await pool.end();
      await agent.close();
    },
  };
}

async function graphileWorker(): Promise<Consumer> {
  const { run, Logger } = await import('graphile-worker');
  const concurrentJobs = Number(process.env.GW_CONCURRENCY ?? 64);
  const maxPoolSize = Number(process.env.GW_POOL ?? 10);
  const localQueue = Number(process.env.GW_LOCAL_QUEUE ?? 128);
  const completeJobBatchDelay = Number(process.env.GW_COMPLETE_BATCH_DELAY ?? 0);
  const connections = peerConnections(concurrentJobs);
  const send = peerSender(connections);
  let runner: Awaited<ReturnType<typeof run>> | undefined;
  return {
    settings:
      `concurrentJobs ${concurrentJobs}, localQueue ${localQueue}, completeJobBatchDelay ${completeJobBatchDelay}, ` +
      `maxPoolSize ${maxPoolSize}, ${connections} connections, ${await syncCommit()}`,
    async start() {
      runner = await run({
        noHandleSignals: true,
        logger: new Logger(() => (level, message) => {
          if (level === 'error') console.error('graphile-worker:', message);
        }),
        preset: {
          worker: {
            connectionString: databaseUrl,
            concurrentJobs,
            maxPoolSize,
            pollInterval: 2000,
            localQueue: { size: localQueue },
            completeJobBatchDelay,
          },
        },
        taskList: {
          deliver: async (payload) => {
            const p = payload as { body: string; requestId: string };
            await send(p.body, p.requestId);
          },
        },
      });
    },
    async stop() {
      await runner?.stop();
    },
  };
}

async function pgBoss(): Promise<Consumer> {
  const { PgBoss } = (await import('pg-boss')) as unknown as { PgBoss: typeof import('pg-boss').PgBoss };
  const batchSize = Number(process.env.PGBOSS_BATCH ?? (workload === 'latency' ? 10 : 100));
  const localConcurrency = Number(process.env.PGBOSS_LOCAL_CONCURRENCY ?? 2);
  const connections = peerConnections(batchSize * localConcurrency);
  const send = peerSender(connections);
  const boss = new PgBoss({
    connectionString: databaseUrl,
    useListenNotify: true,
    schedule: false,
    supervise: false,
    max: 10,
  });
  boss.on('error', (err) => console.error('pg-boss error', err.message));
  await boss.start();
  return {
    settings: `batchSize ${batchSize} × localConcurrency ${localConcurrency}, max 10, ${connections} connections, ${await syncCommit()}`,
    async start() {
      await boss.work<{ body: string; requestId: string }>(
        'deliver',
        {
          batchSize,
          localConcurrency,
          pollingIntervalSeconds: 0.5,
          notifyPollingIntervalSeconds: 0.5,
          burstWhenBatchFull: true,
        },
        // Only the jobs whose request failed are failed (and retried): a batch handler that threw
        // would fail the whole batch and send its delivered jobs again.
        async (jobs) => {
          const sent = await Promise.allSettled(jobs.map((j) => send(j.data.body, j.data.requestId)));
          const failed = jobs.filter((_, i) => sent[i].status === 'rejected').map((j) => j.id);
          if (failed.length > 0) await boss.fail('deliver', failed);
        },
      );
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}

/** The commit mode a new connection of this process gets, as the peers' pools will. */
async function syncCommit(): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
    return `synchronous_commit=${rows[0].synchronous_commit}`;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  if (system === 'graphile-worker' || system === 'pg-boss') process.env.PGOPTIONS = PEER_PG_OPTIONS;
  const consumer =
    system === 'hookgate'
      ? await hookgate()
      : system === 'floor' || system === 'floor-locked' || system === 'floor-streamed'
        ? await floor(system === 'floor-locked', system === 'floor-streamed')
        : system === 'graphile-worker'
          ? await graphileWorker()
          : await pgBoss();
  // BENCH_TRACE: how long this process's event loop was held up, to tell a busy consumer from an idle one.
  const loopDelay = process.env.BENCH_TRACE === '1' ? monitorEventLoopDelay({ resolution: 10 }) : undefined;
  process.on('message', (msg: { cmd: string }) => {
    if (msg.cmd === 'start') {
      loopDelay?.enable();
      void consumer.start().then(() => process.send!({ started: true }));
    } else if (msg.cmd === 'stop') {
      if (loopDelay) {
        loopDelay.disable();
        const ms = (ns: number) => (ns / 1e6).toFixed(1);
        console.log(
          `    (${system}: event loop delay p50 ${ms(loopDelay.percentile(50))} p99 ${ms(loopDelay.percentile(99))} max ${ms(loopDelay.max)} ms)`,
        );
      }
      void consumer.stop().then(() => {
        process.send!({ stopped: true });
        setTimeout(() => process.exit(0), 50);
      });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ ready: true, settings: consumer.settings });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

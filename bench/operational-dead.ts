/**
 * DELIVERY_DEAD coalescing under load: BENCH_DEAD_RECORDS (10000) records of one configuration go
 * DEAD within one minute, settled by BENCH_DEAD_WORKERS (4) concurrent workers in batches of
 * BENCH_DEAD_BATCH (100) through the dispatcher's own claim and settle statements. Reports how many
 * DELIVERY_DEAD notices were stored (one expected: the run starts at the top of a minute) with
 * their count, and the settle time per batch for three tenants: one with an `$operations`
 * configuration (notices written), one without (the receivers look-up only), and the single-statement
 * settle of batches without a DEAD record, for comparison.
 *
 *   node -r ./scripts/register.js bench/operational-dead.ts
 *
 * Needs a real PostgreSQL (DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres):
 * it creates a throw-away database there and drops it at the end.
 */
import 'reflect-metadata';
import { writeOutboxRecords } from '../src/outbox/enqueue';
import { settleWithNotices } from '../src/outbox/operational';
import { claimDueRecords } from '../src/outbox/sql/claim-due-records';
import type { Settlement } from '../src/outbox/sql/settle-batch';
import { tenantOutbox, type TenantOutbox } from '../src/outbox/sql/tenant-outbox';
import type { Runtime } from '../src/runtime';
import { median, now, runBenchmark, sleep, withBenchRuntime } from './support';

const RECORDS = Number(process.env.BENCH_DEAD_RECORDS ?? 10_000);
const WORKERS = Number(process.env.BENCH_DEAD_WORKERS ?? 4);
const BATCH = Number(process.env.BENCH_DEAD_BATCH ?? 100);

type Settle = (outbox: TenantOutbox, workerId: string, batch: Settlement[]) => Promise<unknown>;

/** A tenant with one `orders` configuration and RECORDS due records; `operations`: an $operations one too. */
async function seed(rt: Runtime, tenantId: string, operations: boolean): Promise<TenantOutbox> {
  const s = rt.services;
  const ctx = { tenantId, actor: 'bench', permissions: new Set(['tenant:admin']) };
  await s.webhooks.create(ctx, {
    entityName: 'orders',
    events: 'INSERT',
    webhookUrl: 'http://127.0.0.1:9/dead',
    maxRetries: 0,
  });
  if (operations)
    await s.webhooks.create(ctx, {
      entityName: '$operations',
      events: 'DELIVERY_DEAD',
      webhookUrl: 'http://127.0.0.1:9/ops',
    });
  const schema = await s.tenants.ensure(tenantId);
  for (let i = 0; i < RECORDS; i += 5000) {
    const changes = Array.from({ length: Math.min(5000, RECORDS - i) }, (_, k) => ({
      operation: 'INSERT' as const,
      data: { id: i + k },
      previous: null,
    }));
    await s.db.transaction((client) =>
      writeOutboxRecords(client, {
        tenantId,
        schema,
        entityName: 'orders',
        writeRequestId: 'bench',
        occurredAt: new Date(),
        changes,
      }),
    );
  }
  return tenantOutbox(tenantId, schema);
}

/** WORKERS loops of claim → settle (every record DEAD, or DELIVERED) until nothing is left; ms per settle. */
async function drain(
  rt: Runtime,
  outbox: TenantOutbox,
  status: 'DEAD' | 'DELIVERED',
  settle: Settle,
): Promise<number[]> {
  const pool = rt.services.db.pool;
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      const workerId = `bench-${w}`;
      for (;;) {
        const { records } = await claimDueRecords(pool, outbox, { workerId, limit: BATCH, leaseMs: 60_000 });
        if (records.length === 0) return;
        const at = Date.now();
        const batch = records.map((r) => ({
          id: r.id,
          transition: {
            status,
            retryCount: 0,
            retryInSeconds: null,
            lastError: status === 'DEAD' ? 'WEBHOOK_DELIVERY_NON_RETRYABLE: HTTP 400' : null,
          },
          attempt: { startedAt: at, durationMs: 3, statusCode: status === 'DEAD' ? 400 : 204, error: null },
        }));
        const t = now();
        await settle(outbox, workerId, batch);
        times.push(now() - t);
      }
    }),
  );
  return times;
}

async function main() {
  await withBenchRuntime('hookgate_bench_opdead', async (rt) => {
    const pool = rt.services.db.pool;
    const withNotices: Settle = (outbox, workerId, batch) => settleWithNotices(pool, outbox, { workerId, batch });
    const ops = await seed(rt, 'bench-opdead-ops', true);
    const none = await seed(rt, 'bench-opdead-none', false);
    const delivered = await seed(rt, 'bench-opdead-ok', false);

    // One minute for the whole DEAD run: start at the top of one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 30_000) await sleep(60_000 - intoMinute + 200);
    const started = now();
    const opsTimes = await drain(rt, ops, 'DEAD', withNotices);
    const opsMs = now() - started;
    const { rows } = await pool.query<{ payload_json: string; next_retry_at: Date; status: string }>(
      `SELECT payload_json, next_retry_at, status FROM ${ops.table} WHERE entity_name = '$operations' ORDER BY id`,
    );
    const noneTimes = await drain(rt, none, 'DEAD', withNotices);
    const okTimes = await drain(rt, delivered, 'DELIVERED', withNotices);

    const counts = rows.map((r) => JSON.parse(r.payload_json).data.count as number);
    console.log(
      JSON.stringify(
        {
          records: RECORDS,
          workers: WORKERS,
          batch: BATCH,
          deadRunMs: Math.round(opsMs),
          notices: rows.length,
          noticeCounts: counts,
          countedOnce: counts.reduce((a, b) => a + b, 0) === RECORDS,
          idsListed: rows.map((r) => JSON.parse(r.payload_json).data.outboxRecordIds.length),
          noticeDueAt: rows.map((r) => r.next_retry_at.toISOString()),
          settleMedianMs: {
            deadWithOperationsConfig: +median(opsTimes).toFixed(2),
            deadWithoutOperationsConfig: +median(noneTimes).toFixed(2),
            deliveredSingleStatement: +median(okTimes).toFixed(2),
          },
        },
        null,
        2,
      ),
    );
  });
}

runBenchmark(main);

/**
 * Finding a delivery: outboxRecords by the request id a receiver quotes, with BENCH_RECORDS
 * (1,000,000) records in one tenant, and what the request-id table costs the write path.
 *
 *   node -r ./scripts/register.js bench/find-delivery.ts
 *
 * One tenant is filled with generate_series SQL (finished records over the last BENCH_RECORDS
 * seconds, each with its outbox_request_ids row, written by one statement as the product's insert
 * does), then:
 * - look-up: BENCH_LOOKUPS (300) random request ids through OutboxService.list (the GraphQL
 *   resolver's call: validation, the list statement, the attempts) and through the list statement
 *   alone; median, p95 and max in ms. Beside it, the same record found by outbox.request_id with
 *   no index (what the look-up costs without the table);
 * - windows: createdAfter/createdBefore over an hour of the newest records and of the oldest;
 * - insert: BENCH_WRITES (40) transactions of 1,000 records through the enqueue (writeOutboxRecords,
 *   what the records API runs), median ms per transaction and PostgreSQL WAL bytes per record.
 *
 * Run from a checkout without tenant schema 8, the script fills the outbox alone and measures only
 * the insert: the numbers before the table. DATABASE_URL (default the local PostgreSQL) is the
 * server; the run gets a database of its own, dropped after.
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import type { TenantContext } from '../src/auth/permissions';
import { qualified } from '../src/db/sql';
import { writeOutboxRecords, type EntityChange } from '../src/outbox/enqueue';
import { listOutboxRecords } from '../src/outbox/sql/list-records';
import { tenantOutbox } from '../src/outbox/sql/tenant-outbox';
import { median, now, percentile, runBenchmark, withBenchRuntime } from './support';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 300);
const WRITES = Number(process.env.BENCH_WRITES ?? 40);
const FILL_CHUNK = 100_000;
const TENANT = 'bench-find';
const PAYLOAD = JSON.stringify({ entityName: 'orders', data: { id: 'o-1', note: 'x'.repeat(300) }, previous: null });

const stats = (xs: number[]) =>
  `median ${median(xs).toFixed(3)} ms, p95 ${percentile(xs, 0.95).toFixed(3)} ms, max ${Math.max(...xs).toFixed(3)} ms`;

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = now();
  const result = await run();
  return [now() - started, result];
}

async function main(): Promise<void> {
  await withBenchRuntime('hookgate_find', async (rt) => {
    const { services } = rt;
    const pool = services.db.pool;
    const ctx: TenantContext = { tenantId: TENANT, actor: 'bench', permissions: new Set(['tenant:admin']) };
    const webhook = await services.webhooks.create(ctx, {
      entityName: 'orders',
      events: 'INSERT',
      webhookUrl: 'https://receiver.example/hook',
    });
    const schema = await services.tenants.ensure(TENANT);
    const outbox = tenantOutbox(TENANT, schema);
    const sideTable = qualified(schema, 'outbox_request_ids');
    const { rows: side } = await pool.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [
      sideTable,
    ]);
    const withTable = side[0].present;
    console.log(
      `tenant schema version ${services.tenants.latestVersion}; request-id table: ${withTable ? 'yes' : 'no (before it)'}`,
    );

    // Fill: finished records one second apart, newest now, as the product writes them.
    const [fillMs] = await timed(async () => {
      for (let from = 1; from <= RECORDS; from += FILL_CHUNK) {
        const to = Math.min(RECORDS, from + FILL_CHUNK - 1);
        const insert = `INSERT INTO ${outbox.table} (tenant_id, entity_name, operation, request_id, webhook_config_id,
                          payload_json, status, max_retries, record_key, next_retry_at, attempt_count, created_at,
                          updated_at, delivered_at, first_attempt_started_at, first_attempt_duration_ms,
                          first_attempt_status_code)
                        SELECT $1, 'orders', 'INSERT', gen_random_uuid(), $2::uuid, $3, 'DELIVERED', 3, g::text, t.at, 1,
                               t.at, t.at, t.at, t.at, 12, 204
                          FROM generate_series($4::int, $5::int) g,
                               LATERAL (SELECT now() - ($6::int - g) * interval '1 second' AS at) t
                         ORDER BY g`;
        await pool.query(
          withTable
            ? `WITH written AS (${insert} RETURNING id, request_id)
               INSERT INTO ${sideTable} (request_id, record_id) SELECT request_id, id FROM written`
            : insert,
          [TENANT, webhook.id, PAYLOAD, from, to, RECORDS],
        );
      }
      await pool.query(`VACUUM ANALYZE ${outbox.table}`);
      if (withTable) await pool.query(`VACUUM ANALYZE ${sideTable}`);
      await pool.query('CHECKPOINT');
    });
    const { rows: sizes } = await pool.query<{ outbox: string; side: string | null }>(
      `SELECT pg_total_relation_size($1::regclass) AS outbox,
              CASE WHEN to_regclass($2) IS NULL THEN NULL ELSE pg_total_relation_size(to_regclass($2)) END AS side`,
      [outbox.table, sideTable],
    );
    const mb = (bytes: string | null) => (bytes === null ? '-' : `${(Number(bytes) / 1e6).toFixed(0)} MB`);
    console.log(
      `fill: ${RECORDS.toLocaleString('en')} records in ${(fillMs / 1000).toFixed(1)} s; ` +
        `outbox ${mb(sizes[0].outbox)} with indexes, request-id table ${mb(sizes[0].side)}`,
    );

    if (withTable) {
      // Request ids spread over the whole table (an id stride, not TABLESAMPLE: no page bias).
      const { rows: picked } = await pool.query<{ request_id: string }>(
        `SELECT request_id FROM ${outbox.table} WHERE id % $1 = 7 ORDER BY random() LIMIT $2`,
        [Math.max(1, Math.floor(RECORDS / (LOOKUPS * 2))), LOOKUPS],
      );
      const ids = picked.map((r) => r.request_id);
      for (const id of ids.slice(0, 20)) await services.outbox.list(ctx, { requestId: id });
      const viaService: number[] = [];
      const viaStatement: number[] = [];
      for (const id of ids) {
        const [ms, page] = await timed(() => services.outbox.list(ctx, { requestId: id }));
        if (page.items.length !== 1 || page.items[0].requestId !== id) throw new Error(`look-up of ${id} failed`);
        viaService.push(ms);
        const [sqlMs] = await timed(() => listOutboxRecords(pool, outbox, { requestId: id, limit: 51 }));
        viaStatement.push(sqlMs);
      }
      console.log(`look-up by request id, ${ids.length} ids, outboxRecords service call: ${stats(viaService)}`);
      console.log(`look-up by request id, the list statement alone: ${stats(viaStatement)}`);
      const { rows: plan } = await pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF, SUMMARY ON) SELECT id FROM ${outbox.table}
          WHERE id IN (SELECT record_id FROM ${sideTable} WHERE request_id = $1::uuid) AND request_id = $1::uuid`,
        [ids[0]],
      );
      console.log('  plan: ' + plan.map((r) => r['QUERY PLAN'].trim()).join(' | '));
      const scans: number[] = [];
      for (const id of ids.slice(0, 5)) {
        const [ms] = await timed(() =>
          pool.query(`SELECT id FROM ${outbox.table} WHERE tenant_id = $1 AND request_id = $2::uuid`, [TENANT, id]),
        );
        scans.push(ms);
      }
      console.log(`the same record by outbox.request_id, no index (what the table saves): ${stats(scans)}`);

      const hour = 3_600_000;
      const newest = Date.now();
      const oldest = newest - RECORDS * 1000;
      for (const [name, from] of [
        ['the newest hour', newest - hour],
        ['the oldest hour', oldest],
      ] as const) {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const [ms] = await timed(() =>
            services.outbox.list(ctx, { createdAfter: new Date(from), createdBefore: new Date(from + hour) }),
          );
          times.push(ms);
        }
        console.log(`createdAfter/createdBefore over ${name}, first page of 50: ${stats(times)}`);
      }
    }

    // The write path: 1,000 records per transaction through the enqueue, as a records API batch.
    const changes: EntityChange[] = Array.from({ length: 1000 }, (_, i) => ({
      operation: 'INSERT',
      data: { id: `w-${i}`, note: 'x'.repeat(300) },
      previous: null,
    }));
    const write = () =>
      services.db.transaction((client) =>
        writeOutboxRecords(client, {
          tenantId: TENANT,
          schema,
          entityName: 'orders',
          primaryKey: 'id',
          writeRequestId: crypto.randomUUID(),
          occurredAt: new Date(),
          changes,
        }),
      );
    for (let i = 0; i < 3; i++) await write();
    const wal = async () =>
      Number(
        (await pool.query<{ lsn: string }>(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS lsn`)).rows[0]
          .lsn,
      );
    const walBefore = await wal();
    const writes: number[] = [];
    for (let i = 0; i < WRITES; i++) writes.push((await timed(write))[0]);
    const walPerRecord = (await wal()) - walBefore;
    console.log(
      `insert: ${WRITES} transactions of 1,000 records through the enqueue: ${stats(writes)}; ` +
        `WAL ${(walPerRecord / (WRITES * 1000)).toFixed(0)} B per record`,
    );
  });
}

runBenchmark(main);

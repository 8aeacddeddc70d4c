/**
 * Change filters: what a filter on each of a write's configurations costs the write.
 *
 *   node -r ./scripts/register.js bench/filters.ts
 *
 * Two tenants with the same entity `orders` (id, status, amount, note) and three configurations
 * each: the plain tenant's send every change, the filtered tenant's each have a `filter` (a
 * transition-style AND of three conditions over data, previous and operation, one a LIKE) and
 * `changedFields`, chosen so that every change still matches: both tenants write the same outbox
 * records, and the difference is the filters' cost alone. Each write is one records API batch of
 * BENCH_RECORDS (1,000) records through RecordService.upsert (the REST and GraphQL write), every
 * record replacing an existing one (so `previous` is set and changedFields compares). A round is
 * BENCH_WRITES (7) writes per tenant, interleaved; its ratio is the filtered median over the plain
 * median. BENCH_ROUNDS (6) rounds, after a warm-up. Also: the filters' evaluation alone (the
 * matchers over one write's changes, in process), and a write just after a configuration was
 * saved (its filter compiled again).
 *
 * DATABASE_URL (default the local PostgreSQL) is the server; the run gets a database of its own,
 * dropped after.
 */
import 'reflect-metadata';
import crypto from 'node:crypto';
import type { TenantContext } from '../src/auth/permissions';
import { quoteIdent } from '../src/db/sql';
import { changeMatcher } from '../src/webhooks/change-filter';
import { median, now, runBenchmark, withBenchRuntime } from './support';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1000);
const WRITES = Number(process.env.BENCH_WRITES ?? 7);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);

const FIELDS = [
  { name: 'id', type: 'INTEGER' },
  { name: 'status', type: 'STRING' },
  { name: 'amount', type: 'DECIMAL' },
  { name: 'note', type: 'STRING' },
];
const cond = (field: string, op: string, value?: unknown) => ({ field, op, ...(value === undefined ? {} : { value }) });
/** Three filters that every change of this benchmark matches, each evaluated to the end. */
const FILTERS = [
  {
    op: 'AND',
    conditions: [
      cond('previous.status', 'NE', 'void'),
      cond('data.status', 'IN', ['open', 'paid']),
      cond('operation', 'EQ', 'UPSERT'),
    ],
  },
  {
    op: 'AND',
    conditions: [
      cond('data.amount', 'GT', -1),
      cond('data.note', 'LIKE', '%note%'),
      { op: 'NOT', conditions: [cond('previous.amount', 'IS_NULL')] },
    ],
  },
  {
    op: 'OR',
    conditions: [cond('data.status', 'EQ', 'nobody'), cond('data.amount', 'BETWEEN', [0, 1e12])],
  },
];

async function main(): Promise<void> {
  await withBenchRuntime('hookgate_filters', async (rt) => {
    const { services } = rt;
    const ctxOf = (tenantId: string): TenantContext => ({
      tenantId,
      actor: 'bench',
      permissions: new Set(['tenant:admin']),
    });
    const plain = ctxOf('bench-plain');
    const filtered = ctxOf('bench-filtered');
    const configIds: string[] = [];
    for (const ctx of [plain, filtered]) {
      await services.entities.define(ctx, { name: 'orders', fields: FIELDS, primaryKey: 'id' });
      for (const [i, filter] of FILTERS.entries()) {
        const created = await services.webhooks.create(ctx, {
          entityName: 'orders',
          events: 'INSERT,UPSERT',
          webhookUrl: `https://receiver.example/hook/${i}`,
          ...(ctx === filtered ? { filter, changedFields: ['amount', 'status'] } : {}),
        });
        if (ctx === filtered) configIds.push(created.id);
      }
    }

    let version = 0;
    // Every write changes amount, so changedFields passes and every record is sent.
    const records = () => {
      version++;
      return Array.from({ length: RECORDS }, (_, i) => ({
        id: i,
        status: i % 2 ? 'open' : 'paid',
        amount: version * 10 + (i % 7),
        note: `note ${i} of write ${version}`,
      }));
    };
    const write = async (ctx: TenantContext) => {
      const batch = records();
      const started = now();
      await services.records.upsert(ctx, 'orders', batch, crypto.randomUUID());
      return now() - started;
    };
    const outboxRows = async (ctx: TenantContext) => {
      const schema = await services.tenants.ensure(ctx.tenantId);
      const { rows } = await services.db.pool.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM ${quoteIdent(schema)}.mutation_webhook_outbox`,
      );
      return Number(rows[0].n);
    };

    // Warm-up; the first write inserts, which two of the filters do not send (previous is NULL).
    for (let i = 0; i < 3; i++) {
      await write(plain);
      await write(filtered);
    }
    const rowsBefore = [await outboxRows(plain), await outboxRows(filtered)];
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const plainMs: number[] = [];
      const filteredMs: number[] = [];
      for (let w = 0; w < WRITES; w++) {
        // Alternate which goes first, so neither always writes into a warmer cache.
        if (w % 2 === 0) {
          plainMs.push(await write(plain));
          filteredMs.push(await write(filtered));
        } else {
          filteredMs.push(await write(filtered));
          plainMs.push(await write(plain));
        }
      }
      const ratio = median(filteredMs) / median(plainMs);
      ratios.push(ratio);
      console.log(
        `round ${round}: ${RECORDS} records × 3 configurations, median of ${WRITES} writes: ` +
          `without filters ${median(plainMs).toFixed(1)} ms, with filters ${median(filteredMs).toFixed(1)} ms, ratio ${ratio.toFixed(3)}`,
      );
    }
    const plainRows = (await outboxRows(plain)) - rowsBefore[0];
    const filteredRows = (await outboxRows(filtered)) - rowsBefore[1];
    if (plainRows !== filteredRows) throw new Error(`outbox rows differ: ${plainRows} vs ${filteredRows}`);
    console.log(
      `ratios: ${ratios.map((r) => r.toFixed(3)).join(', ')}; median ${median(ratios).toFixed(3)}, ` +
        `max ${Math.max(...ratios).toFixed(3)}; the measured writes' outbox rows equal (${plainRows} each)`,
    );

    // The evaluation alone: the three matchers over one write's changes, as the enqueue runs them.
    const entity = await services.entities.get(filtered, 'orders');
    const stored = await services.db.pool.query<{ id: string; filter: unknown; changed_fields: unknown }>(
      'SELECT id::text, filter, changed_fields FROM webhook_configs WHERE id = ANY($1::uuid[])',
      [configIds],
    );
    const previousRows = records();
    const dataRows = records();
    const changes = dataRows.map((data, i) => ({ operation: 'UPSERT', data, previous: previousRows[i] }));
    const evaluations: number[] = [];
    for (let i = 0; i < 50; i++) {
      const started = now();
      let sent = 0;
      const matchers = stored.rows.map((c) => changeMatcher(c, entity));
      for (const change of changes) for (const m of matchers) if (m(change)) sent++;
      evaluations.push(now() - started);
      if (sent !== RECORDS * 3) throw new Error(`the filters matched ${sent} of ${RECORDS * 3}`);
    }
    console.log(`evaluation alone: ${RECORDS * 3} decisions in ${median(evaluations).toFixed(3)} ms (median of 50)`);

    // A write right after each configuration was saved: its filter is compiled again, once.
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const [n, id] of configIds.entries())
        await services.webhooks.update(filtered, id, { filter: FILTERS[n], changedFields: ['status', 'amount'] });
      cold.push(await write(filtered));
      warm.push(await write(filtered));
    }
    console.log(
      `write after the three configurations were saved again: ${median(cold).toFixed(1)} ms; the next: ${median(warm).toFixed(1)} ms`,
    );
  });
}

runBenchmark(main);

/**
 * What one run of a named (prepared) statement costs the Node thread, by how it is sent: the
 * dispatcher's claim shape (17 columns, one row, a ~2 KB text naming a tenant's table), one
 * statement at a time on one connection, as at a few changes a second. Prints the CPU of this
 * process per statement (user and system) for rounds that alternate the ways.
 *
 *   node -r ./scripts/register.js bench/prepared-query.ts
 *   # DATABASE_URL (the local server), BENCH_STATEMENTS (20000 per round and way), BENCH_ROUNDS (4)
 *
 * `client.query(config)`: node-postgres' own query with a name, the text built afresh each run (how
 * queryPrepared sent before it had a query class of its own); `queryPrepared, text built each run`: the
 * query class of src/db/prepared.ts; `queryPrepared + statementText`: the same with the text built
 * once (how the claim, settle and outbox insert run now).
 */
import pg from 'pg';
import { allowPreparedStatements, queryPrepared, statementText } from '../src/db/prepared';
import { median, runBenchmark } from './support';

const URL = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
const STATEMENTS = Number(process.env.BENCH_STATEMENTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const TABLE = '"hg_bench_tenant"."mutation_webhook_outbox"';

/** A claim-sized text: 17 output columns and ~2 KB, the table's name in it as the claim has. */
function buildText(table: string): string {
  const columns = Array.from({ length: 17 }, (_, i) => `$1::text AS column_${i}`).join(',\n                  ');
  const padding = Array.from({ length: 24 }, (_, i) => `/* ${table} clause ${i} */`).join('\n           ');
  return `SELECT ${columns}\n           ${padding}`;
}

type Way = (client: pg.PoolClient) => Promise<unknown>;

async function measure(client: pg.PoolClient, way: Way, count: number): Promise<{ user: number; system: number }> {
  for (let i = 0; i < 2_000; i++) await way(client); // prepared, code warm
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) await way(client);
  const used = process.cpuUsage(cpu);
  return { user: used.user / count, system: used.system / count };
}

runBenchmark(async () => {
  const plain = new pg.Pool({ connectionString: URL, max: 1 });
  const prepared = new pg.Pool({ connectionString: URL, max: 1 });
  allowPreparedStatements(prepared);
  const ways: Array<[string, pg.Pool, Way]> = [
    [
      'client.query(config)',
      plain,
      (client) =>
        new Promise((resolve, reject) =>
          client.query({ name: 'bench_claim_shape', text: buildText(TABLE), values: ['x'] }, (err, r) =>
            err ? reject(err) : resolve(r),
          ),
        ),
    ],
    [
      'queryPrepared, text built each run',
      prepared,
      (client) => queryPrepared(client, { text: buildText(TABLE), values: ['x'] }),
    ],
    [
      'queryPrepared + statementText',
      prepared,
      (client) =>
        queryPrepared(client, { text: statementText(`bench ${TABLE}`, () => buildText(TABLE)), values: ['x'] }),
    ],
  ];
  const clients = new Map<pg.Pool, pg.PoolClient>();
  for (const [, pool] of ways) if (!clients.has(pool)) clients.set(pool, await pool.connect());
  const results = new Map<string, Array<{ user: number; system: number }>>();
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, pool, way] of ways) {
        const r = await measure(clients.get(pool)!, way, STATEMENTS);
        results.set(name, [...(results.get(name) ?? []), r]);
        console.log(
          `  round ${round} ${name.padEnd(36)} user ${r.user.toFixed(1)} µs, system ${r.system.toFixed(1)} µs per statement`,
        );
      }
    }
  } finally {
    for (const client of clients.values()) client.release();
    await Promise.all([plain.end(), prepared.end()]);
  }
  console.log('\n| way | user µs per statement (median) | system µs (median) |\n|---|---|---|');
  for (const [name, rs] of results) {
    console.log(
      `| ${name} | ${median(rs.map((r) => r.user)).toFixed(1)} | ${median(rs.map((r) => r.system)).toFixed(1)} |`,
    );
  }
});

import 'reflect-metadata';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { spawnDispatcher, stopChild, type DispatcherChild } from '../dispatcher/child';
import { commitChanges, createConfig, inserts, outboxOf } from '../dispatcher/fixtures';
import { eventually } from '../dispatcher/harness';
import { DispatcherSuite } from '../dispatcher/suite';

/**
 * Fault scenarios with real dispatcher processes (`src/dispatcher-main.ts`) against real
 * PostgreSQL. Skipped on the embedded database: PGlite serves one process and one session, so
 * there is neither a second dispatcher process nor a server to lose.
 */
/** Tenants of this file, and the only ones its dispatcher processes touch. */
const PREFIX = 'fault';
const ROWS = 5000;
const TENANTS = 2;
/** The application name of the dispatcher whose backends the restart scenario terminates. */
const RESTARTED = 'hookgate-fault-restarted';

/** The suite's database URLs for a child, with every connection they open named `name`. */
function namedConnections(name: string): Record<string, string> {
  const named = (url: string) => {
    const u = new URL(url);
    u.searchParams.set('application_name', name);
    return u.toString();
  };
  const direct = inject('databaseDirectUrl');
  return { DATABASE_URL: named(inject('databaseUrl')), ...(direct ? { DATABASE_DIRECT_URL: named(direct) } : {}) };
}

describe.skipIf(inject('embedded'))('dispatcher fault scenarios (separate processes, real PostgreSQL)', () => {
  const suite = new DispatcherSuite(PREFIX, { dispatcher: false });
  const children: DispatcherChild[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) await stopChild(c);
  });

  /** ROWS records over TENANTS tenants, all pointed at the receiver under `path`. */
  async function seed(path: string): Promise<{ tenants: string[]; requestIds: Set<string> }> {
    const s = suite.services;
    const tenants = Array.from({ length: TENANTS }, () => suite.tenant());
    for (const tenant of tenants) {
      await createConfig(s, tenant, { webhookUrl: `${suite.receiver.url}${path}`, events: 'INSERT', timeoutMs: 5000 });
      for (let i = 0; i < ROWS / TENANTS; i += 1000)
        await commitChanges(s, tenant, inserts(Math.min(1000, ROWS / TENANTS - i), i));
    }
    const requestIds = new Set<string>();
    for (const tenant of tenants) {
      const { rows } = await s.db.pool.query<{ request_id: string }>(
        `SELECT request_id FROM ${(await outboxOf(s, tenant)).table}`,
      );
      for (const r of rows) requestIds.add(r.request_id);
    }
    expect(requestIds.size).toBe(ROWS);
    return { tenants, requestIds };
  }

  async function statusCounts(tenants: string[]): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const tenant of tenants) {
      const { rows } = await suite.services.db.pool.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM ${(await outboxOf(suite.services, tenant)).table} GROUP BY status`,
      );
      for (const r of rows) counts[r.status] = (counts[r.status] ?? 0) + r.n;
    }
    return counts;
  }

  const allDelivered = (tenants: string[], timeoutMs = 60_000) =>
    eventually(
      async () => ((await statusCounts(tenants)).DELIVERED === ROWS ? true : undefined),
      timeoutMs,
      `all ${ROWS} rows delivered`,
    );

  const receivedFor = (path: string) => suite.receiver.received.filter((r) => r.path === path).map((r) => r.requestId!);

  function duplicates(ids: string[]): Set<string> {
    const seen = new Set<string>();
    const dup = new Set<string>();
    for (const id of ids) (seen.has(id) ? dup : seen).add(id);
    return dup;
  }

  it('kill -9 in the middle of a run, then a restart: every record DELIVERED, duplicates only for records in flight', async () => {
    const { tenants, requestIds } = await seed('/kill');
    suite.receiver.react = () => ({ status: 204, delayMs: 3 });
    const env = { DISPATCHER_LEASE_SECONDS: '2', DISPATCHER_CONCURRENCY: '16' };
    const first = spawnDispatcher(inject('databaseUrl'), PREFIX, env);
    children.push(first);
    await eventually(
      async () => (receivedFor('/kill').length >= ROWS / 5 ? true : undefined),
      30_000,
      'first deliveries',
    );
    first.process.kill('SIGKILL');
    await first.exited;
    const atKill = receivedFor('/kill').length;
    expect(atKill).toBeLessThan(ROWS);
    // What the killed worker held: claimed, maybe sent, never settled.
    const inFlight = new Set<string>();
    for (const tenant of tenants) {
      const { rows } = await suite.services.db.pool.query<{ request_id: string }>(
        `SELECT request_id FROM ${(await outboxOf(suite.services, tenant)).table} WHERE locked_by LIKE $1`,
        [`%:${first.process.pid}:%`],
      );
      for (const r of rows) inFlight.add(r.request_id);
    }
    const second = spawnDispatcher(inject('databaseUrl'), PREFIX, env);
    children.push(second);
    await allDelivered(tenants);
    const got = receivedFor('/kill');
    expect(new Set(got)).toEqual(requestIds);
    const dup = duplicates(got);
    for (const id of dup) expect(inFlight.has(id), 'a duplicate that was not in flight').toBe(true);
    expect(got.length - ROWS).toBe(dup.size);
    expect(second.process.exitCode).toBeNull();
  }, 90_000);

  it('two dispatcher processes at once: every record delivered exactly once, no crash', async () => {
    const { tenants, requestIds } = await seed('/two');
    suite.receiver.react = () => ({ status: 204, delayMs: 1 });
    const a = spawnDispatcher(inject('databaseUrl'), PREFIX);
    const b = spawnDispatcher(inject('databaseUrl'), PREFIX);
    children.push(a, b);
    await allDelivered(tenants);
    const got = receivedFor('/two');
    expect(duplicates(got).size).toBe(0);
    expect(got).toHaveLength(ROWS);
    expect(new Set(got)).toEqual(requestIds);
    expect([a.process.exitCode, b.process.exitCode]).toEqual([null, null]);
    expect(a.output() + b.output()).not.toMatch(/"level":(50|60)/);
  }, 90_000);

  it('recovers by itself when PostgreSQL drops its connections in the middle of a run (twice)', async () => {
    // Restarting the shared server would break other suites running on it; terminating the
    // dispatcher process's backends (its pool and its LISTEN connection) is what a restart does to
    // it. Its URLs name them, so that other test files' dispatchers on this database keep theirs.
    const { tenants, requestIds } = await seed('/restart');
    suite.receiver.react = () => ({ status: 204, delayMs: 3 });
    const child = spawnDispatcher(inject('databaseUrl'), PREFIX, {
      DISPATCHER_CONCURRENCY: '16',
      ...namedConnections(RESTARTED),
    });
    children.push(child);
    const admin = new pg.Client({ connectionString: inject('databaseUrl') });
    await admin.connect();
    try {
      for (const threshold of [ROWS / 5, ROWS / 2]) {
        await eventually(
          async () => (receivedFor('/restart').length >= threshold ? true : undefined),
          30_000,
          'deliveries before the outage',
        );
        const { rows } = await admin.query<{ n: number }>(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = $1`,
          [RESTARTED],
        );
        expect(rows[0].n).toBeGreaterThan(0);
      }
    } finally {
      await admin.end();
    }
    await allDelivered(tenants);
    expect(new Set(receivedFor('/restart'))).toEqual(requestIds);
    expect(child.process.exitCode).toBeNull();
  }, 90_000);
});

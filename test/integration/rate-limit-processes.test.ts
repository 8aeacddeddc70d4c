import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { mintToken } from '../../src/auth/tokens';
import { TEST_JWT_SECRET, uniqueTenant } from '../support/app';
import { startProcess, type ServerProcess } from '../support/process';

const FLOOD_MS = 20_000;
const PER_MINUTE = 60;
const BURST = 10;
const SECRET = 'rate-limit-trigger-secret';

const started: ServerProcess[] = [];
afterAll(async () => {
  for (const p of started) {
    if (p.child.exitCode === null) p.child.kill('SIGKILL');
    await p.exited;
  }
});

interface Flood {
  served: number;
  refused: number;
  other: number[];
  retryAfter: number[];
  seconds: number;
}

/**
 * Sends requests from `workers` loops for `ms`, each to the next process in turn, as fast as the
 * answers come; counts the answers.
 */
async function flood(bases: string[], send: (base: string, n: number) => Promise<Response>, ms: number) {
  const result: Flood = { served: 0, refused: 0, other: [], retryAfter: [], seconds: 0 };
  const start = Date.now();
  const end = start + ms;
  let n = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < end) {
        const i = n++;
        const res = await send(bases[i % bases.length], i);
        await res.arrayBuffer();
        if (res.status === 429) {
          result.refused++;
          result.retryAfter.push(Number(res.headers.get('retry-after')));
        } else if (res.status === 200 || res.status === 202) {
          result.served++;
        } else {
          result.other.push(res.status);
        }
      }
    }),
  );
  result.seconds = (Date.now() - start) / 1000;
  return result;
}

describe.skipIf(inject('embedded'))('rate limits across two API processes on one database', () => {
  it('serve a tenant, and a trigger, no more than one process alone would (plus 10 %)', async () => {
    const directUrl = inject('databaseDirectUrl');
    const env = {
      DATABASE_URL: inject('databaseUrl'),
      ...(directUrl ? { DATABASE_DIRECT_URL: directUrl, DB_PREPARED_STATEMENTS: 'off' } : {}),
      AUTH_JWT_SECRET: TEST_JWT_SECRET,
      DISPATCHER: 'off',
      RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
      RATE_LIMIT_BURST: String(BURST),
      INTAKE_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE),
    };
    const procs = [startProcess('main.ts', env), startProcess('main.ts', env)];
    started.push(...procs);
    const bases = await Promise.all(procs.map((p) => p.ready));

    const tenant = uniqueTenant('rlp');
    const owner = uniqueTenant('rlp-owner');
    const headers = async (tenantId: string) => ({
      authorization: `Bearer ${await mintToken(TEST_JWT_SECRET, { sub: 's', tenantId, permissions: ['tenant:admin'] })}`,
      'x-tenant-id': tenantId,
    });
    const created = await fetch(`${bases[0]}/graphql`, {
      method: 'POST',
      headers: { ...(await headers(owner)), 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($input: CreateTriggerInput!) { createTrigger(input: $input) { id } }',
        variables: { input: { name: 'limited', webhookSecret: SECRET } },
      }),
    });
    const triggerId = ((await created.json()) as { data: { createTrigger: { id: string } } }).data.createTrigger.id;

    const apiHeaders = await headers(tenant);
    const run = crypto.randomBytes(4).toString('hex');
    const [api, intake] = await Promise.all([
      flood(bases, (base) => fetch(`${base}/metadata/entity-webhooks`, { headers: apiHeaders }), FLOOD_MS),
      flood(
        bases,
        (base, n) => {
          const body = JSON.stringify({ run, n });
          const ts = String(Math.floor(Date.now() / 1000));
          const signature = crypto.createHmac('sha256', SECRET).update(`${ts}.${body}`).digest('hex');
          return fetch(`${base}/linker/triggers/webhook/${triggerId}`, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': signature },
          });
        },
        FLOOD_MS,
      ),
    ]);

    // One process alone serves the burst, then one request a second.
    const apiAlone = BURST + (PER_MINUTE / 60) * api.seconds;
    expect(api.other).toEqual([]);
    expect(api.refused).toBeGreaterThan(api.served);
    expect(api.served).toBeLessThanOrEqual(apiAlone * 1.1);
    expect(api.served).toBeGreaterThanOrEqual(apiAlone * 0.75);
    for (const seconds of api.retryAfter) expect(seconds === 1 || seconds === 2).toBe(true);

    // Intake's burst is its per-minute limit.
    const intakeAlone = PER_MINUTE + (PER_MINUTE / 60) * intake.seconds;
    expect(intake.other).toEqual([]);
    expect(intake.served).toBeLessThanOrEqual(intakeAlone * 1.1);
    expect(intake.served).toBeGreaterThanOrEqual(intakeAlone * 0.75);
    for (const seconds of intake.retryAfter) expect(seconds === 1 || seconds === 2).toBe(true);
    const db = new pg.Client({ connectionString: directUrl ?? inject('databaseUrl') });
    await db.connect();
    try {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM trigger_events WHERE trigger_id = $1',
        [triggerId],
      );
      expect(rows[0].n).toBe(intake.served);
    } finally {
      await db.end();
    }

    for (const p of procs) p.child.kill('SIGTERM');
    expect(await Promise.all(procs.map((p) => p.exited))).toEqual([0, 0]);
  }, 90_000);
});

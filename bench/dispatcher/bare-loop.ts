import crypto from 'node:crypto';
import type pg from 'pg';
import { Pool } from 'undici';
import { qualified } from '../../src/db/sql';

/**
 * The reference: a bare dispatcher loop with none of Hookgate's rules (no
 * configuration read, no state machine, no attempt log, no lease renewal, no hints): claim 100
 * with SKIP LOCKED, send them signed through an undici Pool of 64, mark them delivered in bulk.
 * Two such loops run at once, so one claims while the other sends.
 */
export async function runBareLoop(
  pool: pg.Pool,
  schemas: string[],
  receiverUrl: string,
  secret: string,
  total: number,
): Promise<void> {
  const http = new Pool(new URL(receiverUrl).origin, { connections: 64, pipelining: 1 });
  const path = new URL(receiverUrl).pathname;
  let delivered = 0;
  let next = 0;
  const loop = async () => {
    let idle = 0;
    while (delivered < total && idle < schemas.length) {
      const schema = schemas[next++ % schemas.length];
      const table = qualified(schema, 'mutation_webhook_outbox');
      const { rows } = await pool.query<{ id: string; request_id: string; payload_json: string }>(
        `UPDATE ${table} o SET locked_by = 'bare', locked_until = now() + interval '30 seconds'
           FROM (SELECT id FROM ${table} WHERE status = 'PENDING' AND locked_by IS NULL ORDER BY next_retry_at, id LIMIT 100 FOR UPDATE SKIP LOCKED) c
          WHERE o.id = c.id RETURNING o.id, o.request_id, o.payload_json`,
      );
      if (rows.length === 0) {
        idle++;
        continue;
      }
      idle = 0;
      await Promise.all(
        rows.map(async (r) => {
          const ts = Math.floor(Date.now() / 1000);
          const sig = 'v1=' + crypto.createHmac('sha256', secret).update(`${ts}.${r.payload_json}`).digest('base64');
          const res = await http.request({
            path,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-hookgate-request-id': r.request_id,
              'x-hookgate-timestamp': String(ts),
              'x-hookgate-signature': sig,
            },
            body: r.payload_json,
          });
          await res.body.dump();
        }),
      );
      await pool.query(
        `UPDATE ${table} SET status = 'DELIVERED', delivered_at = now(), locked_by = NULL, locked_until = NULL WHERE id = ANY($1::bigint[])`,
        [rows.map((r) => r.id)],
      );
      delivered += rows.length;
    }
  };
  await Promise.all([loop(), loop()]);
  await http.close();
}

/**
 * The floor of durable intake: the least a route can do that answers 202 only once the request's
 * body is committed in PostgreSQL. It is the bare route plus a write, and nothing of the product:
 * no trigger, no signature, no kept headers, no replay key, no metrics. Requests are batched as
 * Hookgate's EventWriter batches them (one statement in flight, the rest wait and go together),
 * into a table with only a primary key, by one prepared statement whatever the batch size.
 *
 * signed intake / floor says what Hookgate's intake costs over the write itself; floor / bare
 * says what the write costs on this machine, and so how close to the bare route any durable
 * intake can come here.
 */
import crypto from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

// As Hookgate's intake writers (src/triggers/intake.ts); BENCH_FLOOR_IN_FLIGHT to compare.
const IN_FLIGHT = Number(process.env.BENCH_FLOOR_IN_FLIGHT ?? 1);
const MAX_BATCH = 100;
const INSERT = {
  name: 'bench_floor_insert',
  text: 'INSERT INTO bench_floor_events (id, body) SELECT * FROM unnest($1::uuid[], $2::bytea[])',
};

interface Waiting {
  id: string;
  body: Buffer;
  done(err: Error | null): void;
}

export async function floor(databaseUrl: string): Promise<{ port: number; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query(
    `CREATE TABLE IF NOT EXISTS bench_floor_events (
       id uuid PRIMARY KEY, received_at timestamptz NOT NULL DEFAULT now(), body bytea NOT NULL)`,
  );
  const queue: Waiting[] = [];
  let inFlight = 0;
  const pump = () => {
    while (inFlight < IN_FLIGHT && queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      inFlight++;
      pool
        .query({ ...INSERT, values: [batch.map((w) => w.id), batch.map((w) => w.body)] })
        .then(
          () => batch.forEach((w) => w.done(null)),
          (err: Error) => batch.forEach((w) => w.done(err)),
        )
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  };
  const store = (body: Buffer) =>
    new Promise<string>((resolve, reject) => {
      const id = crypto.randomUUID();
      queue.push({ id, body, done: (err) => (err ? reject(err) : resolve(id)) });
      pump();
    });

  const app = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
  app.post('/floor/:id', async (req, reply) =>
    reply.code(202).send({ success: true, eventId: await store(req.body as Buffer) }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

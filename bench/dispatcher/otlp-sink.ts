/**
 * An OTLP/HTTP JSON collector for the benchmarks, in its own process (forked by OtlpSinkProcess):
 * answers 200 to every POST /v1/traces and counts the spans, so that exporting costs the
 * benchmarked process what it would against a real collector.
 */
import http from 'node:http';
import { fork, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

if (require.main === module) {
  let spans = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans += ss.spans?.length ?? 0;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on('message', () => process.send!({ spans }));
  process.on('disconnect', () => process.exit(0));
}

export class OtlpSinkProcess {
  private constructor(
    private readonly child: ChildProcess,
    /** For OTEL_EXPORTER_OTLP_ENDPOINT. */
    readonly endpoint: string,
  ) {}

  static async start(): Promise<OtlpSinkProcess> {
    const child = fork(__filename, [], { execArgv: ['-r', path.join(__dirname, '../../scripts/register.js')] });
    const port = await new Promise<number>((resolve) =>
      child.once('message', (m: { port: number }) => resolve(m.port)),
    );
    return new OtlpSinkProcess(child, `http://127.0.0.1:${port}`);
  }

  /** Spans received so far. */
  spans(): Promise<number> {
    return new Promise((resolve) => {
      this.child.once('message', (m: { spans: number }) => resolve(m.spans));
      this.child.send({});
    });
  }

  stop(): void {
    this.child.disconnect();
  }
}

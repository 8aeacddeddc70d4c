import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, startProcess } from '../support/process';

const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The fenced blocks of README.md whose info string is `lang` plus optional tags. */
function blocks(info: RegExp): string[] {
  return [...README.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].filter((m) => info.test(m[1])).map((m) => m[2]);
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

/**
 * README's tour, run as a reader would: a fresh `npm start`-like server with the
 * development setup, the token from its banner, and every ```sh tour block in order in one bash.
 */
describe('README tour', () => {
  it('runs every tour command: a delivery arrives signed and is DELIVERED, a filtered configuration gets a test send', async () => {
    const script = blocks(/^sh tour$/).join('\n');
    expect(script).toContain('/data/orders/records');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-tour-'));
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-tour-cwd-'));
    const server = startProcess('main.ts', { NODE_ENV: 'development', DATA_DIR: dataDir });
    try {
      const base = await server.ready;
      const banner = server.output();
      expect(banner.indexOf('/console/')).toBeLessThan(banner.indexOf('/graphql'));
      const token = /Development token[^\n]*\n\s+(\S+)/.exec(banner)?.[1];
      expect(token).toBeTruthy();
      const receiverPort = await freePort();
      const child = spawn('bash', ['-euo', 'pipefail', '-c', script], {
        cwd: work,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          BASE: base,
          TOKEN: token,
          RECEIVER_PORT: String(receiverPort),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // the group is gone already
      }
      expect(code, out).toBe(0);
      expect(out).toContain('"status":"DELIVERED"');
      expect(out).toContain('signature ok');
      expect(out).not.toContain('SIGNATURE BAD');
      expect(out).toMatch(/"columns":\["time","total"\]/);
      // It ends with a filtered configuration and a signed test send that reached the receiver.
      expect(out).toMatch(/"filter":\{(?=[^}]*"field":"data\.amount")(?=[^}]*"op":"GTE")[^}]*\}/);
      expect(out).toContain('"changedFields":["amount"]');
      expect(out).toMatch(/"attemptNumber":1,.*"statusCode":200/);
      expect(out).toMatch(/signature ok .*"operation":"TEST".*"amount":250/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(work, { recursive: true, force: true });
    }
    // A fresh embedded database and a server from sources: slow to start on a busy machine.
  }, 600_000);

  it('has Node and Python signature checks that accept a real signature and refuse a wrong one', () => {
    const [js] = blocks(/^js$/);
    const [py] = blocks(/^python$/);
    expect(js).toContain('verifyHookgate');
    expect(py).toContain('verify_hookgate');
    const body = '{"eventId":"e-1","data":{"id":"o-1"}}';
    const ts = String(Math.floor(Date.now() / 1000));
    const sig = crypto.createHmac('sha256', 'tour-secret').update(`${ts}.${body}`).digest('base64');
    const rotating = `v1=${sig} v1=${crypto.randomBytes(32).toString('base64')}`;
    const headers = { 'x-hookgate-timestamp': ts, 'x-hookgate-signature': rotating };
    const node = (secret: string) =>
      execFileSync(
        process.execPath,
        [
          '-e',
          `${js}\nconsole.log(verifyHookgate(${JSON.stringify(secret)}, ${JSON.stringify(headers)}, ${JSON.stringify(body)}))`,
        ],
        { encoding: 'utf8' },
      ).trim();
    const python = (secret: string) =>
      execFileSync(
        'python3',
        [
          '-c',
          `${py}\nprint(verify_hookgate(${JSON.stringify(secret)}, ${JSON.stringify(headers)}, ${JSON.stringify(body)}.encode()))`,
        ],
        { encoding: 'utf8' },
      ).trim();
    expect(node('tour-secret')).toBe('true');
    expect(node('other-secret')).toBe('false');
    expect(python('tour-secret')).toBe('True');
    expect(python('other-secret')).toBe('False');
  });
});

import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellQuote, signingExample, type ExampleScheme, type ExampleTrigger } from '../../console/src/examples';
import { startTestApp, uniqueTenant, type TestApp } from '../support/app';
import { createTrigger } from '../e2e/trigger-helpers';

/**
 * The console's copyable signing examples, run in bash: with hostile values (URL, header names,
 * secret, body, header prefix) pasting one runs nothing but the example, and the commands it runs
 * get each value literally; with ordinary values it signs a request the real intake accepts.
 */
const run = promisify(execFile);
const SCHEMES: ExampleScheme[] = ['HMAC_HEX', 'STANDARD_WEBHOOKS', 'GITHUB', 'STRIPE', 'SLACK', 'HOOKGATE_V1'];

// Made when the file loads: the hostile values below name files in `markers`.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-examples-'));
const markers = path.join(dir, 'markers');
const bin = path.join(dir, 'bin');
const logs = path.join(dir, 'logs');

/**
 * Fake curl and openssl: each call's argv (NUL-separated) and, for openssl, its stdin, in a file of
 * its own. A pipeline runs two openssl at once, so a shared log could interleave their records.
 */
const FAKE_CURL = `#!/bin/bash
printf '%s\\0' "$@" > "$(mktemp "$LOG_DIR/curl.XXXXXX")"
echo '{"success":true}'
`;
const FAKE_OPENSSL = `#!/bin/bash
printf '%s\\0' "$@" > "$(mktemp "$LOG_DIR/openssl.XXXXXX")"
case "$1" in
  rand) echo 0123456789abcdef ;;
  dgst) cat > "$(mktemp "$LOG_DIR/openssl-stdin.XXXXXX")"; echo '(stdin)= 5ac0ffee' ;;
  *) cat > "$(mktemp "$LOG_DIR/openssl-stdin.XXXXXX")"; echo 'c2lnbmVk' ;;
esac
`;

beforeAll(() => {
  for (const d of [markers, bin, logs]) fs.mkdirSync(d);
  fs.writeFileSync(path.join(bin, 'curl'), FAKE_CURL, { mode: 0o755 });
  fs.writeFileSync(path.join(bin, 'openssl'), FAKE_OPENSSL, { mode: 0o755 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Each way a pasted value could run a command: every one would leave a file in `markers`. */
const hostile = (what: string) => {
  const m = (n: number) => path.join(markers, `${what}-${n}`);
  return `X-\`touch ${m(1)}\`-$(touch ${m(2)})'; touch ${m(3)} #"; touch ${m(4)}\ntouch ${m(5)}\n$(id)`;
};

/** The records the fakes left for one command, in no particular order. */
const records = (prefix: string): string[] =>
  fs
    .readdirSync(logs)
    .filter((f) => f.startsWith(`${prefix}.`))
    .map((f) => fs.readFileSync(path.join(logs, f), 'utf8'));
const calls = (command: string): string[][] => records(command).map((c) => c.split('\0').slice(0, -1));
const stdins = (): string[] => records('openssl-stdin');

describe('shellQuote', () => {
  it('gives one word holding the value exactly', async () => {
    const values = ["it's", "'", "''", '$(id) `id` $HOME \\ " ! * ?', 'a\nb', ''];
    const { stdout } = await run('bash', ['-c', `printf '%s\\0' ${values.map(shellQuote).join(' ')}`]);
    expect(stdout.split('\0').slice(0, -1)).toEqual(values);
  });
});

describe('signing examples with hostile values', () => {
  const values = {
    url: `http://127.0.0.1:9/linker/triggers/webhook/${hostile('url')}`,
    secret: hostile('secret'),
    body: `{"note":"${hostile('body')}"}`,
    headerPrefix: hostile('prefix'),
  };
  const trigger = (scheme: ExampleScheme, hasWebhookSecret = true): ExampleTrigger => ({
    hasWebhookSecret,
    signatureScheme: scheme,
    webhookTimestampHeader: hostile('tsheader'),
    webhookSignatureHeader: hostile('sigheader'),
  });
  const cases: Array<[string, ExampleTrigger]> = [
    ...SCHEMES.map((s): [string, ExampleTrigger] => [s, trigger(s)]),
    ['unsigned', trigger('HMAC_HEX', false)],
  ];

  for (const [name, t] of cases) {
    it(`${name}: parses, runs nothing injected, and passes every value literally`, async () => {
      for (const f of fs.readdirSync(logs)) fs.rmSync(path.join(logs, f));
      const script = signingExample(t, values);
      const file = path.join(dir, `${name}.sh`);
      fs.writeFileSync(file, script);
      await run('bash', ['-n', file]);
      await run('bash', [file], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, LOG_DIR: logs } });
      expect(fs.readdirSync(markers), 'commands ran from a pasted value').toEqual([]);

      const [curl] = calls('curl');
      expect(curl).toBeDefined();
      expect(curl).toContain(values.url);
      expect(curl[curl.indexOf('--data-raw') + 1]).toBe(values.body);
      if (!t.hasWebhookSecret) return;
      const openssl = calls('openssl');
      const headers = curl.filter((_, i) => curl[i - 1] === '-H');
      switch (t.signatureScheme) {
        case 'HMAC_HEX':
          expect(headers.some((h) => h.startsWith(`${t.webhookTimestampHeader}: `) && /: \d+$/.test(h))).toBe(true);
          expect(headers).toContain(`${t.webhookSignatureHeader}: sha256=5ac0ffee`);
          break;
        case 'HOOKGATE_V1':
          expect(headers).toContain(`X-${values.headerPrefix}-Signature: v1=c2lnbmVk`);
          expect(headers).toContain(`X-${values.headerPrefix}-Request-Id: 0123456789abcdef`);
          break;
        case 'STANDARD_WEBHOOKS':
          // The secret (without whsec_) is the key, as hex.
          expect(openssl.flat()).toContain(`hexkey:${Buffer.from(values.secret).toString('hex')}`);
          break;
      }
      if (t.signatureScheme !== 'STANDARD_WEBHOOKS') {
        const dgst = openssl.find((argv) => argv[0] === 'dgst')!;
        expect(dgst[dgst.indexOf('-hmac') + 1]).toBe(values.secret);
      }
      // The signed text holds the body exactly.
      expect(stdins().some((s) => s.endsWith(values.body))).toBe(true);
    });
  }
});

describe('signing examples against the real intake', () => {
  let t: TestApp;
  let base: string;
  let tenant: string;
  beforeAll(async () => {
    t = await startTestApp({ DISPATCHER: 'off' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    tenant = uniqueTenant('example');
  });
  afterAll(() => t.close());

  // Not JSON-safe on purpose: quotes, a command substitution and a line break must reach intake as bytes.
  const body = `{"note":"it's $(id) \`id\` \\"q\\"\nline two"}`;
  const secrets: Array<[ExampleScheme, string]> = [
    ...SCHEMES.map((s): [ExampleScheme, string] => [
      s,
      s === 'STANDARD_WEBHOOKS' ? `whsec_${crypto.randomBytes(24).toString('base64')}` : `sec'ret $(x) ${s}`,
    ]),
    ['STANDARD_WEBHOOKS', `plain key ${crypto.randomBytes(8).toString('hex')}`],
  ];

  for (const [scheme, secret] of secrets) {
    it(`${scheme} (${secret.slice(0, 6)}…): the example's request is accepted, signed, with the body as written`, async () => {
      const created = await createTrigger(t, tenant, {
        name: `example ${scheme}`,
        webhookSecret: secret,
        signatureScheme: scheme as never,
        webhookTimestampHeader: 'X-Example-Ts',
        webhookSignatureHeader: 'X-Example-Sig',
      });
      const script = signingExample(
        { ...created, signatureScheme: scheme },
        { url: `${base}/linker/triggers/webhook/${created.id}`, secret, body },
      );
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { timeout: 20_000 });
      const answer = JSON.parse(stdout) as { data?: { eventId: string } };
      expect(answer.data?.eventId, stdout).toBeDefined();
      const row = (
        await t.runtime.db.pool.query('SELECT body, signature_verified FROM trigger_events WHERE id = $1', [
          answer.data!.eventId,
        ])
      ).rows[0];
      expect(row.signature_verified).toBe(true);
      expect(row.body.toString('utf8')).toBe(body);
    });
  }

  it('unsigned trigger: the example posts the body as written', async () => {
    const created = await createTrigger(t, tenant, { name: 'example unsigned' });
    const script = signingExample(
      { ...created, signatureScheme: 'HMAC_HEX' },
      {
        url: `${base}/linker/triggers/webhook/${created.id}`,
        body,
      },
    );
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script], { timeout: 20_000 });
    const eventId = (JSON.parse(stdout) as { data: { eventId: string } }).data.eventId;
    const row = (await t.runtime.db.pool.query('SELECT body FROM trigger_events WHERE id = $1', [eventId])).rows[0];
    expect(row.body.toString('utf8')).toBe(body);
  });
});

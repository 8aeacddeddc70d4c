import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app';
import { startProcess, type ServerProcess } from '../support/process';

const frameAncestors = (csp: string | string[] | number | undefined) =>
  String(csp ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));

/** Every answer under /console/portal: a page, an error of a missing build, whatever its path. */
const PORTAL_URLS = [
  '/console/portal',
  '/console/portal/',
  '/console/portal/deliveries?status=DEAD',
  '/console/portal#x',
];
/** Other console answers, some of which look like the portal's. */
const CONSOLE_URLS = ['/console/', '/console/webhooks', '/console/portalx', '/console/assets/portal.js', '/console'];

describe('PORTAL_FRAME_ANCESTORS on the answers of a running server', () => {
  const apps: TestApp[] = [];
  const processes: ServerProcess[] = [];
  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const p of processes) {
      if (p.child.exitCode === null) p.child.kill('SIGKILL');
      await p.exited;
    }
  });

  const headersOf = async (t: TestApp, url: string) =>
    frameAncestors((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);

  it("unset: no page may frame the portal pages ('none'), as every other console page", async () => {
    const t = await startTestApp({ DISPATCHER: 'off' });
    apps.push(t);
    for (const url of [...PORTAL_URLS, ...CONSOLE_URLS])
      expect(await headersOf(t, url), url).toBe("frame-ancestors 'none'");
  });

  it('set: the portal pages name its origins, every other console page still none', async () => {
    const t = await startTestApp({
      DISPATCHER: 'off',
      PORTAL_FRAME_ANCESTORS: 'https://app.example.com  http://127.0.0.1:8080',
    });
    apps.push(t);
    for (const url of PORTAL_URLS) {
      expect(await headersOf(t, url), url).toBe('frame-ancestors https://app.example.com http://127.0.0.1:8080');
    }
    for (const url of CONSOLE_URLS) expect(await headersOf(t, url), url).toBe("frame-ancestors 'none'");
  });

  it('refuses to start with a value that is not a list of origins, naming the setting', async () => {
    const p = startProcess('main.ts', {
      NODE_ENV: 'development',
      DATA_DIR: path.join(os.tmpdir(), 'hookgate-never'),
      PORTAL_FRAME_ANCESTORS: "https://app.example.com 'unsafe-inline'",
    });
    processes.push(p);
    expect(await p.exited).toBe(2);
    expect(p.output()).toMatch(/PORTAL_FRAME_ANCESTORS: "'unsafe-inline'" is not an origin/);
    expect(p.output()).not.toMatch(/listening on/);
  });
});

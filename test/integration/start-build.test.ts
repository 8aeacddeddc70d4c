import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

const SCRIPT = path.join(ROOT, 'scripts/build-if-stale.js');
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A project whose `npm run build` counts its runs in builds.txt and writes dist/main.js. */
function fixtureProject(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookgate-build-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src', 'main.ts'), 'export {};\n');
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({
      name: 'fixture',
      private: true,
      scripts: {
        build:
          "node -e \"const fs=require('fs');fs.mkdirSync('dist',{recursive:true});fs.writeFileSync('dist/main.js','');fs.appendFileSync('builds.txt','x')\"",
      },
    }),
  );
  return dir;
}

const builds = (dir: string) => fs.readFileSync(path.join(dir, 'builds.txt'), 'utf8').length;
const run = (dir: string) => execFileSync(process.execPath, [SCRIPT], { cwd: dir, env: { PATH: process.env.PATH } });

describe('npm start builds only when the build is stale', () => {
  it('is wired into npm start and npm run dispatcher', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.prestart).toBe('node scripts/build-if-stale.js');
    expect(pkg.scripts.dispatcher).toMatch(/^node scripts\/build-if-stale\.js && node dist\/dispatcher-main\.js$/);
  });

  it('builds a fresh clone, skips an up-to-date build, rebuilds after a source change', () => {
    const dir = fixtureProject();
    run(dir);
    expect(builds(dir)).toBe(1);
    expect(fs.existsSync(path.join(dir, 'dist', 'main.js'))).toBe(true);
    run(dir);
    run(dir);
    expect(builds(dir)).toBe(1);
    // The build happened a minute ago; a source saved half a minute ago makes the next start build.
    const stamp = path.join(dir, 'dist', '.build-stamp');
    const ago = (s: number) => new Date(Date.now() - s * 1000);
    fs.utimesSync(stamp, ago(60), ago(60));
    fs.utimesSync(path.join(dir, 'src', 'main.ts'), ago(30), ago(30));
    run(dir);
    expect(builds(dir)).toBe(2);
    run(dir);
    expect(builds(dir)).toBe(2);
    // A new file counts too; so does a missing build.
    fs.utimesSync(stamp, ago(60), ago(60));
    fs.writeFileSync(path.join(dir, 'src', 'extra.ts'), 'export {};\n');
    fs.utimesSync(path.join(dir, 'src', 'extra.ts'), ago(30), ago(30));
    fs.utimesSync(path.join(dir, 'src'), ago(30), ago(30));
    run(dir);
    expect(builds(dir)).toBe(3);
    fs.rmSync(path.join(dir, 'dist'), { recursive: true });
    run(dir);
    expect(builds(dir)).toBe(4);
  });
});

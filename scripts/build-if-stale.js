// `npm start` (and `npm run dispatcher`) run this before starting: it runs `npm run build` only
// when the build is missing or older than one of its inputs, so a restart under load starts at
// once (instead of ~20 s of rebuilding on every restart), while `npm ci && npm start` on a
// fresh clone still builds. Whatever `npm run build` does (TypeScript, the console bundle) stays
// there; this script only decides whether to run it.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = process.cwd();
/** What the build reads; a path that does not exist is skipped. */
const INPUTS = [
  'src',
  'console',
  'prisma',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];
const SKIP = new Set(['node_modules', 'dist', '.data', '.tmp']);
/** Written after a successful build, with the time the build started. */
const STAMP = path.join(root, 'dist', '.build-stamp');

/** The newest modification time under `p` (files and directories, so deletions count too). */
function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  let latest = stat.mtimeMs;
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(p)) {
      if (!SKIP.has(entry)) latest = Math.max(latest, newest(path.join(p, entry)));
    }
  }
  return latest;
}

function stampTime() {
  try {
    return fs.statSync(STAMP).mtimeMs;
  } catch {
    return -1;
  }
}

const inputs = Math.max(...INPUTS.map((p) => newest(path.join(root, p))));
if (stampTime() >= inputs) process.exit(0);

const started = new Date();
process.stderr.write('hookgate: sources changed since the last build (or no build yet): building\n');
const npm = process.env.npm_execpath;
const result = npm
  ? spawnSync(process.execPath, [npm, 'run', '-s', 'build'], { stdio: 'inherit' })
  : spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
if (result.status !== 0) process.exit(result.status ?? 1);
fs.mkdirSync(path.dirname(STAMP), { recursive: true });
fs.writeFileSync(STAMP, `${started.toISOString()}\n`);
// The start time, not the end: a file saved during the build makes the next start build again.
fs.utimesSync(STAMP, started, started);

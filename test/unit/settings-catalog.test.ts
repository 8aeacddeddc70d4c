import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../src/settings-catalog';

const SRC = path.join(__dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

// How the code reads a variable: env.X, process.env.X, env['X'], or a helper given the
// environment and the name (str(env, 'X'), int(env, 'X', …), bool(…), duration(…), envInt(…)).
const READS = [
  /\b(?:process\.)?env\??\.([A-Z][A-Z0-9_]*)\b/g,
  /\b(?:process\.)?env\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\]/g,
  /\b[A-Za-z_$][\w$]*\(\s*(?:process\.)?env\s*,\s*['"`]([A-Z][A-Z0-9_]*)['"`]/g,
];

function variablesRead(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const pattern of READS) {
      for (const m of text.matchAll(pattern)) {
        found.set(m[1], [...(found.get(m[1]) ?? []), path.relative(SRC, file)]);
      }
    }
  }
  return found;
}

describe('settings catalogue', () => {
  const read = variablesRead();
  const listed = SETTINGS.map((s) => s.name);

  it('finds the variables the code reads in every form it reads them', () => {
    // One of each form, so a scanner that stopped matching cannot pass by finding nothing.
    expect(read.get('DATABASE_URL')).toContain('config.ts');
    expect(read.get('DISPATCHER_METRICS_PORT')).toContain('dispatcher-main.ts');
    expect(read.get('DISPATCHER_CONCURRENCY')).toContain(path.join('dispatcher', 'settings.ts'));
    expect(read.get('NODE_ENV')).toContain('config.ts');
  });

  it('lists every variable the code reads', () => {
    const missing = [...read.keys()].filter((name) => !listed.includes(name)).sort();
    expect(missing, 'read in src/ but missing from src/settings-catalog.ts').toEqual([]);
  });

  it('lists no variable the code does not read, and each once, with a default and a meaning', () => {
    const unread = listed.filter((name) => !read.has(name));
    expect(unread, 'listed in src/settings-catalog.ts but read nowhere in src/').toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
    for (const s of SETTINGS) {
      expect(s.default.trim(), s.name).not.toBe('');
      expect(s.meaning.trim(), s.name).not.toBe('');
    }
  });
});

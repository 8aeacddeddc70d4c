import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pgInternalsMatch } from '../../src/db/prepared';

// src/db/prepared.ts reads node-postgres' private fields for its fast path. A pg release that
// changes them must show up here, not as slower or broken deliveries.
describe('node-postgres internals used by prepared statements', () => {
  const root = path.resolve(__dirname, '../..');
  const pinned = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies.pg as string;
  const installed = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/pg/package.json'), 'utf8'))
    .version as string;

  it('pg is pinned to one exact version, and that version is installed', () => {
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pinned);
  });

  it('the installed pg has the fields the fast path reads', () => {
    expect(pgInternalsMatch).toBe(true);
  });
});

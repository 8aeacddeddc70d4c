import { describe, expect, it } from 'vitest';
import { appliedAs, readMigrations } from '../../src/db/migrate';

describe('applied migration checksums', () => {
  const migrations = readMigrations();
  const byName = new Map(migrations.map((m) => [m.name, m]));

  it('takes a migration applied under its current checksum as applied', () => {
    for (const m of migrations) expect(appliedAs(m, m.checksum)).toBe(true);
  });

  it('takes the checksum a reworded migration shipped with as the same migration', () => {
    const reworded = byName.get('20261126001200_trigger_schemes_actions')!;
    expect(appliedAs(reworded, 'ec132f564a06c7e5085b6aad7f6f4c3cbc4d0dd8cb22ef69f6163986bca648c4')).toBe(true);
  });

  it('reports any other checksum as an edit', () => {
    for (const m of migrations) expect(appliedAs(m, '0'.repeat(64))).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, Kind, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const DIR = path.join(ROOT, 'operations');

/**
 * Every file under operations/ is one operation that a client (graphql-request, Apollo Client,
 * curl) can send as it is: exactly one operation, no fragment from another file, valid against
 * schema.graphql, named like its file.
 */
describe('operations/*.graphql', () => {
  const schema = buildSchema(fs.readFileSync(path.join(ROOT, 'schema.graphql'), 'utf8'));
  const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.graphql'));

  it('has files', () => expect(files.length).toBeGreaterThan(20));

  it.each(files)('%s holds one self-contained, valid operation named like the file', (file) => {
    const doc = parse(fs.readFileSync(path.join(DIR, file), 'utf8'));
    const operations = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
    expect(operations).toHaveLength(1);
    expect(operations[0].name?.value).toBe(path.basename(file, '.graphql'));
    expect(validate(schema, doc).map((e) => e.message)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../src/catalog/model';
import { mapRecords, parsePointer, resolvePointer } from '../../src/triggers/record-mapping';

const entity = {
  name: 'orders',
  primaryKey: 'id',
  fields: [
    { name: 'id', type: 'STRING' },
    { name: 'amount', type: 'INTEGER' },
    { name: 'at', type: 'TIMESTAMP' },
  ],
} as unknown as EntityDefinition;

const event = { id: '6f1c2a1e-0000-4000-8000-000000000001', receivedAt: new Date('2026-11-26T10:00:00.000Z') };
const body = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v));

describe('RFC 6901 JSON Pointers', () => {
  const doc = {
    foo: ['bar', 'baz'],
    '': 0,
    'a/b': 1,
    'c%d': 2,
    'e^f': 3,
    'g|h': 4,
    'i\\j': 5,
    'k"l': 6,
    ' ': 7,
    'm~n': 8,
  };
  it('resolves the examples of RFC 6901 section 5', () => {
    const cases: Array<[string, unknown]> = [
      ['', doc],
      ['/foo', ['bar', 'baz']],
      ['/foo/0', 'bar'],
      ['/', 0],
      ['/a~1b', 1],
      ['/c%d', 2],
      ['/e^f', 3],
      ['/g|h', 4],
      ['/i\\j', 5],
      ['/k"l', 6],
      ['/ ', 7],
      ['/m~0n', 8],
    ];
    for (const [pointer, value] of cases) expect(resolvePointer(doc, parsePointer(pointer)!), pointer).toEqual(value);
  });

  it('refuses what is not a pointer, and finds nothing where nothing is', () => {
    for (const p of ['foo', '#/foo', '/a~2b', '/a~']) expect(parsePointer(p), p).toBeUndefined();
    for (const p of ['/foo/2', '/foo/01', '/foo/-', '/missing', '/foo/0/x']) {
      expect(resolvePointer(doc, parsePointer(p)!), p).toBeUndefined();
    }
  });
});

describe('mapRecords', () => {
  it('takes the top-level keys that name fields, ignoring the others', () => {
    expect(mapRecords(entity, null, body({ id: 'a', amount: 2, other: true }), event)).toEqual({
      ok: true,
      records: [{ id: 'a', amount: 2 }],
    });
  });

  it('maps pointers per object of an array, with $eventId and $receivedAt', () => {
    const map = { id: '$eventId', amount: '/n/0', at: '$receivedAt' };
    const r = mapRecords(entity, map, body([{ n: [1] }]), event);
    expect(r).toEqual({ ok: true, records: [{ id: event.id, amount: 1, at: '2026-11-26T10:00:00.000Z' }] });
  });

  it('names the first problem', () => {
    const cases: Array<[unknown, Record<string, string> | null, RegExp]> = [
      ['{"id":', null, /^body: is not JSON/],
      [Buffer.from([0xff, 0xfe]), null, /not UTF-8/],
      [42, null, /^body: must be a JSON object/],
      [[], null, /1 to 1000/],
      [Array.from({ length: 1001 }, (_, i) => ({ id: String(i) })), null, /1 to 1000/],
      [{ amount: 1 }, null, /^body\.id: is required/],
      [{ id: 'a', amount: 1.5 }, null, /^body\.amount/],
      [[{ id: 'a' }, 'x'], null, /^body\[1\]: must be a JSON object/],
      [{ x: {} }, { id: '/x/id' }, /^body\/x\/id: is missing \(for field id\)/],
    ];
    for (const [b, map, error] of cases) {
      const r = mapRecords(entity, map, Buffer.isBuffer(b) ? b : body(b), event);
      expect(r.ok, String(error)).toBe(false);
      if (!r.ok) expect(r.error).toMatch(error);
    }
  });
});

import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Parser } from '@asyncapi/parser';
import { describe, expect, it } from 'vitest';
import type { EntityDefinition } from '../../src/catalog/model';
import { asyncApiDocument } from '../../src/events/asyncapi';
import { eventCatalog, JSON_SCHEMA_DIALECT, type EventType } from '../../src/events/catalog';

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);

const entity = (name: string, fields: EntityDefinition['fields'], primaryKey: string): EntityDefinition => ({
  name,
  fields,
  primaryKey,
  timeField: null,
  tableName: name,
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

const everyType = entity(
  'things',
  [
    { name: 'id', type: 'INTEGER' },
    { name: 'label', type: 'STRING' },
    { name: 'ratio', type: 'FLOAT' },
    { name: 'price', type: 'DECIMAL' },
    { name: 'active', type: 'BOOLEAN' },
    { name: 'seen_at', type: 'TIMESTAMP' },
    { name: 'day', type: 'DATE' },
    { name: 'extra', type: 'JSON' },
  ],
  'id',
);
const orders = entity(
  'orders',
  [
    { name: 'code', type: 'STRING' },
    { name: 'total', type: 'DECIMAL' },
  ],
  'code',
);

const catalog = eventCatalog('acme', [everyType, orders]);
const entry = (entityName: string, operation: string): EventType =>
  catalog.find((e) => e.entityName === entityName && e.operation === operation)!;
const validates = (e: EventType, payload: unknown) => ajv.validate(e.schema, payload);

const record = {
  id: 7,
  label: 'x',
  ratio: 0.5,
  price: 12.3,
  active: false,
  seen_at: '2026-01-02T03:04:05.006Z',
  day: '2026-01-02',
  extra: [1, 'two'],
};
const payload = (operation: string, data: unknown, previous: unknown) => ({
  eventId: '3b241101-e2bb-4255-8caf-4136c566a962',
  tenantId: 'acme',
  entityName: 'things',
  operation,
  requestId: '6fa459ea-ee8a-4ca4-894e-db77e160355e',
  writeRequestId: 'caller-request-1',
  occurredAt: '2026-01-02T03:04:05.678Z',
  data,
  previous,
});

describe('event catalog generator', () => {
  it('lists each entity, by name, with INSERT, UPDATE, UPSERT and DELETE, then the operational events', () => {
    expect(catalog.map((e) => `${e.entityName} ${e.operation}`)).toEqual([
      'orders INSERT',
      'orders UPDATE',
      'orders UPSERT',
      'orders DELETE',
      'things INSERT',
      'things UPDATE',
      'things UPSERT',
      'things DELETE',
      '$operations DELIVERY_DEAD',
      '$operations CIRCUIT_OPENED',
      '$operations CIRCUIT_CLOSED',
      '$operations TRIGGER_ACTION_FAILED',
    ]);
    expect(eventCatalog('acme', []).map((e) => e.entityName)).toEqual(Array(4).fill('$operations'));
  });

  it('writes draft 2020-12 schemas that are closed and require every property', () => {
    for (const e of catalog) {
      expect(e.schema.$schema).toBe(JSON_SCHEMA_DIALECT);
      expect(e.schema.additionalProperties).toBe(false);
      expect(e.schema.required).toEqual([
        'eventId',
        'tenantId',
        'entityName',
        'operation',
        'requestId',
        'writeRequestId',
        'occurredAt',
        'data',
        'previous',
      ]);
      expect(ajv.validateSchema(e.schema), ajv.errorsText()).toBe(true);
    }
  });

  it('gives an example of every entry that validates, with every field set to a value of its type', () => {
    for (const e of catalog) {
      expect(validates(e, e.example), `${e.entityName} ${e.operation}: ${ajv.errorsText()}`).toBe(true);
    }
    const insert = entry('things', 'INSERT').example as { data: Record<string, unknown>; previous: unknown };
    expect(insert.previous).toBeNull();
    expect(Object.keys(insert.data)).toEqual(everyType.fields.map((f) => f.name));
    expect(Object.values(insert.data)).not.toContain(null);
    expect(entry('things', 'DELETE').example).toMatchObject({ data: null, previous: { id: 42 } });
  });

  it('types data and previous from the fields as payloads carry them; only the key is never null', () => {
    const update = entry('things', 'UPDATE');
    expect(validates(update, payload('UPDATE', record, record))).toBe(true);
    const allNull = { ...Object.fromEntries(Object.keys(record).map((k) => [k, null])), id: 8 };
    expect(validates(update, payload('UPDATE', allNull, record))).toBe(true);

    const wrong: Array<[string, unknown]> = [
      ['id', null],
      ['id', 1.5],
      ['id', '7'],
      ['label', 3],
      ['ratio', '0.5'],
      ['price', '12.3'],
      ['active', 'false'],
      ['seen_at', '2026-01-02'],
      ['seen_at', '2026-01-02T03:04:05+01:00'],
      ['day', '2026-01-02T00:00:00.000Z'],
      ['day', '2026-02-30'],
    ];
    for (const [field, value] of wrong) {
      expect(validates(update, payload('UPDATE', { ...record, [field]: value }, record)), `${field}=${value}`).toBe(
        false,
      );
    }
    const { label: _label, ...missing } = record;
    expect(validates(update, payload('UPDATE', missing, record))).toBe(false);
    expect(validates(update, payload('UPDATE', record, { ...record, ghost: 1 }))).toBe(false);
    expect(validates(update, { ...payload('UPDATE', record, record), extra: true })).toBe(false);
    expect(validates(update, payload('UPDATE', record, null))).toBe(false);
    expect(validates(update, { ...payload('UPDATE', record, record), tenantId: 'other' })).toBe(false);
    expect(validates(update, { ...payload('UPDATE', record, record), eventId: 'not-a-uuid' })).toBe(false);
  });

  it('holds data and previous to the payload rules of each operation', () => {
    const ops = (op: string, data: unknown, previous: unknown) =>
      validates(entry('things', op), payload(op, data, previous));
    expect(ops('INSERT', record, null)).toBe(true);
    expect(ops('INSERT', record, record)).toBe(false);
    expect(ops('INSERT', null, null)).toBe(false);
    expect(ops('UPSERT', record, null)).toBe(true);
    expect(ops('UPSERT', record, record)).toBe(true);
    expect(ops('UPSERT', null, record)).toBe(false);
    expect(ops('DELETE', null, record)).toBe(true);
    expect(ops('DELETE', record, record)).toBe(false);
    expect(ops('DELETE', null, null)).toBe(false);
    // An entry is for its own operation and entity.
    expect(validates(entry('things', 'UPDATE'), payload('UPSERT', record, record))).toBe(false);
    expect(validates(entry('orders', 'UPDATE'), payload('UPDATE', record, record))).toBe(false);
  });

  it('describes configurations as an AsyncAPI 3.0 document that parses without errors', async () => {
    const doc = asyncApiDocument(
      { tenantId: 'acme', version: '1.0.0', headerPrefix: 'Hookgate' },
      [
        {
          id: '0b5f4e39-52a4-4b7e-9c1e-2d7f1f0c9a11',
          entityName: 'things',
          events: ['INSERT', 'DELETE'],
          webhookUrl: 'https://example.com/hooks/things?x=1',
          httpMethod: 'POST',
          enabled: true,
        },
        {
          id: '5c2a1b7e-4d3f-4a8b-b9c0-1e2f3a4b5c6d',
          entityName: 'ghosts',
          events: ['UPDATE'],
          webhookUrl: 'http://127.0.0.1:9/ghosts',
          httpMethod: 'PUT',
          enabled: false,
        },
        {
          id: '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6',
          entityName: '$operations',
          events: ['DELIVERY_DEAD', 'CIRCUIT_OPENED'],
          webhookUrl: 'https://example.com/hooks/ops',
          httpMethod: 'POST',
          enabled: true,
        },
      ],
      catalog,
    );
    const { document, diagnostics } = await new Parser().parse(JSON.stringify(doc));
    expect(diagnostics.filter((d) => d.severity === 0)).toEqual([]);
    expect(document).toBeDefined();
    const channel = document!.channels().get('webhook-0b5f4e39-52a4-4b7e-9c1e-2d7f1f0c9a11')!;
    expect(channel.address()).toBe('https://example.com/hooks/things?x=1');
    expect(
      channel
        .messages()
        .all()
        .map((m) => m.id())
        .sort(),
    ).toEqual(['things.DELETE', 'things.INSERT']);
    expect(
      document!
        .operations()
        .all()
        .map((o) => o.action()),
    ).toEqual(['send', 'send', 'send']);
    // An $operations configuration's messages are its operational kinds, under names AsyncAPI allows.
    expect(
      document!
        .channels()
        .get('webhook-7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6')!
        .messages()
        .all()
        .map((m) => m.id()),
    ).toEqual(['hookgate-operations.DELIVERY_DEAD', 'hookgate-operations.CIRCUIT_OPENED']);
    // The entity that is not defined has a channel, without messages.
    expect(document!.channels().get('webhook-5c2a1b7e-4d3f-4a8b-b9c0-1e2f3a4b5c6d')!.messages().all()).toEqual([]);
  });
});

import crypto from 'node:crypto';
import type { TenantContext } from '../auth/permissions';
import type { EntityDefinition, FieldType } from '../catalog/model';
import { sendOnce, type SingleAttempt } from '../dispatcher/send-once';
import type { DeliveryConfig } from '../dispatcher/request';
import { AppError, validationError } from '../errors';

/** What a test send needs of the entity catalogue: the entity whose example record it sends. */
export interface TestSendEntities {
  get(ctx: TenantContext, name: string): Promise<EntityDefinition>;
}

export interface TestSendSettings {
  /** WEBHOOK_HEADER_PREFIX */
  headerPrefix: string;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS */
  allowPrivateTargets: boolean;
}

/** A test send's result: a delivery attempt, always the first. */
export interface TestAttempt extends SingleAttempt {
  attemptNumber: 1;
}

/**
 * The `data` of a test send: a JSON object, or undefined when none is given (null counts as none).
 * Anything else is 400 VALIDATION_FAILED naming `data`.
 */
export function readTestData(data: unknown): Record<string, unknown> | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof data !== 'object' || Array.isArray(data))
    throw validationError([{ field: 'data', message: 'must be a JSON object' }]);
  return data as Record<string, unknown>;
}

/** The REST body of a test send, `{ "data"?: {…} }` (or no body at all). */
export function readTestBody(body: unknown): Record<string, unknown> | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'object' || Array.isArray(body))
    throw validationError([{ field: 'body', message: 'must be a JSON object' }]);
  return readTestData((body as { data?: unknown }).data);
}

/** A value of each field type, in the JSON form deliveries carry it. */
function exampleValue(type: FieldType, name: string, at: Date): unknown {
  switch (type) {
    case 'STRING':
      return `example ${name}`;
    case 'INTEGER':
      return 42;
    case 'FLOAT':
      return 3.25;
    case 'DECIMAL':
      return 19.99;
    case 'BOOLEAN':
      return true;
    case 'TIMESTAMP':
      return at.toISOString();
    case 'DATE':
      return at.toISOString().slice(0, 10);
    case 'JSON':
      return { example: true };
  }
}

/** A record of the entity with every field set to a value of its type. */
export function exampleRecord(entity: EntityDefinition, at: Date): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const field of entity.fields) record[field.name] = exampleValue(field.type, field.name, at);
  return record;
}

/**
 * Test sends: one example delivery to a configuration's endpoint, answered at once. The payload
 * has a real delivery's shape with `operation: "TEST"`; the request is made, signed and guarded as
 * the dispatcher makes it, and nothing is written to the outbox or the attempt log.
 */
export class TestSender {
  constructor(
    private readonly entities: TestSendEntities,
    private readonly settings: TestSendSettings,
  ) {}

  async send(
    ctx: TenantContext,
    config: DeliveryConfig & { entityName: string },
    data: Record<string, unknown> | undefined,
    writeRequestId: string,
  ): Promise<TestAttempt> {
    const occurredAt = new Date();
    const requestId = crypto.randomUUID();
    const payload = {
      eventId: crypto.randomUUID(),
      tenantId: ctx.tenantId,
      entityName: config.entityName,
      operation: 'TEST',
      requestId,
      writeRequestId,
      occurredAt: occurredAt.toISOString(),
      data: data ?? (await this.example(ctx, config.entityName, occurredAt)),
      previous: null,
    };
    // Disabled configurations are tested too: only the dispatcher skips them.
    const attempt = await sendOnce(
      { ...config, enabled: true },
      { requestId, payloadJson: JSON.stringify(payload) },
      this.settings,
    );
    return { attemptNumber: 1, ...attempt };
  }

  /** The entity's example record; an entity not defined (yet) has no fields to show: `{}`. */
  private async example(ctx: TenantContext, entityName: string, at: Date): Promise<Record<string, unknown>> {
    try {
      return exampleRecord(await this.entities.get(ctx, entityName), at);
    } catch (err) {
      if (err instanceof AppError && err.code === 'ENTITY_NOT_FOUND') return {};
      throw err;
    }
  }
}

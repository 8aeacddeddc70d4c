import crypto from 'node:crypto';
import type { TenantContext } from '../auth/permissions';
import { exampleRecord } from '../catalog/example-record';
import type { EntityDefinition } from '../catalog/model';
import { sendOnce, type SingleAttempt } from '../dispatcher/send-once';
import type { DeliveryConfig } from '../dispatcher/request';
import { AppError, validationError } from '../errors';
import { eventCatalog } from '../events/catalog';
import { OPERATIONS_ENTITY } from './model';

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
    config: DeliveryConfig & { entityName: string; operationalEvents: readonly string[] | null },
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
      data: data ?? (await this.example(ctx, config)),
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

  /**
   * The entity's example record; an entity not defined (yet) has no fields to show: `{}`. An
   * `$operations` configuration gets the event catalog's example `data` of its first kind.
   */
  private async example(
    ctx: TenantContext,
    config: { entityName: string; operationalEvents: readonly string[] | null },
  ): Promise<Record<string, unknown>> {
    if (config.entityName === OPERATIONS_ENTITY) {
      const kind = config.operationalEvents?.[0];
      const entry = eventCatalog(ctx.tenantId, []).find(
        (e) => e.entityName === OPERATIONS_ENTITY && e.operation === kind,
      );
      return (entry?.example.data as Record<string, unknown> | undefined) ?? {};
    }
    try {
      return exampleRecord(await this.entities.get(ctx, config.entityName));
    } catch (err) {
      if (err instanceof AppError && err.code === 'ENTITY_NOT_FOUND') return {};
      throw err;
    }
  }
}

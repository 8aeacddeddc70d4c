import crypto from 'node:crypto';
import {
  Prisma,
  type PrismaClient,
  type Trigger as TriggerRow,
  type TriggerEvent as TriggerEventRow,
} from '../generated/prisma/client';
import type { TenantContext } from '../auth/permissions';
import { TRIGGER_DEFAULTS, triggerNotFound, type Trigger, type TriggerEvent, type TriggerEventPage } from './model';
import { encodeCursor, readEventPaging, readTriggerFields, type TriggerFields } from './validation';
import { UUID_PATTERN } from '../validation';
import { sealSecret } from '../secrets';
import type { EntityService } from '../catalog/entity-service';
import type { Database } from '../db/database';
import { retryOnLostRace } from '../db/retry';
import { AppError, validationError, type FieldError } from '../errors';
import type { BatchOperation } from '../records/record-service';
import { describeActionError } from './action-errors';
import type { ActionApplier } from './event-writer';
import type { SignatureScheme } from './schemes';
import type { TriggerAction, TriggerActionStatus } from './model';

function toModel(row: TriggerRow): Trigger {
  return {
    id: row.id,
    tenantId: row.tenantId,
    name: row.name,
    enabled: row.enabled,
    hasWebhookSecret: row.webhookSecret !== null && row.webhookSecret !== '',
    webhookTimestampHeader: row.webhookTimestampHeader,
    webhookSignatureHeader: row.webhookSignatureHeader,
    webhookMaxSkewSeconds: row.webhookMaxSkewSeconds,
    signatureScheme: row.signatureScheme as SignatureScheme,
    action: row.action as TriggerAction,
    recordEntity: row.recordEntity,
    recordOperation: row.recordOperation as BatchOperation,
    recordFieldMap: (row.recordFieldMap as Record<string, string> | null) ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

function toEvent(row: TriggerEventRow): TriggerEvent {
  return {
    id: row.id,
    triggerId: row.triggerId,
    receivedAt: row.receivedAt,
    contentType: row.contentType,
    body: Buffer.from(row.body),
    headers: (row.headers ?? {}) as Record<string, string>,
    signatureVerified: row.signatureVerified,
    actionStatus: row.actionStatus as TriggerActionStatus,
    actionError: row.actionError,
  };
}

const eventNotFound = () => new AppError('TRIGGER_NOT_FOUND', 'Trigger event not found');

/** A retried action that failed again for the event's own reasons (rolled back, then recorded). */
class StillFailing extends Error {}

export interface TriggerServiceDeps {
  db: Pick<Database, 'transaction'>;
  entities: Pick<EntityService, 'get'>;
  actions: ActionApplier;
}

/**
 * The text budget of the request a page of events is read for (GraphQL's ListBudget): a page
 * holds no more body bytes than it has room for, and its bodies are charged before they are read.
 */
export interface EventBodyBudget {
  textRoom(): number;
  prepayText(bytes: number): void;
}

/** Body bytes one page of events carries at most (a single larger event still fits alone). */
const PAGE_BODY_BUDGET = 16 * 1024 * 1024;

/** Trigger management and the event log. Every read and write is scoped to ctx.tenantId. */
export class TriggerService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly deps: TriggerServiceDeps,
    private readonly pageBodyBudget = PAGE_BODY_BUDGET,
  ) {}

  async create(ctx: TenantContext, body: unknown): Promise<Trigger> {
    const f = readTriggerFields(body, 'create', { ...TRIGGER_DEFAULTS, hasWebhookSecret: false, recordEntity: null });
    await this.checkRecordTarget(ctx, f, { action: TRIGGER_DEFAULTS.action, recordEntity: null, recordFieldMap: null });
    const row = await this.prisma.trigger.create({
      data: {
        id: crypto.randomUUID(),
        tenantId: ctx.tenantId,
        name: f.name!,
        enabled: f.enabled ?? TRIGGER_DEFAULTS.enabled,
        webhookSecret: sealSecret(f.webhookSecret ?? null),
        webhookTimestampHeader: f.webhookTimestampHeader ?? TRIGGER_DEFAULTS.webhookTimestampHeader,
        webhookSignatureHeader: f.webhookSignatureHeader ?? TRIGGER_DEFAULTS.webhookSignatureHeader,
        webhookMaxSkewSeconds: f.webhookMaxSkewSeconds ?? TRIGGER_DEFAULTS.webhookMaxSkewSeconds,
        signatureScheme: f.signatureScheme ?? TRIGGER_DEFAULTS.signatureScheme,
        action: f.action ?? TRIGGER_DEFAULTS.action,
        recordEntity: f.recordEntity ?? null,
        recordOperation: f.recordOperation ?? TRIGGER_DEFAULTS.recordOperation,
        recordFieldMap: f.recordFieldMap ?? undefined,
        createdBy: ctx.actor,
        updatedBy: ctx.actor,
      },
    });
    return toModel(row);
  }

  async update(ctx: TenantContext, id: string, body: unknown): Promise<Trigger> {
    const current = await this.row(ctx, id);
    const f = readTriggerFields(body, 'update', {
      ...current,
      hasWebhookSecret: current.webhookSecret !== null && current.webhookSecret !== '',
    });
    await this.checkRecordTarget(ctx, f, {
      action: current.action,
      recordEntity: current.recordEntity,
      recordFieldMap: current.recordFieldMap as Record<string, string> | null,
    });
    const { recordFieldMap, ...rest } = f;
    const { count } = await this.prisma.trigger.updateMany({
      where: { id, tenantId: ctx.tenantId },
      data: {
        ...rest,
        ...(rest.webhookSecret !== undefined ? { webhookSecret: sealSecret(rest.webhookSecret) } : {}),
        ...(recordFieldMap === undefined ? {} : { recordFieldMap: recordFieldMap ?? Prisma.DbNull }),
        updatedAt: new Date(),
        updatedBy: ctx.actor,
      },
    });
    if (count === 0) throw triggerNotFound();
    return this.get(ctx, id);
  }

  /**
   * A RECORD trigger must name an entity of the tenant, and its field map only fields of that
   * entity, the primary key among them. Checked whenever one of the three changes, against the
   * catalogue as it is now; an entity dropped later fails the events (FAILED), not the trigger.
   */
  private async checkRecordTarget(
    ctx: TenantContext,
    f: TriggerFields,
    current: { action: string; recordEntity: string | null; recordFieldMap: Record<string, string> | null },
  ): Promise<void> {
    if (f.action === undefined && f.recordEntity === undefined && f.recordFieldMap === undefined) return;
    const action = f.action ?? current.action;
    const entityName = f.recordEntity === undefined ? current.recordEntity : f.recordEntity;
    if (action !== 'RECORD' || !entityName) return;
    let entity;
    try {
      entity = await this.deps.entities.get(ctx, entityName);
    } catch (err) {
      if (err instanceof AppError && err.code === 'ENTITY_NOT_FOUND') {
        throw validationError([{ field: 'recordEntity', message: `is not an entity of this tenant (${entityName})` }]);
      }
      throw err;
    }
    const fieldMap = f.recordFieldMap === undefined ? current.recordFieldMap : f.recordFieldMap;
    if (!fieldMap) return;
    const fields = new Set(entity.fields.map((x) => x.name));
    const errors: FieldError[] = Object.keys(fieldMap)
      .filter((name) => !fields.has(name))
      .map((name) => ({ field: `recordFieldMap.${name}`, message: `is not a field of entity ${entity.name}` }));
    if (!Object.hasOwn(fieldMap, entity.primaryKey)) {
      errors.push({ field: 'recordFieldMap', message: `must map the primary key ${entity.primaryKey}` });
    }
    if (errors.length) throw validationError(errors);
  }

  /**
   * Applies the action of a FAILED event again with the trigger's settings as they are now (say,
   * after its entity was defined or fixed). An APPLIED event is answered as it is (a second retry
   * changes nothing); an event of a STORE trigger has no action to retry.
   */
  async retryEvent(ctx: TenantContext, id: string): Promise<TriggerEvent> {
    if (!UUID_PATTERN.test(id)) throw eventNotFound();
    const event = await this.prisma.triggerEvent.findFirst({ where: { id, tenantId: ctx.tenantId } });
    if (!event) throw eventNotFound();
    if (event.actionStatus === 'APPLIED') return toEvent(event);
    const trigger = await this.prisma.trigger.findFirst({ where: { id: event.triggerId, tenantId: ctx.tenantId } });
    if (event.actionStatus !== 'FAILED' || !trigger || trigger.action !== 'RECORD' || !trigger.recordEntity) {
      throw validationError([{ field: 'id', message: 'has no failed RECORD action to retry' }]);
    }
    const [prepared] = await this.deps.actions.prepare([
      {
        id: event.id,
        tenantId: event.tenantId,
        receivedAt: event.receivedAt,
        body: Buffer.from(event.body),
        signatureVerified: event.signatureVerified,
        record: {
          entityName: trigger.recordEntity,
          operation: trigger.recordOperation as BatchOperation,
          fieldMap: (trigger.recordFieldMap as Record<string, string> | null) ?? null,
        },
      },
    ]);
    let failure: string | null = prepared && !prepared.ok ? prepared.error : null;
    if (prepared?.ok) {
      try {
        await retryOnLostRace(() =>
          this.deps.db.transaction(async (client) => {
            // Only one retry applies: a concurrent one waits here and then finds it APPLIED.
            const { rows } = await client.query<{ action_status: string }>(
              `SELECT action_status FROM "public"."trigger_events" WHERE id = $1 FOR UPDATE`,
              [id],
            );
            if (rows[0]?.action_status !== 'FAILED') return;
            try {
              await this.deps.actions.apply(client, [prepared]);
            } catch (err) {
              const reason = describeActionError(err);
              if (reason === undefined) throw err;
              throw new StillFailing(reason);
            }
            await client.query(
              `UPDATE "public"."trigger_events" SET action_status = 'APPLIED', action_error = NULL WHERE id = $1`,
              [id],
            );
          }),
        );
      } catch (err) {
        if (!(err instanceof StillFailing)) throw err;
        failure = err.message;
      }
    }
    if (failure !== null) {
      await this.prisma.triggerEvent.updateMany({
        where: { id, tenantId: ctx.tenantId, actionStatus: 'FAILED' },
        data: { actionError: failure },
      });
    }
    const after = await this.prisma.triggerEvent.findFirst({ where: { id, tenantId: ctx.tenantId } });
    if (!after) throw eventNotFound();
    return toEvent(after);
  }

  /** Deletes the trigger and its events; its intake path answers 404 from then on. */
  async delete(ctx: TenantContext, id: string): Promise<void> {
    if (!UUID_PATTERN.test(id)) throw triggerNotFound();
    const { count } = await this.prisma.trigger.deleteMany({ where: { id, tenantId: ctx.tenantId } });
    if (count === 0) throw triggerNotFound();
  }

  async get(ctx: TenantContext, id: string): Promise<Trigger> {
    return toModel(await this.row(ctx, id));
  }

  /** Every trigger of the tenant, oldest first. */
  async list(ctx: TenantContext): Promise<Trigger[]> {
    const rows = await this.prisma.trigger.findMany({
      where: { tenantId: ctx.tenantId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toModel);
  }

  /**
   * Accepted events of a trigger, newest first, at most `first` at a time; `after` is a previous
   * page's nextCursor. Bodies may be up to the intake limit each, so a page also ends once its
   * bodies pass the body budget (never before its first event); nextCursor then continues there.
   */
  async events(
    ctx: TenantContext,
    triggerId: string,
    paging: { first?: unknown; after?: unknown },
    bodyBudget?: EventBodyBudget,
  ): Promise<TriggerEventPage> {
    const { first, beforeSeq } = readEventPaging(paging.first, paging.after);
    await this.row(ctx, triggerId);
    // Positions and sizes first, without the bodies.
    const sized = await this.prisma.$queryRaw<Array<{ id: string; seq: bigint; size: number }>>`
      SELECT id, seq, octet_length(body) AS size FROM "public"."trigger_events"
       WHERE trigger_id = ${triggerId}::uuid AND tenant_id = ${ctx.tenantId}
         AND (${beforeSeq ?? null}::bigint IS NULL OR seq < ${beforeSeq ?? null}::bigint)
       ORDER BY seq DESC LIMIT ${first + 1}`;
    const chosen: typeof sized = [];
    let bytes = 0;
    const pageBytes = Math.min(this.pageBodyBudget, bodyBudget?.textRoom() ?? Infinity);
    for (const e of sized.slice(0, first)) {
      if (chosen.length > 0 && bytes + Number(e.size) > pageBytes) break;
      bytes += Number(e.size);
      chosen.push(e);
    }
    // Counted before the bodies are read (and refused if even the first does not fit), in the
    // same turn as the room was read: no other field of the request can take that room meanwhile.
    bodyBudget?.prepayText(bytes);
    const rows = await this.prisma.triggerEvent.findMany({
      where: { id: { in: chosen.map((e) => e.id) }, tenantId: ctx.tenantId },
      orderBy: { seq: 'desc' },
    });
    return {
      items: rows.map(toEvent),
      nextCursor: sized.length > chosen.length ? encodeCursor(BigInt(chosen[chosen.length - 1].seq)) : null,
    };
  }

  private async row(ctx: TenantContext, id: string): Promise<TriggerRow> {
    if (!UUID_PATTERN.test(id)) throw triggerNotFound();
    const row = await this.prisma.trigger.findFirst({ where: { id, tenantId: ctx.tenantId } });
    if (!row) throw triggerNotFound();
    return row;
  }
}

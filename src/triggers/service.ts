import crypto from 'node:crypto';
import type { PrismaClient, Trigger as TriggerRow, TriggerEvent as TriggerEventRow } from '../generated/prisma/client';
import type { TenantContext } from '../auth/permissions';
import { TRIGGER_DEFAULTS, triggerNotFound, type Trigger, type TriggerEvent, type TriggerEventPage } from './model';
import { UUID_PATTERN } from '../validation';
import { encodeCursor, readEventPaging, readTriggerFields } from './validation';

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
  };
}

/** Body bytes one page of events carries at most (a single larger event still fits alone). */
export const PAGE_BODY_BUDGET = 16 * 1024 * 1024;

/** Trigger management and the event log (CONTRACT §6). Every read and write is scoped to ctx.tenantId. */
export class TriggerService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly pageBodyBudget = PAGE_BODY_BUDGET,
  ) {}

  async create(ctx: TenantContext, body: unknown): Promise<Trigger> {
    const f = readTriggerFields(body, 'create', TRIGGER_DEFAULTS);
    const row = await this.prisma.trigger.create({
      data: {
        id: crypto.randomUUID(),
        tenantId: ctx.tenantId,
        name: f.name!,
        enabled: f.enabled ?? TRIGGER_DEFAULTS.enabled,
        webhookSecret: f.webhookSecret ?? null,
        webhookTimestampHeader: f.webhookTimestampHeader ?? TRIGGER_DEFAULTS.webhookTimestampHeader,
        webhookSignatureHeader: f.webhookSignatureHeader ?? TRIGGER_DEFAULTS.webhookSignatureHeader,
        webhookMaxSkewSeconds: f.webhookMaxSkewSeconds ?? TRIGGER_DEFAULTS.webhookMaxSkewSeconds,
        createdBy: ctx.actor,
        updatedBy: ctx.actor,
      },
    });
    return toModel(row);
  }

  async update(ctx: TenantContext, id: string, body: unknown): Promise<Trigger> {
    const current = await this.row(ctx, id);
    const f = readTriggerFields(body, 'update', current);
    const { count } = await this.prisma.trigger.updateMany({
      where: { id, tenantId: ctx.tenantId },
      data: { ...f, updatedAt: new Date(), updatedBy: ctx.actor },
    });
    if (count === 0) throw triggerNotFound();
    return this.get(ctx, id);
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
    for (const e of sized.slice(0, first)) {
      if (chosen.length > 0 && bytes + Number(e.size) > this.pageBodyBudget) break;
      bytes += Number(e.size);
      chosen.push(e);
    }
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

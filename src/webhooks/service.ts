import crypto from 'node:crypto';
import type { PrismaClient, WebhookConfig as WebhookConfigRow } from '../generated/prisma/client';
import type pg from 'pg';
import { readWebhookHealth, type WebhookHealthRow } from '../outbox/sql/read-webhook-health';
import { tenantOutbox } from '../outbox/sql/tenant-outbox';
import type { TenantContext } from '../auth/permissions';
import type { TenantSchemas } from '../db/tenant-schema';
import { AppError } from '../errors';
import { WEBHOOK_DEFAULTS } from './defaults';
import {
  UUID_PATTERN,
  type ChangeOperation,
  type DeliveryOrdering,
  type ListQuery,
  type Page,
  type WebhookConfig,
} from './model';
import { readEntityNameParam, readListQuery, readWebhookConfigFields } from './validation';

function toModel(row: WebhookConfigRow): WebhookConfig {
  return {
    id: row.id,
    tenantId: row.tenantId,
    entityName: row.entityName,
    events: row.events as ChangeOperation[],
    webhookUrl: row.webhookUrl,
    httpMethod: row.httpMethod,
    headersJson: row.headersJson,
    timeoutMs: row.timeoutMs,
    maxRetries: row.maxRetries,
    backoffInitialSeconds: row.backoffInitialSeconds,
    backoffFactor: row.backoffFactor,
    enabled: row.enabled,
    hasSecret: row.secret !== null && row.secret !== '',
    rateLimitPerSecond: row.rateLimitPerSecond,
    maxInFlight: row.maxInFlight,
    ordering: row.ordering as DeliveryOrdering,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

const notFound = () => new AppError('WEBHOOK_CONFIG_NOT_FOUND', 'Webhook configuration not found');

/** Webhook configuration management (CONTRACT §4). Every read and write is scoped to ctx.tenantId. */
export class WebhookConfigService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly tenants: TenantSchemas,
    /** For the delivery health, read from the tenant's outbox (raw SQL). */
    private readonly pool: pg.Pool,
  ) {}

  async create(ctx: TenantContext, body: unknown): Promise<WebhookConfig> {
    const f = readWebhookConfigFields(body, 'create');
    // A tenant's first configuration is its first use: its schema (and outbox) must exist before
    // any change can be written for it.
    await this.tenants.ensure(ctx.tenantId);
    const row = await this.prisma.webhookConfig.create({
      data: {
        id: crypto.randomUUID(),
        tenantId: ctx.tenantId,
        entityName: f.entityName!,
        events: f.events!,
        webhookUrl: f.webhookUrl!,
        httpMethod: f.httpMethod ?? WEBHOOK_DEFAULTS.httpMethod,
        headersJson: f.headersJson ?? null,
        timeoutMs: f.timeoutMs ?? WEBHOOK_DEFAULTS.timeoutMs,
        maxRetries: f.maxRetries ?? WEBHOOK_DEFAULTS.maxRetries,
        backoffInitialSeconds: f.backoffInitialSeconds ?? WEBHOOK_DEFAULTS.backoffInitialSeconds,
        backoffFactor: f.backoffFactor ?? WEBHOOK_DEFAULTS.backoffFactor,
        enabled: f.enabled ?? WEBHOOK_DEFAULTS.enabled,
        secret: f.secret ?? null,
        rateLimitPerSecond: f.rateLimitPerSecond ?? null,
        maxInFlight: f.maxInFlight ?? null,
        ordering: f.ordering ?? 'NONE',
        createdBy: ctx.actor,
        updatedBy: ctx.actor,
      },
    });
    return toModel(row);
  }

  async update(ctx: TenantContext, id: string, body: unknown): Promise<WebhookConfig> {
    const f = readWebhookConfigFields(body, 'update');
    if (!UUID_PATTERN.test(id)) throw notFound();
    const { count } = await this.prisma.webhookConfig.updateMany({
      where: { id, tenantId: ctx.tenantId, deleted: false },
      data: { ...f, updatedAt: new Date(), updatedBy: ctx.actor },
    });
    if (count === 0) throw notFound();
    return this.get(ctx, id);
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    if (!UUID_PATTERN.test(id)) throw notFound();
    const { count } = await this.prisma.webhookConfig.updateMany({
      where: { id, tenantId: ctx.tenantId, deleted: false },
      data: { deleted: true, updatedAt: new Date(), updatedBy: ctx.actor },
    });
    if (count === 0) throw notFound();
  }

  async get(ctx: TenantContext, id: string): Promise<WebhookConfig> {
    if (!UUID_PATTERN.test(id)) throw notFound();
    const row = await this.prisma.webhookConfig.findFirst({ where: { id, tenantId: ctx.tenantId, deleted: false } });
    if (!row) throw notFound();
    return toModel(row);
  }

  /** `query` is raw list parameters (REST query string or GraphQL arguments); validated here. */
  async list(ctx: TenantContext, query: Record<string, unknown>): Promise<Page<WebhookConfig>> {
    const q: ListQuery = readListQuery(query);
    const where = { tenantId: ctx.tenantId, deleted: false, ...(q.entityName ? { entityName: q.entityName } : {}) };
    const direction = q.sortDirection === 'ASC' ? 'asc' : 'desc';
    const [total, rows] = await Promise.all([
      this.prisma.webhookConfig.count({ where }),
      this.prisma.webhookConfig.findMany({
        where,
        orderBy: [{ [q.sortBy]: direction }, { id: 'asc' }],
        skip: (q.page - 1) * q.pageSize,
        take: q.pageSize,
      }),
    ]);
    return {
      items: rows.map(toModel),
      page: q.page,
      pageSize: q.pageSize,
      total,
      totalPages: Math.ceil(total / q.pageSize),
    };
  }

  /** Every not-deleted configuration of an entity, enabled or not (the internal by-entity read). */
  async byEntity(ctx: TenantContext, entityName: string): Promise<WebhookConfig[]> {
    const rows = await this.prisma.webhookConfig.findMany({
      where: { tenantId: ctx.tenantId, entityName: readEntityNameParam(entityName), deleted: false },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toModel);
  }

  /** The configuration's delivery health (CONTRACT §10): circuit state and the last 24 hours' attempts. */
  async health(ctx: TenantContext, id: string): Promise<WebhookHealthRow> {
    await this.get(ctx, id);
    const schema = await this.tenants.ensure(ctx.tenantId);
    return readWebhookHealth(this.pool, tenantOutbox(ctx.tenantId, schema), id);
  }

  /** Sets a new random secret and returns it; this is the only time it is ever shown. */
  async rotateSecret(ctx: TenantContext, id: string): Promise<string> {
    if (!UUID_PATTERN.test(id)) throw notFound();
    const secret = crypto.randomBytes(32).toString('base64url');
    const { count } = await this.prisma.webhookConfig.updateMany({
      where: { id, tenantId: ctx.tenantId, deleted: false },
      data: { secret, updatedAt: new Date(), updatedBy: ctx.actor },
    });
    if (count === 0) throw notFound();
    return secret;
  }
}

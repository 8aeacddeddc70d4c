import crypto from 'node:crypto';
import type pg from 'pg';
import { Prisma, type PrismaClient, type WebhookConfig as WebhookConfigRow } from '../generated/prisma/client';
import { webhookHealth, type WebhookHealthRow } from '../outbox/health';
import type { TenantContext } from '../auth/permissions';
import { assertBodyEntityInScope, assertEntityInScope, entityNameWhere } from '../auth/portal-scope';
import type { TenantSchemas } from '../db/tenant-schema';
import { AppError, validationError } from '../errors';
import { openSecret, sealSecret } from '../secrets';
import { UUID_PATTERN } from '../validation';
import { WEBHOOK_DEFAULTS } from './defaults';
import {
  type ChangeOperation,
  type DeliveryOrdering,
  type ListQuery,
  type OperationalEventKind,
  OPERATIONS_ENTITY,
  type Page,
  type SignatureScheme,
  type WebhookConfig,
} from './model';
import { assertChangeFilterFits, type FilterEntityLookup } from './change-filter';
import { newSecret, secretSchemeMismatch } from './secrets';
import { readTestData, type TestAttempt, type TestSender } from './test-send';
import {
  readEntityNameParam,
  readListQuery,
  readRotationGrace,
  readWebhookConfigFields,
  type WebhookConfigFields,
} from './validation';

function toModel(row: WebhookConfigRow): WebhookConfig {
  return {
    id: row.id,
    tenantId: row.tenantId,
    entityName: row.entityName,
    events: row.events as ChangeOperation[],
    operationalEvents:
      row.entityName === OPERATIONS_ENTITY ? ((row.operationalEvents ?? []) as OperationalEventKind[]) : null,
    webhookUrl: row.webhookUrl,
    httpMethod: row.httpMethod,
    headersJson: row.headersJson,
    timeoutMs: row.timeoutMs,
    maxRetries: row.maxRetries,
    backoffInitialSeconds: row.backoffInitialSeconds,
    backoffFactor: row.backoffFactor,
    enabled: row.enabled,
    hasSecret: row.secret !== null && row.secret !== '',
    signatureScheme: row.signatureScheme as SignatureScheme,
    previousSecretExpiresAt:
      row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt
        : null,
    rateLimitPerSecond: row.rateLimitPerSecond,
    maxInFlight: row.maxInFlight,
    ordering: row.ordering as DeliveryOrdering,
    filter: (row.filter as Record<string, unknown> | null) ?? null,
    changedFields: (row.changedFields as string[] | null) ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

type JsonColumn = Prisma.NullableJsonNullValueInput | Prisma.InputJsonValue | undefined;

/** filter and changedFields as Prisma writes them: null clears the column, undefined keeps it. */
function changeFilterData(f: WebhookConfigFields): { filter: JsonColumn; changedFields: JsonColumn } {
  const json = (v: object | null | undefined) =>
    v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue | undefined);
  return { filter: json(f.filter), changedFields: json(f.changedFields) };
}

const notFound = () => new AppError('WEBHOOK_CONFIG_NOT_FOUND', 'Webhook configuration not found');

/**
 * Class (first key) of the per-tenant-and-entity quota locks: pg_advisory_xact_lock(CLASS,
 * hashtext(tenant || '/' || entity)). Distinct from the outbox hint locks (0x486b6764).
 */
const CONFIG_QUOTA_LOCK_CLASS = 0x486b6751;

type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Attempts of an update whose signing check raced with another update of the same row. */
const SIGNING_UPDATE_ATTEMPTS = 5;

/** On create: a STANDARD_WEBHOOKS configuration's secret must be a `whsec_` one. */
function checkNewSigning(f: WebhookConfigFields): void {
  const mismatch = secretSchemeMismatch(f.signatureScheme ?? 'HOOKGATE_V1', f.secret ?? null);
  if (mismatch) throw validationError([mismatch]);
}

/** Webhook configuration management. Every read and write is scoped to ctx.tenantId. */
export class WebhookConfigService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly tenants: TenantSchemas,
    /** For the delivery health, read from the tenant's outbox (raw SQL). */
    private readonly pool: pg.Pool,
    /** WEBHOOK_MAX_CONFIGS_PER_ENTITY: not-deleted configurations per tenant and entity. */
    private readonly maxConfigsPerEntity: number,
    private readonly testSender: TestSender,
    /** The entity a change filter is checked against when a configuration is saved. */
    private readonly filterEntities: FilterEntityLookup,
  ) {}

  /**
   * Runs `write` in a transaction that holds the tenant-and-entity quota lock, after checking
   * that one more configuration fits (docs/api.md#quotas). The lock serialises concurrent
   * creates for one entity, so two parallel creates at 49 make 50 and a 422, never 51.
   */
  private withEntitySlot<T>(tenantId: string, entityName: string, write: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CONFIG_QUOTA_LOCK_CLASS}::int, hashtext(${`${tenantId}/${entityName}`}))`;
        const count = await tx.webhookConfig.count({ where: { tenantId, entityName, deleted: false } });
        if (count >= this.maxConfigsPerEntity) {
          throw new AppError(
            'LIMIT_EXCEEDED',
            `Entity "${entityName.slice(0, 128)}" already has ${this.maxConfigsPerEntity} webhook configurations, the most allowed (WEBHOOK_MAX_CONFIGS_PER_ENTITY=${this.maxConfigsPerEntity})`,
          );
        }
        return write(tx);
        // Prisma's defaults (2 s to get a connection, 5 s in all) are short for a busy server whose
        // creates for one entity queue on the lock; these stay well inside any client's patience.
      },
      { maxWait: 10_000, timeout: 20_000 },
    );
  }

  async create(ctx: TenantContext, body: unknown): Promise<WebhookConfig> {
    assertBodyEntityInScope(ctx, body);
    const f = readWebhookConfigFields(body, 'create');
    assertEntityInScope(ctx, f.entityName!);
    checkNewSigning(f);
    await assertChangeFilterFits(this.filterEntities, ctx, f.entityName!, f.filter, f.changedFields);
    // A tenant's first configuration is its first use: its schema (and outbox) must exist before
    // any change can be written for it.
    await this.tenants.ensure(ctx.tenantId);
    const row = await this.withEntitySlot(ctx.tenantId, f.entityName!, (tx) =>
      tx.webhookConfig.create({
        data: {
          id: crypto.randomUUID(),
          tenantId: ctx.tenantId,
          entityName: f.entityName!,
          events: f.events!,
          operationalEvents: f.operationalEvents ?? [],
          webhookUrl: f.webhookUrl!,
          httpMethod: f.httpMethod ?? WEBHOOK_DEFAULTS.httpMethod,
          headersJson: f.headersJson ?? null,
          timeoutMs: f.timeoutMs ?? WEBHOOK_DEFAULTS.timeoutMs,
          maxRetries: f.maxRetries ?? WEBHOOK_DEFAULTS.maxRetries,
          backoffInitialSeconds: f.backoffInitialSeconds ?? WEBHOOK_DEFAULTS.backoffInitialSeconds,
          backoffFactor: f.backoffFactor ?? WEBHOOK_DEFAULTS.backoffFactor,
          enabled: f.enabled ?? WEBHOOK_DEFAULTS.enabled,
          secret: sealSecret(f.secret ?? null),
          signatureScheme: f.signatureScheme ?? 'HOOKGATE_V1',
          rateLimitPerSecond: f.rateLimitPerSecond ?? null,
          maxInFlight: f.maxInFlight ?? null,
          ordering: f.ordering ?? 'NONE',
          ...changeFilterData(f),
          createdBy: ctx.actor,
          updatedBy: ctx.actor,
        },
      }),
    );
    return toModel(row);
  }

  async update(ctx: TenantContext, id: string, body: unknown): Promise<WebhookConfig> {
    if (ctx.portal) {
      // Another entity's configuration, or moving one there, is refused before the body is read.
      await this.assertInScope(ctx, id);
      assertBodyEntityInScope(ctx, body);
    }
    if (!UUID_PATTERN.test(id)) {
      // A bad body is reported first, as for any id.
      readWebhookConfigFields(body, 'update');
      throw notFound();
    }
    const f = readWebhookConfigFields(body, 'update', await this.storedEntityName(ctx, id, body));
    if (f.entityName !== undefined) assertEntityInScope(ctx, f.entityName);
    await this.checkUpdatedFilter(ctx, id, f);
    for (let attempt = 1; ; attempt++) {
      const signing = await this.signingUpdate(ctx, id, f);
      const where = { id, tenantId: ctx.tenantId, deleted: false, ...signing.guard };
      const data = {
        ...f,
        ...(f.secret !== undefined ? { secret: sealSecret(f.secret) } : {}),
        ...signing.data,
        ...changeFilterData(f),
        updatedAt: new Date(),
        updatedBy: ctx.actor,
      };
      let count: number;
      if (f.entityName !== undefined) {
        // Moving a configuration to another entity takes a slot there.
        const current = await this.prisma.webhookConfig.findFirst({
          where: { id, tenantId: ctx.tenantId, deleted: false },
          select: { entityName: true },
        });
        if (!current) throw notFound();
        ({ count } =
          current.entityName === f.entityName
            ? await this.prisma.webhookConfig.updateMany({ where, data })
            : await this.withEntitySlot(ctx.tenantId, f.entityName, (tx) =>
                tx.webhookConfig.updateMany({ where, data }),
              ));
      } else {
        ({ count } = await this.prisma.webhookConfig.updateMany({ where, data }));
      }
      if (count > 0) return this.get(ctx, id);
      // The guard failed: the row is gone, or another update changed its secret or scheme since
      // it was checked (then check again against what is stored now).
      if (Object.keys(signing.guard).length === 0 || attempt === SIGNING_UPDATE_ATTEMPTS) throw notFound();
    }
  }

  /**
   * The stored entity of the configuration an update body changes the event kinds or the entity
   * of: it decides which kinds the body may name (docs/api.md#operational-events). Other updates skip the read.
   */
  private async storedEntityName(ctx: TenantContext, id: string, body: unknown): Promise<string | undefined> {
    const fields = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    if (!['events', 'operationalEvents', 'entityName'].some((k) => Object.hasOwn(fields, k))) return undefined;
    const row = await this.prisma.webhookConfig.findFirst({
      where: { id, tenantId: ctx.tenantId, deleted: false },
      select: { entityName: true },
    });
    if (!row) throw notFound();
    return row.entityName;
  }

  /** An update's filter and changedFields, as they will be stored, must fit the entity it will have. */
  private async checkUpdatedFilter(ctx: TenantContext, id: string, f: WebhookConfigFields): Promise<void> {
    if (f.filter == null && f.changedFields == null && f.entityName === undefined) return;
    const stored = await this.findRow(ctx, id);
    await assertChangeFilterFits(
      this.filterEntities,
      ctx,
      f.entityName ?? stored.entityName,
      f.filter !== undefined ? f.filter : stored.filter,
      f.changedFields !== undefined ? f.changedFields : stored.changedFields,
    );
  }

  /**
   * What an update changing `secret` or `signatureScheme` must also hold: the secret that will be
   * stored must fit the scheme that will be stored (one of them may be the stored one, which the
   * guard pins until the write). A new secret ends a rotation's grace; so does a new scheme, whose
   * receivers verify differently anyway.
   */
  private async signingUpdate(
    ctx: TenantContext,
    id: string,
    f: WebhookConfigFields,
  ): Promise<{
    guard: { secret?: string | null; signatureScheme?: string };
    data: { previousSecret?: null; previousSecretExpiresAt?: null };
  }> {
    if (f.secret === undefined && f.signatureScheme === undefined) return { guard: {}, data: {} };
    const stored = await this.prisma.webhookConfig.findFirst({
      where: { id, tenantId: ctx.tenantId, deleted: false },
      select: { secret: true, signatureScheme: true },
    });
    if (!stored) throw notFound();
    const scheme = f.signatureScheme ?? (stored.signatureScheme as SignatureScheme);
    const secret = f.secret !== undefined ? f.secret : openSecret(stored.secret);
    const mismatch = secretSchemeMismatch(scheme, secret);
    if (mismatch) {
      throw validationError([
        f.secret === undefined
          ? { field: 'signatureScheme', message: `the stored secret does not fit: it ${mismatch.message}` }
          : mismatch,
      ]);
    }
    const endsGrace = f.secret !== undefined || scheme !== stored.signatureScheme;
    return {
      guard: { secret: stored.secret, signatureScheme: stored.signatureScheme },
      data: endsGrace ? { previousSecret: null, previousSecretExpiresAt: null } : {},
    };
  }

  async delete(ctx: TenantContext, id: string): Promise<void> {
    await this.assertInScope(ctx, id);
    const { count } = await this.prisma.webhookConfig.updateMany({
      where: { id, tenantId: ctx.tenantId, deleted: false },
      data: { deleted: true, updatedAt: new Date(), updatedBy: ctx.actor },
    });
    if (count === 0) throw notFound();
  }

  async get(ctx: TenantContext, id: string): Promise<WebhookConfig> {
    return toModel(await this.findRow(ctx, id));
  }

  /** The tenant's not-deleted configuration row `id`, or 404. */
  private async findRow(ctx: TenantContext, id: string): Promise<WebhookConfigRow> {
    if (!UUID_PATTERN.test(id)) throw notFound();
    const row = await this.prisma.webhookConfig.findFirst({ where: { id, tenantId: ctx.tenantId, deleted: false } });
    if (!row) throw notFound();
    assertEntityInScope(ctx, row.entityName);
    return row;
  }

  /** For a portal caller: 404 for an unknown id, 403 for another entity's configuration. */
  private async assertInScope(ctx: TenantContext, id: string): Promise<void> {
    if (ctx.portal) await this.findRow(ctx, id);
    else if (!UUID_PATTERN.test(id)) throw notFound();
  }

  /** `query` is raw list parameters (REST query string or GraphQL arguments); validated here. */
  async list(ctx: TenantContext, query: Record<string, unknown>): Promise<Page<WebhookConfig>> {
    const q: ListQuery = readListQuery(query);
    const where = { tenantId: ctx.tenantId, deleted: false, ...entityNameWhere(ctx, q.entityName) };
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
    const name = readEntityNameParam(entityName);
    assertEntityInScope(ctx, name);
    const rows = await this.prisma.webhookConfig.findMany({
      where: { tenantId: ctx.tenantId, entityName: name, deleted: false },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toModel);
  }

  /** The configuration's delivery health: circuit state and the last 24 hours' attempts. */
  async health(ctx: TenantContext, id: string): Promise<WebhookHealthRow> {
    await this.get(ctx, id);
    const schema = await this.tenants.ensure(ctx.tenantId);
    return webhookHealth(this.pool, { tenantId: ctx.tenantId, schema }, id);
  }

  /**
   * Sets a new random secret (a `whsec_` one for STANDARD_WEBHOOKS) and returns it: the only time
   * it is ever shown. For `graceSeconds` (default one day, 0..30 days) the secret it replaces keeps
   * signing too, so receivers can switch at their pace; 0 drops it at once. A rotation during a
   * grace replaces the older secret: at most two sign at once. One statement, so two concurrent
   * rotations cannot both keep the same old secret. Secrets are stored sealed (src/secrets): the
   * old one moves to previous_secret as it is stored.
   */
  async rotateSecret(ctx: TenantContext, id: string, graceSeconds?: number | null): Promise<string> {
    const grace = readRotationGrace(graceSeconds);
    await this.assertInScope(ctx, id);
    const rows = await this.prisma.$queryRaw<Array<{ secret: string }>>`
      UPDATE webhook_configs
         SET previous_secret = CASE WHEN ${grace}::int > 0 AND secret <> '' THEN secret END,
             previous_secret_expires_at =
               CASE WHEN ${grace}::int > 0 AND secret <> '' THEN now() + ${grace}::int * interval '1 second' END,
             secret = CASE WHEN signature_scheme = 'STANDARD_WEBHOOKS'
                           THEN ${sealSecret(newSecret('STANDARD_WEBHOOKS'))} ELSE ${sealSecret(newSecret('HOOKGATE_V1'))} END,
             updated_at = now(),
             updated_by = ${ctx.actor}
       WHERE id = ${id}::uuid AND tenant_id = ${ctx.tenantId} AND NOT deleted
   RETURNING secret`;
    if (rows.length === 0) throw notFound();
    return openSecret(rows[0].secret);
  }

  /**
   * Sends one example delivery to the configuration's endpoint now and answers its attempt (see
   * test-send.ts). `data` is the payload's `data` (an object), or none for an example record of
   * the entity; `writeRequestId` is the id of the API request asking for it.
   */
  async sendTest(ctx: TenantContext, id: string, data: unknown, writeRequestId: string): Promise<TestAttempt> {
    const given = readTestData(data);
    const row = await this.findRow(ctx, id);
    const inGrace = row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > new Date();
    return this.testSender.send(
      ctx,
      {
        id: row.id,
        entityName: row.entityName,
        operationalEvents: row.operationalEvents,
        enabled: row.enabled,
        webhookUrl: row.webhookUrl,
        httpMethod: row.httpMethod,
        headersJson: row.headersJson,
        timeoutMs: row.timeoutMs,
        backoffInitialSeconds: row.backoffInitialSeconds,
        backoffFactor: row.backoffFactor,
        secret: row.secret,
        signatureScheme: row.signatureScheme as SignatureScheme,
        previousSecret: inGrace ? row.previousSecret : null,
      },
      given,
      writeRequestId,
    );
  }
}

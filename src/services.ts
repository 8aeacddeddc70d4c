import type { Config } from './config';
import type { Database } from './db/database';
import { TenantSchemas } from './db/tenant-schema';
import type { Logger } from './logger';
import { WebhookConfigService } from './webhooks/service';
import { TestSender } from './webhooks/test-send';
import type { Metrics } from './metrics';
import { EntityService } from './catalog/entity-service';
import { TriggerService } from './triggers/service';
import { TriggerIntake } from './triggers/intake';
import { RecordActionApplier } from './triggers/record-action';
import { RecordService } from './records/record-service';
import type { MetricService } from './catalog/metric-service';
import type { ViewService } from './catalog/view-service';
import type { AnalyticsService } from './analytics/service';
import { createAnalyticsServices } from './analytics/create';
import { OutboxService } from './outbox/service';
import { EventCatalogService } from './events/service';
import { PortalSessionService } from './portal/service';
import { PortalTokens } from './portal/tokens';

/** The application services: the one layer both REST and GraphQL call. */
export interface Services {
  config: Config;
  db: Database;
  logger: Logger;
  metrics: Metrics;
  tenants: TenantSchemas;
  webhooks: WebhookConfigService;
  entities: EntityService;
  triggers: TriggerService;
  triggerIntake: TriggerIntake;
  records: RecordService;
  metricCatalog: MetricService;
  viewCatalog: ViewService;
  analytics: AnalyticsService;
  outbox: OutboxService;
  eventCatalog: EventCatalogService;
  portal: PortalSessionService;
}

export function createServices(config: Config, db: Database, logger: Logger, metrics: Metrics): Services {
  const tenants = new TenantSchemas(db.pool);
  // RECORD triggers write through the one record service, at intake and on retryTriggerEvent.
  const recordActions = new RecordActionApplier({ getMany: (pairs) => services.entities.getMany(pairs) }, tenants, {
    writeWithin: (client, args) => services.records.writeWithin(client, args),
    recordKeys: (entity, operation, records) => services.records.recordKeys(entity, operation, records),
  });
  const services: Services = {
    config,
    db,
    logger,
    metrics,
    tenants,
    webhooks: new WebhookConfigService(
      db.prisma,
      tenants,
      db.pool,
      config.webhookMaxConfigsPerEntity,
      new TestSender(
        { get: (ctx, name) => services.entities.get(ctx, name) },
        { headerPrefix: config.webhookHeaderPrefix, allowPrivateTargets: config.webhookAllowPrivateTargets },
      ),
      (ctx, name) => services.entities.get(ctx, name),
    ),
    entities: new EntityService(db, tenants),
    triggers: new TriggerService(db.prisma, {
      db,
      entities: { get: (ctx, name) => services.entities.get(ctx, name) },
      actions: recordActions,
    }),
    triggerIntake: new TriggerIntake(db.pool, metrics.registry, {
      headerPrefix: config.webhookHeaderPrefix,
      actions: recordActions,
      rateLimitPerMinute: config.intakeRateLimitPerMinute,
      embedded: db.embedded,
      logger,
    }),
    // The record writer looks entities up through the one catalogue service (built just above).
    records: new RecordService(
      db,
      tenants,
      { get: (ctx, name) => services.entities.get(ctx, name) },
      config.outboxMaxRowsPerWrite,
    ),
    ...createAnalyticsServices(config, db, tenants, logger, metrics, {
      get: (ctx, name) => services.entities.get(ctx, name),
    }),
    outbox: new OutboxService(db, tenants),
    eventCatalog: new EventCatalogService(
      { list: (ctx) => services.entities.list(ctx) },
      { list: (ctx, q) => services.webhooks.list(ctx, q) },
      config.webhookHeaderPrefix,
    ),
    portal: new PortalSessionService(
      db,
      { list: (ctx) => services.entities.list(ctx) },
      new PortalTokens(config.portal.tokenSecret),
      config.portal.publicBaseUrl,
    ),
  };
  return services;
}

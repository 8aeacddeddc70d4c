import type { Config } from './config';
import type { Database } from './db/database';
import { TenantSchemas } from './db/tenant-schema';
import type { Logger } from './logger';
import { WebhookConfigService } from './webhooks/service';
import type { Metrics } from './metrics';
// area:imports

/** The application services: the one layer both REST and GraphQL call. */
export interface Services {
  config: Config;
  db: Database;
  logger: Logger;
  metrics: Metrics;
  tenants: TenantSchemas;
  webhooks: WebhookConfigService;
  // area:services
}

export function createServices(config: Config, db: Database, logger: Logger, metrics: Metrics): Services {
  const tenants = new TenantSchemas(db.pool);
  const services: Services = {
    config,
    db,
    logger,
    metrics,
    tenants,
    webhooks: new WebhookConfigService(db.prisma),
    // area:construct
  };
  return services;
}

import type { Config } from '../config';
import type { EntityLookup } from '../catalog/definition-common';
import { MetricService } from '../catalog/metric-service';
import { ViewService } from '../catalog/view-service';
import type { Database } from '../db/database';
import type { TenantSchemas } from '../db/tenant-schema';
import type { Logger } from '../logger';
import type { Metrics } from '../metrics';
import { QueryRunner } from './runner';
import { AnalyticsService } from './service';

/** The metric and view catalogues and the analytics operations over them, wired together. */
export function createAnalyticsServices(
  config: Config,
  db: Database,
  tenants: TenantSchemas,
  logger: Logger,
  metrics: Metrics,
  entities: EntityLookup,
) {
  const metricCatalog = new MetricService(db, tenants, entities, logger);
  const viewCatalog = new ViewService(db, tenants, entities, logger);
  const runner = new QueryRunner(db, config.analyticsStatementTimeoutMs, metrics.registry, {
    tenantConcurrency: config.analyticsTenantConcurrency,
    embeddedMaxCost: config.analyticsEmbeddedMaxCost,
  });
  return {
    metricCatalog,
    viewCatalog,
    analytics: new AnalyticsService(tenants, entities, metricCatalog, viewCatalog, runner),
  };
}

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
import { AnalyticsStandby } from './standby';

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
  // A standby of a single-session database cannot exist; the setting needs DATABASE_URL (config.ts).
  const standby =
    config.analyticsDatabaseUrl && !db.embedded
      ? new AnalyticsStandby(
          db.pool,
          db.standbyPool(config.analyticsDatabaseUrl),
          config.analyticsStandbyWaitMs,
          metrics.registry,
        )
      : undefined;
  const runner = new QueryRunner(db, config.analyticsStatementTimeoutMs, metrics.registry, {
    tenantConcurrency: config.analyticsTenantConcurrency,
    embeddedMaxCost: config.analyticsEmbeddedMaxCost,
    standby,
  });
  return {
    metricCatalog,
    viewCatalog,
    analytics: new AnalyticsService(tenants, entities, metricCatalog, viewCatalog, runner, standby),
  };
}

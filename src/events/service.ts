import fs from 'node:fs';
import path from 'node:path';
import type { TenantContext } from '../auth/permissions';
import type { EntityService } from '../catalog/entity-service';
import type { WebhookConfigService } from '../webhooks/service';
import type { WebhookConfig } from '../webhooks/model';
import { asyncApiDocument } from './asyncapi';
import { eventCatalog, type EventType } from './catalog';

/** package.json, at the same depth from src/events and dist/events. */
const PACKAGE_JSON = path.resolve(__dirname, '../../package.json');

// Configurations are read a page at a time through the webhook service (its largest page).
const CONFIG_PAGE_SIZE = 100;

/** The event catalog and the AsyncAPI document of a tenant: the one service REST and GraphQL call. */
export class EventCatalogService {
  private version: string | undefined;

  constructor(
    private readonly entities: Pick<EntityService, 'list'>,
    private readonly webhooks: Pick<WebhookConfigService, 'list'>,
    private readonly headerPrefix: string,
  ) {}

  /** Each entity of the tenant with each kind of change: the payload's schema and an example. */
  async catalog(ctx: TenantContext): Promise<EventType[]> {
    const all = eventCatalog(ctx.tenantId, await this.entities.list(ctx));
    // A portal caller sees its entities' entries only (no `$operations` ones).
    const scope = ctx.portal?.entityNames;
    return scope ? all.filter((e) => scope.includes(e.entityName)) : all;
  }

  /** The AsyncAPI 3.0 document of the tenant's (not deleted) webhook configurations. */
  async asyncApi(ctx: TenantContext): Promise<Record<string, unknown>> {
    const [catalog, configs] = await Promise.all([this.catalog(ctx), this.allConfigs(ctx)]);
    return asyncApiDocument(
      { tenantId: ctx.tenantId, version: this.packageVersion(), headerPrefix: this.headerPrefix },
      // An $operations configuration's messages are its operational kinds.
      configs.map((c) => ({ ...c, events: c.operationalEvents ?? c.events })),
      catalog,
    );
  }

  private async allConfigs(ctx: TenantContext): Promise<WebhookConfig[]> {
    const all: WebhookConfig[] = [];
    for (let page = 1; ; page++) {
      const got = await this.webhooks.list(ctx, {
        page,
        pageSize: CONFIG_PAGE_SIZE,
        sortBy: 'createdAt',
        sortDirection: 'ASC',
      });
      all.push(...got.items);
      if (page >= got.totalPages) return all;
    }
  }

  private packageVersion(): string {
    this.version ??= (JSON.parse(fs.readFileSync(PACKAGE_JSON, 'utf8')) as { version: string }).version;
    return this.version;
  }
}

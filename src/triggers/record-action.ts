import type { TenantContext } from '../auth/permissions';
import type { EntityService } from '../catalog/entity-service';
import type { EntityDefinition } from '../catalog/model';
import type { TenantSchemas } from '../db/tenant-schema';
import { AppError } from '../errors';
import type { RecordService } from '../records/record-service';
import type { ActionApplier, ActionEvent, PreparedAction } from './event-writer';
import { mapRecords } from './record-mapping';

/**
 * The RECORD action (CONTRACT §11): an event's body becomes records of the trigger's entity,
 * written through the record service, so they are ordinary entity changes (outbox records for
 * the entity's webhook configurations, visible to analytics) whose payloads carry the event id
 * as writeRequestId.
 */
export class RecordActionApplier implements ActionApplier {
  constructor(
    private readonly entities: Pick<EntityService, 'get'>,
    private readonly tenants: Pick<TenantSchemas, 'ensure'>,
    private readonly records: Pick<RecordService, 'writeWithin'>,
  ) {}

  /** One look-up per tenant and entity for the whole batch. */
  async prepare(events: ActionEvent[]): Promise<Array<PreparedAction | null>> {
    const lookups = new Map<string, Promise<EntityDefinition | null>>();
    return Promise.all(
      events.map(async (event): Promise<PreparedAction | null> => {
        const spec = event.record;
        if (!spec) return null;
        const key = `${event.tenantId}\u0000${spec.entityName}`;
        let lookup = lookups.get(key);
        if (!lookup) {
          lookup = this.entity(event.tenantId, spec.entityName);
          lookups.set(key, lookup);
        }
        const entity = await lookup;
        if (!entity) return { ok: false, error: `ENTITY_NOT_FOUND: entity ${spec.entityName} is not defined` };
        const mapped = mapRecords(entity, spec.fieldMap, event.body, event);
        if (!mapped.ok) return mapped;
        const schema = await this.tenants.ensure(event.tenantId);
        return {
          ok: true,
          run: (client) =>
            this.records.writeWithin(client, {
              tenantId: event.tenantId,
              schema,
              entity,
              operation: spec.operation,
              records: mapped.records,
              writeRequestId: event.id,
            }),
        };
      }),
    );
  }

  private async entity(tenantId: string, name: string): Promise<EntityDefinition | null> {
    const ctx: TenantContext = { tenantId, actor: 'trigger', permissions: new Set() };
    try {
      return await this.entities.get(ctx, name);
    } catch (err) {
      if (err instanceof AppError && err.code === 'ENTITY_NOT_FOUND') return null;
      throw err;
    }
  }
}

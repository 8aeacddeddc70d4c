import type pg from 'pg';
import { entityKey, type EntityService } from '../catalog/entity-service';
import type { TenantSchemas } from '../db/tenant-schema';
import type { RecordService } from '../records/record-service';
import { describeActionError } from './action-errors';
import type { ActionApplier, ActionEvent, PreparedAction, ReadyAction } from './event-writer';
import { readMatchingConfigs } from '../outbox/enqueue';
import { mapRecords } from './record-mapping';

/**
 * The RECORD action: an event's body becomes records of the trigger's entity,
 * written through the record service, so they are ordinary entity changes (outbox records for
 * the entity's webhook configurations, visible to analytics) whose payloads carry the event id
 * as writeRequestId.
 */
export class RecordActionApplier implements ActionApplier {
  constructor(
    private readonly entities: Pick<EntityService, 'getMany'>,
    private readonly tenants: Pick<TenantSchemas, 'ensure'>,
    private readonly records: Pick<RecordService, 'writeWithin' | 'recordKeys'>,
  ) {}

  /** One look-up of the entities of every tenant in the batch, in one statement. */
  async prepare(events: ActionEvent[]): Promise<Array<PreparedAction | null>> {
    const wanted = new Map<string, { tenantId: string; name: string }>();
    for (const event of events) {
      if (event.record)
        wanted.set(entityKey(event.tenantId, event.record.entityName), {
          tenantId: event.tenantId,
          name: event.record.entityName,
        });
    }
    const entities = wanted.size > 0 ? await this.entities.getMany([...wanted.values()]) : new Map();
    return Promise.all(
      events.map(async (event): Promise<PreparedAction | null> => {
        const spec = event.record;
        if (!spec) return null;
        // A RECORD trigger stored without a secret (before one was required) writes no records.
        if (!event.signatureVerified)
          return { ok: false, error: 'UNSIGNED: the trigger has no secret; unsigned requests write no records' };
        const entity = entities.get(entityKey(event.tenantId, spec.entityName));
        if (!entity) return { ok: false, error: `ENTITY_NOT_FOUND: entity ${spec.entityName} is not defined` };
        const mapped = mapRecords(entity, spec.fieldMap, event.body, event);
        if (!mapped.ok) return mapped;
        let keys: string[];
        try {
          keys = this.records.recordKeys(entity, spec.operation, mapped.records);
        } catch (err) {
          return { ok: false, error: describeActionError(err) ?? 'the records repeat a key' };
        }
        return {
          ok: true,
          tenantId: event.tenantId,
          schema: await this.tenants.ensure(event.tenantId),
          entity,
          operation: spec.operation,
          records: mapped.records,
          keys,
          writeRequestId: event.id,
        };
      }),
    );
  }

  /**
   * The actions' records in as few statements as keep their meaning: one record write and one
   * outbox write for each run of actions on one tenant's entity with one operation and no key in
   * common (a key written twice is written in order, by the next run). Entities are independent,
   * so their runs may go in any order.
   */
  async apply(client: pg.PoolClient, actions: ReadyAction[]): Promise<void> {
    const byEntity = new Map<string, ReadyAction[]>();
    for (const action of actions) {
      const key = entityKey(action.tenantId, action.entity.name);
      const list = byEntity.get(key);
      if (list) list.push(action);
      else byEntity.set(key, [action]);
    }
    // Every tenant's configurations in one statement, not one per tenant inside the transaction.
    const configsOf = await readMatchingConfigs(
      client,
      [...byEntity.values()].map(([a]) => ({ tenantId: a.tenantId, entityName: a.entity.name })),
    );
    for (const list of byEntity.values()) {
      for (const run of splitIntoRuns(list)) {
        const first = run[0];
        await this.records.writeWithin(client, {
          tenantId: first.tenantId,
          schema: first.schema,
          entity: first.entity,
          operation: first.operation,
          writes: run,
          configs: configsOf(first.tenantId, first.entity.name),
        });
      }
    }
  }
}

/** Consecutive actions of one entity, cut where the operation changes or a key comes again. */
function splitIntoRuns(actions: ReadyAction[]): ReadyAction[][] {
  const runs: ReadyAction[][] = [];
  let run: ReadyAction[] = [];
  let keys = new Set<string>();
  for (const action of actions) {
    const fits = run.length > 0 && run[0].operation === action.operation && !action.keys.some((k) => keys.has(k));
    if (!fits && run.length > 0) {
      runs.push(run);
      run = [];
      keys = new Set();
    }
    run.push(action);
    for (const k of action.keys) keys.add(k);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

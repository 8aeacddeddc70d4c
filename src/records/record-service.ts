import type pg from 'pg';
import type { TenantContext } from '../auth/permissions';
import type { EntityService } from '../catalog/entity-service';
import { entityNotFound } from '../catalog/entity-service';
import { checkRecord, keyIdentity, parseRecordId, rowToRecord } from '../catalog/field-values';
import type { EntityDefinition } from '../catalog/model';
import type { Database } from '../db/database';
import type { TenantSchemas } from '../db/tenant-schema';
import { AppError, validationError, type FieldError } from '../errors';
import { writeOutboxRecords, type EntityChange, type TargetConfig } from '../outbox/enqueue';
import { queryPrepared } from '../db/prepared';
import { isLostRace, retryOnLostRace } from '../db/retry';
import { RecordSql } from './record-sql';

export const BATCH_OPERATIONS = ['INSERT', 'UPSERT'] as const;
export type BatchOperation = (typeof BATCH_OPERATIONS)[number];
export const MAX_BATCH_RECORDS = 1000;

export interface WriteResult {
  count: number;
  /** The write request's id: every outbox payload of the batch carries it as writeRequestId. */
  requestId: string;
}

type Row = Record<string, unknown>;

/** A batch statement of RecordSql (its one parameter: the records as JSON), prepared where the connection allows. */
function runWithRecords(client: pg.PoolClient, text: string, records: Row[]) {
  return queryPrepared<Row>(client, { text, values: [JSON.stringify(records)] });
}

const recordNotFound = () => new AppError('RECORD_NOT_FOUND', 'Record not found');

function pgCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Record writes and the outbox rows they cause (docs/api.md#delivery). Each call is one transaction:
 * the change and its outbox rows commit together or not at all, and a batch is all or nothing.
 * Upserts replace the whole record: a field the record omits becomes null, as on insert.
 */
export class RecordService {
  constructor(
    private readonly db: Database,
    private readonly tenants: TenantSchemas,
    private readonly entities: Pick<EntityService, 'get'>,
    /** OUTBOX_MAX_ROWS_PER_WRITE: a write that would fan out to more outbox records is refused. */
    private readonly outboxMaxRowsPerWrite?: number,
  ) {}

  /** The REST body `{ operation, records }`. */
  async write(ctx: TenantContext, entityName: string, body: unknown, requestId: string): Promise<WriteResult> {
    const entity = await this.entities.get(ctx, entityName);
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw validationError([{ field: 'body', message: 'must be a JSON object' }]);
    const raw = (body as Row).operation;
    const operation = typeof raw === 'string' ? raw.trim().toUpperCase() : undefined;
    const errors: FieldError[] = [];
    if (!operation || !(BATCH_OPERATIONS as readonly string[]).includes(operation)) {
      errors.push({ field: 'operation', message: `must be one of ${BATCH_OPERATIONS.join(', ')}` });
    }
    const records = this.checkBatch(entity, (body as Row).records, errors);
    if (errors.length) throw validationError(errors);
    return this.writeChecked(ctx, entity, operation as BatchOperation, records, requestId);
  }

  insert(ctx: TenantContext, entityName: string, records: unknown, requestId: string): Promise<WriteResult> {
    return this.writeBatch(ctx, entityName, 'INSERT', records, requestId);
  }

  upsert(ctx: TenantContext, entityName: string, records: unknown, requestId: string): Promise<WriteResult> {
    return this.writeBatch(ctx, entityName, 'UPSERT', records, requestId);
  }

  /** Changes the fields named in `patch`; answers the record as it now is. */
  async update(ctx: TenantContext, entityName: string, id: string, patch: unknown, requestId: string): Promise<Row> {
    const entity = await this.entities.get(ctx, entityName);
    const key = this.parseId(entity, id);
    const errors: FieldError[] = [];
    const values = checkRecord(entity, patch, '', errors, { partial: true });
    if (!values) throw validationError(errors);
    const pkType = this.pkField(entity).type;
    if (Object.hasOwn(values, entity.primaryKey)) {
      if (keyIdentity(pkType, values[entity.primaryKey]) !== keyIdentity(pkType, key)) {
        throw validationError([{ field: entity.primaryKey, message: 'is the primary key and cannot be changed' }]);
      }
      delete values[entity.primaryKey];
    }
    const columns = Object.keys(values);
    if (columns.length === 0)
      throw validationError([{ field: 'body', message: 'must name at least one field to change' }]);
    return this.inTransaction(ctx, entity, requestId, async (client, sql) => {
      const previous = await client.query<Row>(sql.lockOne(), [key]);
      if (previous.rows.length === 0) throw recordNotFound();
      const updated = await client.query<Row>(sql.patch(columns), [key, JSON.stringify([values])]);
      const data = rowToRecord(entity, updated.rows[0]);
      return {
        result: data,
        changes: [{ operation: 'UPDATE', data, previous: rowToRecord(entity, previous.rows[0]) }],
      };
    });
  }

  async delete(ctx: TenantContext, entityName: string, id: string, requestId: string): Promise<void> {
    const entity = await this.entities.get(ctx, entityName);
    const key = this.parseId(entity, id);
    await this.inTransaction(ctx, entity, requestId, async (client, sql) => {
      const deleted = await client.query<Row>(sql.deleteOne(), [key]);
      if (deleted.rows.length === 0) throw recordNotFound();
      return {
        result: undefined,
        changes: [{ operation: 'DELETE', data: null, previous: rowToRecord(entity, deleted.rows[0]) }],
      };
    });
  }

  private async writeBatch(
    ctx: TenantContext,
    entityName: string,
    operation: BatchOperation,
    raw: unknown,
    requestId: string,
  ): Promise<WriteResult> {
    const entity = await this.entities.get(ctx, entityName);
    const errors: FieldError[] = [];
    const records = this.checkBatch(entity, raw, errors);
    if (errors.length) throw validationError(errors);
    return this.writeChecked(ctx, entity, operation, records, requestId);
  }

  /** Every record checked; one bad record fails the batch, and every error is reported. */
  private checkBatch(entity: EntityDefinition, raw: unknown, errors: FieldError[]): Row[] {
    if (!Array.isArray(raw)) {
      errors.push({ field: 'records', message: raw === undefined ? 'is required' : 'must be an array' });
      return [];
    }
    if (raw.length === 0 || raw.length > MAX_BATCH_RECORDS) {
      errors.push({ field: 'records', message: `must hold 1 to ${MAX_BATCH_RECORDS} records` });
      return [];
    }
    const records: Row[] = [];
    raw.forEach((r, i) => {
      // Past a few dozen errors the list helps nobody and only grows the response.
      if (errors.length >= 50) return;
      const checked = checkRecord(entity, r, `records[${i}]`, errors);
      if (checked) records.push(checked);
    });
    return records;
  }

  private async writeChecked(
    ctx: TenantContext,
    entity: EntityDefinition,
    operation: BatchOperation,
    records: Row[],
    requestId: string,
  ): Promise<WriteResult> {
    const identities = this.recordKeys(entity, operation, records);
    const count = await this.inTransaction(ctx, entity, requestId, (client, sql) =>
      operation === 'INSERT'
        ? this.insertAll(client, sql, entity, records)
        : this.upsertAll(client, sql, entity, records, identities),
    );
    return { count, requestId };
  }

  /**
   * Writes records already checked against the entity (checkRecord) and their outbox records
   * inside the caller's transaction, for a writer that commits other rows with the change (a
   * RECORD trigger commits its event). Several writes of one tenant, entity and operation go in
   * one statement each for the records and the outbox, each change keeping its own writeRequestId;
   * their keys (`recordKeys`) must not repeat across the writes. `schema` is from
   * TenantSchemas.ensure, resolved before the transaction began. Errors are the other writes'
   * errors, except a lost deadlock or serialisation race, which is thrown as it is so the caller
   * can run its transaction again.
   */
  async writeWithin(
    client: pg.PoolClient,
    args: {
      tenantId: string;
      schema: string;
      entity: EntityDefinition;
      operation: BatchOperation;
      writes: Array<{ records: Row[]; keys: string[]; writeRequestId: string }>;
      /** The entity's configurations, read in this transaction by readMatchingConfigs. */
      configs?: readonly TargetConfig[];
    },
  ): Promise<void> {
    const { entity, operation, writes } = args;
    const records = writes.flatMap((w) => w.records);
    const keys = writes.flatMap((w) => w.keys);
    const requestOf = new Map<string, string>();
    for (const w of writes) for (const key of w.keys) requestOf.set(key, w.writeRequestId);
    const pkType = this.pkField(entity).type;
    const sql = new RecordSql(args.schema, entity);
    try {
      const { changes } =
        operation === 'INSERT'
          ? await this.insertAll(client, sql, entity, records)
          : await this.upsertAll(client, sql, entity, records, keys);
      for (const change of changes) {
        change.writeRequestId = requestOf.get(
          keyIdentity(pkType, (change.data ?? change.previous)![entity.primaryKey]),
        );
      }
      await writeOutboxRecords(client, {
        tenantId: args.tenantId,
        schema: args.schema,
        entityName: entity.name,
        primaryKey: entity.primaryKey,
        writeRequestId: writes[0].writeRequestId,
        occurredAt: new Date(),
        changes,
        maxRows: this.outboxMaxRowsPerWrite,
        configs: args.configs,
        entity,
      });
    } catch (err) {
      if (isLostRace(err)) throw err;
      throw this.translate(err, entity);
    }
  }

  /**
   * The key identities of one write's records, in order; throws the write's own error when a key
   * repeats (CONFLICT on INSERT, as the database would; a validation error on UPSERT).
   */
  recordKeys(entity: EntityDefinition, operation: BatchOperation, records: Row[]): string[] {
    const pkType = this.pkField(entity).type;
    const identities = records.map((r) => keyIdentity(pkType, r[entity.primaryKey]));
    const firstAt = new Map<string, number>();
    identities.forEach((k, i) => {
      const first = firstAt.get(k);
      if (first === undefined) firstAt.set(k, i);
      else {
        const detail = [
          { field: `records[${i}].${entity.primaryKey}`, message: `repeats the primary key of records[${first}]` },
        ];
        // On INSERT this is the duplicate key the database would refuse; an UPSERT batch must name each record once.
        throw operation === 'INSERT'
          ? new AppError('CONFLICT', 'A record with this primary key already exists', detail)
          : validationError(detail);
      }
    });
    return identities;
  }

  private async insertAll(client: pg.PoolClient, sql: RecordSql, entity: EntityDefinition, records: Row[]) {
    const { rows } = await runWithRecords(client, sql.insert(), records);
    const changes: EntityChange[] = rows.map((row) => ({
      operation: 'INSERT',
      data: rowToRecord(entity, row),
      previous: null,
    }));
    return { result: rows.length, changes };
  }

  /**
   * Insert what is new, then lock and replace what exists, so each record knows whether it was
   * inserted and what it replaced. A key another writer inserts or deletes meanwhile goes round
   * again; the loop ends because every round settles at least the keys it found.
   */
  private async upsertAll(
    client: pg.PoolClient,
    sql: RecordSql,
    entity: EntityDefinition,
    records: Row[],
    identities: string[],
  ) {
    const pkType = this.pkField(entity).type;
    const identityOf = (row: Row) => keyIdentity(pkType, rowToRecord(entity, row)[entity.primaryKey]);
    const nonKeyColumns = entity.fields.map((f) => f.name).filter((n) => n !== entity.primaryKey);
    const outcome = new Map<string, { data: Row; previous: Row | null }>();
    let pending = records.map((record, i) => ({ record, identity: identities[i] }));
    for (let round = 0; pending.length > 0; round++) {
      if (round >= 5) throw new AppError('CONFLICT', 'The records are being changed concurrently; try again');
      const inserted = await runWithRecords(
        client,
        sql.insertNew(),
        pending.map((p) => p.record),
      );
      for (const row of inserted.rows) outcome.set(identityOf(row), { data: rowToRecord(entity, row), previous: null });
      pending = pending.filter((p) => !outcome.has(p.identity));
      if (pending.length === 0) break;

      const locked = await runWithRecords(
        client,
        sql.lockExisting(),
        pending.map((p) => p.record),
      );
      const previous = new Map(locked.rows.map((row) => [identityOf(row), rowToRecord(entity, row)]));
      const existing = pending.filter((p) => previous.has(p.identity));
      if (existing.length > 0) {
        const updated = await runWithRecords(
          client,
          sql.replace(nonKeyColumns),
          existing.map((p) => p.record),
        );
        for (const row of updated.rows) {
          const identity = identityOf(row);
          outcome.set(identity, { data: rowToRecord(entity, row), previous: previous.get(identity) ?? null });
        }
      }
      pending = pending.filter((p) => !outcome.has(p.identity));
    }
    const changes: EntityChange[] = identities.map((identity) => ({ operation: 'UPSERT', ...outcome.get(identity)! }));
    return { result: records.length, changes };
  }

  /**
   * One transaction: `work` changes the records, then the outbox rows of all its changes are
   * written by one call. Resolving the schema and the entity happens before, because the
   * embedded database serves every connection from one session.
   */
  private async inTransaction<T>(
    ctx: TenantContext,
    entity: EntityDefinition,
    requestId: string,
    work: (client: pg.PoolClient, sql: RecordSql) => Promise<{ result: T; changes: EntityChange[] }>,
  ): Promise<T> {
    const schema = await this.tenants.ensure(ctx.tenantId);
    const sql = new RecordSql(schema, entity);
    try {
      return await retryOnLostRace(() =>
        this.db.transaction(async (client) => {
          const { result, changes } = await work(client, sql);
          await writeOutboxRecords(client, {
            tenantId: ctx.tenantId,
            schema,
            entityName: entity.name,
            primaryKey: entity.primaryKey,
            writeRequestId: requestId,
            occurredAt: new Date(),
            changes,
            maxRows: this.outboxMaxRowsPerWrite,
            entity,
          });
          return result;
        }),
      );
    } catch (err) {
      throw this.translate(err, entity);
    }
  }

  private translate(err: unknown, entity: EntityDefinition): unknown {
    if (err instanceof AppError) return err;
    switch (pgCode(err)) {
      case '23505':
        return new AppError('CONFLICT', 'A record with this primary key already exists');
      case '42P01': // the entity was dropped after it was looked up
        return entityNotFound(entity.name);
      case '40P01':
      case '40001':
        return new AppError('CONFLICT', 'The records are being changed concurrently; try again');
      default:
        // Values are checked before any SQL runs; a data exception left over is still the caller's value.
        if (pgCode(err)?.startsWith('22')) return validationError([], 'A value could not be stored in its field');
        return err;
    }
  }

  private pkField(entity: EntityDefinition) {
    return entity.fields.find((f) => f.name === entity.primaryKey)!;
  }

  private parseId(entity: EntityDefinition, id: string): string {
    const key = typeof id === 'string' ? parseRecordId(this.pkField(entity), id) : undefined;
    if (key === undefined) throw recordNotFound();
    return key;
  }
}

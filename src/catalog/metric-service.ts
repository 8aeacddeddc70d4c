import type { TenantContext } from '../auth/permissions';
import type { Database } from '../db/database';
import type { TenantSchemas } from '../db/tenant-schema';
import { AppError } from '../errors';
import type { MetricDefinition as MetricRow } from '../generated/prisma/client';
import type { Logger } from '../logger';
import { AGGREGATIONS, type Aggregation } from '../query/model';
import { aggregationFits, fieldMap, isObject, Problems, readFilter } from '../query/parse';
import { ensureCatalogIndex } from './catalog-indexes';
import {
  readDefinitionName,
  readDefinitionWithEntity,
  resolveDefinitionEntity,
  storedFilter,
  type EntityLookup,
} from './definition-common';
import { CATALOG_NAME, TIME_FIELD_TYPES, type EntityDefinition } from './model';

/** A named metric (docs/api.md#analytics): one aggregation of one entity, with an optional filter. */
export interface MetricDefinition {
  name: string;
  entity: string;
  aggregation: Aggregation;
  /** Absent only for COUNT of all rows. */
  field: string | null;
  /** The field time buckets and ranges use: the given one, else the entity's. */
  timeField: string | null;
  filter: Record<string, unknown> | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  updatedBy: string | null;
}

function toModel(row: MetricRow): MetricDefinition {
  return {
    name: row.name,
    entity: row.entityName,
    aggregation: row.aggregation as Aggregation,
    field: row.field,
    timeField: row.timeField,
    filter: (row.filter ?? null) as Record<string, unknown> | null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

const METRIC_COLUMNS = `d.tenant_id AS "tenantId", d.name, d.entity_name AS "entityName", d.aggregation, d.field, d.time_field AS "timeField", d.filter,
  d.created_at AS "createdAt", d.updated_at AS "updatedAt", d.created_by AS "createdBy", d.updated_by AS "updatedBy"`;

const metricNotFound = () => new AppError('METRIC_NOT_FOUND', 'Metric not found');

/** The tenant's metric catalogue. Definitions are checked against the entity when made. */
export class MetricService {
  constructor(
    private readonly db: Database,
    private readonly tenants: TenantSchemas,
    private readonly entities: EntityLookup,
    private readonly logger: Logger,
  ) {}

  async define(ctx: TenantContext, body: unknown): Promise<MetricDefinition> {
    const name = readDefinitionName(body);
    const b = body as Record<string, unknown>;
    const entity = await resolveDefinitionEntity(ctx, this.entities, b.entity);
    const p = new Problems();
    const fields = fieldMap(entity.fields);
    const aggregation =
      typeof b.aggregation === 'string' && (AGGREGATIONS as readonly string[]).includes(b.aggregation)
        ? (b.aggregation as Aggregation)
        : undefined;
    if (!aggregation) p.add('aggregation', `must be one of ${AGGREGATIONS.join(', ')}`);
    let field: string | null = null;
    if (b.field !== undefined && b.field !== null && !(aggregation === 'COUNT' && b.field === '*')) {
      const def = typeof b.field === 'string' ? fields.get(b.field) : undefined;
      if (!def) p.add('field', 'is not a field of the entity');
      else if (aggregation && !aggregationFits(aggregation, def.type))
        p.add('field', `${aggregation} does not apply to a ${def.type} field`);
      else field = def.name;
    } else if (aggregation && aggregation !== 'COUNT') {
      p.add('field', `is required for ${aggregation}`);
    }
    let timeField = entity.timeField;
    if (b.timeField !== undefined && b.timeField !== null) {
      const def = typeof b.timeField === 'string' ? fields.get(b.timeField) : undefined;
      if (!def) p.add('timeField', 'is not a field of the entity');
      else if (!TIME_FIELD_TYPES.has(def.type)) p.add('timeField', 'must be a TIMESTAMP or DATE field');
      else timeField = def.name;
    }
    if (b.filter !== undefined && b.filter !== null && !isObject(b.filter))
      p.add('filter', 'must be a condition or a group object');
    else readFilter(b.filter, fields, p);
    p.throwIfAny();

    const { count } = await this.db.prisma.metricDefinition.createMany({
      data: [
        {
          tenantId: ctx.tenantId,
          name,
          entityName: entity.name,
          aggregation: aggregation!,
          field,
          timeField,
          filter: storedFilter(b.filter),
          createdBy: ctx.actor,
          updatedBy: ctx.actor,
        },
      ],
      skipDuplicates: true,
    });
    if (count === 0) throw new AppError('CONFLICT', `A metric named '${name}' already exists`);
    if (timeField) {
      await ensureCatalogIndex(
        this.db.pool,
        await this.tenants.ensure(ctx.tenantId),
        entity,
        [],
        timeField,
        this.logger,
      );
    }
    return this.get(ctx, name);
  }

  async list(ctx: TenantContext): Promise<MetricDefinition[]> {
    const rows = await this.db.prisma.metricDefinition.findMany({
      where: { tenantId: ctx.tenantId },
      orderBy: { name: 'asc' },
    });
    return rows.map(toModel);
  }

  async get(ctx: TenantContext, name: string): Promise<MetricDefinition> {
    if (typeof name !== 'string' || !CATALOG_NAME.test(name)) throw metricNotFound();
    const { rows } = await this.db.pool.query<MetricRow>(
      `SELECT ${METRIC_COLUMNS} FROM metric_definitions d WHERE d.tenant_id = $1 AND d.name = $2`,
      [ctx.tenantId, name],
    );
    if (!rows.length) throw metricNotFound();
    return toModel(rows[0]);
  }

  /**
   * The metric and, in the same statement, the entity it aggregates (null when that entity is
   * gone): every metric query starts here, so one round trip and no ORM. Read fresh each time, so
   * a metric or entity another process dropped or redefined is seen at once.
   */
  async getWithEntity(
    ctx: TenantContext,
    name: string,
  ): Promise<{ metric: MetricDefinition; entity: EntityDefinition | null }> {
    if (typeof name !== 'string' || !CATALOG_NAME.test(name)) throw metricNotFound();
    const found = await readDefinitionWithEntity<MetricRow>(this.db, 'metric_definitions', METRIC_COLUMNS, ctx, name);
    if (!found) throw metricNotFound();
    return { metric: toModel(found.row), entity: found.entity };
  }

  async drop(ctx: TenantContext, name: string): Promise<void> {
    if (typeof name !== 'string' || !CATALOG_NAME.test(name)) throw metricNotFound();
    const { count } = await this.db.prisma.metricDefinition.deleteMany({ where: { tenantId: ctx.tenantId, name } });
    if (count === 0) throw metricNotFound();
  }
}

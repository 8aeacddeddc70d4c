import type { TenantContext } from '../auth/permissions';
import type { Database } from '../db/database';
import type { TenantSchemas } from '../db/tenant-schema';
import { AppError } from '../errors';
import type { ViewDefinition as ViewRow } from '../generated/prisma/client';
import type { Logger } from '../logger';
import { MAX_FILTER_DEPTH, type Aggregation } from '../query/model';
import {
  checkDistinctColumns,
  checkQueryValue,
  fieldMap,
  filterNestsTooDeep,
  isFieldType,
  isObject,
  Problems,
  readFilter,
  readSelect,
} from '../query/parse';
import { isParamRef, sampleParams, type ViewParameter } from '../query/view-params';
import { ensureCatalogIndex } from './catalog-indexes';
import {
  readDefinitionName,
  readDefinitionWithEntity,
  resolveDefinitionEntity,
  storedFilter,
  type EntityLookup,
} from './definition-common';
import { CATALOG_NAME, type EntityDefinition } from './model';

interface ViewSelectItem {
  field: string | null;
  agg: Aggregation | null;
  alias: string | null;
}

/** A named, parameterised structured query (docs/api.md#analytics). Never SQL text. */
export interface ViewDefinition {
  name: string;
  entity: string;
  select: ViewSelectItem[];
  /** The filter as defined, with `{ "$param": name }` where a parameter's value goes. */
  filter: Record<string, unknown> | null;
  parameters: ViewParameter[];
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  updatedBy: string | null;
}

const MAX_PARAMETERS = 50;

function toModel(row: ViewRow): ViewDefinition {
  return {
    name: row.name,
    entity: row.entityName,
    select: row.select as unknown as ViewSelectItem[],
    filter: (row.filter ?? null) as Record<string, unknown> | null,
    parameters: row.parameters as unknown as ViewParameter[],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
  };
}

const VIEW_COLUMNS = `d.tenant_id AS "tenantId", d.name, d.entity_name AS "entityName", d."select", d.filter, d.parameters,
  d.created_at AS "createdAt", d.updated_at AS "updatedAt", d.created_by AS "createdBy", d.updated_by AS "updatedBy"`;

const viewNotFound = () => new AppError('VIEW_NOT_FOUND', 'View not found');

function readParameters(raw: unknown, p: Problems): ViewParameter[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) return p.add('parameters', 'must be an array') ?? [];
  if (raw.length > MAX_PARAMETERS) return p.add('parameters', `must have at most ${MAX_PARAMETERS} items`) ?? [];
  const out: ViewParameter[] = [];
  raw.forEach((item, i) => {
    const at = `parameters[${i}]`;
    if (!isObject(item)) return p.add(at, 'must be an object with name and type');
    if (typeof item.name !== 'string' || !CATALOG_NAME.test(item.name))
      return p.add(`${at}.name`, 'must match ^[a-z][a-z0-9_]{0,62}$');
    if (out.some((o) => o.name === item.name)) return p.add(`${at}.name`, 'is declared twice');
    if (!isFieldType(item.type))
      return p.add(
        `${at}.type`,
        'must be a field type (STRING, INTEGER, FLOAT, DECIMAL, BOOLEAN, TIMESTAMP, DATE, JSON)',
      );
    if (item.required !== undefined && item.required !== null && typeof item.required !== 'boolean')
      return p.add(`${at}.required`, 'must be a boolean');
    const required = item.required === true;
    let def: ViewParameter['default'] = null;
    if (item.default !== undefined && item.default !== null) {
      if (required) return p.add(`${at}.default`, 'a required parameter takes no default');
      const c = checkQueryValue(item.type, item.default);
      if (!c.ok) return p.add(`${at}.default`, c.message);
      def = c.value;
    }
    out.push({ name: item.name, type: item.type, required, default: def });
  });
  return out;
}

const EQUALITY_OPS = new Set(['EQ', 'IN']);
const RANGE_OPS = new Set(['GT', 'GTE', 'LT', 'LTE', 'BETWEEN']);

/**
 * The fields a view's filter compares with a parameter, by kind: the lookups worth an index.
 * Only conditions every row must meet count (those under AND at the top), since an OR or NOT
 * branch cannot be served by one index scan anyway.
 */
function parameterisedFields(filter: unknown): { equality: string[]; range: string[] } {
  const out = { equality: [] as string[], range: [] as string[] };
  const walk = (node: unknown) => {
    if (!isObject(node)) return;
    if (node.op === 'AND' && Array.isArray(node.conditions)) return node.conditions.forEach(walk);
    const v = node.value;
    if (typeof node.field !== 'string' || !(isParamRef(v) || (Array.isArray(v) && v.some(isParamRef)))) return;
    if (EQUALITY_OPS.has(node.op as string)) out.equality.push(node.field);
    else if (RANGE_OPS.has(node.op as string)) out.range.push(node.field);
  };
  walk(filter);
  return out;
}

/** The tenant's view catalogue. Definitions are checked against the entity when made. */
export class ViewService {
  constructor(
    private readonly db: Database,
    private readonly tenants: TenantSchemas,
    private readonly entities: EntityLookup,
    private readonly logger: Logger,
  ) {}

  async define(ctx: TenantContext, body: unknown): Promise<ViewDefinition> {
    const name = readDefinitionName(body);
    const b = body as Record<string, unknown>;
    const entity = await resolveDefinitionEntity(ctx, this.entities, b.entity);
    const fields = fieldMap(entity.fields);
    const p = new Problems();
    const parameters = readParameters(b.parameters, p);
    // A view's columns are the fields an entity query reads from it: their names follow the catalogue's rule.
    const select = readSelect(b.select, fields, p, 'select', { aliasPattern: CATALOG_NAME });
    checkDistinctColumns(
      select.map((s) => s.column),
      p,
      'select',
    );
    if (b.filter !== undefined && b.filter !== null) {
      if (!isObject(b.filter)) p.add('filter', 'must be a condition or a group object');
      // Checked before sampleParams, which walks the filter recursively.
      else if (filterNestsTooDeep(b.filter)) p.add('filter', `nests deeper than ${MAX_FILTER_DEPTH} levels`);
      else readFilter(sampleParams(b.filter, new Map(parameters.map((x) => [x.name, x])), p), fields, p);
    }
    p.throwIfAny();

    const stored: ViewSelectItem[] = select.map((s, i) => {
      const raw = (b.select as Array<Record<string, unknown>>)[i];
      return { field: s.field ?? null, agg: s.agg ?? null, alias: typeof raw.alias === 'string' ? raw.alias : null };
    });
    const { count } = await this.db.prisma.viewDefinition.createMany({
      data: [
        {
          tenantId: ctx.tenantId,
          name,
          entityName: entity.name,
          select: stored as unknown as object,
          filter: storedFilter(b.filter),
          parameters: parameters as unknown as object,
          createdBy: ctx.actor,
          updatedBy: ctx.actor,
        },
      ],
      skipDuplicates: true,
    });
    if (count === 0) throw new AppError('CONFLICT', `A view named '${name}' already exists`);
    const schema = await this.tenants.ensure(ctx.tenantId);
    const { equality, range } = parameterisedFields(b.filter);
    // The time field first among range columns: views are most often cut by time.
    const rangeField = range.find((f) => f === entity.timeField) ?? range[0];
    await ensureCatalogIndex(this.db.pool, schema, entity, equality, rangeField, this.logger);
    return this.get(ctx, name);
  }

  async list(ctx: TenantContext): Promise<ViewDefinition[]> {
    const rows = await this.db.prisma.viewDefinition.findMany({
      where: { tenantId: ctx.tenantId },
      orderBy: { name: 'asc' },
    });
    return rows.map(toModel);
  }

  async get(ctx: TenantContext, name: string): Promise<ViewDefinition> {
    const view = await this.find(ctx, name);
    if (!view) throw viewNotFound();
    return view;
  }

  /** The view, or null when the tenant has none of that name. */
  async find(ctx: TenantContext, name: string): Promise<ViewDefinition | null> {
    if (typeof name !== 'string' || !CATALOG_NAME.test(name)) return null;
    const { rows } = await this.db.pool.query<ViewRow>(
      `SELECT ${VIEW_COLUMNS} FROM view_definitions d WHERE d.tenant_id = $1 AND d.name = $2`,
      [ctx.tenantId, name],
    );
    return rows.length ? toModel(rows[0]) : null;
  }

  /**
   * The view and, in the same statement, the entity it reads (null when that entity is gone): every
   * view query starts here, so one round trip and no ORM. Read fresh each time, so a view or entity
   * another process dropped or redefined is seen at once.
   */
  async getWithEntity(
    ctx: TenantContext,
    name: string,
  ): Promise<{ view: ViewDefinition; entity: EntityDefinition | null }> {
    if (typeof name !== 'string' || !CATALOG_NAME.test(name)) throw viewNotFound();
    // Prepared: every view run reads this, side by side with the query itself.
    const found = await readDefinitionWithEntity<ViewRow>(this.db, 'view_definitions', VIEW_COLUMNS, ctx, name);
    if (!found) throw viewNotFound();
    return { view: toModel(found.row), entity: found.entity };
  }

  async drop(ctx: TenantContext, name: string): Promise<void> {
    if (typeof name !== 'string' || !CATALOG_NAME.test(name)) throw viewNotFound();
    const { count } = await this.db.prisma.viewDefinition.deleteMany({ where: { tenantId: ctx.tenantId, name } });
    if (count === 0) throw viewNotFound();
  }
}

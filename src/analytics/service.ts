/**
 * The analytics operations (docs/api.md#analytics). Each one resolves names in the tenant's
 * catalogue, reads the body against them, compiles one statement and runs it read-only.
 */
import type { TenantContext } from '../auth/permissions';
import type { EntityLookup } from '../catalog/definition-common';
import type { MetricDefinition, MetricService } from '../catalog/metric-service';
import type { EntityDefinition } from '../catalog/model';
import type { ViewDefinition, ViewService } from '../catalog/view-service';
import { Params } from '../db/sql';
import type { TenantSchemas } from '../db/tenant-schema';
import { AppError, type FieldError } from '../errors';
import { entityGuard } from './guard';
import { LastSeenDefinitions } from './last-seen';
import { compileQuery, type CompiledQuery, type SqlSource } from './compile';
import { MAX_BATCH_METRICS, type Filter, type SelectItem, type SourceField, type TabularResult } from '../query/model';
import {
  checkDistinctColumns,
  invalidQuery,
  isObject,
  Problems,
  readDimensions,
  readFilter,
  readPaging,
  readSelect,
  readTime,
} from '../query/parse';
import type { QueryRunner } from './runner';
import type { AnalyticsStandby } from './standby';
import { bindView, entitySource, readViewSelect, viewSource } from './sources';
import { setNewest } from '../bounded-map';

interface Prepared {
  schema: string;
  compiled: CompiledQuery;
  /** The entities whose tables the statement reads. */
  tables: EntityDefinition[];
}

export interface QueryCheck {
  valid: boolean;
  errors: FieldError[];
}

export interface MetricResult {
  metric: string;
  result: TabularResult;
}

function timeFieldOf(entity: EntityDefinition, name: string | null): SourceField | undefined {
  return name ? entity.fields.find((f) => f.name === name) : undefined;
}

/** The entity (or view) a query, validate or explain body names; the body must be an object. */
function entityNameOf(body: unknown): string {
  if (!isObject(body)) throw invalidQuery([{ field: 'body', message: 'must be a JSON object' }]);
  if (typeof body.entity !== 'string' || body.entity === '')
    throw invalidQuery([{ field: 'entity', message: 'is required' }]);
  return body.entity;
}

/**
 * Compiled statements kept per process, and the longest body kept: bounds their memory at a few
 * megabytes however many tenants query; an evicted one is only compiled again.
 */
const MAX_COMPILED_KEPT = 1_000;
const MAX_KEPT_BODY = 4_096;
const MAX_KEPT_DEPTH = 64;

/**
 * A body's text when it is plain JSON data (what a REST body is), the key of what was compiled
 * from it; undefined for anything JSON text would not tell apart (undefined, -0, class instances
 * such as GraphQL inputs, Dates) and for bodies nested deeper than MAX_KEPT_DEPTH (JSON.stringify
 * recurses; no valid query nests that deep), which are then compiled, and judged, on every query.
 */
function plainBodyKey(body: unknown): string | undefined {
  const stack: Array<[unknown, number]> = [[body, 0]];
  // Each value takes at least a character of its text: more values than MAX_KEPT_BODY cannot be kept.
  for (let seen = 0; stack.length; seen++) {
    if (seen > MAX_KEPT_BODY) return undefined;
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v === 'string' || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v) || Object.is(v, -0)) return undefined;
      continue;
    }
    if (typeof v !== 'object' || depth >= MAX_KEPT_DEPTH) return undefined;
    if (Array.isArray(v)) {
      for (const x of v) stack.push([x, depth + 1]);
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return undefined;
    for (const k in v) stack.push([(v as Record<string, unknown>)[k], depth + 1]);
  }
  const key = JSON.stringify(body);
  return key.length <= MAX_KEPT_BODY ? key : undefined;
}

/** A stored definition whose entity changed under it is the definition's fault, not the caller's. */
const staleDefinition = (what: 'metric' | 'view') =>
  invalidQuery([{ field: what, message: `the ${what} no longer fits its entity; define it again` }]);

export class AnalyticsService {
  constructor(
    private readonly tenants: TenantSchemas,
    private readonly entities: EntityLookup,
    private readonly metrics: MetricService,
    private readonly views: ViewService,
    private readonly runner: QueryRunner,
    /** ANALYTICS_DATABASE_URL's standby, whose state /readyz shows. */
    readonly standby?: AnalyticsStandby,
  ) {}

  private readonly lastSeen = new LastSeenDefinitions();
  /**
   * What was read from a stored definition (with its entity), kept with the definition object
   * LastSeenDefinitions hands out: a definition is parsed once, not on every query, until it or
   * its entity changes (then the object is new).
   */
  private readonly parsedDefinitions = new WeakMap<object, unknown>();

  /**
   * Guarded statements by definition, schema, catalogue and body: a repeated query is read and
   * compiled once (compiling is a pure function of these), until the definition changes (then its
   * object is new, and what was kept with the old one is not used).
   */
  private readonly compiledGuarded = new Map<string, { definition: object; compiled: CompiledQuery }>();

  private parsedOnce<T>(definition: object, parse: () => T): T {
    if (this.parsedDefinitions.has(definition)) return this.parsedDefinitions.get(definition) as T;
    const parsed = parse();
    this.parsedDefinitions.set(definition, parsed);
    return parsed;
  }

  /** Runs a query over an entity (or a view without required parameters). */
  async query(ctx: TenantContext, body: unknown): Promise<TabularResult> {
    const name = entityNameOf(body);
    const key = `entity\0${ctx.tenantId}\0${name}`;
    const guarded = await this.guardedQuery(ctx, key, name, body as Record<string, unknown>);
    if (guarded) return guarded;
    try {
      return await this.lastSeen.run(
        key,
        !this.runner.serial,
        () => this.entities.get(ctx, name),
        async (entity) => {
          const schema = await this.tenants.ensure(ctx.tenantId);
          return this.runner.run(
            schema,
            this.compileBody(
              entitySource(schema, entity),
              timeFieldOf(entity, entity.timeField),
              body as Record<string, unknown>,
              new Params(),
            ),
            [entity],
          );
        },
      );
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'ENTITY_NOT_FOUND')) throw err;
      const view = await this.views.find(ctx, name);
      if (!view) throw err;
      const { schema, compiled, tables } = await this.prepareViewAsEntity(ctx, view, body as Record<string, unknown>);
      return this.runner.run(schema, compiled, tables);
    }
  }

  /**
   * One round trip instead of two: the query compiled from the entity definition last seen, its
   * statement guarded (guard.ts). When the guard does not vouch for the answer (no rows, or the
   * definition changed) the catalogue is read; an unchanged definition keeps the answer, else
   * undefined: `query` starts over from the fresh definition. Undefined too when there is nothing
   * to guard with (no definition seen yet, a standby, the embedded database).
   */
  private async guardedQuery(
    ctx: TenantContext,
    key: string,
    name: string,
    body: Record<string, unknown>,
  ): Promise<TabularResult | undefined> {
    const seen = this.runner.serial ? undefined : this.lastSeen.peek<EntityDefinition>(key);
    if (!seen) return undefined;
    const catalogue = await this.runner.entityCatalogue();
    if (!catalogue) return undefined;
    const entity = seen.definition;
    const schema = await this.tenants.ensure(ctx.tenantId);
    const bodyKey = plainBodyKey(body);
    const cacheKey = bodyKey === undefined ? undefined : `${key}\0${schema}\0${catalogue}\0${bodyKey}`;
    const kept = cacheKey === undefined ? undefined : this.compiledGuarded.get(cacheKey);
    let compiled = kept?.definition === entity ? kept.compiled : undefined;
    if (!compiled) {
      try {
        const params = new Params();
        const guard = entityGuard(catalogue, ctx.tenantId, entity, params);
        compiled = this.compileBody(
          entitySource(schema, entity),
          timeFieldOf(entity, entity.timeField),
          body,
          params,
          guard,
        );
      } catch {
        // A body the old definition refuses may fit a new one: judged against a fresh read.
        return undefined;
      }
      if (cacheKey !== undefined) {
        // Shared by every later request with this body: nothing downstream may change it.
        Object.freeze(compiled.values);
        setNewest(
          this.compiledGuarded,
          cacheKey,
          { definition: entity, compiled: Object.freeze(compiled) },
          MAX_COMPILED_KEPT,
        );
      }
    }
    let answer: { result: TabularResult; confirmed: boolean } | undefined;
    let failure: unknown;
    try {
      answer = await this.runner.runChecked(schema, compiled, [entity]);
      if (answer.confirmed) return answer.result;
    } catch (err) {
      failure = err;
    }
    let fresh: { content: string };
    try {
      fresh = await this.lastSeen.reread(key, () => this.entities.get(ctx, name));
    } catch (err) {
      // No longer an entity (perhaps a view now): `query` decides.
      if (err instanceof AppError && err.code === 'ENTITY_NOT_FOUND') return undefined;
      throw err;
    }
    if (fresh.content !== seen.content) return undefined;
    if (answer) return answer.result;
    throw failure;
  }

  /** Checks a query as `query` does, and runs nothing. */
  async check(ctx: TenantContext, body: unknown): Promise<QueryCheck> {
    try {
      await this.prepareEntityQuery(ctx, body);
      return { valid: true, errors: [] };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.code === 'INVALID_QUERY')
        return { valid: false, errors: err.details?.length ? err.details : [{ field: 'body', message: err.message }] };
      if (err.code === 'ENTITY_NOT_FOUND')
        return { valid: false, errors: [{ field: 'entity', message: 'is not an entity or view of the tenant' }] };
      throw err;
    }
  }

  /** PostgreSQL's plan for the query, without running it. */
  async plan(ctx: TenantContext, body: unknown): Promise<string> {
    const { schema, compiled, tables } = await this.prepareEntityQuery(ctx, body);
    return this.runner.explain(schema, compiled, tables);
  }

  /** Runs a named metric with the caller's dimensions, time and filter. */
  async metricQuery(ctx: TenantContext, metricName: string, params: unknown): Promise<TabularResult> {
    return this.lastSeen.run(
      `metric\0${ctx.tenantId}\0${metricName}`,
      !this.runner.serial,
      () => this.metrics.getWithEntity(ctx, metricName),
      async (found) => {
        const { schema, compiled, tables } = await this.prepareMetricQuery(ctx, found, params, '');
        return this.runner.run(schema, compiled, tables);
      },
    );
  }

  /**
   * Runs several metrics with the same parameters. Every metric is checked before
   * any runs; they run concurrently where the database allows.
   */
  async batchMetricQuery(ctx: TenantContext, metricNames: unknown, params: unknown): Promise<MetricResult[]> {
    if (
      !Array.isArray(metricNames) ||
      metricNames.length === 0 ||
      metricNames.length > MAX_BATCH_METRICS ||
      metricNames.some((m) => typeof m !== 'string')
    ) {
      throw invalidQuery([{ field: 'metrics', message: `must be an array of 1 to ${MAX_BATCH_METRICS} metric names` }]);
    }
    const names = [...new Set(metricNames as string[])];
    // One look-up at a time: a tenant's batches must not flood the pool every other tenant takes its
    // catalogue reads from (10 batches of 50 were 500 look-ups queued at once; docs/api.md#fairness).
    const definitions = [];
    for (const n of names) definitions.push(await this.metrics.getWithEntity(ctx, n));
    const prepared = await Promise.all(definitions.map((d) => this.prepareMetricQuery(ctx, d, params, 'params.')));
    const run = (p: Prepared) => this.runner.run(p.schema, p.compiled, p.tables);
    let results: TabularResult[];
    if (this.runner.serial) {
      results = [];
      for (const p of prepared) results.push(await run(p));
    } else {
      results = await Promise.all(prepared.map(run));
    }
    return names.map((metric, i) => ({ metric, result: results[i] }));
  }

  /** Runs a named view with the caller's parameter values. */
  async viewQuery(ctx: TenantContext, viewName: string, body: unknown): Promise<TabularResult> {
    return this.lastSeen.run(
      `view\0${ctx.tenantId}\0${viewName}`,
      !this.runner.serial,
      () => this.views.getWithEntity(ctx, viewName),
      (found) => this.runView(ctx, found, body),
    );
  }

  private async runView(
    ctx: TenantContext,
    found: { view: ViewDefinition; entity: EntityDefinition | null },
    body: unknown,
  ): Promise<TabularResult> {
    const { view, entity } = found;
    if (body !== undefined && body !== null && !isObject(body))
      throw invalidQuery([{ field: 'body', message: 'must be a JSON object' }]);
    const b = (body ?? {}) as Record<string, unknown>;
    if (!entity) throw staleDefinition('view');
    const schema = await this.tenants.ensure(ctx.tenantId);
    const source = entitySource(schema, entity);
    const p = new Problems();
    const select = this.parsedOnce(found, () => readViewSelect(view, source.fields));
    const bound = bindView(view, source.fields, b.params, p, select);
    const timeField = timeFieldOf(entity, entity.timeField);
    const time = readTime(b.time, timeField, p);
    const paging = readPaging(b, p);
    if (bound && time?.granularity && bound.select.some((s) => s.column === 'time')) {
      p.add('time.granularity', 'the view has a column named time already');
    }
    p.throwIfAny();
    const compiled = compileQuery(
      source,
      { select: bound!.select, filter: bound!.filter, time, timeField, ...paging },
      new Params(),
    );
    return this.runner.run(schema, compiled, [entity]);
  }

  private async viewEntity(ctx: TenantContext, name: string): Promise<EntityDefinition> {
    try {
      return await this.entities.get(ctx, name);
    } catch (err) {
      if (err instanceof AppError && err.code === 'ENTITY_NOT_FOUND') throw staleDefinition('view');
      throw err;
    }
  }

  /** Query, validate and explain: `entity` names an entity, or else a view without required parameters. */
  private async prepareEntityQuery(ctx: TenantContext, body: unknown): Promise<Prepared> {
    const name = entityNameOf(body);
    let entity: EntityDefinition | undefined;
    try {
      entity = await this.entities.get(ctx, name);
    } catch (err) {
      if (!(err instanceof AppError && err.code === 'ENTITY_NOT_FOUND')) throw err;
      const view = await this.views.find(ctx, name);
      if (!view) throw err;
      return this.prepareViewAsEntity(ctx, view, body as Record<string, unknown>);
    }
    const schema = await this.tenants.ensure(ctx.tenantId);
    const source = entitySource(schema, entity);
    return {
      schema,
      compiled: this.compileBody(
        source,
        timeFieldOf(entity, entity.timeField),
        body as Record<string, unknown>,
        new Params(),
      ),
      tables: [entity],
    };
  }

  private async prepareViewAsEntity(
    ctx: TenantContext,
    view: Awaited<ReturnType<ViewService['get']>>,
    body: Record<string, unknown>,
  ): Promise<Prepared> {
    const needed = view.parameters.filter((x) => x.required && x.default === null);
    if (needed.length) {
      throw invalidQuery([
        {
          field: 'entity',
          message: 'names a view with required parameters; query it with its parameters through the view query',
        },
      ]);
    }
    const entity = await this.viewEntity(ctx, view.entity);
    const schema = await this.tenants.ensure(ctx.tenantId);
    const p = new Problems();
    const bound = bindView(view, entitySource(schema, entity).fields, undefined, p);
    if (!bound) throw staleDefinition('view');
    const params = new Params();
    const { source, timeField } = viewSource(schema, entity, bound, params);
    return { schema, compiled: this.compileBody(source, timeField, body, params), tables: [entity] };
  }

  private compileBody(
    source: SqlSource,
    timeField: SourceField | undefined,
    body: Record<string, unknown>,
    params: Params,
    guard?: string,
  ): CompiledQuery {
    const p = new Problems();
    const select = readSelect(body.select, source.fields, p);
    const time = readTime(body.time, timeField, p);
    checkDistinctColumns(
      select.map((s) => s.column),
      p,
      'select',
      time?.granularity ? ['time'] : [],
    );
    const filter = readFilter(body.filter, source.fields, p);
    const paging = readPaging(body, p);
    p.throwIfAny();
    return compileQuery(source, { select, filter, time, timeField, ...paging }, params, { guard });
  }

  /** Metric and batch answers: `time`, the dimensions, then a column named after the metric. */
  private async prepareMetricQuery(
    ctx: TenantContext,
    found: { metric: MetricDefinition; entity: EntityDefinition | null },
    raw: unknown,
    prefix: string,
  ): Promise<Prepared> {
    if (raw !== undefined && raw !== null && !isObject(raw))
      throw invalidQuery([{ field: prefix ? 'params' : 'body', message: 'must be a JSON object' }]);
    const params = (raw ?? {}) as Record<string, unknown>;
    const { metric, entity } = found;
    if (!entity) throw staleDefinition('metric');
    const schema = await this.tenants.ensure(ctx.tenantId);
    const source = entitySource(schema, entity);
    const stored = this.parsedOnce(found, () => {
      const stale = new Problems();
      const metricFilter = readFilter(metric.filter ?? undefined, source.fields, stale);
      const [measure] = readSelect(
        [{ field: metric.field ?? undefined, agg: metric.aggregation, alias: metric.name }],
        source.fields,
        stale,
      );
      const timeField = timeFieldOf(entity, metric.timeField);
      return stale.any || (metric.timeField && !timeField) ? undefined : { metricFilter, measure, timeField };
    });
    if (!stored) throw staleDefinition('metric');
    const { metricFilter, measure, timeField } = stored;

    const p = new Problems();
    const dimensions = readDimensions(params.dimensions, source.fields, p, `${prefix}dimensions`);
    const time = readTime(params.time, timeField, p, `${prefix}time`);
    const filter = readFilter(params.filter, source.fields, p, `${prefix}filter`);
    const paging = readPaging(params, p, prefix);
    dimensions.forEach((d, i) => {
      if (d === metric.name || (d === 'time' && time?.granularity))
        p.add(`${prefix}dimensions[${i}]`, 'has the name of another column of the result');
    });
    p.throwIfAny();
    const select: SelectItem[] = [...dimensions.map((d) => ({ field: d, column: d })), measure];
    const conditions = [metricFilter, filter].filter((f): f is Filter => !!f);
    const combined: Filter | undefined =
      conditions.length > 1 ? { kind: 'group', op: 'AND', conditions } : conditions[0];
    return {
      schema,
      compiled: compileQuery(source, { select, filter: combined, time, timeField, ...paging }, new Params()),
      tables: [entity],
    };
  }
}

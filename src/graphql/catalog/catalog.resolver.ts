import type { ClassType } from 'type-graphql';
import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { CONFIG_ADMIN, type TenantContext } from '../../auth/permissions';
import type { Services } from '../../services';
import type { GraphQLContext } from '../context';
import { DefineEntityInput, Entity } from './entity-types';
import { DefineMetricInput, Metric } from './metric-types';
import { DefineViewInput, View } from './view-types';

/** What every catalogue service offers: entities, metrics and views alike. */
interface Catalogue {
  list(ctx: TenantContext): Promise<unknown[]>;
  get(ctx: TenantContext, name: string): Promise<unknown>;
  define(ctx: TenantContext, input: unknown): Promise<unknown>;
  drop(ctx: TenantContext, name: string): Promise<void>;
}

interface CatalogueFields {
  /** The object type, its define input, and the service behind them. */
  type: ClassType;
  input: ClassType;
  service: (services: Services) => Catalogue;
  /** Field names: `entity` → `entities`, `entity`, `defineEntity`, `dropEntity`. */
  singular: string;
  plural: string;
  descriptions?: { list?: string; define?: string; drop?: string };
}

/**
 * list / get / define / drop of one catalogue, the same four fields for each kind of definition
 * (the REST twin is src/http/catalog-routes.ts). Each call makes a resolver class of its own.
 */
function catalogueResolver(c: CatalogueFields): ClassType {
  const Kind = c.singular[0].toUpperCase() + c.singular.slice(1);

  @Resolver(() => c.type)
  class CatalogueResolver {
    @Query(() => [c.type], { name: c.plural, description: c.descriptions?.list })
    async list(@Ctx() ctx: GraphQLContext) {
      return c.service(ctx.services).list(await ctx.authorize(CONFIG_ADMIN));
    }

    @Query(() => c.type, { name: c.singular })
    async get(@Arg('name') name: string, @Ctx() ctx: GraphQLContext) {
      return c.service(ctx.services).get(await ctx.authorize(CONFIG_ADMIN), name);
    }

    @Mutation(() => c.type, { name: `define${Kind}`, description: c.descriptions?.define })
    async define(@Arg('input', () => c.input) input: object, @Ctx() ctx: GraphQLContext) {
      return c.service(ctx.services).define(await ctx.authorize(CONFIG_ADMIN), input);
    }

    @Mutation(() => Boolean, { name: `drop${Kind}`, description: c.descriptions?.drop })
    async drop(@Arg('name') name: string, @Ctx() ctx: GraphQLContext) {
      await c.service(ctx.services).drop(await ctx.authorize(CONFIG_ADMIN), name);
      return true;
    }
  }
  return CatalogueResolver;
}

export const EntityResolver = catalogueResolver({
  type: Entity,
  input: DefineEntityInput,
  service: (s) => s.entities,
  singular: 'entity',
  plural: 'entities',
  descriptions: {
    list: "The tenant's entities by name",
    define: "Defines an entity and creates its table in the tenant's schema",
    drop: 'Drops the entity and its table with every record in it',
  },
});

export const MetricResolver = catalogueResolver({
  type: Metric,
  input: DefineMetricInput,
  service: (s) => s.metricCatalog,
  singular: 'metric',
  plural: 'metrics',
});

export const ViewResolver = catalogueResolver({
  type: View,
  input: DefineViewInput,
  service: (s) => s.viewCatalog,
  singular: 'view',
  plural: 'views',
});

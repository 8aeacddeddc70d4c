import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { CONFIG_ADMIN } from '../../auth/permissions';
import type { GraphQLContext } from '../context';
import { DefineMetricInput, Metric } from './metric-types';

@Resolver(() => Metric)
export class MetricResolver {
  @Query(() => [Metric])
  async metrics(@Ctx() ctx: GraphQLContext) {
    return ctx.services.metricCatalog.list(await ctx.authorize(CONFIG_ADMIN));
  }

  @Query(() => Metric)
  async metric(@Arg('name') name: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.metricCatalog.get(await ctx.authorize(CONFIG_ADMIN), name);
  }

  @Mutation(() => Metric)
  async defineMetric(@Arg('input', () => DefineMetricInput) input: DefineMetricInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.metricCatalog.define(await ctx.authorize(CONFIG_ADMIN), input);
  }

  @Mutation(() => Boolean)
  async dropMetric(@Arg('name') name: string, @Ctx() ctx: GraphQLContext) {
    await ctx.services.metricCatalog.drop(await ctx.authorize(CONFIG_ADMIN), name);
    return true;
  }
}

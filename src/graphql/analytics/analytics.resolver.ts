import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import { ANALYTICS_READ } from '../../auth/permissions';
import type { GraphQLContext } from '../context';
import {
  EntityQueryInput,
  MetricQueryParamsInput,
  MetricResult,
  QueryCheck,
  TabularResult,
  ViewQueryArgs,
} from './types';

/**
 * The analytics operations over GraphQL: the same service calls as the REST routes. The coerced inputs go
 * to the service as they are (absent members are null or undefined, which the service reads as
 * not given), not through JSON text and back.
 */
@Resolver()
export class AnalyticsResolver {
  @Query(() => TabularResult)
  async entityQuery(@Arg('input', () => EntityQueryInput) input: EntityQueryInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.analytics.query(await ctx.authorize(ANALYTICS_READ), input);
  }

  @Query(() => QueryCheck, { description: 'Checks a query against the catalogue without running it' })
  async checkEntityQuery(@Arg('input', () => EntityQueryInput) input: EntityQueryInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.analytics.check(await ctx.authorize(ANALYTICS_READ), input);
  }

  @Query(() => String, { description: "PostgreSQL's plan for the query (EXPLAIN), without running it" })
  async entityQueryPlan(@Arg('input', () => EntityQueryInput) input: EntityQueryInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.analytics.plan(await ctx.authorize(ANALYTICS_READ), input);
  }

  @Query(() => TabularResult)
  async metricQuery(
    @Arg('metricName') metricName: string,
    @Ctx() ctx: GraphQLContext,
    @Arg('params', () => MetricQueryParamsInput, { nullable: true }) params?: MetricQueryParamsInput,
  ) {
    return ctx.services.analytics.metricQuery(await ctx.authorize(ANALYTICS_READ), metricName, params);
  }

  @Query(() => [MetricResult])
  async batchMetricQuery(
    @Arg('metrics', () => [String]) metrics: string[],
    @Ctx() ctx: GraphQLContext,
    @Arg('params', () => MetricQueryParamsInput, { nullable: true }) params?: MetricQueryParamsInput,
  ) {
    return ctx.services.analytics.batchMetricQuery(await ctx.authorize(ANALYTICS_READ), metrics, params);
  }

  @Query(() => TabularResult)
  async viewQuery(@Args(() => ViewQueryArgs) args: ViewQueryArgs, @Ctx() ctx: GraphQLContext) {
    const { viewName, params, time, limit, offset } = args;
    const body = { params, time, limit, offset };
    return ctx.services.analytics.viewQuery(await ctx.authorize(ANALYTICS_READ), viewName, body);
  }
}

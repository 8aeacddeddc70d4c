import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { CONFIG_ADMIN } from '../../auth/permissions';
import type { GraphQLContext } from '../context';
import { DefineViewInput, View } from './view-types';

@Resolver(() => View)
export class ViewResolver {
  @Query(() => [View])
  async views(@Ctx() ctx: GraphQLContext) {
    return ctx.services.viewCatalog.list(await ctx.authorize(CONFIG_ADMIN));
  }

  @Query(() => View)
  async view(@Arg('name') name: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.viewCatalog.get(await ctx.authorize(CONFIG_ADMIN), name);
  }

  @Mutation(() => View)
  async defineView(@Arg('input', () => DefineViewInput) input: DefineViewInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.viewCatalog.define(await ctx.authorize(CONFIG_ADMIN), input);
  }

  @Mutation(() => Boolean)
  async dropView(@Arg('name') name: string, @Ctx() ctx: GraphQLContext) {
    await ctx.services.viewCatalog.drop(await ctx.authorize(CONFIG_ADMIN), name);
    return true;
  }
}

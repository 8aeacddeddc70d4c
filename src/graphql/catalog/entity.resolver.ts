import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { CONFIG_ADMIN } from '../../auth/permissions';
import type { GraphQLContext } from '../context';
import { DefineEntityInput, Entity } from './entity-types';

@Resolver(() => Entity)
export class EntityResolver {
  @Query(() => [Entity], { description: "The tenant's entities by name" })
  async entities(@Ctx() ctx: GraphQLContext) {
    return ctx.services.entities.list(await ctx.authorize(CONFIG_ADMIN));
  }

  @Query(() => Entity)
  async entity(@Arg('name') name: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.entities.get(await ctx.authorize(CONFIG_ADMIN), name);
  }

  @Mutation(() => Entity, { description: "Defines an entity and creates its table in the tenant's schema" })
  async defineEntity(@Arg('input', () => DefineEntityInput) input: DefineEntityInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.entities.define(await ctx.authorize(CONFIG_ADMIN), input);
  }

  @Mutation(() => Boolean, { description: 'Drops the entity and its table with every record in it' })
  async dropEntity(@Arg('name') name: string, @Ctx() ctx: GraphQLContext) {
    await ctx.services.entities.drop(await ctx.authorize(CONFIG_ADMIN), name);
    return true;
  }
}

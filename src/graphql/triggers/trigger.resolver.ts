import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { givenFields } from '../given-fields';
import { CONFIG_ADMIN } from '../../auth/permissions';
import type { GraphQLContext } from '../context';
import { CreateTriggerInput, Trigger, UpdateTriggerInput } from './types';

@Resolver(() => Trigger)
export class TriggerResolver {
  @Query(() => Trigger)
  async trigger(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.triggers.get(await ctx.authorize(CONFIG_ADMIN), id);
  }

  @Query(() => [Trigger], { description: "The tenant's triggers, oldest first" })
  async triggers(@Ctx() ctx: GraphQLContext) {
    return ctx.services.triggers.list(await ctx.authorize(CONFIG_ADMIN));
  }

  @Mutation(() => Trigger)
  async createTrigger(@Arg('input', () => CreateTriggerInput) input: CreateTriggerInput, @Ctx() ctx: GraphQLContext) {
    return ctx.services.triggers.create(await ctx.authorize(CONFIG_ADMIN), givenFields(input));
  }

  @Mutation(() => Trigger)
  async updateTrigger(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateTriggerInput) input: UpdateTriggerInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.triggers.update(await ctx.authorize(CONFIG_ADMIN), id, givenFields(input));
  }

  @Mutation(() => Boolean, { description: 'Deletes the trigger and its events' })
  async deleteTrigger(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    await ctx.services.triggers.delete(await ctx.authorize(CONFIG_ADMIN), id);
    return true;
  }
}

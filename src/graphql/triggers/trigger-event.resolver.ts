import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { CONFIG_ADMIN } from '../../auth/permissions';
import type { TriggerEvent as TriggerEventModel } from '../../triggers/model';
import type { GraphQLContext } from '../context';
import { TriggerEvent, TriggerEventHeader, TriggerEventPage, TriggerEventsArgs } from './types';

@Resolver(() => TriggerEvent)
export class TriggerEventResolver {
  @Query(() => TriggerEventPage, { description: 'Accepted events of a trigger, newest first' })
  async triggerEvents(@Args(() => TriggerEventsArgs) args: TriggerEventsArgs, @Ctx() ctx: GraphQLContext) {
    const { triggerId, first, after } = args;
    // The request's text budget bounds what the page reads, not only what it returns: the bodies
    // are charged before they are loaded, and their text fields below then draw on that charge.
    const budget = ctx.listBudget;
    const page = await ctx.services.triggers.events(
      await ctx.authorize(CONFIG_ADMIN),
      triggerId,
      { first, after },
      budget,
    );
    for (const event of page.items) budget?.notePrepaid(event, event.body.length);
    return page;
  }

  @Mutation(() => TriggerEvent, {
    description:
      'Applies the action of a FAILED event again, with the trigger as it is now (an APPLIED event is answered unchanged)',
  })
  async retryTriggerEvent(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.triggers.retryEvent(await ctx.authorize(CONFIG_ADMIN), id);
  }

  // The body is decoded only when asked for: it may be up to the body limit per event.
  @FieldResolver(() => String, { description: 'The request body as UTF-8 text' })
  body(@Root() event: TriggerEventModel): string {
    return event.body.toString('utf8');
  }

  @FieldResolver(() => String, {
    description: 'The request body exactly as received, base64-encoded (for binary bodies)',
  })
  bodyBase64(@Root() event: TriggerEventModel): string {
    return event.body.toString('base64');
  }

  @FieldResolver(() => [TriggerEventHeader], { description: 'Request headers kept with the event (lower-case names)' })
  headers(@Root() event: TriggerEventModel): TriggerEventHeader[] {
    return Object.entries(event.headers).map(([name, value]) => ({ name, value }));
  }
}

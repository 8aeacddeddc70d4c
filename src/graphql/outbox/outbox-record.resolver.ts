import { Arg, Args, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { CONFIG_ADMIN_OR_PORTAL } from '../../auth/permissions';
import type { GraphQLContext } from '../context';
import { OutboxRecord, OutboxRecordPage, OutboxRecordsArgs, OutboxReplayFilter } from './types';

@Resolver(() => OutboxRecord)
export class OutboxRecordResolver {
  @Query(() => OutboxRecordPage, {
    description: "The tenant's outbox records, newest first (first: default 50, at most 500)",
  })
  async outboxRecords(@Args(() => OutboxRecordsArgs) args: OutboxRecordsArgs, @Ctx() ctx: GraphQLContext) {
    const { status, entityName, webhookConfigId, requestId, createdAfter, createdBefore, first, after } = args;
    return ctx.services.outbox.list(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), {
      status,
      entityName,
      webhookConfigId,
      requestId,
      createdAfter,
      createdBefore,
      first,
      after,
    });
  }

  @Query(() => OutboxRecord, { nullable: true, description: 'An unknown id is an OUTBOX_RECORD_NOT_FOUND error' })
  async outboxRecord(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.outbox.get(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), id);
  }

  @Mutation(() => OutboxRecord, {
    description: 'Puts a record (DEAD, or DELIVERED for a deliberate resend) back to PENDING with retryCount 0',
  })
  async redeliverOutboxRecord(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.outbox.redeliver(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), id);
  }

  @Mutation(() => Int, {
    description:
      'Puts every matching record back as redeliverOutboxRecord does (PENDING, retryCount 0, same requestId), ' +
      'oldest first, in batches of 100; answers how many (at most 100,000 per call: call again for more)',
  })
  async replayOutboxRecords(
    @Arg('filter', () => OutboxReplayFilter) filter: OutboxReplayFilter,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.outbox.replay(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), filter);
  }
}

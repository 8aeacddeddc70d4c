import { GraphQLJSONObject } from 'graphql-scalars';
import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { RECORD_WRITE } from '../../auth/permissions';
import type { GraphQLContext } from '../context';
import { WriteResult } from './types';

/** Record writes; each is an entity change with its outbox records. */
@Resolver()
export class RecordResolver {
  @Mutation(() => WriteResult, { description: 'Inserts up to 1000 records in one transaction' })
  async insertRecords(
    @Arg('entity') entity: string,
    @Arg('records', () => [GraphQLJSONObject]) records: Record<string, unknown>[],
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.records.insert(await ctx.authorize(RECORD_WRITE), entity, records, ctx.requestId);
  }

  @Mutation(() => WriteResult, { description: 'Inserts or replaces up to 1000 records in one transaction' })
  async upsertRecords(
    @Arg('entity') entity: string,
    @Arg('records', () => [GraphQLJSONObject]) records: Record<string, unknown>[],
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.records.upsert(await ctx.authorize(RECORD_WRITE), entity, records, ctx.requestId);
  }

  @Mutation(() => GraphQLJSONObject, {
    description: 'Changes the fields named in patch; returns the record as it now is',
  })
  async updateRecord(
    @Arg('entity') entity: string,
    @Arg('id', () => ID) id: string,
    @Arg('patch', () => GraphQLJSONObject) patch: Record<string, unknown>,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.records.update(await ctx.authorize(RECORD_WRITE), entity, id, patch, ctx.requestId);
  }

  @Mutation(() => Boolean)
  async deleteRecord(@Arg('entity') entity: string, @Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    await ctx.services.records.delete(await ctx.authorize(RECORD_WRITE), entity, id, ctx.requestId);
    return true;
  }
}

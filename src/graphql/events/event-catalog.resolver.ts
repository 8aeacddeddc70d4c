import { GraphQLJSON } from 'graphql-scalars';
import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import { CONFIG_ADMIN_OR_PORTAL } from '../../auth/permissions';
import type { GraphQLContext } from '../context';

@ObjectType({ description: 'One kind of event a webhook receives: the JSON Schema of its payload and an example' })
class EventType {
  @Field({ description: 'The entity whose changes it reports' }) entityName!: string;
  @Field({ description: 'INSERT, UPDATE, UPSERT or DELETE' }) operation!: string;
  @Field(() => GraphQLJSON, { description: 'The JSON Schema (draft 2020-12) of the payload as delivered' })
  schema!: unknown;
  @Field(() => GraphQLJSON, { description: 'A payload that validates against the schema' }) example!: unknown;
}

/** The event catalog (the REST twin is src/http/event-catalog-routes.ts). */
@Resolver(() => EventType)
export class EventCatalogResolver {
  @Query(() => [EventType], {
    description: "Every payload the tenant's webhooks can receive: each entity with each kind of change",
  })
  async eventCatalog(@Ctx() ctx: GraphQLContext) {
    return ctx.services.eventCatalog.catalog(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL));
  }
}

import { GraphQLDateTime } from 'graphql-scalars';
import { Arg, Ctx, Field, ID, InputType, Int, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { CONFIG_ADMIN, CONFIG_ADMIN_OR_PORTAL } from '../../auth/permissions';
import type { GraphQLContext } from '../context';
import { givenFields } from '../given-fields';

@InputType({ description: "A portal session: a link to a customer's own webhooks" })
class PortalSessionInput {
  @Field(() => [String], { description: '1 to 50 distinct entities of the tenant ($operations is not allowed)' })
  entityNames!: string[];
  @Field(() => Int, { nullable: true, description: 'Lifetime in seconds, 60..86400 (default 3600)' })
  ttlSeconds?: number | null;
  @Field(() => String, { nullable: true, description: 'Heading of the portal pages, 1..80 characters, plain text' })
  title?: string | null;
  @Field(() => String, { nullable: true, description: 'Colour of the primary buttons, #rrggbb' })
  accentColor?: string | null;
}

@ObjectType({ description: 'A new portal session; its token is shown only here' })
class PortalSession {
  @Field(() => ID) id!: string;
  @Field({ description: '<PUBLIC_BASE_URL>/console/portal#token=…' }) url!: string;
  @Field({ description: 'The bearer token of the portal pages' }) token!: string;
  @Field(() => GraphQLDateTime) expiresAt!: Date;
  @Field(() => [String]) entityNames!: string[];
  @Field(() => String, { nullable: true }) title!: string | null;
  @Field(() => String, { nullable: true }) accentColor!: string | null;
}

@ObjectType({ description: "A portal token's own session" })
class PortalSessionInfo {
  @Field(() => ID) id!: string;
  @Field() tenantId!: string;
  @Field(() => [String]) entityNames!: string[];
  @Field(() => String, { nullable: true }) title!: string | null;
  @Field(() => String, { nullable: true }) accentColor!: string | null;
  @Field(() => GraphQLDateTime) expiresAt!: Date;
}

/** Portal sessions (the REST twin is src/http/portal-routes.ts). */
@Resolver()
export class PortalSessionResolver {
  @Mutation(() => PortalSession)
  async createPortalSession(
    @Arg('input', () => PortalSessionInput) input: PortalSessionInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.portal.create(await ctx.authorize(CONFIG_ADMIN), givenFields(input), ctx.requestOrigin);
  }

  @Mutation(() => Boolean, { description: 'Ends a portal session at once' })
  async revokePortalSession(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    await ctx.services.portal.revoke(await ctx.authorize(CONFIG_ADMIN), id);
    return true;
  }

  @Query(() => PortalSessionInfo, { description: 'The calling portal token’s session (other tokens: FORBIDDEN)' })
  async portalSession(@Ctx() ctx: GraphQLContext) {
    return ctx.services.portal.current(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL));
  }
}

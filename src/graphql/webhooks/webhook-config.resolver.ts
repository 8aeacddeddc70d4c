import { GraphQLJSON } from 'graphql-scalars';
import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { givenFields } from '../given-fields';
import { CONFIG_ADMIN_OR_PORTAL, CONFIG_READ_INTERNAL_OR_PORTAL } from '../../auth/permissions';
import type { GraphQLContext } from '../context';
import { DeliveryAttempt } from '../outbox/types';
import {
  CreateWebhookConfigInput,
  UpdateWebhookConfigInput,
  WebhookConfig,
  WebhookConfigPage,
  WebhookConfigsArgs,
  WebhookHealth,
} from './types';

@Resolver(() => WebhookConfig)
export class WebhookConfigResolver {
  @Query(() => WebhookConfig)
  async webhookConfig(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.get(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), id);
  }

  @Query(() => WebhookConfigPage)
  async webhookConfigs(@Args(() => WebhookConfigsArgs) args: WebhookConfigsArgs, @Ctx() ctx: GraphQLContext) {
    const { page, pageSize, entityName, sortBy, sortDirection } = args;
    return ctx.services.webhooks.list(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), {
      page,
      pageSize,
      entityName,
      sortBy,
      sortDirection,
    });
  }

  @Query(() => [WebhookConfig])
  async webhookConfigsByEntity(@Arg('entityName') entityName: string, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.byEntity(await ctx.authorize(CONFIG_READ_INTERNAL_OR_PORTAL), entityName);
  }

  @Mutation(() => WebhookConfig)
  async createWebhookConfig(
    @Arg('input', () => CreateWebhookConfigInput) input: CreateWebhookConfigInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.webhooks.create(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), givenFields(input));
  }

  @Mutation(() => WebhookConfig)
  async updateWebhookConfig(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookConfigInput) input: UpdateWebhookConfigInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.webhooks.update(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), id, givenFields(input));
  }

  @Mutation(() => Boolean)
  async deleteWebhookConfig(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext) {
    await ctx.services.webhooks.delete(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), id);
    return true;
  }

  /** Read only when a query asks for it: it reads the attempt log. */
  @FieldResolver(() => WebhookHealth)
  async health(@Root() config: WebhookConfig, @Ctx() ctx: GraphQLContext) {
    return ctx.services.webhooks.health(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), config.id);
  }

  @Mutation(() => String, {
    description:
      'Sets a new random signing secret (whsec_… for STANDARD_WEBHOOKS) and returns it, only this once. ' +
      'For graceSeconds (0..2592000, default 86400) the previous secret keeps signing too; 0 drops it at once',
  })
  async rotateWebhookSecret(
    @Arg('id', () => ID) id: string,
    @Arg('graceSeconds', () => Int, { nullable: true, defaultValue: 86400 }) graceSeconds: number | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.webhooks.rotateSecret(await ctx.authorize(CONFIG_ADMIN_OR_PORTAL), id, graceSeconds);
  }

  @Mutation(() => DeliveryAttempt, {
    description:
      "Sends one example delivery to the configuration's endpoint now, made and signed as a delivery is, " +
      'with operation TEST and data as given (an object; without it, an example record of the entity). ' +
      'Disabled configurations can be tested; nothing is written to the outbox',
  })
  async sendTestDelivery(
    @Arg('webhookConfigId', () => ID) webhookConfigId: string,
    @Arg('data', () => GraphQLJSON, { nullable: true }) data: unknown,
    @Ctx() ctx: GraphQLContext,
  ) {
    return ctx.services.webhooks.sendTest(
      await ctx.authorize(CONFIG_ADMIN_OR_PORTAL),
      webhookConfigId,
      data,
      ctx.requestId,
    );
  }
}

import type { ConsoleWebhookConfigFragment, ConsoleWebhookConfigsWithHealthQuery } from '../../gql/graphql';

export type WebhookConfig = ConsoleWebhookConfigFragment;
export type WebhookConfigWithHealth = ConsoleWebhookConfigsWithHealthQuery['webhookConfigs']['items'][number];
export type WebhookHealth = WebhookConfigWithHealth['health'];

/** A blank number field means "no limit" (null); anything else is sent as typed (the server checks it). */
export const limitOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** The reserved entity name of a configuration that receives the tenant's operational events. */
export const OPERATIONS_ENTITY = '$operations';

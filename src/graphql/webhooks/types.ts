import { GraphQLJSON } from 'graphql-scalars';
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  CHANGE_OPERATIONS,
  DELIVERY_ORDERINGS,
  OPERATIONAL_EVENT_KINDS,
  SIGNATURE_SCHEMES,
  type ChangeOperation as ChangeOperationValue,
  type DeliveryOrdering as DeliveryOrderingValue,
  type OperationalEventKind as OperationalEventKindValue,
  type SignatureScheme as SignatureSchemeValue,
} from '../../webhooks/model';
import { enumOf } from '../enums';

export const ChangeOperation = enumOf(CHANGE_OPERATIONS);
export type ChangeOperation = ChangeOperationValue;
registerEnumType(ChangeOperation, { name: 'ChangeOperation', description: 'A kind of entity change' });

export const OperationalEventKind = enumOf(OPERATIONAL_EVENT_KINDS);
export type OperationalEventKind = OperationalEventKindValue;
registerEnumType(OperationalEventKind, {
  name: 'OperationalEventKind',
  description: 'A kind of operational event, received by a configuration whose entityName is $operations',
});

export const SignatureScheme = enumOf(SIGNATURE_SCHEMES);
export type SignatureScheme = SignatureSchemeValue;
registerEnumType(SignatureScheme, {
  name: 'SignatureScheme',
  description: 'How deliveries are signed: X-<prefix>-Signature (HOOKGATE_V1) or the Standard Webhooks headers',
});

export enum SortDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}
registerEnumType(SortDirection, { name: 'SortDirection' });

export enum WebhookConfigSortField {
  CREATED_AT = 'createdAt',
  UPDATED_AT = 'updatedAt',
  ENTITY_NAME = 'entityName',
  WEBHOOK_URL = 'webhookUrl',
  ENABLED = 'enabled',
}
registerEnumType(WebhookConfigSortField, { name: 'WebhookConfigSortField' });

@ArgsType()
export class WebhookConfigsArgs {
  @Field(() => Int, { nullable: true }) page?: number;
  @Field(() => Int, { nullable: true }) pageSize?: number;
  @Field(() => String, { nullable: true }) entityName?: string;
  @Field(() => WebhookConfigSortField, { nullable: true }) sortBy?: WebhookConfigSortField;
  @Field(() => SortDirection, { nullable: true }) sortDirection?: SortDirection;
}

export const DeliveryOrdering = enumOf(DELIVERY_ORDERINGS);
export type DeliveryOrdering = DeliveryOrderingValue;
registerEnumType(DeliveryOrdering, {
  name: 'DeliveryOrdering',
  description: 'PER_KEY: a record waits while an older record of the same key is PENDING or RETRYING',
});

export enum CircuitState {
  CLOSED = 'CLOSED',
  OPEN = 'OPEN',
  HALF_OPEN = 'HALF_OPEN',
}
registerEnumType(CircuitState, {
  name: 'CircuitState',
  description: 'OPEN: no attempts until it is due for a probe; HALF_OPEN: one probe attempt decides',
});

@ObjectType({ description: 'Delivery health of a configuration, over every dispatcher' })
export class WebhookHealth {
  @Field(() => CircuitState) circuit!: CircuitState;
  @Field(() => Int) consecutiveFailures!: number;
  @Field(() => Date, { nullable: true }) lastSuccessAt!: Date | null;
  @Field(() => Date, { nullable: true }) lastFailureAt!: Date | null;
  @Field(() => Int) attempts24h!: number;
  @Field(() => Int) failures24h!: number;
  @Field(() => Int, { nullable: true, description: 'null without attempts in the last 24 hours' })
  p95DurationMs24h!: number | null;
}

const FILTER_TEXT =
  'Which changes are sent: the analytics filter language over operation, data.<field> and previous.<field>';
const CHANGED_FIELDS_TEXT = 'An update is sent only when one of these fields changed';

@ObjectType({ description: 'Where and how changes of one entity are delivered. The secret is never returned.' })
export class WebhookConfig {
  @Field(() => ID) id!: string;
  @Field() tenantId!: string;
  @Field() entityName!: string;
  @Field(() => [ChangeOperation]) events!: ChangeOperation[];
  @Field(() => [OperationalEventKind], {
    nullable: true,
    description: 'What an $operations configuration receives; null on entity configurations',
  })
  operationalEvents!: OperationalEventKind[] | null;
  @Field() webhookUrl!: string;
  @Field() httpMethod!: string;
  @Field(() => String, { nullable: true }) headersJson!: string | null;
  @Field(() => Int) timeoutMs!: number;
  @Field(() => Int) maxRetries!: number;
  @Field(() => Int) backoffInitialSeconds!: number;
  @Field(() => Float) backoffFactor!: number;
  @Field() enabled!: boolean;
  @Field({ description: 'Whether deliveries are signed' }) hasSecret!: boolean;
  @Field(() => SignatureScheme) signatureScheme!: SignatureScheme;
  @Field(() => Date, {
    nullable: true,
    description: "While a secret rotation's grace runs: when the previous secret stops signing",
  })
  previousSecretExpiresAt!: Date | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Attempts started per second, over all dispatchers (null: no limit)',
  })
  rateLimitPerSecond!: number | null;
  @Field(() => Int, {
    nullable: true,
    description: 'Requests in flight at once, over all dispatchers (null: no limit)',
  })
  maxInFlight!: number | null;
  @Field(() => DeliveryOrdering) ordering!: DeliveryOrdering;
  @Field(() => GraphQLJSON, { nullable: true, description: FILTER_TEXT }) filter!: Record<string, unknown> | null;
  @Field(() => [String], { nullable: true, description: CHANGED_FIELDS_TEXT }) changedFields!: string[] | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field(() => String, { nullable: true }) createdBy!: string | null;
  @Field(() => String, { nullable: true }) updatedBy!: string | null;
}

@ObjectType()
export class WebhookConfigPage {
  @Field(() => [WebhookConfig]) items!: WebhookConfig[];
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
  @Field(() => Int) total!: number;
  @Field(() => Int) totalPages!: number;
}

@InputType()
export class CreateWebhookConfigInput {
  @Field() entityName!: string;
  @Field(() => [ChangeOperation], { nullable: true, description: 'Required, except on an $operations configuration' })
  events?: ChangeOperation[] | null;
  @Field(() => [OperationalEventKind], {
    nullable: true,
    description: 'Only, and required, on an $operations configuration',
  })
  operationalEvents?: OperationalEventKind[] | null;
  @Field() webhookUrl!: string;
  @Field({ nullable: true }) httpMethod?: string;
  @Field(() => String, { nullable: true }) headersJson?: string | null;
  @Field(() => Int, { nullable: true }) timeoutMs?: number;
  @Field(() => Int, { nullable: true }) maxRetries?: number;
  @Field(() => Int, { nullable: true }) backoffInitialSeconds?: number;
  @Field(() => Float, { nullable: true }) backoffFactor?: number;
  @Field({ nullable: true }) enabled?: boolean;
  @Field(() => String, { nullable: true, description: 'Signing secret (write-only)' }) secret?: string | null;
  @Field(() => SignatureScheme, { nullable: true, description: 'Default HOOKGATE_V1' })
  signatureScheme?: SignatureScheme | null;
  @Field(() => Int, { nullable: true }) rateLimitPerSecond?: number | null;
  @Field(() => Int, { nullable: true }) maxInFlight?: number | null;
  @Field(() => DeliveryOrdering, { nullable: true }) ordering?: DeliveryOrdering | null;
  @Field(() => GraphQLJSON, { nullable: true, description: `${FILTER_TEXT}; null clears it` })
  filter?: Record<string, unknown> | null;
  @Field(() => [String], { nullable: true, description: `${CHANGED_FIELDS_TEXT}; null clears it` })
  changedFields?: string[] | null;
}

@InputType({ description: 'Fields to change; omitted fields stay as they are' })
export class UpdateWebhookConfigInput {
  @Field({ nullable: true }) entityName?: string;
  @Field(() => [ChangeOperation], { nullable: true }) events?: ChangeOperation[];
  @Field(() => [OperationalEventKind], { nullable: true, description: 'Only on an $operations configuration' })
  operationalEvents?: OperationalEventKind[] | null;
  @Field({ nullable: true }) webhookUrl?: string;
  @Field({ nullable: true }) httpMethod?: string;
  @Field(() => String, { nullable: true }) headersJson?: string | null;
  @Field(() => Int, { nullable: true }) timeoutMs?: number;
  @Field(() => Int, { nullable: true }) maxRetries?: number;
  @Field(() => Int, { nullable: true }) backoffInitialSeconds?: number;
  @Field(() => Float, { nullable: true }) backoffFactor?: number;
  @Field({ nullable: true }) enabled?: boolean;
  @Field(() => String, { nullable: true, description: 'New signing secret; null removes it. Ends a rotation grace' })
  secret?: string | null;
  @Field(() => SignatureScheme, { nullable: true, description: 'null: HOOKGATE_V1. A change ends a rotation grace' })
  signatureScheme?: SignatureScheme | null;
  @Field(() => Int, { nullable: true }) rateLimitPerSecond?: number | null;
  @Field(() => Int, { nullable: true }) maxInFlight?: number | null;
  @Field(() => DeliveryOrdering, { nullable: true }) ordering?: DeliveryOrdering | null;
  @Field(() => GraphQLJSON, { nullable: true, description: `${FILTER_TEXT}; null clears it` })
  filter?: Record<string, unknown> | null;
  @Field(() => [String], { nullable: true, description: `${CHANGED_FIELDS_TEXT}; null clears it` })
  changedFields?: string[] | null;
}

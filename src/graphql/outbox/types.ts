import { GraphQLDateTime } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  OUTBOX_OPERATIONS,
  OUTBOX_STATUSES,
  type OutboxOperation as OutboxOperationValue,
  type OutboxStatus as OutboxStatusValue,
} from '../../outbox/model';
import { enumOf } from '../enums';

export const OutboxStatus = enumOf(OUTBOX_STATUSES);
export type OutboxStatus = OutboxStatusValue;
registerEnumType(OutboxStatus, { name: 'OutboxStatus', description: 'Delivery state of an outbox record' });

export const OutboxOperation = enumOf(OUTBOX_OPERATIONS);
export type OutboxOperation = OutboxOperationValue;
registerEnumType(OutboxOperation, {
  name: 'OutboxOperation',
  description: 'What a record reports: an entity change, or an operational event of an $operations configuration',
});

@ArgsType()
export class OutboxRecordsArgs {
  @Field(() => OutboxStatus, { nullable: true }) status?: OutboxStatus;
  @Field(() => String, { nullable: true }) entityName?: string;
  @Field(() => ID, { nullable: true }) webhookConfigId?: string;
  @Field(() => String, {
    nullable: true,
    description: "The record's request id, as its receiver got it; a value that is not a UUID matches nothing",
  })
  requestId?: string;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'createdAt at or after' }) createdAfter?: Date;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'createdAt at or before' }) createdBefore?: Date;
  @Field(() => Int, { nullable: true }) first?: number;
  @Field(() => String, { nullable: true }) after?: string;
}

@ObjectType({ description: 'One dispatch attempt of an outbox record' })
export class DeliveryAttempt {
  @Field(() => Int, { description: 'From 1, in the order the attempts were made' }) attemptNumber!: number;
  @Field() startedAt!: Date;
  @Field(() => Int) durationMs!: number;
  @Field(() => Int, { nullable: true, description: 'null on a network error or timeout, or when no request was made' })
  statusCode!: number | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'The first 4,096 bytes of the response body as text; null when no response came',
  })
  responseBody!: string | null;
}

@ObjectType({ description: 'A change waiting for, or done with, delivery to one webhook configuration' })
export class OutboxRecord {
  @Field(() => ID) id!: string;
  @Field() entityName!: string;
  @Field(() => OutboxOperation) operation!: OutboxOperation;
  @Field({ description: "Sent as X-<prefix>-Request-Id: the receiver's idempotency key" }) requestId!: string;
  @Field(() => ID) webhookConfigId!: string;
  @Field({ description: 'The request body, as sent' }) payloadJson!: string;
  @Field(() => OutboxStatus) status!: OutboxStatus;
  @Field(() => Int) retryCount!: number;
  @Field(() => Int) maxRetries!: number;
  @Field() nextRetryAt!: Date;
  @Field(() => String, { nullable: true, description: 'The latest error, its code first' }) lastError!: string | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field(() => Date, { nullable: true }) deliveredAt!: Date | null;
  @Field(() => [DeliveryAttempt]) attempts!: DeliveryAttempt[];
}

@ObjectType()
export class OutboxRecordPage {
  @Field(() => [OutboxRecord], { description: 'Newest first' }) items!: OutboxRecord[];
  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last page' })
  nextCursor!: string | null;
}

@InputType({ description: 'Which outbox records replayOutboxRecords puts back; every field narrows the match' })
export class OutboxReplayFilter {
  @Field(() => ID, { nullable: true }) webhookConfigId?: string | null;
  @Field(() => String, { nullable: true }) entityName?: string | null;
  @Field(() => [OutboxStatus], {
    nullable: true,
    defaultValue: [OutboxStatus.DEAD],
    description: 'DEAD and/or DELIVERED; default [DEAD]',
  })
  status?: OutboxStatus[] | null;
  // The API names the type DateTime (an RFC 3339 date-time), so these two use that scalar.
  @Field(() => GraphQLDateTime, { nullable: true, description: 'createdAt at or after' }) since?: Date | null;
  @Field(() => GraphQLDateTime, { nullable: true, description: 'createdAt at or before' }) until?: Date | null;
}

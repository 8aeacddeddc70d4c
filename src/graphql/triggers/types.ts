import { GraphQLJSONObject } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import {
  TRIGGER_ACTION_STATUSES,
  TRIGGER_ACTIONS,
  type TriggerAction as TriggerActionValue,
  type TriggerActionStatus as TriggerActionStatusValue,
} from '../../triggers/model';
import { BATCH_OPERATIONS, type BatchOperation } from '../../records/record-service';
import { SIGNATURE_SCHEMES, type SignatureScheme } from '../../triggers/schemes';
import { enumOf } from '../enums';

export const TriggerSignatureScheme = enumOf(SIGNATURE_SCHEMES);
export type TriggerSignatureScheme = SignatureScheme;
registerEnumType(TriggerSignatureScheme, {
  name: 'TriggerSignatureScheme',
  description: 'How intake requests of a trigger are signed',
});

export const TriggerAction = enumOf(TRIGGER_ACTIONS);
export type TriggerAction = TriggerActionValue;
registerEnumType(TriggerAction, {
  name: 'TriggerAction',
  description: 'STORE keeps the event; RECORD also writes its body as records of an entity, in the same commit',
});

export const TriggerActionStatus = enumOf(TRIGGER_ACTION_STATUSES);
export type TriggerActionStatus = TriggerActionStatusValue;
registerEnumType(TriggerActionStatus, {
  name: 'TriggerActionStatus',
  description: "What became of an event's action: NONE (STORE trigger), APPLIED or FAILED",
});

export const TriggerRecordOperation = enumOf(BATCH_OPERATIONS);
export type TriggerRecordOperation = BatchOperation;
registerEnumType(TriggerRecordOperation, { name: 'TriggerRecordOperation' });

@ArgsType()
export class TriggerEventsArgs {
  @Field(() => ID) triggerId!: string;
  @Field(() => Int, { nullable: true, description: 'Page size, default 50, at most 500' }) first?: number;
  @Field(() => String, { nullable: true, description: 'nextCursor of the previous page' }) after?: string;
}

const FIELD_MAP_TEXT =
  'RECORD: entity field → RFC 6901 JSON Pointer into the body (per record), "$eventId" or "$receivedAt"; null: the body\'s top-level keys that name entity fields';

@ObjectType({ description: 'A signed intake endpoint. Its secret is never returned.' })
export class Trigger {
  @Field(() => ID) id!: string;
  @Field() tenantId!: string;
  @Field() name!: string;
  @Field({ description: 'A disabled trigger answers intake with TRIGGER_NOT_FOUND' }) enabled!: boolean;
  @Field({ description: 'Whether intake requests must be signed' }) hasWebhookSecret!: boolean;
  @Field() webhookTimestampHeader!: string;
  @Field() webhookSignatureHeader!: string;
  @Field(() => Int) webhookMaxSkewSeconds!: number;
  @Field(() => TriggerSignatureScheme, {
    description: 'HMAC_HEX uses webhookTimestampHeader and webhookSignatureHeader; the others read fixed headers',
  })
  signatureScheme!: TriggerSignatureScheme;
  @Field(() => TriggerAction) action!: TriggerAction;
  @Field(() => String, { nullable: true, description: 'The entity a RECORD trigger writes' })
  recordEntity!: string | null;
  @Field(() => TriggerRecordOperation) recordOperation!: TriggerRecordOperation;
  @Field(() => GraphQLJSONObject, { nullable: true, description: FIELD_MAP_TEXT })
  recordFieldMap!: Record<string, string> | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field(() => String, { nullable: true }) createdBy!: string | null;
  @Field(() => String, { nullable: true }) updatedBy!: string | null;
}

@ObjectType({ description: 'A request header kept with an event' })
export class TriggerEventHeader {
  @Field() name!: string;
  @Field() value!: string;
}

@ObjectType({ description: 'An accepted intake request' })
export class TriggerEvent {
  @Field(() => ID) id!: string;
  @Field(() => ID) triggerId!: string;
  @Field() receivedAt!: Date;
  @Field(() => String, { nullable: true }) contentType!: string | null;
  @Field({ description: 'False when the trigger has no secret' }) signatureVerified!: boolean;
  @Field(() => TriggerActionStatus) actionStatus!: TriggerActionStatus;
  @Field(() => String, { nullable: true, description: 'The first problem of a FAILED action' })
  actionError!: string | null;
}

@ObjectType()
export class TriggerEventPage {
  @Field(() => [TriggerEvent], { description: 'Newest first' }) items!: TriggerEvent[];
  @Field(() => String, {
    nullable: true,
    description: 'Pass as `after` for the next (older) page; null on the last page',
  })
  nextCursor!: string | null;
}

@InputType()
export class CreateTriggerInput {
  @Field() name!: string;
  @Field({ nullable: true, description: 'Default true' }) enabled?: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'Signing secret (write-only); without one, intake is not verified',
  })
  webhookSecret?: string | null;
  @Field({ nullable: true, description: 'Default X-Timestamp' }) webhookTimestampHeader?: string;
  @Field({ nullable: true, description: 'Default X-Signature' }) webhookSignatureHeader?: string;
  @Field(() => Int, { nullable: true, description: 'Default 300' }) webhookMaxSkewSeconds?: number;
  @Field(() => TriggerSignatureScheme, { nullable: true, description: 'Default HMAC_HEX' })
  signatureScheme?: TriggerSignatureScheme;
  @Field(() => TriggerAction, { nullable: true, description: 'Default STORE' }) action?: TriggerAction;
  @Field(() => String, { nullable: true, description: 'Required with action RECORD: an entity of the tenant' })
  recordEntity?: string | null;
  @Field(() => TriggerRecordOperation, { nullable: true, description: 'Default UPSERT' })
  recordOperation?: TriggerRecordOperation;
  @Field(() => GraphQLJSONObject, { nullable: true, description: FIELD_MAP_TEXT })
  recordFieldMap?: Record<string, unknown> | null;
}

@InputType({ description: 'Fields to change; omitted fields stay as they are' })
export class UpdateTriggerInput {
  @Field({ nullable: true }) name?: string;
  @Field({ nullable: true }) enabled?: boolean;
  @Field(() => String, { nullable: true, description: 'New signing secret; null removes it' }) webhookSecret?:
    string | null;
  @Field({ nullable: true }) webhookTimestampHeader?: string;
  @Field({ nullable: true }) webhookSignatureHeader?: string;
  @Field(() => Int, { nullable: true }) webhookMaxSkewSeconds?: number;
  @Field(() => TriggerSignatureScheme, { nullable: true, description: 'Default HMAC_HEX' })
  signatureScheme?: TriggerSignatureScheme;
  @Field(() => TriggerAction, { nullable: true, description: 'Default STORE' }) action?: TriggerAction;
  @Field(() => String, { nullable: true, description: 'Required with action RECORD: an entity of the tenant' })
  recordEntity?: string | null;
  @Field(() => TriggerRecordOperation, { nullable: true, description: 'Default UPSERT' })
  recordOperation?: TriggerRecordOperation;
  @Field(() => GraphQLJSONObject, { nullable: true, description: FIELD_MAP_TEXT })
  recordFieldMap?: Record<string, unknown> | null;
}

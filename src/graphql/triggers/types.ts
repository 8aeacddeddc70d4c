import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

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
}

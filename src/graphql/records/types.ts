import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: 'The outcome of a batch of record writes' })
export class WriteResult {
  @Field(() => Int) count!: number;
  @Field({ description: "The write request's id; the outbox payloads carry it as writeRequestId" }) requestId!: string;
}

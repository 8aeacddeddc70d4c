import { Field, InputType, ObjectType } from 'type-graphql';
import type { FieldType } from '../../catalog/model';
import { FieldTypeEnum } from '../enums';

@ObjectType({ description: 'One field (column) of an entity' })
export class EntityField {
  @Field() name!: string;
  @Field(() => FieldTypeEnum) type!: FieldType;
}

@ObjectType({ description: "An entity of the tenant's catalogue, backed by a table in the tenant's schema" })
export class Entity {
  @Field() name!: string;
  @Field(() => [EntityField]) fields!: EntityField[];
  @Field() primaryKey!: string;
  @Field(() => String, { nullable: true, description: 'The TIMESTAMP or DATE field analytics buckets by' }) timeField!:
    string | null;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
}

@InputType()
export class EntityFieldInput {
  @Field() name!: string;
  @Field(() => FieldTypeEnum) type!: FieldType;
}

@InputType({
  description:
    "Names match ^[a-z][a-z0-9_]{0,62}$; the names of the service's own tables (mutation_webhook_outbox, delivery_attempts) are refused with VALIDATION_FAILED",
})
export class DefineEntityInput {
  @Field({ description: "The entity's name, also its table's name" }) name!: string;
  @Field(() => [EntityFieldInput], { description: 'At most 200 fields' }) fields!: EntityFieldInput[];
  @Field({ description: 'A STRING, INTEGER, DECIMAL, DATE or TIMESTAMP field' }) primaryKey!: string;
  @Field(() => String, { nullable: true, description: 'A TIMESTAMP or DATE field; it is indexed' }) timeField?:
    string | null;
}

/**
 * The console's option lists, one per GraphQL enum, built from the generated enum objects. Where
 * the UI shows the values in an order of its own, the list is written here once, and a type check
 * below makes the build fail when it misses a value the schema has (a wrong value fails already).
 */
import {
  DeliveryOrdering,
  SignatureScheme,
  type ChangeOperation,
  type FieldType,
  type OperationalEventKind,
  type OutboxStatus,
  type TriggerAction,
  type TriggerRecordOperation,
  type TriggerSignatureScheme,
} from './gql/graphql';

/** Webhook signature schemes and orderings: the schema's order reads well as it is. */
export const SIGNATURE_SCHEMES = Object.values(SignatureScheme);
export const DELIVERY_ORDERINGS = Object.values(DeliveryOrdering);

/** Event checkboxes in the order a record lives: created, changed, written either way, removed. */
export const CHANGE_OPERATIONS = ['INSERT', 'UPDATE', 'UPSERT', 'DELETE'] as const satisfies readonly ChangeOperation[];

/** What an `$operations` configuration can receive: a delivery given up first, then circuits, then triggers. */
export const OPERATIONAL_EVENT_KINDS = [
  'DELIVERY_DEAD',
  'CIRCUIT_OPENED',
  'CIRCUIT_CLOSED',
  'TRIGGER_ACTION_FAILED',
] as const satisfies readonly OperationalEventKind[];

/** A delivery's states in the order it moves through them. */
export const OUTBOX_STATUSES = ['PENDING', 'RETRYING', 'DELIVERED', 'DEAD'] as const satisfies readonly OutboxStatus[];

/** Field types, the common ones first. */
export const FIELD_TYPES = [
  'STRING',
  'INTEGER',
  'FLOAT',
  'DECIMAL',
  'BOOLEAN',
  'TIMESTAMP',
  'DATE',
  'JSON',
] as const satisfies readonly FieldType[];

/** Intake schemes: the default first, then the senders most often met. */
export const TRIGGER_SIGNATURE_SCHEMES = [
  'HMAC_HEX',
  'STANDARD_WEBHOOKS',
  'GITHUB',
  'STRIPE',
  'SLACK',
  'HOOKGATE_V1',
] as const satisfies readonly TriggerSignatureScheme[];

/** Defaults first. */
export const TRIGGER_ACTIONS = ['STORE', 'RECORD'] as const satisfies readonly TriggerAction[];
export const TRIGGER_RECORD_OPERATIONS = ['UPSERT', 'INSERT'] as const satisfies readonly TriggerRecordOperation[];

/** `true` when `List` names every member of `Enum`; otherwise the members it misses. */
type HoldsEvery<Enum extends string, List extends readonly Enum[]> = [Enum] extends [List[number]]
  ? true
  : { missing: Exclude<Enum, List[number]> };
type Holds<Check extends true> = Check;

/**
 * Fails to compile, naming the missing value, when the schema gains a value a list lacks. Exported
 * only so that it is compiled at all.
 * @public
 */
export type EnumListsAreComplete = [
  Holds<HoldsEvery<ChangeOperation, typeof CHANGE_OPERATIONS>>,
  Holds<HoldsEvery<OperationalEventKind, typeof OPERATIONAL_EVENT_KINDS>>,
  Holds<HoldsEvery<OutboxStatus, typeof OUTBOX_STATUSES>>,
  Holds<HoldsEvery<FieldType, typeof FIELD_TYPES>>,
  Holds<HoldsEvery<TriggerSignatureScheme, typeof TRIGGER_SIGNATURE_SCHEMES>>,
  Holds<HoldsEvery<TriggerAction, typeof TRIGGER_ACTIONS>>,
  Holds<HoldsEvery<TriggerRecordOperation, typeof TRIGGER_RECORD_OPERATIONS>>,
];

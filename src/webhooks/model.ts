/** Kinds of change a configuration can listen to. */
export const CHANGE_OPERATIONS = ['INSERT', 'UPDATE', 'UPSERT', 'DELETE'] as const;
export type ChangeOperation = (typeof CHANGE_OPERATIONS)[number];

/**
 * The entity name of configurations that receive the tenant's operational events instead of
 * entity changes (docs/api.md#operational-events). No entity can be named so.
 */
export const OPERATIONS_ENTITY = '$operations';
/** Kinds of operational event an `$operations` configuration can listen to. */
export const OPERATIONAL_EVENT_KINDS = [
  'DELIVERY_DEAD',
  'CIRCUIT_OPENED',
  'CIRCUIT_CLOSED',
  'TRIGGER_ACTION_FAILED',
] as const;
export type OperationalEventKind = (typeof OPERATIONAL_EVENT_KINDS)[number];

/** How deliveries are signed; HOOKGATE_V1 is the default. */
export const SIGNATURE_SCHEMES = ['HOOKGATE_V1', 'STANDARD_WEBHOOKS'] as const;
export type SignatureScheme = (typeof SIGNATURE_SCHEMES)[number];
/** Delivery order of a configuration's records. */
export const DELIVERY_ORDERINGS = ['NONE', 'PER_KEY'] as const;
export type DeliveryOrdering = (typeof DELIVERY_ORDERINGS)[number];

export interface WebhookConfig {
  id: string;
  tenantId: string;
  entityName: string;
  events: ChangeOperation[];
  /** What an `$operations` configuration receives; null on entity configurations. */
  operationalEvents: OperationalEventKind[] | null;
  webhookUrl: string;
  httpMethod: string;
  headersJson: string | null;
  timeoutMs: number;
  maxRetries: number;
  backoffInitialSeconds: number;
  backoffFactor: number;
  enabled: boolean;
  hasSecret: boolean;
  signatureScheme: SignatureScheme;
  /** While a rotation's grace runs: when the previous secret stops signing; null otherwise. */
  previousSecretExpiresAt: Date | null;
  /** Delivery control; null = off. */
  rateLimitPerSecond: number | null;
  maxInFlight: number | null;
  ordering: DeliveryOrdering;
  /** Which changes are sent (docs/api.md#change-filters); null = every change of `events`. */
  filter: Record<string, unknown> | null;
  changedFields: string[] | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  updatedBy: string | null;
}

export const SORT_FIELDS = ['createdAt', 'updatedAt', 'entityName', 'webhookUrl', 'enabled'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
type SortDirection = 'ASC' | 'DESC';

export interface ListQuery {
  page: number;
  pageSize: number;
  entityName?: string;
  sortBy: SortField;
  sortDirection: SortDirection;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
}

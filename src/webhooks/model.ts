/** Kinds of change a configuration can listen to (CONTRACT §4). */
export const CHANGE_OPERATIONS = ['INSERT', 'UPDATE', 'UPSERT', 'DELETE'] as const;
export type ChangeOperation = (typeof CHANGE_OPERATIONS)[number];

export interface WebhookConfig {
  id: string;
  tenantId: string;
  entityName: string;
  events: ChangeOperation[];
  webhookUrl: string;
  httpMethod: string;
  headersJson: string | null;
  timeoutMs: number;
  maxRetries: number;
  backoffInitialSeconds: number;
  backoffFactor: number;
  enabled: boolean;
  hasSecret: boolean;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  updatedBy: string | null;
}

export const SORT_FIELDS = ['createdAt', 'updatedAt', 'entityName', 'webhookUrl', 'enabled'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortDirection = 'ASC' | 'DESC';

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

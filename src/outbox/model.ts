import type { ChangeOperation } from '../webhooks/model';

export const OUTBOX_STATUSES = ['PENDING', 'RETRYING', 'DELIVERED', 'DEAD'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export interface DeliveryAttempt {
  /** From 1, in the order the attempts were made. */
  attemptNumber: number;
  startedAt: Date;
  durationMs: number;
  /** null when no response came (network error, timeout) or no request was made. */
  statusCode: number | null;
  error: string | null;
  /** The first 4,096 bytes of the response body as text; null when no response came. */
  responseBody: string | null;
}

/** An outbox record as operators see it (CONTRACT §5). */
export interface OutboxRecord {
  id: string;
  entityName: string;
  operation: ChangeOperation;
  requestId: string;
  webhookConfigId: string;
  payloadJson: string;
  status: OutboxStatus;
  retryCount: number;
  maxRetries: number;
  nextRetryAt: Date;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
  attempts: DeliveryAttempt[];
}

export interface OutboxPage {
  items: OutboxRecord[];
  /** Pass as `after` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface OutboxListQuery {
  status?: OutboxStatus | null;
  entityName?: string | null;
  webhookConfigId?: string | null;
  first?: number | null;
  after?: string | null;
}

import { CHANGE_OPERATIONS, OPERATIONAL_EVENT_KINDS, type SignatureScheme } from '../webhooks/model';

/** What an outbox record reports: an entity change, or an operational event (docs/api.md#operational-events). */
export const OUTBOX_OPERATIONS = [...CHANGE_OPERATIONS, ...OPERATIONAL_EVENT_KINDS] as const;
export type OutboxOperation = (typeof OUTBOX_OPERATIONS)[number];

export const OUTBOX_STATUSES = ['PENDING', 'RETRYING', 'DELIVERED', 'DEAD'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The response statuses that deliver a record: 2xx, and nothing else (not even a 3xx). */
export const SUCCESS_STATUS_MIN = 200;
export const SUCCESS_STATUS_MAX = 299;

/** Whether a response delivered its record. Every place that judges an attempt asks this. */
export function isSuccessStatus(statusCode: number): boolean {
  return statusCode >= SUCCESS_STATUS_MIN && statusCode <= SUCCESS_STATUS_MAX;
}

/** The configuration fields a delivery reads, as a claim returns them with each record. */
export interface DeliveryConfig {
  id: string;
  enabled: boolean;
  webhookUrl: string | null;
  httpMethod: string | null;
  headersJson: string | null;
  timeoutMs: number;
  backoffInitialSeconds: number;
  backoffFactor: number;
  secret: string | null;
  /** Absent: HOOKGATE_V1. */
  signatureScheme?: SignatureScheme;
  /** The secret a rotation replaced, only while its grace runs (the claim leaves out an expired one). */
  previousSecret?: string | null;
}

/** What one attempt makes of a record: the state the settle writes. */
export interface Transition {
  status: Exclude<OutboxStatus, 'PENDING'>;
  retryCount: number;
  /** Seconds from now to the next attempt; only for RETRYING. */
  retryInSeconds: number | null;
  /** The new `last_error` (code first); null leaves the previous one in place (a success). */
  lastError: string | null;
}

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

/** An outbox record as operators see it (docs/api.md#outbox-records). */
export interface OutboxRecord {
  id: string;
  entityName: string;
  operation: OutboxOperation;
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
  /** The record's request id (as its receiver got it); one that is not a UUID matches nothing. */
  requestId?: string | null;
  /** Bounds on createdAt, both included. */
  createdAfter?: Date | null;
  createdBefore?: Date | null;
  first?: number | null;
  after?: string | null;
}

import { AppError } from '../errors';
import type { BatchOperation } from '../records/record-service';
import type { SignatureScheme } from './schemes';

export const TRIGGER_ACTIONS = ['STORE', 'RECORD'] as const;
export type TriggerAction = (typeof TRIGGER_ACTIONS)[number];
/** What became of an event's action: NONE (a STORE trigger), APPLIED or FAILED. */
export const TRIGGER_ACTION_STATUSES = ['NONE', 'APPLIED', 'FAILED'] as const;
export type TriggerActionStatus = (typeof TRIGGER_ACTION_STATUSES)[number];

/** Triggers and their events as the services return them. The secret never leaves the service. */
export interface Trigger {
  id: string;
  tenantId: string;
  name: string;
  enabled: boolean;
  hasWebhookSecret: boolean;
  webhookTimestampHeader: string;
  webhookSignatureHeader: string;
  webhookMaxSkewSeconds: number;
  signatureScheme: SignatureScheme;
  action: TriggerAction;
  recordEntity: string | null;
  recordOperation: BatchOperation;
  recordFieldMap: Record<string, string> | null;
  createdAt: Date;
  updatedAt: Date;
  createdBy: string | null;
  updatedBy: string | null;
}

export interface TriggerEvent {
  id: string;
  triggerId: string;
  receivedAt: Date;
  contentType: string | null;
  /** The raw request body. */
  body: Buffer;
  /** The request headers kept with the event (see INTAKE_HEADERS), lower-case names. */
  headers: Record<string, string>;
  signatureVerified: boolean;
  actionStatus: TriggerActionStatus;
  /** The first problem of a FAILED action. */
  actionError: string | null;
}

export interface TriggerEventPage {
  items: TriggerEvent[];
  /** Pass as `after` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** What intake answers for an accepted request. */
export interface AcceptedEvent {
  eventId: string;
  triggerId: string;
  receivedAt: Date;
  signatureVerified: boolean;
  /** True when this request repeated an already accepted signed request (nothing new was stored). */
  replay: boolean;
  /** A SLACK trigger's signed URL-verification handshake: the challenge to echo (slack-challenge.ts). */
  slackChallenge?: string;
}

export const TRIGGER_DEFAULTS = {
  enabled: true,
  webhookTimestampHeader: 'X-Timestamp',
  webhookSignatureHeader: 'X-Signature',
  webhookMaxSkewSeconds: 300,
  signatureScheme: 'HMAC_HEX',
  action: 'STORE',
  recordOperation: 'UPSERT',
} as const;

export const EVENT_PAGE_DEFAULT = 50;
export const EVENT_PAGE_MAX = 500;

/**
 * Request headers stored with an event, besides the trigger's own timestamp and signature headers:
 * what a consumer needs to interpret or trace the body. Anything else (cookies, credentials a
 * sender added by mistake) is not kept.
 */
export const INTAKE_HEADERS: readonly string[] = [
  'content-type',
  'content-encoding',
  'content-length',
  'user-agent',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-real-ip',
];

/** Unknown, foreign, disabled (at intake) or malformed ids all answer this. */
export const triggerNotFound = () => new AppError('TRIGGER_NOT_FOUND', 'Trigger not found');

import type { OutboxOperation, OutboxStatus } from '../model';

/** An outbox row as the operator statements (list, get, redeliver) return it. */
export interface OutboxRow {
  id: string;
  entity_name: string;
  operation: OutboxOperation;
  request_id: string;
  webhook_config_id: string;
  payload_json: string;
  status: OutboxStatus;
  retry_count: number;
  max_retries: number;
  next_retry_at: Date;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
}

export const OUTBOX_ROW_COLUMNS = `id, entity_name, operation, request_id, webhook_config_id, payload_json, status, retry_count, max_retries,
                 next_retry_at, last_error, created_at, updated_at, delivered_at`;

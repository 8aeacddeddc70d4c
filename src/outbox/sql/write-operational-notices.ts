import crypto from 'node:crypto';
import type { Queryable } from '../../db/database';
import { qualified } from '../../db/sql';
import { OPERATIONS_ENTITY, type OperationalEventKind } from '../../webhooks/model';
import { encodeRecordId } from '../record-id';
import type { TenantOutbox } from './tenant-outbox';

/** The operational kinds written once per subject and clock minute (docs/api.md#operational-events). */
export type CoalescedKind = Extract<OperationalEventKind, 'DELIVERY_DEAD' | 'TRIGGER_ACTION_FAILED'>;

/** The first ids a coalesced notice lists; `count` counts all of them. */
const MAX_LISTED_IDS = 100;

/** What one writer adds to the notice of one subject (a configuration, a trigger) and minute. */
export interface NoticeGroup {
  subjectId: string;
  /** The subject's fields that open `data`: `webhookConfigId` and `entityName`, or `triggerId`. */
  head: Record<string, string>;
  /** The first up to 100 ids of this writer's events, and how many there were. */
  ids: string[];
  count: number;
  error: string | null;
}

/** Where a kind keeps its ids and its error in `data`. */
const FIELDS: Record<CoalescedKind, { ids: string; error: string }> = {
  DELIVERY_DEAD: { ids: 'outboxRecordIds', error: 'lastError' },
  TRIGGER_ACTION_FAILED: { ids: 'triggerEventIds', error: 'actionError' },
};

interface Receiver {
  id: string;
  max_retries: number;
}

/** The `$operations` configurations that receive `kind`, and the transaction's time and minute. */
async function readReceivers(
  db: Queryable,
  tenantId: string,
  kind: OperationalEventKind,
): Promise<{ receivers: Receiver[]; at: Date; minute: Date }> {
  const { rows } = await db.query<{ at: Date; minute: Date; receivers: Receiver[] }>({
    text: `SELECT now() AS at, date_trunc('minute', now()) AS minute,
                  (SELECT coalesce(json_agg(json_build_object('id', id, 'max_retries', max_retries) ORDER BY created_at, id), '[]')
                     FROM webhook_configs
                    WHERE tenant_id = $1 AND entity_name = $2 AND enabled AND NOT deleted
                      AND $3 = ANY(operational_events)) AS receivers`,
    values: [tenantId, OPERATIONS_ENTITY, kind],
  });
  return rows[0];
}

/** `"schema"."operational_notices"` (tenant schema 9). */
const noticesTable = (outbox: TenantOutbox) => qualified(outbox.schema, 'operational_notices');

/** The payload of a new operational record (docs/api.md#payload); `data` in its documented key order. */
function operationalPayload(
  tenantId: string,
  kind: OperationalEventKind,
  requestId: string,
  occurredAt: string,
  data: Record<string, unknown>,
): string {
  return JSON.stringify({
    eventId: crypto.randomUUID(),
    tenantId,
    entityName: OPERATIONS_ENTITY,
    operation: kind,
    requestId,
    writeRequestId: null,
    occurredAt,
    data,
    previous: null,
  });
}

/**
 * Inside the caller's transaction (the one that made the change of state it reports): adds
 * `groups` to the open notice of each receiving configuration, subject and current UTC minute, or
 * opens one. A notice opens with the first event of its minute and is due at the minute's end;
 * later events of the minute join it while it is unsent (PENDING, never claimed). The key row of
 * `operational_notices` serialises the writers of one minute (each takes its lock with INSERT ..
 * ON CONFLICT and holds it to commit), so concurrent dispatchers join one notice. An event that
 * finds its minute's notice already claimed (its transaction began before the minute ended and
 * committed after the claim) opens a new notice for that minute, due at once: every event is
 * counted in exactly one notice. `groups` may be a function, asked only when the tenant has a
 * receiver. Returns how many records it wrote or joined.
 */
export async function writeCoalescedNotices(
  db: Queryable,
  outbox: TenantOutbox,
  kind: CoalescedKind,
  groupsOrRead: NoticeGroup[] | (() => Promise<NoticeGroup[]>),
): Promise<number> {
  if (Array.isArray(groupsOrRead) && groupsOrRead.length === 0) return 0;
  const { receivers, at, minute } = await readReceivers(db, outbox.tenantId, kind);
  if (receivers.length === 0) return 0;
  const groups = Array.isArray(groupsOrRead) ? groupsOrRead : await groupsOrRead();
  const notices = noticesTable(outbox);
  const fields = FIELDS[kind];
  const atText = at.toISOString();
  // One lock order for every writer (receiver, then subject), so two never wait for each other in a cycle.
  const sorted = [...groups].sort((a, b) => (a.subjectId < b.subjectId ? -1 : a.subjectId > b.subjectId ? 1 : 0));
  let written = 0;
  for (const receiver of receivers) {
    for (const g of sorted) {
      const key = await db.query<{ outbox_id: string | null }>({
        text: `INSERT INTO ${notices} AS n (receiver_config_id, kind, subject_id, minute) VALUES ($1, $2, $3, $4)
               ON CONFLICT (receiver_config_id, kind, subject_id, minute) DO UPDATE SET outbox_id = n.outbox_id
               RETURNING outbox_id`,
        values: [receiver.id, kind, g.subjectId, minute],
      });
      const openId = key.rows[0].outbox_id;
      if (openId !== null && (await joinNotice(db, outbox, openId, fields, g, atText))) {
        written++;
        continue;
      }
      const requestId = crypto.randomUUID();
      const data = {
        ...g.head,
        count: g.count,
        [fields.ids]: g.ids.slice(0, MAX_LISTED_IDS),
        [fields.error]: g.error,
        firstAt: atText,
        lastAt: atText,
      };
      await db.query({
        text: `WITH written AS (
                 INSERT INTO ${outbox.table} (tenant_id, entity_name, operation, request_id, webhook_config_id, payload_json, max_retries, next_retry_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, GREATEST($8::timestamptz + interval '1 minute', date_trunc('milliseconds', now())))
                 RETURNING id, request_id
               ), indexed AS (
                 INSERT INTO ${outbox.requestIds} (request_id, record_id) SELECT request_id, id FROM written
               ), keyed AS (
                 UPDATE ${notices} SET outbox_id = (SELECT id FROM written)
                  WHERE receiver_config_id = $5 AND kind = $3 AND subject_id = $9 AND minute = $8
               ), pruned AS (
                 -- Keys of long-finished minutes: no writer joins them any more.
                 DELETE FROM ${notices}
                  WHERE receiver_config_id = $5 AND kind = $3 AND subject_id = $9 AND minute < $8::timestamptz - interval '1 hour'
               )
               SELECT id FROM written`,
        values: [
          outbox.tenantId,
          OPERATIONS_ENTITY,
          kind,
          requestId,
          receiver.id,
          operationalPayload(outbox.tenantId, kind, requestId, atText, data),
          receiver.max_retries,
          minute,
          g.subjectId,
        ],
      });
      written++;
    }
  }
  return written;
}

/**
 * Adds `g` to the notice `id` if it is still unsent and not yet due by the clock (a claim may take
 * it from then on); false otherwise. The row lock keeps a claim off it until commit (the claim
 * skips locked rows); a claim that came first makes the re-checked row fail the test.
 */
async function joinNotice(
  db: Queryable,
  outbox: TenantOutbox,
  id: string,
  fields: { ids: string; error: string },
  g: NoticeGroup,
  atText: string,
): Promise<boolean> {
  const { rows } = await db.query<{ payload_json: string }>({
    text: `SELECT payload_json FROM ${outbox.table}
            WHERE id = $1 AND status = 'PENDING' AND locked_by IS NULL AND attempt_count = 0
              AND clock_timestamp() < next_retry_at
            FOR NO KEY UPDATE`,
    values: [id],
  });
  if (rows.length === 0) return false;
  const payload = JSON.parse(rows[0].payload_json) as { data: Record<string, unknown> };
  const data = payload.data;
  const listed = data[fields.ids] as string[];
  data.count = (data.count as number) + g.count;
  data[fields.ids] = listed.length >= MAX_LISTED_IDS ? listed : [...listed, ...g.ids].slice(0, MAX_LISTED_IDS);
  if (g.error !== null) data[fields.error] = g.error;
  data.lastAt = atText;
  await db.query({
    text: `UPDATE ${outbox.table} SET payload_json = $2, updated_at = now() WHERE id = $1`,
    values: [id, JSON.stringify(payload)],
  });
  return true;
}

/**
 * The DELIVERY_DEAD groups of a settle: of `ids` (records the settle just wrote), those now DEAD,
 * by configuration, leaving out `$operations` records (a notice never reports on notices).
 */
export async function deadRecordGroups(db: Queryable, outbox: TenantOutbox, ids: string[]): Promise<NoticeGroup[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{
    webhook_config_id: string;
    entity_name: string;
    ids: string[];
    n: number;
    last_error: string | null;
  }>({
    text: `SELECT webhook_config_id, entity_name, (array_agg(id ORDER BY id))[1:${MAX_LISTED_IDS}]::text[] AS ids,
                  count(*)::int AS n, (array_agg(last_error ORDER BY id DESC))[1] AS last_error
             FROM ${outbox.table}
            WHERE id = ANY($1::bigint[]) AND status = 'DEAD' AND entity_name <> $2
            GROUP BY webhook_config_id, entity_name`,
    values: [ids, OPERATIONS_ENTITY],
  });
  return rows.map((r) => ({
    subjectId: r.webhook_config_id,
    head: { webhookConfigId: r.webhook_config_id, entityName: r.entity_name },
    ids: r.ids.map((id) => encodeRecordId(outbox.tenantId, id)),
    count: r.n,
    error: r.last_error,
  }));
}

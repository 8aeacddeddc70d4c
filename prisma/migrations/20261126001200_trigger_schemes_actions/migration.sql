-- Signature schemes and trigger actions of triggers (docs/api.md#intake-schemes).
ALTER TABLE "triggers" ADD COLUMN "signature_scheme" TEXT NOT NULL DEFAULT 'HMAC_HEX',
ADD COLUMN "action" TEXT NOT NULL DEFAULT 'STORE',
ADD COLUMN "record_entity" TEXT,
ADD COLUMN "record_operation" TEXT NOT NULL DEFAULT 'UPSERT',
ADD COLUMN "record_field_map" JSONB;

ALTER TABLE "trigger_events" ADD COLUMN "replay_key" TEXT,
ADD COLUMN "action_status" TEXT NOT NULL DEFAULT 'NONE',
ADD COLUMN "action_error" TEXT;

-- Events accepted before: their replay key is their timestamp and signature (HMAC_HEX).
UPDATE "trigger_events" SET "replay_key" = 'sig:' || "signature_timestamp"::text || ':' || "signature"
 WHERE "signature" IS NOT NULL AND "signature_timestamp" IS NOT NULL;

-- DropIndex
DROP INDEX "trigger_events_trigger_id_signature_timestamp_signature_key";

-- CreateIndex
CREATE UNIQUE INDEX "trigger_events_trigger_id_replay_key_key" ON "trigger_events"("trigger_id", "replay_key");

-- Tenant schema, version 9: operational events (docs/api.md#operational-events) are outbox records
-- whose operation is the kind of event.
ALTER TABLE {{schema}}."mutation_webhook_outbox" DROP CONSTRAINT IF EXISTS "mutation_webhook_outbox_operation_check";
ALTER TABLE {{schema}}."mutation_webhook_outbox" ADD CONSTRAINT "mutation_webhook_outbox_operation_check"
    CHECK ("operation" IN ('INSERT', 'UPDATE', 'UPSERT', 'DELETE',
                           'DELIVERY_DEAD', 'CIRCUIT_OPENED', 'CIRCUIT_CLOSED', 'TRIGGER_ACTION_FAILED')) NOT VALID;

-- The open notice of one receiving configuration, kind, subject (the configuration whose records
-- went DEAD, or the trigger whose action failed) and UTC minute. Its row is the coalescing point:
-- writers of one minute take its lock in turn (INSERT .. ON CONFLICT), so they join one notice.
-- "outbox_id" is replaced when a writer finds the notice already claimed (its minute is over).
CREATE TABLE IF NOT EXISTS {{schema}}."operational_notices" (
    "receiver_config_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "subject_id" UUID NOT NULL,
    "minute" TIMESTAMPTZ NOT NULL,
    "outbox_id" BIGINT,
    PRIMARY KEY ("receiver_config_id", "kind", "subject_id", "minute")
);

-- Tenant schema, version 4: what the delivery controls (docs/api.md#delivery-control) need in the outbox.

-- The entity's primary-key value of the change (ordering PER_KEY holds a record back while an
-- older record of the same configuration and key is still due). Written by the enqueue; records
-- written before this version get a key of their own, so no older record ever holds them back.
ALTER TABLE {{schema}}."mutation_webhook_outbox" ADD COLUMN "record_key" TEXT;
UPDATE {{schema}}."mutation_webhook_outbox" SET "record_key" = 'outbox:' || "id"
 WHERE "status" IN ('PENDING', 'RETRYING');

-- The claim of a controlled configuration (rate, in-flight cap, ordering, circuit): its unleased
-- due records, oldest due first, without walking the other configurations' records.
CREATE INDEX "mutation_webhook_outbox_config_due_idx" ON {{schema}}."mutation_webhook_outbox" ("webhook_config_id", "next_retry_at", "id")
    WHERE "status" IN ('PENDING', 'RETRYING') AND "locked_by" IS NULL;
-- Ordering PER_KEY: "is an older record of this key still due?" answered from the index.
CREATE INDEX "mutation_webhook_outbox_key_due_idx" ON {{schema}}."mutation_webhook_outbox" ("webhook_config_id", "record_key", "id")
    WHERE "status" IN ('PENDING', 'RETRYING');

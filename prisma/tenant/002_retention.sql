-- Tenant schema, version 2: the retention clean-up's path (docs/api.md#retention).
-- Finished records (DELIVERED, DEAD) by when they last changed, so the clean-up deletes the
-- oldest of them without reading the records still waiting or those that are recent.
CREATE INDEX "mutation_webhook_outbox_finished_idx" ON {{schema}}."mutation_webhook_outbox" ("updated_at")
    WHERE "status" IN ('DELIVERED', 'DEAD');

-- Tenant schema, version 5: a record delivered at its first attempt keeps that attempt on its own
-- row instead of a delivery_attempts row (the common delivery writes one row, not two).
-- Any other attempt (a failure, a retry, a redelivery's) is logged in delivery_attempts as
-- before, and every reader of attempts takes both. An attempt kept here has no error (it was
-- delivered) and is always attempt number 1. Nullable columns without default: no rewrite.
ALTER TABLE {{schema}}."mutation_webhook_outbox"
    ADD COLUMN "first_attempt_started_at" TIMESTAMPTZ(3),
    ADD COLUMN "first_attempt_duration_ms" INTEGER,
    ADD COLUMN "first_attempt_status_code" INTEGER,
    ADD COLUMN "first_attempt_response_body" TEXT;

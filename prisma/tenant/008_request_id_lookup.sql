-- Tenant schema, version 8: a record is found by its request id (what a receiver quotes) without an
-- index on the outbox. An index there would take a new entry at every claim and every settle (each
-- writes a new row version, see version 6); this table is written once, by the statement that
-- inserts the records, and deleted with them by the retention pass: nothing on the delivery path
-- touches it. Its primary key also checks again that request ids are unique.
CREATE TABLE IF NOT EXISTS {{schema}}."outbox_request_ids" (
    "request_id" UUID PRIMARY KEY,
    "record_id" BIGINT NOT NULL
);

-- Records written before this version.
INSERT INTO {{schema}}."outbox_request_ids" ("request_id", "record_id")
SELECT "request_id", "id" FROM {{schema}}."mutation_webhook_outbox"
ON CONFLICT ("request_id") DO NOTHING;

-- Tenant schema, version 6: the request id's uniqueness is no longer checked by an index.
-- Every request id is a crypto.randomUUID() (122 random bits: two equal ones among 10^10 records
-- have a chance of about 10^-17), and no statement looks a record up by it. The index cost every
-- delivery two entries and two uniqueness checks, as each claim and each settle writes a new
-- version of the row and a new version enters every index that is not partial: 12–18 µs of
-- PostgreSQL CPU per delivery, a tenth of the dispatcher's
-- (docs/benchmarks.md#hookgate-against-its-peers-benchpeersts).
ALTER TABLE {{schema}}."mutation_webhook_outbox" DROP CONSTRAINT IF EXISTS "mutation_webhook_outbox_request_id_key";

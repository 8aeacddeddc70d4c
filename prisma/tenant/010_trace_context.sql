-- Tenant schema, version 10: the W3C trace context of the write that made a record, so that every
-- delivery attempt of it (retries, redeliveries and replays included) joins that trace. The
-- traceparent, then a space and the tracestate when there is one. NULL while tracing is off: a
-- nullable column without default is added without a rewrite, and a NULL costs a bit in the row's
-- null bitmap, so the hot table's rows, claims and settles are as they were.
ALTER TABLE {{schema}}."mutation_webhook_outbox" ADD COLUMN IF NOT EXISTS "trace_context" TEXT;

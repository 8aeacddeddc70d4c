-- Tenant schema, version 3: the first 4,096 bytes of each attempt's response body, as text
-- (NULL when no response came), for operators reading why a receiver refused.

ALTER TABLE {{schema}}."delivery_attempts" ADD COLUMN "response_body" TEXT;

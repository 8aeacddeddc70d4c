-- Tenant schema, version 7: delivery health kept as counters, so reading a configuration's health
-- (attempts, failures and p95 duration of the last 24 hours) costs the same at 100,000 attempts a
-- day as at ten. One row per configuration and minute (by the attempt's start), written by the
-- statement that settles the attempts; rows older than a day are deleted by the retention pass.
-- "h00".."h29" count attempts by duration (the edges of src/outbox/health-buckets.ts, in ms:
-- 1 2 3 5 7 10 15 20 30 50 70 100 150 200 300 500 700 1000 1500 2000 3000 5000 7000 10000 15000
-- 20000 30000 45000 60000): "h00" below the first edge, "hNN" from the NNth edge up to the next,
-- "h29" from the last edge on; width_bucket() over the same array numbers them so.
CREATE TABLE {{schema}}."webhook_health_minutes" (
    "webhook_config_id" UUID NOT NULL,
    "minute" TIMESTAMPTZ NOT NULL,
    "attempts" INTEGER NOT NULL,
    "failures" INTEGER NOT NULL,
    "h00" INTEGER NOT NULL DEFAULT 0,
    "h01" INTEGER NOT NULL DEFAULT 0,
    "h02" INTEGER NOT NULL DEFAULT 0,
    "h03" INTEGER NOT NULL DEFAULT 0,
    "h04" INTEGER NOT NULL DEFAULT 0,
    "h05" INTEGER NOT NULL DEFAULT 0,
    "h06" INTEGER NOT NULL DEFAULT 0,
    "h07" INTEGER NOT NULL DEFAULT 0,
    "h08" INTEGER NOT NULL DEFAULT 0,
    "h09" INTEGER NOT NULL DEFAULT 0,
    "h10" INTEGER NOT NULL DEFAULT 0,
    "h11" INTEGER NOT NULL DEFAULT 0,
    "h12" INTEGER NOT NULL DEFAULT 0,
    "h13" INTEGER NOT NULL DEFAULT 0,
    "h14" INTEGER NOT NULL DEFAULT 0,
    "h15" INTEGER NOT NULL DEFAULT 0,
    "h16" INTEGER NOT NULL DEFAULT 0,
    "h17" INTEGER NOT NULL DEFAULT 0,
    "h18" INTEGER NOT NULL DEFAULT 0,
    "h19" INTEGER NOT NULL DEFAULT 0,
    "h20" INTEGER NOT NULL DEFAULT 0,
    "h21" INTEGER NOT NULL DEFAULT 0,
    "h22" INTEGER NOT NULL DEFAULT 0,
    "h23" INTEGER NOT NULL DEFAULT 0,
    "h24" INTEGER NOT NULL DEFAULT 0,
    "h25" INTEGER NOT NULL DEFAULT 0,
    "h26" INTEGER NOT NULL DEFAULT 0,
    "h27" INTEGER NOT NULL DEFAULT 0,
    "h28" INTEGER NOT NULL DEFAULT 0,
    "h29" INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY ("webhook_config_id", "minute")
);

-- The last day's attempts of an existing tenant, counted once, so its health reads the same
-- numbers across the upgrade.
INSERT INTO {{schema}}."webhook_health_minutes"
SELECT a."webhook_config_id", a."minute", count(*),
       count(*) FILTER (WHERE a."status_code" IS NULL OR a."status_code" NOT BETWEEN 200 AND 299),
       count(*) FILTER (WHERE a."b" = 0),
       count(*) FILTER (WHERE a."b" = 1),
       count(*) FILTER (WHERE a."b" = 2),
       count(*) FILTER (WHERE a."b" = 3),
       count(*) FILTER (WHERE a."b" = 4),
       count(*) FILTER (WHERE a."b" = 5),
       count(*) FILTER (WHERE a."b" = 6),
       count(*) FILTER (WHERE a."b" = 7),
       count(*) FILTER (WHERE a."b" = 8),
       count(*) FILTER (WHERE a."b" = 9),
       count(*) FILTER (WHERE a."b" = 10),
       count(*) FILTER (WHERE a."b" = 11),
       count(*) FILTER (WHERE a."b" = 12),
       count(*) FILTER (WHERE a."b" = 13),
       count(*) FILTER (WHERE a."b" = 14),
       count(*) FILTER (WHERE a."b" = 15),
       count(*) FILTER (WHERE a."b" = 16),
       count(*) FILTER (WHERE a."b" = 17),
       count(*) FILTER (WHERE a."b" = 18),
       count(*) FILTER (WHERE a."b" = 19),
       count(*) FILTER (WHERE a."b" = 20),
       count(*) FILTER (WHERE a."b" = 21),
       count(*) FILTER (WHERE a."b" = 22),
       count(*) FILTER (WHERE a."b" = 23),
       count(*) FILTER (WHERE a."b" = 24),
       count(*) FILTER (WHERE a."b" = 25),
       count(*) FILTER (WHERE a."b" = 26),
       count(*) FILTER (WHERE a."b" = 27),
       count(*) FILTER (WHERE a."b" = 28),
       count(*) FILTER (WHERE a."b" = 29)
  FROM (SELECT o."webhook_config_id", date_trunc('minute', d."started_at") AS "minute", d."status_code",
               width_bucket(d."duration_ms", '{1,2,3,5,7,10,15,20,30,50,70,100,150,200,300,500,700,1000,1500,2000,3000,5000,7000,10000,15000,20000,30000,45000,60000}'::int[]) AS "b"
          FROM {{schema}}."mutation_webhook_outbox" o
          JOIN {{schema}}."delivery_attempts" d ON d."outbox_id" = o."id"
         WHERE d."started_at" > now() - interval '25 hours'
        UNION ALL
        SELECT o."webhook_config_id", date_trunc('minute', o."first_attempt_started_at"), o."first_attempt_status_code",
               width_bucket(o."first_attempt_duration_ms", '{1,2,3,5,7,10,15,20,30,50,70,100,150,200,300,500,700,1000,1500,2000,3000,5000,7000,10000,15000,20000,30000,45000,60000}'::int[])
          FROM {{schema}}."mutation_webhook_outbox" o
         WHERE o."first_attempt_started_at" > now() - interval '25 hours'
       ) a
 GROUP BY a."webhook_config_id", a."minute";

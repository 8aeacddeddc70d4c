-- AlterTable
ALTER TABLE "trigger_events" ADD COLUMN "signature_key" TEXT;

-- A request whose signature a trigger already accepted is a replay, whatever its id headers say
-- (a captured GitHub call sent again with a new X-GitHub-Delivery). Events stored before this
-- column: the first of each signature takes the key, so their replays are recognised too; later
-- copies keep NULL (they were stored as events of their own and stay so).
UPDATE "trigger_events" AS e SET "signature_key" = e."signature"
  FROM (
    SELECT DISTINCT ON ("trigger_id", "signature") "id"
      FROM "trigger_events"
     WHERE "signature" IS NOT NULL
     ORDER BY "trigger_id", "signature", "seq"
  ) AS f
 WHERE e."id" = f."id";

-- CreateIndex
CREATE UNIQUE INDEX "trigger_events_trigger_id_signature_key_key" ON "trigger_events"("trigger_id", "signature_key");

-- CreateIndex
CREATE INDEX "trigger_events_received_at_idx" ON "trigger_events"("received_at");

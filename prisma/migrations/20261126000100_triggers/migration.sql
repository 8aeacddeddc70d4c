-- CreateTable
CREATE TABLE "triggers" (
    "id" UUID NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "webhook_secret" TEXT,
    "webhook_timestamp_header" TEXT NOT NULL DEFAULT 'X-Timestamp',
    "webhook_signature_header" TEXT NOT NULL DEFAULT 'X-Signature',
    "webhook_max_skew_seconds" INTEGER NOT NULL DEFAULT 300,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT,
    "updated_by" TEXT,

    CONSTRAINT "triggers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "trigger_events" (
    "id" UUID NOT NULL,
    "seq" BIGSERIAL NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "trigger_id" UUID NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "content_type" TEXT,
    "headers" JSONB NOT NULL,
    "body" BYTEA NOT NULL,
    "signature_verified" BOOLEAN NOT NULL,
    "signature_timestamp" BIGINT,
    "signature" TEXT,

    CONSTRAINT "trigger_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "triggers_tenant_id_created_at_idx" ON "triggers"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "trigger_events_trigger_id_seq_idx" ON "trigger_events"("trigger_id", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "trigger_events_trigger_id_signature_timestamp_signature_key" ON "trigger_events"("trigger_id", "signature_timestamp", "signature");

-- AddForeignKey
ALTER TABLE "trigger_events" ADD CONSTRAINT "trigger_events_trigger_id_fkey" FOREIGN KEY ("trigger_id") REFERENCES "triggers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "webhook_configs" ADD COLUMN     "max_in_flight" INTEGER,
ADD COLUMN     "ordering" TEXT NOT NULL DEFAULT 'NONE',
ADD COLUMN     "rate_limit_per_second" INTEGER;

-- CreateTable
CREATE TABLE "webhook_delivery_state" (
    "config_id" UUID NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "pace_at" TIMESTAMPTZ(6),
    "consecutive_failures" INTEGER NOT NULL DEFAULT 0,
    "circuit_open_until" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "last_failure_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_state_pkey" PRIMARY KEY ("config_id")
);

-- CreateIndex
CREATE INDEX "webhook_delivery_state_tenant_id_idx" ON "webhook_delivery_state"("tenant_id");

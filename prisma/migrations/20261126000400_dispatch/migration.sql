-- CreateTable
CREATE TABLE "dispatch_tenants" (
    "tenant_id" TEXT NOT NULL,
    "wake_at" TIMESTAMPTZ(3),

    CONSTRAINT "dispatch_tenants_pkey" PRIMARY KEY ("tenant_id")
);

-- CreateIndex
CREATE INDEX "dispatch_tenants_wake_at_idx" ON "dispatch_tenants"("wake_at");

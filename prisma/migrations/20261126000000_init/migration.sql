-- CreateTable
CREATE TABLE "tenants" (
    "id" TEXT NOT NULL,
    "schema_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tenant_schema_migrations" (
    "tenant_id" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "applied_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tenant_schema_migrations_pkey" PRIMARY KEY ("tenant_id","version")
);

-- CreateTable
CREATE TABLE "webhook_configs" (
    "id" UUID NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "entity_name" TEXT NOT NULL,
    "events" TEXT[],
    "webhook_url" TEXT NOT NULL,
    "http_method" TEXT NOT NULL DEFAULT 'POST',
    "headers_json" TEXT,
    "timeout_ms" INTEGER NOT NULL DEFAULT 3000,
    "max_retries" INTEGER NOT NULL DEFAULT 3,
    "backoff_initial_seconds" INTEGER NOT NULL DEFAULT 5,
    "backoff_factor" DOUBLE PRECISION NOT NULL DEFAULT 2.0,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "secret" TEXT,
    "deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT,
    "updated_by" TEXT,

    CONSTRAINT "webhook_configs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "tenants_schema_name_key" ON "tenants"("schema_name");

-- CreateIndex
CREATE INDEX "webhook_configs_tenant_id_entity_name_idx" ON "webhook_configs"("tenant_id", "entity_name");

-- CreateIndex
CREATE INDEX "webhook_configs_tenant_id_created_at_idx" ON "webhook_configs"("tenant_id", "created_at");

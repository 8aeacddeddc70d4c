-- CreateTable
CREATE TABLE "entity_definitions" (
    "tenant_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fields" JSONB NOT NULL,
    "primary_key" TEXT NOT NULL,
    "time_field" TEXT,
    "table_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT,
    "updated_by" TEXT,

    CONSTRAINT "entity_definitions_pkey" PRIMARY KEY ("tenant_id","name")
);

-- CreateTable
CREATE TABLE "metric_definitions" (
    "tenant_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "entity_name" TEXT NOT NULL,
    "aggregation" TEXT NOT NULL,
    "field" TEXT,
    "time_field" TEXT,
    "filter" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT,
    "updated_by" TEXT,

    CONSTRAINT "metric_definitions_pkey" PRIMARY KEY ("tenant_id","name")
);

-- CreateTable
CREATE TABLE "view_definitions" (
    "tenant_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "entity_name" TEXT NOT NULL,
    "select" JSONB NOT NULL,
    "filter" JSONB,
    "parameters" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT,
    "updated_by" TEXT,

    CONSTRAINT "view_definitions_pkey" PRIMARY KEY ("tenant_id","name")
);

-- CreateTable
CREATE TABLE "portal_sessions" (
    "id" UUID NOT NULL,
    "tenant_id" TEXT NOT NULL,
    "entity_names" TEXT[],
    "title" TEXT,
    "accent_color" TEXT,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_by" TEXT,

    CONSTRAINT "portal_sessions_pkey" PRIMARY KEY ("id")
);

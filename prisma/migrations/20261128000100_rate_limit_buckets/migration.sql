-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "key" TEXT NOT NULL,
    "tat_ms" DOUBLE PRECISION NOT NULL,
    "granted" INTEGER NOT NULL DEFAULT 0,
    "seen_ms" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("key")
);

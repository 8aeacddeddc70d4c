-- AlterTable
ALTER TABLE "webhook_configs" ADD COLUMN     "changed_fields" JSONB,
ADD COLUMN     "filter" JSONB;

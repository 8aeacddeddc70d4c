-- AlterTable
ALTER TABLE "webhook_configs" ADD COLUMN     "operational_events" TEXT[];

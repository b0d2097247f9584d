-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "calls" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 0;


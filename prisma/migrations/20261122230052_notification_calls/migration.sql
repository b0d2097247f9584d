-- DropForeignKey
ALTER TABLE "Notification" DROP CONSTRAINT "Notification_missionId_fkey";

-- AlterTable
ALTER TABLE "Notification" ADD COLUMN     "calls" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "revision" INTEGER NOT NULL DEFAULT 0;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_missionId_fkey" FOREIGN KEY ("missionId") REFERENCES "Mission"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- AlterTable
ALTER TABLE "Violation" ADD COLUMN     "rule" TEXT,
ALTER COLUMN "alertId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "Violation_missionId_idx" ON "Violation"("missionId");


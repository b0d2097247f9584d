-- AlterTable
ALTER TABLE "DroneModel" ADD COLUMN     "classMark" TEXT,
ADD COLUMN     "massGrams" INTEGER,
ADD COLUMN     "remoteIdRule" TEXT;


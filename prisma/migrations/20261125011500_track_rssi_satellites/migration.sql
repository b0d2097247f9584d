-- AlterTable
ALTER TABLE "Track" ADD COLUMN     "gpsSatellites" INTEGER,
ADD COLUMN     "rssi" INTEGER;


-- AlterTable
ALTER TABLE "Track" ADD COLUMN     "callsign" TEXT,
ADD COLUMN     "onGround" BOOLEAN,
ADD COLUMN     "squawk" TEXT;


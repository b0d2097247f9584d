-- AlterTable
ALTER TABLE "Airspace" ADD COLUMN     "violationChannels" TEXT[] DEFAULT ARRAY['email']::TEXT[];


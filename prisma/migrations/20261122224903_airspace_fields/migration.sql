-- CreateEnum
CREATE TYPE "ActivationTrigger" AS ENUM ('never', 'low', 'medium', 'high', 'always');

-- AlterTable
ALTER TABLE "Airspace" ADD COLUMN     "activationAutoRejectDelayHours" INTEGER,
ADD COLUMN     "activationMaxDelayHours" INTEGER,
ADD COLUMN     "activationMaxDurationHours" INTEGER,
ADD COLUMN     "activationMinDelayHours" INTEGER,
ADD COLUMN     "activationTrigger" "ActivationTrigger" NOT NULL DEFAULT 'never',
ADD COLUMN     "authorityName" TEXT,
ADD COLUMN     "autoRejectDelayHours" INTEGER,
ADD COLUMN     "copyToManagers" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "description" TEXT,
ADD COLUMN     "forwardingEmails" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "generalConditions" TEXT,
ADD COLUMN     "geometry" JSONB,
ADD COLUMN     "mailingList" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "maxAreaKm2" DOUBLE PRECISION,
ADD COLUMN     "maxAreaPerPolygonKm2" DOUBLE PRECISION,
ADD COLUMN     "maxDurationHours" INTEGER,
ADD COLUMN     "maxExtentKm" DOUBLE PRECISION,
ADD COLUMN     "maxLat" DOUBLE PRECISION,
ADD COLUMN     "maxLon" DOUBLE PRECISION,
ADD COLUMN     "maxNoticeDays" INTEGER,
ADD COLUMN     "maxPolygons" INTEGER,
ADD COLUMN     "minLat" DOUBLE PRECISION,
ADD COLUMN     "minLon" DOUBLE PRECISION,
ADD COLUMN     "minNoticeDays" INTEGER,
ADD COLUMN     "news" TEXT,
ADD COLUMN     "permanentConditions" TEXT,
ADD COLUMN     "twrPhoneNumber" TEXT,
ADD COLUMN     "visibleToOperators" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "zoneCodes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "Airspace_minLon_maxLon_minLat_maxLat_idx" ON "Airspace"("minLon", "maxLon", "minLat", "maxLat");


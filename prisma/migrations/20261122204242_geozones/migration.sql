-- CreateEnum
CREATE TYPE "GeozoneRestriction" AS ENUM ('PROHIBITED', 'REQ_AUTHORISATION', 'CONDITIONAL', 'NO_RESTRICTION');

-- CreateEnum
CREATE TYPE "GeozoneFormat" AS ENUM ('ED269', 'ED318');

-- CreateTable
CREATE TABLE "GeozoneDataset" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "format" "GeozoneFormat" NOT NULL,
    "zoneCount" INTEGER NOT NULL,
    "rejectedCount" INTEGER NOT NULL DEFAULT 0,
    "importedById" UUID,
    "importedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GeozoneDataset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Geozone" (
    "id" UUID NOT NULL,
    "datasetId" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "identifier" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "restriction" "GeozoneRestriction" NOT NULL,
    "zone" JSONB NOT NULL,
    "minLon" DOUBLE PRECISION NOT NULL,
    "minLat" DOUBLE PRECISION NOT NULL,
    "maxLon" DOUBLE PRECISION NOT NULL,
    "maxLat" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "Geozone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GeozoneRevision" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "revision" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "GeozoneRevision_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GeozoneDataset_name_key" ON "GeozoneDataset"("name");

-- CreateIndex
CREATE INDEX "Geozone_datasetId_position_idx" ON "Geozone"("datasetId", "position");

-- CreateIndex
CREATE INDEX "Geozone_country_identifier_idx" ON "Geozone"("country", "identifier");

-- CreateIndex
CREATE INDEX "Geozone_minLon_maxLon_minLat_maxLat_idx" ON "Geozone"("minLon", "maxLon", "minLat", "maxLat");

-- AddForeignKey
ALTER TABLE "GeozoneDataset" ADD CONSTRAINT "GeozoneDataset_importedById_fkey" FOREIGN KEY ("importedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Geozone" ADD CONSTRAINT "Geozone_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "GeozoneDataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- maxAltitudeFt becomes the altitude above mean sea level, entered or computed from the ground (issue 12).
ALTER TABLE "Mission" ADD COLUMN "maxAltitudeSource" TEXT,
ADD COLUMN "groundElevationM" DOUBLE PRECISION,
ADD COLUMN "groundElevationSource" TEXT;

-- Until now maxAltitudeFt was the height converted to feet, not an altitude: it is dropped rather than misread.
UPDATE "Mission" SET "maxAltitudeFt" = NULL;

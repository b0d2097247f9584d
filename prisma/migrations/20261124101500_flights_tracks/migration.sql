-- CreateTable
CREATE TABLE "Flight" (
    "id" UUID NOT NULL,
    "missionId" UUID NOT NULL,
    "takenOffBy" UUID NOT NULL,
    "takeoffAt" TIMESTAMP(3) NOT NULL,
    "lastPingAt" TIMESTAMP(3) NOT NULL,
    "landedAt" TIMESTAMP(3),

    CONSTRAINT "Flight_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Track" (
    "source" "TrafficSource" NOT NULL,
    "ident" TEXT NOT NULL,
    "userId" UUID,
    "time" TIMESTAMP(3) NOT NULL,
    "type" "VehicleType" NOT NULL,
    "lat" DOUBLE PRECISION NOT NULL,
    "lon" DOUBLE PRECISION NOT NULL,
    "heightM" DOUBLE PRECISION,
    "speedMs" DOUBLE PRECISION,
    "heading" DOUBLE PRECISION,
    "charge" DOUBLE PRECISION,
    "charging" BOOLEAN,
    "homeHeight" DOUBLE PRECISION,
    "homeLat" DOUBLE PRECISION,
    "homeLon" DOUBLE PRECISION,
    "stationName" TEXT,
    "stationLatitude" DOUBLE PRECISION,
    "stationLongitude" DOUBLE PRECISION,
    "missionId" UUID,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Track_pkey" PRIMARY KEY ("source","ident","time")
);

-- CreateIndex
CREATE INDEX "Flight_missionId_landedAt_idx" ON "Flight"("missionId", "landedAt");

-- CreateIndex
CREATE INDEX "Flight_takenOffBy_landedAt_idx" ON "Flight"("takenOffBy", "landedAt");

-- CreateIndex
CREATE INDEX "Track_time_idx" ON "Track" USING BRIN ("time");

-- CreateIndex
CREATE INDEX "Track_missionId_time_idx" ON "Track"("missionId", "time");

-- AddForeignKey
ALTER TABLE "Flight" ADD CONSTRAINT "Flight_missionId_fkey" FOREIGN KEY ("missionId") REFERENCES "Mission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Flight" ADD CONSTRAINT "Flight_takenOffBy_fkey" FOREIGN KEY ("takenOffBy") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- CreateEnum
CREATE TYPE "MissionStatus" AS ENUM ('draft', 'initiated', 'complete', 'toBeValidated', 'validated', 'onGoing', 'archived', 'canceled');

-- CreateEnum
CREATE TYPE "MissionCountry" AS ENUM ('EU', 'FR', 'JP', 'MC', 'LU');

-- CreateTable
CREATE TABLE "Mission" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "status" "MissionStatus" NOT NULL DEFAULT 'draft',
    "referentPilotId" UUID,
    "mainMachineId" UUID,
    "maxHeightM" DOUBLE PRECISION,
    "maxAltitudeFt" INTEGER,
    "maximumDurationMin" INTEGER,
    "totalFlightTimeMin" INTEGER,
    "description" TEXT,
    "camerawork" BOOLEAN NOT NULL DEFAULT false,
    "areas" JSONB,
    "areaKm2" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "waypoints" JSONB,
    "contextMarkers" JSONB NOT NULL DEFAULT '[]',
    "safetyZones" JSONB,
    "constraints" JSONB,
    "scenario" TEXT,
    "country" "MissionCountry",
    "lastVerdict" JSONB,
    "lastVerdictAt" TIMESTAMP(3),
    "startAt" TIMESTAMP(3),
    "endAt" TIMESTAMP(3),
    "requestDate" DATE,
    "teleServiceNumber" TEXT,
    "orderingParty" TEXT,
    "additionalRequirements" TEXT,
    "duplicatedFromId" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Mission_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MissionHistory" (
    "id" UUID NOT NULL,
    "missionId" UUID NOT NULL,
    "from" "MissionStatus",
    "to" "MissionStatus" NOT NULL,
    "action" TEXT NOT NULL,
    "actorId" UUID,
    "reason" TEXT,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MissionHistory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "_MissionAdditionalMachines" (
    "A" UUID NOT NULL,
    "B" UUID NOT NULL,

    CONSTRAINT "_MissionAdditionalMachines_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_MissionAdditionalPilots" (
    "A" UUID NOT NULL,
    "B" UUID NOT NULL,

    CONSTRAINT "_MissionAdditionalPilots_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateIndex
CREATE INDEX "Mission_userId_status_startAt_idx" ON "Mission"("userId", "status", "startAt");

-- CreateIndex
CREATE INDEX "Mission_userId_startAt_idx" ON "Mission"("userId", "startAt");

-- CreateIndex
CREATE INDEX "Mission_referentPilotId_idx" ON "Mission"("referentPilotId");

-- CreateIndex
CREATE INDEX "Mission_mainMachineId_idx" ON "Mission"("mainMachineId");

-- CreateIndex
CREATE INDEX "MissionHistory_missionId_at_idx" ON "MissionHistory"("missionId", "at");

-- CreateIndex
CREATE INDEX "_MissionAdditionalMachines_B_index" ON "_MissionAdditionalMachines"("B");

-- CreateIndex
CREATE INDEX "_MissionAdditionalPilots_B_index" ON "_MissionAdditionalPilots"("B");

-- AddForeignKey
ALTER TABLE "Mission" ADD CONSTRAINT "Mission_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mission" ADD CONSTRAINT "Mission_referentPilotId_fkey" FOREIGN KEY ("referentPilotId") REFERENCES "Pilot"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Mission" ADD CONSTRAINT "Mission_mainMachineId_fkey" FOREIGN KEY ("mainMachineId") REFERENCES "Machine"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MissionHistory" ADD CONSTRAINT "MissionHistory_missionId_fkey" FOREIGN KEY ("missionId") REFERENCES "Mission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MissionHistory" ADD CONSTRAINT "MissionHistory_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_MissionAdditionalMachines" ADD CONSTRAINT "_MissionAdditionalMachines_A_fkey" FOREIGN KEY ("A") REFERENCES "Machine"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_MissionAdditionalMachines" ADD CONSTRAINT "_MissionAdditionalMachines_B_fkey" FOREIGN KEY ("B") REFERENCES "Mission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_MissionAdditionalPilots" ADD CONSTRAINT "_MissionAdditionalPilots_A_fkey" FOREIGN KEY ("A") REFERENCES "Mission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_MissionAdditionalPilots" ADD CONSTRAINT "_MissionAdditionalPilots_B_fkey" FOREIGN KEY ("B") REFERENCES "Pilot"("id") ON DELETE CASCADE ON UPDATE CASCADE;


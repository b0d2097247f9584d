-- CreateEnum
CREATE TYPE "PilotRight" AS ENUM ('personalAccount', 'missionPreparation', 'viewOperatorMachines', 'editOtherPilotsPreflights', 'editMachines', 'editOperatorAccount');

-- CreateEnum
CREATE TYPE "PilotSkillType" AS ENUM ('idDocument', 'licence', 'openA1A3', 'openA2', 'specificSts', 'other');

-- CreateEnum
CREATE TYPE "MachineClass" AS ENUM ('C0', 'C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'none', 'privately_built');

-- CreateEnum
CREATE TYPE "AlphaTangoSyncState" AS ENUM ('toSync', 'synced', 'failed');

-- CreateEnum
CREATE TYPE "DroneMaterial" AS ENUM ('carbon', 'plastic', 'wood');

-- CreateTable
CREATE TABLE "Pilot" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT,
    "birthDate" DATE,
    "supervisionLevel" INTEGER NOT NULL DEFAULT 0,
    "rights" "PilotRight"[],
    "supervisedUserId" UUID,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Pilot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PilotDocument" (
    "id" UUID NOT NULL,
    "pilotId" UUID NOT NULL,
    "skillType" "PilotSkillType" NOT NULL,
    "reference" TEXT NOT NULL,
    "validFrom" DATE,
    "validUntil" DATE,
    "attachmentId" UUID,

    CONSTRAINT "PilotDocument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DroneModel" (
    "id" UUID NOT NULL,
    "brand" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "representation" TEXT,
    "marketingDate" DATE,
    "geoAwarenessSystem" BOOLEAN NOT NULL DEFAULT false,
    "materials" "DroneMaterial"[],
    "expectedPerformances" TEXT,
    "engineType" TEXT,
    "propellerType" TEXT,
    "remoteControlBrand" TEXT,
    "frequencyMinGHz" DECIMAL(4,3),
    "frequencyMaxGHz" DECIMAL(4,3),
    "alphaTangoMachineNumber" TEXT,
    "personal" BOOLEAN NOT NULL DEFAULT false,
    "ownerId" UUID,
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DroneModel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Machine" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "remoteIdentificationNumber" TEXT,
    "registrationNumber" TEXT,
    "internalName" TEXT NOT NULL,
    "classes" "MachineClass"[],
    "parachute" TEXT,
    "security" TEXT,
    "equipmentCamera" BOOLEAN NOT NULL DEFAULT false,
    "equipmentBarometricSensor" BOOLEAN NOT NULL DEFAULT false,
    "equipmentForcedLandingDevice" BOOLEAN NOT NULL DEFAULT false,
    "equipmentLightOrSoundIdentification" BOOLEAN NOT NULL DEFAULT false,
    "equipmentParachutes" BOOLEAN NOT NULL DEFAULT false,
    "equipmentCircuitBreakers" BOOLEAN NOT NULL DEFAULT false,
    "droneModelId" UUID,
    "massGrams" INTEGER,
    "alphaTangoSyncState" "AlphaTangoSyncState",
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Machine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Pilot_supervisedUserId_key" ON "Pilot"("supervisedUserId");

-- CreateIndex
CREATE INDEX "Pilot_userId_deletedAt_lastName_firstName_idx" ON "Pilot"("userId", "deletedAt", "lastName", "firstName");

-- CreateIndex
CREATE INDEX "PilotDocument_pilotId_idx" ON "PilotDocument"("pilotId");

-- CreateIndex
CREATE INDEX "DroneModel_brand_name_idx" ON "DroneModel"("brand", "name");

-- CreateIndex
CREATE INDEX "DroneModel_ownerId_idx" ON "DroneModel"("ownerId");

-- CreateIndex
CREATE INDEX "Machine_userId_deletedAt_internalName_idx" ON "Machine"("userId", "deletedAt", "internalName");

-- CreateIndex
CREATE INDEX "Machine_droneModelId_idx" ON "Machine"("droneModelId");

-- AddForeignKey
ALTER TABLE "Pilot" ADD CONSTRAINT "Pilot_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pilot" ADD CONSTRAINT "Pilot_supervisedUserId_fkey" FOREIGN KEY ("supervisedUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PilotDocument" ADD CONSTRAINT "PilotDocument_pilotId_fkey" FOREIGN KEY ("pilotId") REFERENCES "Pilot"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DroneModel" ADD CONSTRAINT "DroneModel_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Machine" ADD CONSTRAINT "Machine_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Machine" ADD CONSTRAINT "Machine_droneModelId_fkey" FOREIGN KEY ("droneModelId") REFERENCES "DroneModel"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Prisma does not model CHECK constraints: the levels of spec domain §3 are held here as well as in the contract.
ALTER TABLE "Pilot" ADD CONSTRAINT "Pilot_supervisionLevel_check" CHECK ("supervisionLevel" BETWEEN 0 AND 3);

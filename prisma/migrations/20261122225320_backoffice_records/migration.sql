-- CreateEnum
CREATE TYPE "AlertType" AS ENUM ('doNotEnter', 'stayInside', 'missionCompliance', 'noMission', 'proximities', 'height', 'identifiers', 'missingIdentifiers', 'nonCollaborative');

-- CreateEnum
CREATE TYPE "TrafficSource" AS ENUM ('ab', 'ai', 'og', 'wi', 'as', 'ad', 'mo', 'st');

-- CreateEnum
CREATE TYPE "AlertGeometrySource" AS ENUM ('geojson', 'kml', 'drawn');

-- CreateEnum
CREATE TYPE "VehicleType" AS ENUM ('heli', 'drone', 'droneHexa', 'droneOcto', 'wing', 'user', 'boat', 'car', 'plane', 'spot', 'station', 'home');

-- CreateEnum
CREATE TYPE "PaymentStatus" AS ENUM ('unpaid', 'paid');

-- CreateTable
CREATE TABLE "Alert" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "type" "AlertType" NOT NULL,
    "isDisplayed" BOOLEAN NOT NULL DEFAULT true,
    "showForUsersOnly" BOOLEAN NOT NULL DEFAULT false,
    "lowerLimitM" INTEGER,
    "upperLimitM" INTEGER,
    "permanent" BOOLEAN NOT NULL DEFAULT true,
    "proximityHorizontalM" INTEGER,
    "proximityVerticalM" INTEGER,
    "proximitySources" "TrafficSource"[] DEFAULT ARRAY[]::"TrafficSource"[],
    "proximityTargetSources" "TrafficSource"[] DEFAULT ARRAY[]::"TrafficSource"[],
    "notifyEmail" BOOLEAN NOT NULL DEFAULT false,
    "notifySms" BOOLEAN NOT NULL DEFAULT false,
    "notifyPush" BOOLEAN NOT NULL DEFAULT false,
    "geometry" JSONB NOT NULL,
    "geometrySources" "AlertGeometrySource"[] DEFAULT ARRAY[]::"AlertGeometrySource"[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Alert_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Violation" (
    "id" UUID NOT NULL,
    "alertId" UUID NOT NULL,
    "ident" TEXT NOT NULL,
    "source" "TrafficSource" NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL,
    "latitude" DOUBLE PRECISION NOT NULL,
    "longitude" DOUBLE PRECISION NOT NULL,
    "altitudeM" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Violation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tracker" (
    "id" UUID NOT NULL,
    "ident" TEXT NOT NULL,
    "alias" TEXT,
    "recorded" BOOLEAN NOT NULL DEFAULT false,
    "relatedUserId" UUID,
    "vehicle" "VehicleType" NOT NULL,
    "source" "TrafficSource" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tracker_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Device" (
    "id" UUID NOT NULL,
    "appIdentifier" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Device_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "reference" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "periodStart" DATE NOT NULL,
    "periodEnd" DATE NOT NULL,
    "dueDate" DATE,
    "status" "PaymentStatus" NOT NULL DEFAULT 'unpaid',
    "paidAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Payment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Document" (
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "fileSize" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Document_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WhitelistedMachine" (
    "id" UUID NOT NULL,
    "machineId" UUID NOT NULL,
    "note" TEXT,
    "addedById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WhitelistedMachine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "_AlertLinkedUsers" (
    "A" UUID NOT NULL,
    "B" UUID NOT NULL,

    CONSTRAINT "_AlertLinkedUsers_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateTable
CREATE TABLE "_DocumentGroups" (
    "A" UUID NOT NULL,
    "B" UUID NOT NULL,

    CONSTRAINT "_DocumentGroups_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateIndex
CREATE INDEX "Alert_name_idx" ON "Alert"("name");

-- CreateIndex
CREATE INDEX "Violation_alertId_occurredAt_idx" ON "Violation"("alertId", "occurredAt");

-- CreateIndex
CREATE INDEX "Violation_occurredAt_idx" ON "Violation"("occurredAt");

-- CreateIndex
CREATE UNIQUE INDEX "Tracker_ident_key" ON "Tracker"("ident");

-- CreateIndex
CREATE INDEX "Tracker_relatedUserId_idx" ON "Tracker"("relatedUserId");

-- CreateIndex
CREATE UNIQUE INDEX "Device_appIdentifier_key" ON "Device"("appIdentifier");

-- CreateIndex
CREATE INDEX "Device_userId_idx" ON "Device"("userId");

-- CreateIndex
CREATE INDEX "Payment_userId_periodStart_idx" ON "Payment"("userId", "periodStart");

-- CreateIndex
CREATE INDEX "Document_title_idx" ON "Document"("title");

-- CreateIndex
CREATE UNIQUE INDEX "WhitelistedMachine_machineId_key" ON "WhitelistedMachine"("machineId");

-- CreateIndex
CREATE INDEX "_AlertLinkedUsers_B_index" ON "_AlertLinkedUsers"("B");

-- CreateIndex
CREATE INDEX "_DocumentGroups_B_index" ON "_DocumentGroups"("B");

-- AddForeignKey
ALTER TABLE "Violation" ADD CONSTRAINT "Violation_alertId_fkey" FOREIGN KEY ("alertId") REFERENCES "Alert"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Tracker" ADD CONSTRAINT "Tracker_relatedUserId_fkey" FOREIGN KEY ("relatedUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Device" ADD CONSTRAINT "Device_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Payment" ADD CONSTRAINT "Payment_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_AlertLinkedUsers" ADD CONSTRAINT "_AlertLinkedUsers_A_fkey" FOREIGN KEY ("A") REFERENCES "Alert"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_AlertLinkedUsers" ADD CONSTRAINT "_AlertLinkedUsers_B_fkey" FOREIGN KEY ("B") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_DocumentGroups" ADD CONSTRAINT "_DocumentGroups_A_fkey" FOREIGN KEY ("A") REFERENCES "Document"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_DocumentGroups" ADD CONSTRAINT "_DocumentGroups_B_fkey" FOREIGN KEY ("B") REFERENCES "Group"("id") ON DELETE CASCADE ON UPDATE CASCADE;


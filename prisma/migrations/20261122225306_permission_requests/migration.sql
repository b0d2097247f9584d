-- CreateEnum
CREATE TYPE "PermissionRequestStatus" AS ENUM ('submitted', 'accepted', 'acceptedWithRestrictions', 'rejected', 'autoAccepted', 'autoAcceptedWithRestrictions', 'autoRejected', 'awaiting', 'archived');

-- CreateEnum
CREATE TYPE "ImpactLevel" AS ENUM ('low', 'medium', 'high');

-- CreateEnum
CREATE TYPE "ActivationStatus" AS ENUM ('toSubmit', 'toUpdate', 'toDelete', 'submitted', 'accepted', 'rejected', 'archived');

-- CreateEnum
CREATE TYPE "ClassificationRuleType" AS ENUM ('heightOver', 'radialDistanceBelow', 'insideDecree2020Zone', 'insideDecree2020ProhibitedZone', 'durationOver', 'aeronauticalEasementInteraction', 'surfaceOver', 'zoneCountOver', 'zoneInteraction');

-- CreateEnum
CREATE TYPE "AutomationMode" AS ENUM ('acceptAuto', 'denyAuto');

-- CreateEnum
CREATE TYPE "NotificationType" AS ENUM ('army', 'prefecture');

-- CreateEnum
CREATE TYPE "NotificationStatus" AS ENUM ('sent', 'updated', 'scheduled', 'canceled');

-- CreateTable
CREATE TABLE "PermissionRequest" (
    "id" UUID NOT NULL,
    "number" SERIAL NOT NULL,
    "referenceNumber" TEXT NOT NULL,
    "missionId" UUID NOT NULL,
    "airspaceId" UUID NOT NULL,
    "operatorId" UUID NOT NULL,
    "status" "PermissionRequestStatus" NOT NULL DEFAULT 'submitted',
    "automatic" BOOLEAN NOT NULL DEFAULT false,
    "callControl" BOOLEAN NOT NULL DEFAULT false,
    "operatorPhone" TEXT,
    "firstMessage" TEXT,
    "conditionsAcceptedAt" TIMESTAMP(3) NOT NULL,
    "missionSnapshot" JSONB NOT NULL,
    "impactLevel" "ImpactLevel",
    "classification" JSONB,
    "restrictions" JSONB NOT NULL DEFAULT '[]',
    "rejectionReason" TEXT,
    "decidedById" UUID,
    "decidedAt" TIMESTAMP(3),
    "automationRuleId" UUID,
    "automationRuleVersion" INTEGER,
    "autoRejectAt" TIMESTAMP(3),
    "submittedAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PermissionRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PermissionRequestEvent" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "from" "PermissionRequestStatus",
    "to" "PermissionRequestStatus" NOT NULL,
    "action" TEXT NOT NULL,
    "actorId" UUID,
    "reason" TEXT,
    "details" JSONB,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PermissionRequestEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PermissionRequestMessage" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "authorId" UUID,
    "body" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PermissionRequestMessage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Activation" (
    "id" UUID NOT NULL,
    "requestId" UUID NOT NULL,
    "startAt" TIMESTAMP(3) NOT NULL,
    "endAt" TIMESTAMP(3) NOT NULL,
    "status" "ActivationStatus" NOT NULL DEFAULT 'toSubmit',
    "submittedAt" TIMESTAMP(3),
    "decidedById" UUID,
    "decidedAt" TIMESTAMP(3),
    "rejectionReason" TEXT,
    "autoRejectAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Activation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClassificationRule" (
    "id" UUID NOT NULL,
    "airspaceId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "type" "ClassificationRuleType" NOT NULL,
    "threshold" DOUBLE PRECISION,
    "geometry" JSONB,
    "parameters" JSONB,
    "impact" "ImpactLevel" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ClassificationRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AutomationRule" (
    "id" UUID NOT NULL,
    "airspaceId" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "mode" "AutomationMode" NOT NULL,
    "range" JSONB,
    "impactLevels" "ImpactLevel"[],
    "customReply" TEXT,
    "restrictions" JSONB NOT NULL DEFAULT '[]',
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AutomationRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" UUID NOT NULL,
    "missionId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "type" "NotificationType" NOT NULL,
    "status" "NotificationStatus" NOT NULL DEFAULT 'scheduled',
    "payload" JSONB NOT NULL,
    "idempotencyKey" TEXT NOT NULL,
    "sendAfter" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "canceledAt" TIMESTAMP(3),
    "externalId" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PermissionRequest_number_key" ON "PermissionRequest"("number");

-- CreateIndex
CREATE UNIQUE INDEX "PermissionRequest_referenceNumber_key" ON "PermissionRequest"("referenceNumber");

-- CreateIndex
CREATE INDEX "PermissionRequest_airspaceId_status_submittedAt_idx" ON "PermissionRequest"("airspaceId", "status", "submittedAt");

-- CreateIndex
CREATE INDEX "PermissionRequest_operatorId_status_submittedAt_idx" ON "PermissionRequest"("operatorId", "status", "submittedAt");

-- CreateIndex
CREATE INDEX "PermissionRequest_missionId_idx" ON "PermissionRequest"("missionId");

-- CreateIndex
CREATE INDEX "PermissionRequest_status_autoRejectAt_idx" ON "PermissionRequest"("status", "autoRejectAt");

-- CreateIndex
CREATE INDEX "PermissionRequestEvent_requestId_at_idx" ON "PermissionRequestEvent"("requestId", "at");

-- CreateIndex
CREATE INDEX "PermissionRequestMessage_requestId_at_idx" ON "PermissionRequestMessage"("requestId", "at");

-- CreateIndex
CREATE INDEX "Activation_requestId_startAt_idx" ON "Activation"("requestId", "startAt");

-- CreateIndex
CREATE INDEX "Activation_status_autoRejectAt_idx" ON "Activation"("status", "autoRejectAt");

-- CreateIndex
CREATE INDEX "ClassificationRule_airspaceId_idx" ON "ClassificationRule"("airspaceId");

-- CreateIndex
CREATE INDEX "AutomationRule_airspaceId_enabled_idx" ON "AutomationRule"("airspaceId", "enabled");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_idempotencyKey_key" ON "Notification"("idempotencyKey");

-- CreateIndex
CREATE INDEX "Notification_missionId_idx" ON "Notification"("missionId");

-- CreateIndex
CREATE INDEX "Notification_status_sendAfter_idx" ON "Notification"("status", "sendAfter");

-- AddForeignKey
ALTER TABLE "PermissionRequest" ADD CONSTRAINT "PermissionRequest_missionId_fkey" FOREIGN KEY ("missionId") REFERENCES "Mission"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PermissionRequest" ADD CONSTRAINT "PermissionRequest_airspaceId_fkey" FOREIGN KEY ("airspaceId") REFERENCES "Airspace"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PermissionRequest" ADD CONSTRAINT "PermissionRequest_operatorId_fkey" FOREIGN KEY ("operatorId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PermissionRequest" ADD CONSTRAINT "PermissionRequest_decidedById_fkey" FOREIGN KEY ("decidedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PermissionRequest" ADD CONSTRAINT "PermissionRequest_automationRuleId_fkey" FOREIGN KEY ("automationRuleId") REFERENCES "AutomationRule"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PermissionRequestEvent" ADD CONSTRAINT "PermissionRequestEvent_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "PermissionRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PermissionRequestEvent" ADD CONSTRAINT "PermissionRequestEvent_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PermissionRequestMessage" ADD CONSTRAINT "PermissionRequestMessage_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "PermissionRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PermissionRequestMessage" ADD CONSTRAINT "PermissionRequestMessage_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Activation" ADD CONSTRAINT "Activation_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "PermissionRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClassificationRule" ADD CONSTRAINT "ClassificationRule_airspaceId_fkey" FOREIGN KEY ("airspaceId") REFERENCES "Airspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AutomationRule" ADD CONSTRAINT "AutomationRule_airspaceId_fkey" FOREIGN KEY ("airspaceId") REFERENCES "Airspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_missionId_fkey" FOREIGN KEY ("missionId") REFERENCES "Mission"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- CreateEnum
CREATE TYPE "AttachmentRecordType" AS ENUM ('user', 'pilot', 'machine', 'droneModel');

-- CreateEnum
CREATE TYPE "AttachmentKind" AS ENUM ('operationsManual', 'idDocument', 'insuranceCertificate', 'pilotDocument', 'machineDocument', 'UMM', 'COCE', 'OTHER');

-- CreateEnum
CREATE TYPE "AttachmentStatus" AS ENUM ('pending', 'validated', 'rejected');

-- CreateTable
CREATE TABLE "Attachment" (
    "id" UUID NOT NULL,
    "ownerId" UUID,
    "uploadedById" UUID,
    "recordType" "AttachmentRecordType" NOT NULL,
    "recordId" UUID NOT NULL,
    "kind" "AttachmentKind" NOT NULL,
    "originalName" TEXT NOT NULL,
    "storedName" TEXT NOT NULL,
    "mime" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "status" "AttachmentStatus" NOT NULL DEFAULT 'pending',
    "rejectionReason" TEXT,
    "validatedById" UUID,
    "validatedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Attachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgreementHistory" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "fromStatus" "AgreementStatus" NOT NULL,
    "toStatus" "AgreementStatus" NOT NULL,
    "reason" TEXT,
    "actorId" UUID,
    "expiresAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AgreementHistory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AgreementReminder" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "daysBefore" INTEGER NOT NULL,
    "sentAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AgreementReminder_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Attachment_storedName_key" ON "Attachment"("storedName");

-- CreateIndex
CREATE INDEX "Attachment_recordType_recordId_idx" ON "Attachment"("recordType", "recordId");

-- CreateIndex
CREATE INDEX "Attachment_status_createdAt_idx" ON "Attachment"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Attachment_ownerId_idx" ON "Attachment"("ownerId");

-- CreateIndex
CREATE INDEX "AgreementHistory_userId_createdAt_idx" ON "AgreementHistory"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "AgreementReminder_userId_expiresAt_daysBefore_key" ON "AgreementReminder"("userId", "expiresAt", "daysBefore");

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Attachment" ADD CONSTRAINT "Attachment_validatedById_fkey" FOREIGN KEY ("validatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgreementHistory" ADD CONSTRAINT "AgreementHistory_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgreementHistory" ADD CONSTRAINT "AgreementHistory_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


-- CreateTable
CREATE TABLE "TemporaryRestriction" (
    "id" UUID NOT NULL,
    "airspaceId" UUID NOT NULL,
    "createdById" UUID,
    "reason" TEXT NOT NULL,
    "area" JSONB NOT NULL,
    "lowerM" DOUBLE PRECISION NOT NULL,
    "upperM" DOUBLE PRECISION NOT NULL,
    "startAt" TIMESTAMP(3) NOT NULL,
    "endAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),
    "geozoneId" UUID,
    "recheckedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TemporaryRestriction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TemporaryRestriction_airspaceId_endAt_idx" ON "TemporaryRestriction"("airspaceId", "endAt");

-- CreateIndex
CREATE INDEX "TemporaryRestriction_recheckedAt_idx" ON "TemporaryRestriction"("recheckedAt");

-- AddForeignKey
ALTER TABLE "TemporaryRestriction" ADD CONSTRAINT "TemporaryRestriction_airspaceId_fkey" FOREIGN KEY ("airspaceId") REFERENCES "Airspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TemporaryRestriction" ADD CONSTRAINT "TemporaryRestriction_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


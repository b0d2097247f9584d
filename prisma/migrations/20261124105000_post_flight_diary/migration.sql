
-- CreateEnum
CREATE TYPE "ActivityCode" AS ENUM ('aud', 'agr', 'top', 'inf', 'bat', 'imm', 'env', 'sur', 'ges', 'for', 'log', 'other');

-- CreateTable
CREATE TABLE "PostFlight" (
    "id" UUID NOT NULL,
    "missionId" UUID NOT NULL,
    "flightTimeMin" INTEGER,
    "activity" "ActivityCode",
    "activityOther" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PostFlight_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PostFlightNote" (
    "id" UUID NOT NULL,
    "postFlightId" UUID NOT NULL,
    "authorId" UUID,
    "authorName" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PostFlightNote_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PostFlightHistory" (
    "id" UUID NOT NULL,
    "postFlightId" UUID NOT NULL,
    "actorId" UUID,
    "actorName" TEXT NOT NULL,
    "changes" JSONB NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PostFlightHistory_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "PostFlight_missionId_key" ON "PostFlight"("missionId");

-- CreateIndex
CREATE INDEX "PostFlightNote_postFlightId_createdAt_idx" ON "PostFlightNote"("postFlightId", "createdAt");

-- CreateIndex
CREATE INDEX "PostFlightHistory_postFlightId_at_idx" ON "PostFlightHistory"("postFlightId", "at");

-- AddForeignKey
ALTER TABLE "PostFlight" ADD CONSTRAINT "PostFlight_missionId_fkey" FOREIGN KEY ("missionId") REFERENCES "Mission"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostFlightNote" ADD CONSTRAINT "PostFlightNote_postFlightId_fkey" FOREIGN KEY ("postFlightId") REFERENCES "PostFlight"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostFlightNote" ADD CONSTRAINT "PostFlightNote_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostFlightHistory" ADD CONSTRAINT "PostFlightHistory_postFlightId_fkey" FOREIGN KEY ("postFlightId") REFERENCES "PostFlight"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PostFlightHistory" ADD CONSTRAINT "PostFlightHistory_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;


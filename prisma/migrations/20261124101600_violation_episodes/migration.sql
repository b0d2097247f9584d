-- Push joins the outbox channels.
ALTER TYPE "OutboxChannel" ADD VALUE 'push';

-- A violation becomes an episode: an existing row is a closed episode of one position.
ALTER TABLE "Violation" RENAME COLUMN "occurredAt" TO "startedAt";
ALTER TABLE "Violation" RENAME COLUMN "altitudeM" TO "heightM";
ALTER TABLE "Violation"
    ADD COLUMN "missionId" UUID,
    ADD COLUMN "userId" UUID,
    ADD COLUMN "endedAt" TIMESTAMP(3),
    ADD COLUMN "lastAt" TIMESTAMP(3),
    ADD COLUMN "worstValue" DOUBLE PRECISION,
    ADD COLUMN "positionCount" INTEGER NOT NULL DEFAULT 1;
UPDATE "Violation" SET "lastAt" = "startedAt", "endedAt" = "startedAt";
ALTER TABLE "Violation" ALTER COLUMN "lastAt" SET NOT NULL;

DROP INDEX "Violation_alertId_occurredAt_idx";
DROP INDEX "Violation_occurredAt_idx";
CREATE INDEX "Violation_alertId_startedAt_idx" ON "Violation"("alertId", "startedAt");
CREATE INDEX "Violation_startedAt_idx" ON "Violation"("startedAt");
CREATE INDEX "Violation_endedAt_idx" ON "Violation"("endedAt");

ALTER TABLE "Violation" ADD CONSTRAINT "Violation_missionId_fkey" FOREIGN KEY ("missionId") REFERENCES "Mission"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "Violation" ADD CONSTRAINT "Violation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "PushSubscription" (
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "device" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PushSubscription_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "PushSubscription_endpoint_key" ON "PushSubscription"("endpoint");
CREATE INDEX "PushSubscription_userId_idx" ON "PushSubscription"("userId");
ALTER TABLE "PushSubscription" ADD CONSTRAINT "PushSubscription_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The conformance checker reloads the alerts, trackers and flying missions it checks against when one of these
-- changes (server/modules/conformance/conformance.repository.ts CONFORMANCE_TABLES).
CREATE TRIGGER "Alert_conformance_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
ON "Alert" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();

CREATE TRIGGER "_AlertLinkedUsers_conformance_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
ON "_AlertLinkedUsers" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();

CREATE TRIGGER "Tracker_conformance_changed"
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF ident, "relatedUserId"
ON "Tracker" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();

CREATE TRIGGER "Mission_conformance_changed"
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF status, areas, "maxHeightM", "startAt", "endAt", "userId"
ON "Mission" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();

CREATE TRIGGER "PermissionRequest_conformance_changed"
AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF status, restrictions, "impactLevel"
ON "PermissionRequest" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();

CREATE TRIGGER "Activation_conformance_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
ON "Activation" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();

CREATE TRIGGER "AirspaceManagers_conformance_changed"
AFTER INSERT OR DELETE OR TRUNCATE
ON "_AirspaceManagers" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();

-- A permission request is a `Request` in the schema as in the code (docs/architecture.md, "Glossary"). Renames only:
-- the rows, their ids, the sequences' positions and the triggers stay as they are.
ALTER TYPE "PermissionRequestStatus" RENAME TO "RequestStatus";

ALTER TABLE "PermissionRequest" RENAME TO "Request";
ALTER TABLE "Request" RENAME CONSTRAINT "PermissionRequest_pkey" TO "Request_pkey";
ALTER TABLE "Request" RENAME CONSTRAINT "PermissionRequest_missionId_fkey" TO "Request_missionId_fkey";
ALTER TABLE "Request" RENAME CONSTRAINT "PermissionRequest_airspaceId_fkey" TO "Request_airspaceId_fkey";
ALTER TABLE "Request" RENAME CONSTRAINT "PermissionRequest_operatorId_fkey" TO "Request_operatorId_fkey";
ALTER TABLE "Request" RENAME CONSTRAINT "PermissionRequest_decidedById_fkey" TO "Request_decidedById_fkey";
ALTER TABLE "Request" RENAME CONSTRAINT "PermissionRequest_automationRuleId_fkey" TO "Request_automationRuleId_fkey";
ALTER INDEX "PermissionRequest_number_key" RENAME TO "Request_number_key";
ALTER INDEX "PermissionRequest_referenceNumber_key" RENAME TO "Request_referenceNumber_key";
ALTER INDEX "PermissionRequest_airspaceId_status_submittedAt_idx" RENAME TO "Request_airspaceId_status_submittedAt_idx";
ALTER INDEX "PermissionRequest_operatorId_status_submittedAt_idx" RENAME TO "Request_operatorId_status_submittedAt_idx";
ALTER INDEX "PermissionRequest_missionId_idx" RENAME TO "Request_missionId_idx";
ALTER INDEX "PermissionRequest_status_autoRejectAt_idx" RENAME TO "Request_status_autoRejectAt_idx";
ALTER SEQUENCE "PermissionRequest_number_seq" RENAME TO "Request_number_seq";
ALTER TRIGGER "PermissionRequest_conformance_changed" ON "Request" RENAME TO "Request_conformance_changed";

ALTER TABLE "PermissionRequestEvent" RENAME TO "RequestEvent";
ALTER TABLE "RequestEvent" RENAME CONSTRAINT "PermissionRequestEvent_pkey" TO "RequestEvent_pkey";
ALTER TABLE "RequestEvent" RENAME CONSTRAINT "PermissionRequestEvent_requestId_fkey" TO "RequestEvent_requestId_fkey";
ALTER TABLE "RequestEvent" RENAME CONSTRAINT "PermissionRequestEvent_actorId_fkey" TO "RequestEvent_actorId_fkey";
ALTER INDEX "PermissionRequestEvent_requestId_at_idx" RENAME TO "RequestEvent_requestId_at_idx";
ALTER SEQUENCE "PermissionRequestEvent_sequence_seq" RENAME TO "RequestEvent_sequence_seq";

ALTER TABLE "PermissionRequestMessage" RENAME TO "RequestMessage";
ALTER TABLE "RequestMessage" RENAME CONSTRAINT "PermissionRequestMessage_pkey" TO "RequestMessage_pkey";
ALTER TABLE "RequestMessage" RENAME CONSTRAINT "PermissionRequestMessage_requestId_fkey" TO "RequestMessage_requestId_fkey";
ALTER TABLE "RequestMessage" RENAME CONSTRAINT "PermissionRequestMessage_authorId_fkey" TO "RequestMessage_authorId_fkey";
ALTER INDEX "PermissionRequestMessage_requestId_at_idx" RENAME TO "RequestMessage_requestId_at_idx";
ALTER SEQUENCE "PermissionRequestMessage_sequence_seq" RENAME TO "RequestMessage_sequence_seq";

-- Sessions that end (docs/security.md). An access token carries the account's "tokenVersion" as `ver`, and the server
-- compares it, through a cache emptied by the "UserSession" notification, at every request. The database raises the
-- version itself whenever what a token says stops being true, whoever writes (any module, another instance, psql):
-- the status or the password of the account, its groups, the rights of one of its groups, the level or rights of
-- the pilot a supervised account signs in for. The same events revoke the account's refresh tokens, so a new
-- session needs the password again. Bodies spell their semicolons \x3B (see the user_list_change_notifications
-- migration).
ALTER TABLE "User" ADD COLUMN "tokenVersion" INTEGER NOT NULL DEFAULT 0;

CREATE INDEX "LoginAttempt_email_createdAt_idx" ON "LoginAttempt"("email", "createdAt");
CREATE INDEX "LoginAttempt_ip_createdAt_idx" ON "LoginAttempt"("ip", "createdAt");

CREATE FUNCTION aerogate_end_sessions(user_id uuid) RETURNS void LANGUAGE plpgsql
AS E'BEGIN UPDATE "User" SET "tokenVersion" = "tokenVersion" + 1 WHERE id = user_id\x3B UPDATE "RefreshToken" SET "revokedAt" = now() WHERE "userId" = user_id AND "revokedAt" IS NULL\x3B END';

-- BEFORE, on the row being written: the version rises in the same statement as the status or password.
CREATE FUNCTION aerogate_user_sessions() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN NEW."tokenVersion" := OLD."tokenVersion" + 1\x3B UPDATE "RefreshToken" SET "revokedAt" = now() WHERE "userId" = NEW.id AND "revokedAt" IS NULL\x3B RETURN NEW\x3B END';

CREATE TRIGGER "User_sessions_end"
BEFORE UPDATE OF status, "passwordHash" ON "User"
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD."passwordHash" IS DISTINCT FROM NEW."passwordHash")
EXECUTE FUNCTION aerogate_user_sessions();

-- "_GroupToUser": "A" is the group, "B" the user. Fires for cascaded deletes too (a group deleted).
CREATE FUNCTION aerogate_membership_sessions() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN PERFORM aerogate_end_sessions(CASE WHEN TG_OP = ''DELETE'' THEN OLD."B" ELSE NEW."B" END)\x3B RETURN NULL\x3B END';

CREATE TRIGGER "_GroupToUser_sessions_end"
AFTER INSERT OR DELETE ON "_GroupToUser"
FOR EACH ROW EXECUTE FUNCTION aerogate_membership_sessions();

CREATE FUNCTION aerogate_group_sessions() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN PERFORM aerogate_end_sessions(m."B") FROM "_GroupToUser" m WHERE m."A" = NEW.id\x3B RETURN NULL\x3B END';

CREATE TRIGGER "Group_sessions_end"
AFTER UPDATE OF rights ON "Group"
FOR EACH ROW WHEN (OLD.rights IS DISTINCT FROM NEW.rights)
EXECUTE FUNCTION aerogate_group_sessions();

CREATE FUNCTION aerogate_pilot_sessions() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN IF OLD."supervisedUserId" IS NOT NULL THEN PERFORM aerogate_end_sessions(OLD."supervisedUserId")\x3B END IF\x3B IF NEW."supervisedUserId" IS NOT NULL AND NEW."supervisedUserId" IS DISTINCT FROM OLD."supervisedUserId" THEN PERFORM aerogate_end_sessions(NEW."supervisedUserId")\x3B END IF\x3B RETURN NULL\x3B END';

CREATE TRIGGER "Pilot_sessions_end"
AFTER UPDATE OF "supervisionLevel", rights, "supervisedUserId", "deletedAt" ON "Pilot"
FOR EACH ROW WHEN (
  OLD."supervisionLevel" IS DISTINCT FROM NEW."supervisionLevel" OR OLD.rights IS DISTINCT FROM NEW.rights
  OR OLD."supervisedUserId" IS DISTINCT FROM NEW."supervisedUserId" OR OLD."deletedAt" IS DISTINCT FROM NEW."deletedAt"
)
EXECUTE FUNCTION aerogate_pilot_sessions();

-- The session cache (server/lib/session-cache.ts) listens to "UserSession", not "User": the user list's own writes
-- (a rename) leave it whole.
CREATE FUNCTION aerogate_notify_named() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN PERFORM pg_notify(''aerogate_changes'', TG_ARGV[0] || '' '' || txid_current())\x3B RETURN NULL\x3B END';

CREATE TRIGGER "User_session_changed"
AFTER DELETE OR TRUNCATE OR UPDATE OF "tokenVersion", status, "passwordHash" ON "User"
FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_named('UserSession');

-- Every server instance LISTENs on "aerogate_changes" from each of its pooled connections
-- (server/lib/table-changes.ts) and drops its cached reads of a table when a notification names it, whoever
-- wrote it: another instance, a script, psql. Statement-level triggers: one notification per statement, and
-- PostgreSQL sends identical notifications of one transaction once, at commit. The payload is the table and the
-- transaction id: every listening connection of an instance receives its copy, and the instance acts on the first.
-- The body spells its semicolons \x3B: Prisma Migrate's driver-adapter path splits a script at every
-- semicolon, even inside a quoted or $$-quoted function body.
CREATE FUNCTION aerogate_notify_change() RETURNS trigger LANGUAGE plpgsql
AS E'BEGIN PERFORM pg_notify(''aerogate_changes'', TG_TABLE_NAME || '' '' || txid_current())\x3B RETURN NULL\x3B END';

-- Only the columns the user list shows, searches or sorts on (server/modules/users/users.repository.ts): a
-- login's failed-attempt counter or a new password hash leaves the cached pages valid.
CREATE TRIGGER "User_list_changed"
AFTER INSERT OR DELETE OR TRUNCATE
  OR UPDATE OF email, "firstName", "lastName", "companyName", status, "agreementStatus", "agreementExpiresAt", "createdAt"
ON "User" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();

-- Group memberships and group names are shown in the list.
CREATE TRIGGER "_GroupToUser_list_changed"
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
ON "_GroupToUser" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();

CREATE TRIGGER "Group_list_changed"
AFTER DELETE OR TRUNCATE OR UPDATE OF name
ON "Group" FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_change();

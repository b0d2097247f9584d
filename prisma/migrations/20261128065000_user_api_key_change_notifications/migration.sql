-- The traffic ingest keeps the account of each API key in memory (server/modules/traffic/traffic.ingest.ts) until
-- "User" or "UserApiKey" is notified: a key regenerated in the back office is refused at once by every instance. Named
-- apart from "User", so the user list's cached pages stay.
CREATE TRIGGER "User_api_key_changed"
AFTER UPDATE OF "apiKey" ON "User"
FOR EACH STATEMENT EXECUTE FUNCTION aerogate_notify_named('UserApiKey');
